@notify { 'virtual': }
notify { 'real': }
