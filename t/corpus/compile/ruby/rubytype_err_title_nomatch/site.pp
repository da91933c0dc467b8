notify { 'before': }
rtt_grant { 'a@b@c': }
