validate_ip_address()
