notify { 'is_array': message => [is_array([]), is_array('a'), is_array({}), is_array(undef)] }
notify { 'is_hash': message => [is_hash({}), is_hash([]), is_hash('a')] }
notify { 'is_string': message => [is_string('a'), is_string(''), is_string('1'), is_string('1.5'), is_string('1.50'), is_string('01'), is_string(1), is_string(undef), is_string([]), is_string('-3'), is_string(' 1')] }
notify { 'is_ip_address': message => [is_ip_address('10.0.0.1'), is_ip_address('::1'), is_ip_address('10.0.0.1/24'), is_ip_address('x'), is_ip_address('fe80::1%eth0'), is_ip_address('1.2.3')] }
notify { 'is_ipv4_address': message => [is_ipv4_address('10.0.0.1'), is_ipv4_address('::1'), is_ipv4_address('x')] }
notify { 'is_ipv6_address': message => [is_ipv6_address('10.0.0.1'), is_ipv6_address('::1'), is_ipv6_address('x')] }
notify { 'is_domain_name': message => [is_domain_name('example.com'), is_domain_name('.'), is_domain_name('example.com.'), is_domain_name('-a.com'), is_domain_name('a-.com'), is_domain_name('a.b1'), is_domain_name('localhost'), is_domain_name(''), is_domain_name(1), is_domain_name('a..b.com'), is_domain_name('a_b.com'), is_domain_name('x.123')] }
