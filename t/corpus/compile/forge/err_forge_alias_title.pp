notify { 'first': }
notify { 'second': alias => 'first' }
