fqdn_uuid('a', 'b')
