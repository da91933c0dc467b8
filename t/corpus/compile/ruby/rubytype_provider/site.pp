rtt_svc { 'a': provider => systemd, ensure => running }
rtt_svc { 'b': provider => 'sysv', enable => true, hasrestart => true }
rtt_svc { 'c': provider => 'other' }
