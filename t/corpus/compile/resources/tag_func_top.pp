tag 'toptag'
notify { 'a': }
