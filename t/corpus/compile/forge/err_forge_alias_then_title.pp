notify { 'second': alias => 'first' }
notify { 'first': }
