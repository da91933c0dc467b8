validate_email_address('nope')
