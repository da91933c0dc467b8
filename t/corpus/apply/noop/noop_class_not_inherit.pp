class foo { notify { 'in_foo': } }
class { 'foo': noop => true }
notify { 'outside': }
