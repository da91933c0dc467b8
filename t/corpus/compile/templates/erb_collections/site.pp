$a = ['b', 'a', 'c', 'a']
$n = [[1, [2]], [3]]
$h = {'k' => 1}
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
