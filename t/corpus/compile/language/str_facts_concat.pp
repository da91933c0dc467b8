notify { 'n': message => "${facts['hostname']}.${facts['domain']}" }
