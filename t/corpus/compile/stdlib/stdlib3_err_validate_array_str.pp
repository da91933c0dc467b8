validate_array([], 'x')
