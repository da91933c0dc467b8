file { '/tmp/mcomp-corpus/f':
  ensure  => file,
  content => "line\n",
  mode    => '0644',
  owner   => 'root',
}
