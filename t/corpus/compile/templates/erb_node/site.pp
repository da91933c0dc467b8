node 'node1.example.com' {
  $role = 'db'
  file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
}
