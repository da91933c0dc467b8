$x = @("END"/u)
  a\u{0}b
  | END
notify { $x: }
