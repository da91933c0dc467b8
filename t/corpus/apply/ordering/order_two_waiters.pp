notify { 'b': require => Notify['n'] }
notify { 'c': require => Notify['n'] }
notify { 'a': }
notify { 'm': }
notify { 'n': }
notify { 'o': }
