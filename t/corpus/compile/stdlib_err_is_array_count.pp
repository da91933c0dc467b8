is_array()
