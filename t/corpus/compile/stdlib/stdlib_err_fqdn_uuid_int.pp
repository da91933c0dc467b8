fqdn_uuid(1)
