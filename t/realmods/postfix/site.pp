class { 'postfix':
  myorigin => 'example.com',
}
postfix::config { 'relayhost':
  value => '[smtp.example.com]:587',
}
