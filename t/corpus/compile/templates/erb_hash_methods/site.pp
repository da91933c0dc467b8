$h = {'b' => 2, 'a' => 1, 'c' => 3}
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
