rtt_syntax { 'x': }
