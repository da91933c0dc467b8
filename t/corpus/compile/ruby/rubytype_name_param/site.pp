rtt_port { 'p': name => 'other' }
rtt_grant { 'a@b': name => 'a@b' }
rtt_plain { 'q': name => 'q' }
