notify { 'last': }
