validate_absolute_path('/a', 'var/lib')
