$u = undef
notify { 'a': message => "[${u}] [${undef}]" }
