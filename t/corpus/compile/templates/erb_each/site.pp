$l = ['x', 'y', 'z']
$h = {'k1' => 'v1', 'k2' => 'v2'}
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
