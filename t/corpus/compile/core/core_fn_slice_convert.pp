$a = [1, 2, 3, 4, 5]
$s1 = $a.slice(2)
$s2 = { 'a' => 1, 'b' => 2, 'c' => 3 }.slice(2)
$r1 = $a.slice(2) |$x, $y| { notify { "pair-${x}-${y}": } }
$r2 = $a.slice(3) |$chunk| { notify { "chunk-${chunk}": } }
$h3 = { 'a' => 1, 'b' => 2, 'c' => 3 }
$h3.slice(2) |$p, $q| { notify { "hpair-${p}-${q}": } }
$a.slice(2) |$c| { if $c[0] == 3 { break() } notify { "sb-${c}": } }
notify { 'slice':
  message => [$s1, $s2, $r1, $r2, 'abcde'.slice(2), Integer[1, 4].slice(3)],
}
notify { 'convert_to':
  message => ['42'.convert_to(Integer), 3.convert_to(String),
              [1, 2].convert_to(Hash), '7'.convert_to(Integer) |$x| { $x * 2 }, 'true'.convert_to(Boolean),
              { 'a' => 1 }.convert_to(Array), 1.5.convert_to(Integer)],
}
