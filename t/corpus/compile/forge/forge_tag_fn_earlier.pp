# tag() tags its class, and every resource of the class gets the class's tags at the end,
# those declared before the call too; a class included before it does not
class c {
  notify { 'before': }
  tag('foo', 'Bar::Baz')
  notify { 'after': }
  d { 'dd': }
}
define d() { notify { "in${title}": } }
class e { notify { 'ine': } }
class c2 { include e tag('t2') notify { 'inc2': } }
include c
include c2
notify { 'main': }
Notify <| tag == 'foo' |> { message => 'collected foo' }
Notify <| tag == 't2' |> { withpath => true }
class f { notify { 'inf': message => "${tagged('t3')} ${tagged('f')} ${tagged('g')}" } }
class g { tag('t3') include f notify { 'ing': message => "${tagged('t3')} ${tagged('class')}" } }
include g
