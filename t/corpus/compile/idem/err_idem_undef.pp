notify { 'a': }
undef
notify { 'b': }
