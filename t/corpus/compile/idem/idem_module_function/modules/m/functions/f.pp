function m::f($x) {
  $y = $x + 1
  [$x, $y].map |$v| {
    $w = $v * 10
    $w + 1
  }
}
