define dt() { notify { "in_${title}": } }
dt { 'x': noop => true }
notify { 'outside': }
