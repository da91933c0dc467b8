validate_domain_name('example.com', 'a.b.c.')
validate_email_address('a@example.com')
notify { 'ok': }
