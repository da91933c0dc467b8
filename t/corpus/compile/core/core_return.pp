function core_sign(Integer $x) {
  if $x < 0 { return('negative') }
  if $x == 0 { return() }
  'positive'
}
function core_first_big(Array $a) {
  $a.each |$v| {
    if $v > 10 { return($v) }
  }
  'none'
}
function core_nested(Array $a) {
  $r = $a.map |$v| {
    [1, 2].each |$w| { if $v == $w { return("early ${v}") } }
    $v
  }
  "late ${r}"
}
class core_cls {
  notify { 'cls-before': }
  if $facts['kernel'] == 'Linux' { return(1) }
  notify { 'cls-after': }
}
class core_cls2 {
  [1, 2, 3].each |$i| { if $i == 2 { return() } notify { "cls2-${i}": } }
  notify { 'cls2-after': }
}
define core_def(Integer $n) {
  notify { "def-${title}": }
  if $n > 1 { return() }
  notify { "def-${title}-small": }
}
include core_cls
include core_cls2
core_def { 'a': n => 1 }
core_def { 'b': n => 2 }
notify { 'sign':
  message => [core_sign(-3), core_sign(0), core_sign(5), core_first_big([1, 20, 30]),
              core_first_big([1]), core_nested([5, 2, 1]), core_nested([7])],
}
