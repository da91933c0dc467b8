# the same for a class's tag
class c { }
class { 'c': tag => '-x' }
