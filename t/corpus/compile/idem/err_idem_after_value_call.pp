# emerg is not a statement function: a Name, then an array
emerg [1]
notify { 'b': }
