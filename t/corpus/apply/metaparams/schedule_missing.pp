notify { 'ok': }
notify { 'x': schedule => 'nosuch' }
