# String(array, format): delimiters, separators, '#' indentation, widths
$a = [1, 'two', [3, 'four'], {'five' => 5}, 6.5]
$fmts = ['%a', '%s', '%p', '%(a', '%[a', '%{a', '%<a', '%|a', '% a', '%#a', '%#(a', '%-a', '%+a']
$fmts.each |$f| { notify { "a ${f}": message => String($a, $f) } }
$nested = [1, [2, [3, [4]]], 'x', {'a' => [1, 2], 'b' => {'c' => 3}}, 'y', [], 'z']
['%a', '%#a', '%# a', '%#[a'].each |$f| { notify { "nested ${f}": message => String($nested, $f) } }
$long = ['aaaa', 'bbbb', 'cccc', ['dd', 'ee'], 'ffff', 'gggg']
['%#5a', '%#10a', '%#20a', '%#100a', '%#3a', '%5a'].each |$f| { notify { "long ${f}": message => String($long, $f) } }
notify { 'sep': message => String([1, 2, 3], { Array => { format => '%a', separator => ' | ' } }) }
notify { 'sep_empty': message => String(['a', 'b'], { Array => { format => '%(a', separator => '' } }) }
notify { 'sep_nl': message => String([[1, 2], 3], { Array => { format => '%#a', separator => ",\n" } }) }
notify { 'elem_formats': message => String([1, 'a', 2.5, [10, 'b']], { Array => { format => '%a', string_formats => { Integer => '%#x', String => '%s' } } }) }
notify { 'elem_float': message => String([1.5, 2], { Array => { format => '%[a', string_formats => { Float => '%.2f', Numeric => '%05d' } } }) }
notify { 'top_int_not_elem': message => String([1, 2], { Integer => '%x' }) }
notify { 'array_plain_fmt': message => String([1, [2]], { Array => '%(a' }) }
notify { 'tuple': message => String(['x', 1], { Tuple[String, Integer] => '%|a', Array => '%<a' }) }
notify { 'array_typed': message => String([[1], ['s']], { Array[Integer] => '%(a', Array => '%[a' }) }
notify { 'hash_in_array': message => String([{'a' => 1}], { Hash => { format => '%(h', separator2 => ':' } }) }
