exec { '/bin/true':
  logoutput => { 'a' => [1, 'b', undef] },
}
