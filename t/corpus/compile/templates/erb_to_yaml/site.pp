$h = {'a' => 1, 'b' => ['x', 'y'], 'c' => {'d' => true}}
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
