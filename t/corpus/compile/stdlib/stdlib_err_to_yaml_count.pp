$x = to_yaml()
