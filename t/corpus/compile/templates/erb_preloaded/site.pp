$h = {'b' => [1, 'x'], 'a' => {'n' => undef}}
$ip = '10.0.0.1'
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
