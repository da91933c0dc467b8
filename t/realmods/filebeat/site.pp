class { 'filebeat':
  outputs      => {
    'logstash' => { 'hosts' => ['logstash.example.com:5044'] },
  },
  manage_repo  => false,
}
filebeat::input { 'syslogs':
  paths => ['/var/log/syslog', '/var/log/auth.log'],
}
