validate_ipv6_address()
