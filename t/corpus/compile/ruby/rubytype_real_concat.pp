concat_file { '/tmp/mcomp-corpus/motd':
  owner          => 'root',
  mode           => '0644',
  ensure_newline => true,
}
concat_fragment { 'motd header':
  target  => '/tmp/mcomp-corpus/motd',
  content => "hello\n",
  order   => '01',
}
concat_file { 'named': path => '/tmp/mcomp-corpus/named', tag => 'x' }
