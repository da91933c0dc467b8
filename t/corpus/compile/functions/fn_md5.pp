notify { 'md5': message => [md5('hello'), md5('')] }
notify { 'sha1': message => [sha1('hello'), sha1(''), 'abc'.sha1] }
notify { 'sha256': message => [sha256('hello'), sha256('')] }
