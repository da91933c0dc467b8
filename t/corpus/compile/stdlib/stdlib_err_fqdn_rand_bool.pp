$x = fqdn_rand(true)
