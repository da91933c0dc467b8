# a parent class's body runs before the child's parameters are checked
class p { fail('parent body') }
class x($a) inherits p {}
class { 'x': zz => 1 }
