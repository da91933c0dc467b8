$x = fqdn_rand(0)
