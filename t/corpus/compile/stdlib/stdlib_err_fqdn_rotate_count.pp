fqdn_rotate()
