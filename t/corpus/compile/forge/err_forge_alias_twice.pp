notify { 'second': alias => 'al' }
notify { 'third': alias => 'al' }
