# class and define bodies may end with an effect, or be empty (nodes: idem_node_*)
class c1 { notify { 'c1': } }
class c2 { $x = 1 }
class c3 { }
class c4 { notice('c4') }
class c5 { if $facts['kernel'] == 'Linux' { notify { 'c5': } } }
class c6 { [1].each |$x| { $x } }
class c7 { $s = 'a' $s =~ /a/ }
define d1 { notify { $title: } }
define d2 { }
define d3 { $x = $title }
include c1, c2, c3, c4, c5, c6, c7
d1 { 'd1': }
d2 { 'd2': }
d3 { 'd3': }
