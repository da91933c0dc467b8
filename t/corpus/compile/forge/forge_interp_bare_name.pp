$x = 'a'
$h = {'k' => 'v'}
$arr = [1,2]
notify { 'eq': message => "${x == 'a'} ${x =~ String} ${x}" }
notify { 'acc': message => "${h['k']} ${arr[1]} ${x.upcase} ${arr.map |$v| { $v * 2 }} ${h['k'] == 'v'}" }
notify { 'other': message => "${x in ['a']} ${!x} ${x ? { 'a' => 'yes', default => 'no' }}" }
