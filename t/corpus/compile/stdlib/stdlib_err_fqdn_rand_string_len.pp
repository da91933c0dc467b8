fqdn_rand_string(-1)
