file_line { 'hosts':
  path     => '/tmp/mcomp-corpus/hosts',
  line     => '127.0.0.1 localhost',
  match    => '^127\.0\.0\.1',
  provider => 'ruby',
}
anchor { 'start': } -> anchor { 'end': }
file_line { 'other': path => '/tmp/mcomp-corpus/x', line => 'x', name => 'renamed' }
