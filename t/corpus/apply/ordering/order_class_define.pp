define dt() { notify { "dt_${title}": } }
class foo { notify { 'in_foo': } }
notify { 'z': }
dt { 'one': }
notify { 'a': }
include foo
notify { 'm': }
