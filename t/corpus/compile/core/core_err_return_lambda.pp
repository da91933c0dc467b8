$x = [1, 2].map |$v| {
  if $v == 2 { return(1) }
  $v
}
