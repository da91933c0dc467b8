is_absolute_path('/a', '/b')
