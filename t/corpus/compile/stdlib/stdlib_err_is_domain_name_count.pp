is_domain_name()
