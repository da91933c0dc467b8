validate_ip_address(undef)
