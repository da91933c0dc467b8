# sort: with a block, strings, descending, by length, stable ties
notify { 'desc': message => sort([3, 1, 2]) |$a, $b| { compare($b, $a) } }
notify { 'len': message => sort(['ccc', 'a', 'bb', 'dd']) |$a, $b| { compare(length($a), length($b)) } }
notify { 'str': message => sort('hello') }
notify { 'strblk': message => sort('hello') |$a, $b| { compare($b, $a) } }
notify { 'case': message => sort(['b', 'B', 'a', 'A']) }
notify { 'float': message => sort([1.5, 1, -2, 0.25]) }
notify { 'empty': message => sort([]) }
notify { 'arrays': message => sort([[2, 1], [1, 3], [1, 2]]) }
