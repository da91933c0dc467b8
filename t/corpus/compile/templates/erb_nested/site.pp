$n = {'a' => {'b' => [1, {'c' => 'deep'}]}, 'list' => [[1, 2], [3]]}
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
