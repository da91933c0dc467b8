rtt_grant { 'alice@db1': privileges => ['select', 'insert'] }
rtt_grant { 'bob': }
rtt_grant { 'carol@db2': host => 'db3' }
rtt_grant { 'dave@db4': name => 'dave-db4', ensure => absent }
rtt_grant { 'eve': user => 'eve', host => 'h' }
rtt_grant { 'frank@db5': user => 'frank' }
