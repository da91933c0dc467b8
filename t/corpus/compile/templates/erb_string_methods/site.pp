$s = '  Hello World  '
$w = 'a,b,,c'
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
