$x = fqdn_rand('abc')
