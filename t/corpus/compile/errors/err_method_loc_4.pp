$x = [
  1,
]
  .size(2)
