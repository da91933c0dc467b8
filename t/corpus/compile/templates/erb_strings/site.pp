$s = "it's"
$d = "tab\tnl"
$e = ''
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
