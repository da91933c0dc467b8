$x = with(1) |$v| {
  break()
}
