validate_ip_address(1)
