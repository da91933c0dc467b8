notify { 'stop service':
  prereq => File['/tmp/mcomp-corpus/binary'],
}
file { '/tmp/mcomp-corpus/binary':
  ensure  => file,
  content => "v2\n",
}
