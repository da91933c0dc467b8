# max/min on strings, arrays, mixed values with a block
notify { 'maxs': message => max('apple', 'pear', 'banana') }
notify { 'mins': message => min('apple', 'pear', 'banana') }
notify { 'maxarr': message => max([3, 7, 5]) }
notify { 'minarr': message => min(['b', 'a', 'c']) }
notify { 'maxblk': message => max('aaa', 'b', 'cc') |$a, $b| { compare(length($a), length($b)) } }
notify { 'minblk': message => min(['aaa', 'b', 'cc']) |$a, $b| { compare(length($a), length($b)) } }
notify { 'maxf': message => max(1, 2.5, -3) }
notify { 'minf': message => min(1.5, 2, -3.25) }
notify { 'one': message => max(42) }
