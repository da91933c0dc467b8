is_mac_address(1)
