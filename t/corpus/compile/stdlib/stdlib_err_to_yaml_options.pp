$x = to_yaml(1, 2)
