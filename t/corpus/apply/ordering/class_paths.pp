define inner_dt() { notify { "idt_${title}": } }
define outer_dt() { inner_dt { "in_${title}": } }
class a::b { outer_dt { 'x': } }
include a::b
node default { notify { 'in_node': } }
