fqdn_rand_string()
