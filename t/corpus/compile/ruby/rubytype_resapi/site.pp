rtt_api { 'one': size => 3, mode => 'slow' }
rtt_api { 'two': ensure => absent, uuid => 'u-1' }
rtt_api { 'three': name => 'other' }
