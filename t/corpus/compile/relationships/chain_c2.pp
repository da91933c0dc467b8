class base { notify { 'in_base': } }
include base
notify { 'c': before => Notify['a'] }
notify { 'a': }
notify { 'b': }
Notify['c'] -> Notify['b']
Class['base'] -> Notify['a']
Notify['b'] <- Notify['a']
Notify['b'] <~ Class['base']
notify { 'f': require => [Class['base'], Notify['a']], subscribe => Class['Base'] }
Notify['a'] -> Notify['b'] -> Notify['f']
