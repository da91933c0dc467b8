class m {
  notify { 'm': }
  $m::x
}
