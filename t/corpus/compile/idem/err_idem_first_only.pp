# only the first forgotten value of a block is reported
notify { 'a': }
1
2
notify { 'b': }
