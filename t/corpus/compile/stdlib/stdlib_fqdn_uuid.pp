notify { 'uuid': message => [fqdn_uuid('puppetlabs.com'), fqdn_uuid('google.com'), fqdn_uuid($facts['networking']['fqdn']), fqdn_uuid('')] }
