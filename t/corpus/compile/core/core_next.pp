function core_skip($x) {
  if $x == 'skip' { next('skipped') }
  "kept ${x}"
}
$m = [1, 2, 3, 4].map |$v| {
  if $v % 2 == 0 { next($v * 10) }
  $v
}
$f = [1, 2, 3, 4, 5].filter |$v| {
  if $v == 3 { next(true) }
  if $v > 3 { next() }
  false
}
$r = [1, 2, 3, 4].reduce(0) |$memo, $v| {
  if $v == 3 { next($memo + 100) }
  $memo + $v
}
$w = with(5) |$x| { next($x + 1) 0 }
$h = { 'a' => 1, 'b' => 2 }.map |$k, $v| { if $k == 'a' { next("${k}!") } "${k}=${v}" }
$e = []
[1, 2, 3].each |$v| {
  if $v == 2 { next() }
  notify { "each-${v}": }
}
$meth = [1, 2].map |$v| { $v.next }
$nested = [[1, 2], [3]].map |$a| {
  $a.map |$b| { if $b == 2 { next('two') } $b }
}
define core_nextdef() {
  if $title == 'x' { next() }
  notify { "nextdef-${title}": }
}
core_nextdef { ['x', 'y']: }
notify { 'next':
  message => [$m, $f, $r, $w, $h, $meth, $nested, core_skip('skip'), core_skip('a')],
}
