# strings in arithmetic are converted with Puppet's warning at the operand
# (mcollective's hosts_iteration: $array[$name - 1] with a string title)
$n1 = '2' + 1
$n2 = '2.5' * 2
$n3 = 3 - '0x10'
$n4 = '3' % 2
$n5 = -'4'
$n6 = 1 + '1e2'
$n7 = '07' + 1
notify { 'n': message => "${n1} ${n2} ${n3} ${n4} ${n5} ${n6} ${n7}" }
