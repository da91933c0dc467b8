notify { 'b': require => Notify['m'] }
notify { 'c': }
notify { 'm': }
notify { 'n': }
