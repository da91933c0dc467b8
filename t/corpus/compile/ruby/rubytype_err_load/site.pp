notify { 'n': }
rtt_boom { 'x': }
