$x = nosuchfunction(1)
