$x = m::each_item([1, 2]) |$i| {
  if $i == 2 { fail("item ${i} is bad") }
  $i
}
