class c {
  notify { 'before': }
  $v = m::boom('arg')
}
include c
