class a { notify { 'a1': } notify { 'a2': } }
class b { notify { 'b1': } }
class c { notify { 'c1': } }
include c
include b
include a
Class['a'] -> Class['b'] -> Class['c']
