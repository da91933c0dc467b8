$x = delete('abc', 1)
