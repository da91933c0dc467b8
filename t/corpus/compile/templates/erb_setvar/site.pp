# scope.setvar from a template: the variable holds the very object set, so
# what later Ruby code stores in it is seen by every later lookup (a nested
# template too), and by the manifest afterwards
define m::frag($items) {
  $text = template('m/outer.erb')
  notify { "frag ${title}": message => $text }
  notify { "after ${title}": message => "last=${slot['item']} count=${slot['count']}" }
}
m::frag { 'a': items => ['x', 'y'] }
m::frag { 'b': items => ['z'] }
