rtt_api { 'x': provider => 'rtt_api' }
