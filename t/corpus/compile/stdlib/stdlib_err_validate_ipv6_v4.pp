validate_ipv6_address('10.0.0.1')
