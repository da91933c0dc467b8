notice(module_directory('a', 2))
