notify { 'a': }
Notify <<| |>>
