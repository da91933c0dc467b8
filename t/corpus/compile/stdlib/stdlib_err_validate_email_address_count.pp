validate_email_address()
