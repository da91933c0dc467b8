notify { 'a': }
return()
