function core_stop() { break() }
$m = [1, 2, 3, 4].map |$v| {
  if $v == 3 { break() }
  $v * 2
}
$m2 = [1, 2, 3].map |$i, $v| { if $v == 2 { break() } $i }
$mh = { 'a' => 1, 'b' => 2, 'c' => 3 }.map |$k, $v| { if $k == 'b' { break() } $v }
$f = [1, 2, 3, 4].filter |$v| {
  if $v == 3 { break() }
  true
}
$r = [1, 2, 3, 4].reduce |$memo, $v| {
  if $v == 4 { break() }
  $memo + $v
}
$e = [1, 2, 3].each |$v| {
  if $v == 3 { break() }
  notify { "each-${v}": }
}
$eh = { 'x' => 1, 'y' => 2 }.each |$k, $v| {
  if $v == 2 { break() }
  notify { "eachh-${k}": }
}
$fromfn = [1, 2, 3].map |$v| { if $v == 2 { core_stop() } $v }
$inwith = [1, 2, 3].map |$v| { with($v) |$x| { if $x == 3 { break() } } $v }
$inner = [1, 2].map |$a| { [10, 20, 30].map |$b| { if $b == 20 { break() } $a + $b } }
$range = Integer[1, 10].map |$v| { if $v == 4 { break() } $v }
$str = 'abcd'.map |$c| { if $c == 'c' { break() } $c }
notify { 'break':
  message => [$m, $m2, $mh, $f, $r, $e, $eh, $fromfn, $inwith, $inner, $range, $str],
}
