getparam(undef, 'x')
