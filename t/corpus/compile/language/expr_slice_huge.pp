$a = [1, 2, 3]
notify { "x": message => $a[1, 9223372036854775807] }
notify { "y": message => "abc"[-9223372036854775807, 2] }
