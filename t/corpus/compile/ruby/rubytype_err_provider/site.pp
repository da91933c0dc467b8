rtt_plain { 'a': provider => 'posix' }
