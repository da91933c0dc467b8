$x = "abc"
  .nosuchfn()
