$x = Array[Integer](["1", "2"])
