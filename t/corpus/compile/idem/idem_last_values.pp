# a value is allowed as the last expression of a block: it is the block's value
$a = if $facts['kernel'] == 'Linux' { notify { 'l': } 'linux' } else { 'other' }
$b = case $a { 'linux': { $c = 1 $c + 1 } default: { 0 } }
$d = [1, 2].map |$x| { $y = $x * 2
  $y + 1 }
$e = $a ? { 'linux' => [1].map |$x| { $x }, default => 2 }
$f = unless $a == 'x' { notice('u') 'u' }
function f($x) {
  $y = $x + 1
  "${y}"
}
notify { 'values': message => [$a, $b, $d, $e, $f, f(1)] }
if $a == 'linux' {
  notify { 'in if': }
  $a
}
[1].each |$x| {
  notify { "each ${x}": }
  $x
}
$a
