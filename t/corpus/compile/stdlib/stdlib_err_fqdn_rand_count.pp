$x = fqdn_rand()
