$l = [1, 2]
$l.each |$i| {
  file { "/tmp/mcomp-corpus/f${i}": content => template('m/t.erb') }
}
