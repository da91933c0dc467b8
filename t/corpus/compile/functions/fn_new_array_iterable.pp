notify { 'a': message => Array.new('hello') }
notify { 'b': message => Array('hey', true) }
notify { 'c': message => Array.new([1,2], true) }
notify { 'd': message => Array({'a' => 1}) }
notify { 'e': message => Array(3) }
notify { 'f': message => Array(Integer[1,3]) }
notify { 'g': message => Array('') }
notify { 'h': message => Array('hé!') }
notify { 'i': message => Array({'a' => 1}, true) }
notify { 'j': message => Array(0) }
notify { 'k': message => Array(Enum['x','y']) }
