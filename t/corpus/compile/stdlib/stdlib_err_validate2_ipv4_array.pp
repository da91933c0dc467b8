validate_ipv4_address(['10.0.0.1'])
