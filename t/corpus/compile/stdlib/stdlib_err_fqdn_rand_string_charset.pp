fqdn_rand_string(3, 5)
