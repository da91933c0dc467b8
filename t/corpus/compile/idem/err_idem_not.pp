$x = true
!$x
notify { 'a': }
