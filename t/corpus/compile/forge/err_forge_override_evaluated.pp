define d($v = 'def', $w = 'wd') { notify { "n${title}": message => "${v} ${w}" } }
D['z'] { w => 'oz' }
d { 'z': }
