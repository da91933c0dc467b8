# stdlib: file_line, ensure_packages, ensure_resource and a few functions
file { '/etc/sysctl.d/90-site.conf':
  ensure  => file,
  content => join(['vm.swappiness = 10', 'net.ipv4.ip_forward = 1', ''], "\n"),
}
file_line { 'ssh permit root':
  path  => '/etc/ssh/sshd_config',
  line  => 'PermitRootLogin no',
  match => '^#?PermitRootLogin',
}
ensure_packages(['curl', 'vim'])
ensure_resource('user', 'deploy', { 'ensure' => 'present', 'shell' => '/bin/bash' })
$limits = merge({ 'nofile' => 1024 }, { 'nproc' => 512 })
notify { 'facts':
  message => "${fqdn_rand(60, 'cron')} ${size($limits)} ${join(keys($limits), ',')} ${upcase($facts['os']['family'])}",
}
anchor { 'site::begin': }
