rtt_plain { 'Bad Name 1': content => '', force => 'maybe', members => 'one' }
rtt_grant { 'x@y': privileges => ['select'] }
