class profile (Hash $users) { notify { 'profile': message => $users } }
