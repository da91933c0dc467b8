notify { 'before': }
exec { 'rel': command => 'echo hi' }
