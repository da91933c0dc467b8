# string functions over arrays, hashes, numbers and unicode
notify { 'up': message => upcase(['a', 'bé']) }
notify { 'uph': message => upcase({ 'k' => 'v' }) }
notify { 'down': message => downcase('ÀBC') }
notify { 'cap': message => capitalize(['hello world', 'élan']) }
notify { 'chomp': message => chomp(["a\n", "b\r\n", "c\n\n", 'd']) }
notify { 'strip': message => strip(["  a ", "\tb\n"]) }
notify { 'lstrip': message => lstrip("  x  ") }
notify { 'rstrip': message => rstrip("  x  ") }
notify { 'num': message => [upcase(1), strip(2.5), capitalize(3)] }
notify { 'len': message => [length('héllo'), size({ 'a' => 1, 'b' => 2 }), length([])] }
