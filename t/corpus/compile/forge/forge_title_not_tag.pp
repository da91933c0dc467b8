# a title that is no valid tag ('::a::b') adds no tags; class names still do
define a::d() { notify { "d_${title}": } }
class a::b { notify { 'in_b': } }
class a::c { }
notify { '::a::b': }
a::d { '::a::b::begin': }
notify { 'a::b': }
notify { '::x': }
class { '::a::b': }
include ::a::c
create_resources('a::d', {'::q::r' => {}})
