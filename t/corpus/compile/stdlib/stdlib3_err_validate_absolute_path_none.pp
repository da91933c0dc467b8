validate_absolute_path()
