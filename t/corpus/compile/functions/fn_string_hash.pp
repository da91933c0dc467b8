# String(hash, format): h, a, delimiters, '#' layout, separators
$h = {'a' => 1, 'b' => 'two', 'c' => [3, 4], 'd' => {'e' => 5, 'f' => [6]}}
$fmts = ['%h', '%s', '%p', '%a', '%(h', '%[h', '%<h', '%|h', '% h', '%#h', '%#(h', '%#a', '%-h']
$fmts.each |$f| { notify { "h ${f}": message => String($h, $f) } }
notify { 'sep2': message => String({'a' => 1, 'b' => 2}, { Hash => { format => '%h', separator => '; ', separator2 => '=' } }) }
notify { 'sep_alt': message => String({'a' => 1, 'b' => 2}, { Hash => { format => '%#h', separator => ' ;  ' } }) }
notify { 'sep_alt_nl': message => String({'a' => 1, 'b' => 2}, { Hash => { format => '%#h', separator => ",\n" } }) }
notify { 'elem_fmt': message => String({'a' => 1, 2 => 'b'}, { Hash => { format => '%h', string_formats => { String => '%s', Integer => '%x' } } }) }
notify { 'keys_all': message => String({[1] => {'x' => [true]}, undef => default}) }
notify { 'nested_alt': message => String([{'a' => [1, {'b' => 2}]}, 3], '%#a') }
notify { 'hash_as_array_alt': message => String({'a' => [1, 2], 'b' => 3}, { Hash => '%a', Array => '%#a' }) }
notify { 'empty_alt': message => String({}, '%#h') }
notify { 'empty_array_alt': message => String([], '%#a') }
