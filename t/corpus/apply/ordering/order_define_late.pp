define dt() { notify { "d_${title}": } }
notify { 'a': }
dt { 'x': }
notify { 'b': require => Dt['x'] }
notify { 'c': }
