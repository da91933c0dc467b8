# core Puppet's empty() wins over stdlib's 3.x one
notify { 'e': message => [empty(''), empty(undef), empty([]), empty({}), empty('a'), empty([undef]), empty(0)] }
