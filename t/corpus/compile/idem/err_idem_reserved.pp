notify { 'a': }
private
notify { 'b': }
