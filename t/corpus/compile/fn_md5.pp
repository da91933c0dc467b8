notify { 'md5': message => [md5('hello'), md5('')] }
