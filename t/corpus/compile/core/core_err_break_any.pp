$x = [1].any |$v| {
  break()
}
