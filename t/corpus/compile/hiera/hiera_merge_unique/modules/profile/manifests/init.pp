class profile (Array $users) { notify { 'profile': message => $users } }
