$t = [1, [2, [3]], {a => 4}]
notify { 'plain': message => tree_each($t).map |$x| { $x } }
$h = {a => {b => 1, c => [2, 3]}, d => 4}
tree_each($h) |$p, $v| { notify { "h ${p}": message => $v } }
tree_each([1, [2, [3]]], {include_containers => false}) |$v| { notify { "nc ${v}": } }
tree_each([1, [2, [3]]], {include_root => false, order => breadth_first}) |$p, $v| { notify { "bf ${p}": message => $v } }
tree_each([1, [2, [3]], {a => [5]}], {include_values => false}) |$p, $v| { notify { "nv ${p}": message => $v } }
tree_each([1, [2, [3]], {a => [5]}], {container_type => Array}) |$p, $v| { notify { "ct ${p}": message => $v } }
tree_each({x => [[1, 2], {y => 3}], z => {w => [4]}}, {order => breadth_first}) |$p, $v| { notify { "bf2 ${p}": message => $v } }
tree_each([1, [2]], {order => breadth_first, include_values => false}) |$p, $v| { notify { "bfnv ${p}": message => $v } }
tree_each([[1, [2]]], {order => depth_first, include_root => false}) |$p, $v| { notify { "df ${p}": message => $v } }
notify { 'ret': message => tree_each([[1]]) |$v| { 0 } }
notify { 'filt': message => tree_each([1, [2]], {order => breadth_first}).filter |$x| { $x[1] =~ Integer } }
notify { 'map': message => tree_each({a => [1, 2]}).map |$x| { $x[0] } }
notify { 'empty': message => tree_each([]).map |$x| { $x } }
$r = tree_each([1, [2, 3], 4]) |$v| { if $v == 3 { break() } notify { "br ${v}": } }
notify { 'opt': message => tree_each([1], {include_root => undef, order => undef}).map |$x| { $x } }
