notify { 'sort': message => sort(['b', 'a', 'C']) }
notify { 'sort_num': message => sort([10, 9, 100]) }
notify { 'unique': message => unique(['a', 'b', 'a', 'c', 'b']) }
notify { 'flatten': message => flatten([1, [2, [3, [4]]]]) }
