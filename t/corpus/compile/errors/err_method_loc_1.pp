$x = [
  1,
].map |$a, $b, $c| { $a }
