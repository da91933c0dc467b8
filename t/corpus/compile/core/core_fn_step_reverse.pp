$out = []
[1, 2, 3].reverse_each |$x| { notify { "rev-${x}": } }
$r = { 'a' => 1, 'b' => 2 }.reverse_each |$e| { notify { "revh-${e[0]}": } }
Integer[1, 10].step(3) |$x| { notify { "step-${x}": } }
['a', 'b', 'c', 'd', 'e'].step(2) |$x| { notify { "stepa-${x}": } }
[1, 2, 3, 4].reverse_each |$x| { if $x == 2 { break() } notify { "revb-${x}": } }
notify { 'results':
  message => [$r, [1, 2, 3].reverse_each |$x| { $x }, [1, 2].step(1) |$x| { $x },
              [1, 2, 3].reverse_each.map |$x| { $x * 2 }, Integer[0, 6].step(2).map |$x| { $x }],
}
