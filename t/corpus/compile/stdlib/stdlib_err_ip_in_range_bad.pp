stdlib::ip_in_range('x', '10.0.0.0/8')
