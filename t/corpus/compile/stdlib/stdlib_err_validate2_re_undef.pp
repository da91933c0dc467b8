validate_re(undef, 'x')
