validate_ip_address('10.0.0.256')
