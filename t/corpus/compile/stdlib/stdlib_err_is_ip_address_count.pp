is_ip_address('a', 'b')
