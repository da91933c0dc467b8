node default { }
notify { 'a': }
