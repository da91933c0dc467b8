rtt_port { '80/tcp': service => 'http' }
rtt_port { '53/udp': }
rtt_port { '8080': }
rtt_port { 'ssh': }
rtt_port { 'x': port => 22, proto => 'tcp' }
rtt_port { '443': port => '443' }
