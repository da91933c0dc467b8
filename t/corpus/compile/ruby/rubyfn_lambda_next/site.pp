$r = m::collect([1, 2, 3]) |$x| {
  if $x == 2 { next('skipped') }
  $x * 10
}
notify { 'r': message => $r }
function wrap_f(Integer $n) {
  $v = m::collect([$n]) |$x| { $x + 1 }
  $v[0]
}
notify { 'f': message => wrap_f(4) }
