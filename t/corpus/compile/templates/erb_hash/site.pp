$h = {'z' => 1, 'a' => 2, 'm' => [3]}
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
