validate_re(undef, 'a')
