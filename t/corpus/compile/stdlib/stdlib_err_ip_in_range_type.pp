stdlib::ip_in_range('10.0.0.1', 1)
