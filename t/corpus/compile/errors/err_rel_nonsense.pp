notify { 'x': require => 'nonsense' }
