$x = [1].map |$v| {
  break(1)
}
