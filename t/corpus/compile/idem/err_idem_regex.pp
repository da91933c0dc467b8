notify { 'a': }
/^abc$/
notify { 'b': }
