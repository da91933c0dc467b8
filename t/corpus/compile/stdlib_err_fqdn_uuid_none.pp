fqdn_uuid()
