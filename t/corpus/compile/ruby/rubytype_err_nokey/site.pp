rtt_nokey { 'x': value => 1 }
