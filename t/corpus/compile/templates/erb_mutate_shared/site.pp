# Ruby code gets the objects Puppet's variables hold: what a template appends
# to an array or stores in a hash it was given is in the variable afterwards,
# in the parameter of the resource it came from (a define's default, a class
# parameter) and in every other variable holding the same object
$top = ['t']
class m::conf(Hash $opts = {'a' => 1}) {
  $list = ['c']
  $text = template('m/conf.erb')
  notify { 'conf': message => "${text} opts=${opts} list=${list} top=${::top}" }
}
define m::site($aliases = [], $copy = undef) {
  $text = template('m/site.erb')
  notify { "site ${title}": message => "${text} aliases=${aliases}" }
}
include m::conf
m::site { 'one': }
m::site { 'two': aliases => [{'alias' => '/x', 'path' => '/y'}] }
m::site { 'three': aliases => $m::conf::list }
class m::later {
  notify { 'later': message => "list=${m::conf::list} top=${::top}" }
}
include m::later
# a class's variable reached by its qualified name, outside the template's scopes
class m::extra {
  $text = inline_template("<%- scope['m::conf::list'] << 'extra' -%><%= scope['m::conf::list'].length %>")
  notify { 'extra': message => "${text} list=${m::conf::list}" }
}
include m::extra
