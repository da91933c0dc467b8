rtt_plain { 'a': stage => 'main' }
