notify { 'c0': message => String(['aaa', 'bbb', ['cc', 'dd'], 'eeeeee', {'x' => 1}, 'f'], { Array => { format => '%17a', separator => " ; " }, Hash => '%(h' }) }
notify { 'c1': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => { format => '%<a', separator => "" }, Hash => '% h' }) }
notify { 'c2': message => String([[1, 2], [3, [4, 5]], 6, 7], { Array => '% {a', Hash => { format => '%<h', separator2 => ': ', separator => " ; " } }) }
notify { 'c3': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => '%- +[10a', Hash => { format => '%#h', separator2 => ': ', separator => ", " } }) }
notify { 'c4': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => '%+a', Hash => { format => '%# [h', separator2 => ': ', separator => " ; " } }) }
notify { 'c5': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => { format => '%# |17a', separator => " ; " }, Hash => '%#(a' }) }
notify { 'c6': message => String(['aaa', 'bbb', ['cc', 'dd'], 'eeeeee', {'x' => 1}, 'f'], { Array => { format => '%-a', separator => ", " }, Hash => '%# h' }) }
notify { 'c7': message => String({'a' => [1, 2], 'b' => {'c' => [3]}, 'd' => 'e'}, { Array => '%#{a', Hash => { format => '%#[a', separator2 => ': ', separator => ", " } }) }
notify { 'c8': message => String(['aaa', 'bbb', ['cc', 'dd'], 'eeeeee', {'x' => 1}, 'f'], { Array => '%-{a', Hash => { format => '%# (a', separator2 => ': ', separator => " ; " } }) }
notify { 'c9': message => String(['aaa', 'bbb', ['cc', 'dd'], 'eeeeee', {'x' => 1}, 'f'], { Array => { format => '%#-+14a', separator => "" }, Hash => '%[h' }) }
notify { 'c10': message => String(['aaa', 'bbb', ['cc', 'dd'], 'eeeeee', {'x' => 1}, 'f'], { Array => { format => '%+1a', separator => "" }, Hash => '%#(h' }) }
notify { 'c11': message => String({'a' => [1, 2], 'b' => {'c' => [3]}, 'd' => 'e'}, { Array => { format => '% +(a', separator => "" }, Hash => '%(h' }) }
notify { 'c12': message => String({'a' => [1, 2], 'b' => {'c' => [3]}, 'd' => 'e'}, { Array => { format => '% (3a', separator => ",\n" }, Hash => '%#h' }) }
notify { 'c13': message => String([1.5, true, undef, default, /r/, Integer], { Array => { format => '%-<a', separator => "" }, Hash => '% h' }) }
notify { 'c14': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => '%a', Hash => { format => '%h', separator2 => ': ', separator => ",\n" } }) }
notify { 'c15': message => String(['aaa', 'bbb', ['cc', 'dd'], 'eeeeee', {'x' => 1}, 'f'], { Array => '%# 1a', Hash => { format => '%# (h', separator2 => ': ', separator => ",\n" } }) }
notify { 'c16': message => String(['aaa', 'bbb', ['cc', 'dd'], 'eeeeee', {'x' => 1}, 'f'], { Array => '%-+a', Hash => { format => '% (a', separator2 => ': ', separator => ", " } }) }
notify { 'c17': message => String({'a' => [1, 2], 'b' => {'c' => [3]}, 'd' => 'e'}, { Array => '%#-[a', Hash => { format => '%# <a', separator2 => ': ', separator => ",\n" } }) }
notify { 'c18': message => String(['aaa', 'bbb', ['cc', 'dd'], 'eeeeee', {'x' => 1}, 'f'], { Array => '%a', Hash => { format => '%#[h', separator2 => ': ', separator => ",\n" } }) }
notify { 'c19': message => String({'a' => [1, 2], 'b' => {'c' => [3]}, 'd' => 'e'}, { Array => '%(5a', Hash => { format => '%a', separator2 => ': ', separator => "" } }) }
notify { 'c20': message => String([1.5, true, undef, default, /r/, Integer], { Array => { format => '% +1a', separator => ", " }, Hash => '%h' }) }
notify { 'c21': message => String({'a' => [1, 2], 'b' => {'c' => [3]}, 'd' => 'e'}, { Array => '%{13a', Hash => { format => '%#a', separator2 => ': ', separator => "\n" } }) }
notify { 'c22': message => String([{'a' => 1}, {'b' => [2, 3]}], { Array => { format => '%[13a', separator => "" }, Hash => '%[h' }) }
notify { 'c23': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => { format => '%#-+3a', separator => " ; " }, Hash => '% [h' }) }
notify { 'c24': message => String([{'a' => 1}, {'b' => [2, 3]}], { Array => '%a', Hash => { format => '%<h', separator2 => ': ', separator => "\n" } }) }
notify { 'c25': message => String([{'a' => 1}, {'b' => [2, 3]}], { Array => { format => '% a', separator => "\n" }, Hash => '% (h' }) }
notify { 'c26': message => String(['aaa', 'bbb', ['cc', 'dd'], 'eeeeee', {'x' => 1}, 'f'], { Array => '%+a', Hash => { format => '%a', separator2 => ': ', separator => "" } }) }
notify { 'c27': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => { format => '%{5a', separator => "" }, Hash => '%#<h' }) }
notify { 'c28': message => String([{'a' => 1}, {'b' => [2, 3]}], { Array => '%#-{10a', Hash => { format => '%# <h', separator2 => ': ', separator => " ; " } }) }
notify { 'c29': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => { format => '%14a', separator => "\n" }, Hash => '%(h' }) }
notify { 'c30': message => String([{'a' => 1}, {'b' => [2, 3]}], { Array => '% a', Hash => { format => '%# (h', separator2 => ': ', separator => ", " } }) }
notify { 'c31': message => String([[1, 2], [3, [4, 5]], 6, 7], { Array => '%- <a', Hash => { format => '% h', separator2 => ': ', separator => ", " } }) }
notify { 'c32': message => String({'a' => [1, 2], 'b' => {'c' => [3]}, 'd' => 'e'}, { Array => { format => '% a', separator => "" }, Hash => '% a' }) }
notify { 'c33': message => String([{'a' => 1}, {'b' => [2, 3]}], { Array => '%+{a', Hash => { format => '%h', separator2 => ': ', separator => ", " } }) }
notify { 'c34': message => String(['aaa', 'bbb', ['cc', 'dd'], 'eeeeee', {'x' => 1}, 'f'], { Array => { format => '%#-{a', separator => " ; " }, Hash => '%#(h' }) }
notify { 'c35': message => String([1.5, true, undef, default, /r/, Integer], { Array => '%+3a', Hash => { format => '%<h', separator2 => ': ', separator => "\n" } }) }
notify { 'c36': message => String({'a' => [1, 2], 'b' => {'c' => [3]}, 'd' => 'e'}, { Array => { format => '%-a', separator => ", " }, Hash => '%[a' }) }
notify { 'c37': message => String([1.5, true, undef, default, /r/, Integer], { Array => { format => '%# +a', separator => ",\n" }, Hash => '% [h' }) }
notify { 'c38': message => String(['aaa', 'bbb', ['cc', 'dd'], 'eeeeee', {'x' => 1}, 'f'], { Array => { format => '%a', separator => "\n" }, Hash => '%h' }) }
notify { 'c39': message => String([[1, 2], [3, [4, 5]], 6, 7], { Array => '%# +[9a', Hash => { format => '%<h', separator2 => ': ', separator => " ; " } }) }
notify { 'c40': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => { format => '%6a', separator => " ; " }, Hash => '%a' }) }
notify { 'c41': message => String([{'a' => 1}, {'b' => [2, 3]}], { Array => { format => '%-(a', separator => ", " }, Hash => '% (h' }) }
notify { 'c42': message => String([1.5, true, undef, default, /r/, Integer], { Array => '%+a', Hash => { format => '%#<a', separator2 => ': ', separator => ",\n" } }) }
notify { 'c43': message => String([[1, 2], [3, [4, 5]], 6, 7], { Array => '%#-{a', Hash => { format => '%#<h', separator2 => ': ', separator => ", " } }) }
notify { 'c44': message => String({'a' => [1, 2], 'b' => {'c' => [3]}, 'd' => 'e'}, { Array => { format => '%-(a', separator => ", " }, Hash => '% (h' }) }
notify { 'c45': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => '%-|a', Hash => { format => '%[h', separator2 => ': ', separator => ", " } }) }
notify { 'c46': message => String([{'a' => 1}, {'b' => [2, 3]}], { Array => '%+(1a', Hash => { format => '% [h', separator2 => ': ', separator => "" } }) }
notify { 'c47': message => String([[1, 2], [3, [4, 5]], 6, 7], { Array => '%(5a', Hash => { format => '% a', separator2 => ': ', separator => "\n" } }) }
notify { 'c48': message => String([[1, 2], [3, [4, 5]], 6, 7], { Array => '%+|18a', Hash => { format => '%(a', separator2 => ': ', separator => ",\n" } }) }
notify { 'c49': message => String(['aaa', 'bbb', ['cc', 'dd'], 'eeeeee', {'x' => 1}, 'f'], { Array => '%- <1a', Hash => { format => '%# h', separator2 => ': ', separator => " ; " } }) }
notify { 'c50': message => String([1.5, true, undef, default, /r/, Integer], { Array => '%# [15a', Hash => { format => '%[a', separator2 => ': ', separator => "\n" } }) }
notify { 'c51': message => String({'a' => [1, 2], 'b' => {'c' => [3]}, 'd' => 'e'}, { Array => { format => '%-12a', separator => "\n" }, Hash => '%#<h' }) }
notify { 'c52': message => String(['aaa', 'bbb', ['cc', 'dd'], 'eeeeee', {'x' => 1}, 'f'], { Array => { format => '%+a', separator => "\n" }, Hash => '%# h' }) }
notify { 'c53': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => '% 3a', Hash => { format => '%# [h', separator2 => ': ', separator => "" } }) }
notify { 'c54': message => String([[1, 2], [3, [4, 5]], 6, 7], { Array => { format => '%#|15a', separator => " ; " }, Hash => '%# [h' }) }
notify { 'c55': message => String([1.5, true, undef, default, /r/, Integer], { Array => { format => '%# 1a', separator => "\n" }, Hash => '%<h' }) }
notify { 'c56': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => '%+a', Hash => { format => '%# (a', separator2 => ': ', separator => " ; " } }) }
notify { 'c57': message => String({'a' => [1, 2], 'b' => {'c' => [3]}, 'd' => 'e'}, { Array => { format => '%- +a', separator => "\n" }, Hash => '%# <h' }) }
notify { 'c58': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => '%#-17a', Hash => { format => '%# [a', separator2 => ': ', separator => ", " } }) }
notify { 'c59': message => String({'a' => [1, 2], 'b' => {'c' => [3]}, 'd' => 'e'}, { Array => { format => '%<a', separator => ", " }, Hash => '%#a' }) }
notify { 'c60': message => String([[1, 2], [3, [4, 5]], 6, 7], { Array => { format => '%2a', separator => ",\n" }, Hash => '% a' }) }
notify { 'c61': message => String([[1, 2], [3, [4, 5]], 6, 7], { Array => '% +(a', Hash => { format => '% [h', separator2 => ': ', separator => ", " } }) }
notify { 'c62': message => String([[1, 2], [3, [4, 5]], 6, 7], { Array => '%#(a', Hash => { format => '%<h', separator2 => ': ', separator => "\n" } }) }
notify { 'c63': message => String([{'a' => 1}, {'b' => [2, 3]}], { Array => { format => '%#<18a', separator => ",\n" }, Hash => '%[h' }) }
notify { 'c64': message => String([{'a' => 1}, {'b' => [2, 3]}], { Array => '%#13a', Hash => { format => '%a', separator2 => ': ', separator => "" } }) }
notify { 'c65': message => String([1.5, true, undef, default, /r/, Integer], { Array => '%-{a', Hash => { format => '%#[h', separator2 => ': ', separator => " ; " } }) }
notify { 'c66': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => { format => '%#-+a', separator => "" }, Hash => '% <h' }) }
notify { 'c67': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => { format => '%# +<a', separator => " ; " }, Hash => '%# (h' }) }
notify { 'c68': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => '%#+{a', Hash => { format => '%# <h', separator2 => ': ', separator => " ; " } }) }
notify { 'c69': message => String({'a' => [1, 2], 'b' => {'c' => [3]}, 'd' => 'e'}, { Array => { format => '%(10a', separator => "\n" }, Hash => '% <h' }) }
notify { 'c70': message => String({'a' => [1, 2], 'b' => {'c' => [3]}, 'd' => 'e'}, { Array => '% a', Hash => { format => '%#(h', separator2 => ': ', separator => "\n" } }) }
notify { 'c71': message => String([1.5, true, undef, default, /r/, Integer], { Array => { format => '%-[16a', separator => ",\n" }, Hash => '%[h' }) }
notify { 'c72': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => '% 9a', Hash => { format => '%#[h', separator2 => ': ', separator => "" } }) }
notify { 'c73': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => { format => '%# 18a', separator => ", " }, Hash => '%<h' }) }
notify { 'c74': message => String([1.5, true, undef, default, /r/, Integer], { Array => { format => '%14a', separator => "\n" }, Hash => '% <h' }) }
notify { 'c75': message => String({'a' => [1, 2], 'b' => {'c' => [3]}, 'd' => 'e'}, { Array => { format => '%-+5a', separator => ",\n" }, Hash => '%a' }) }
notify { 'c76': message => String([{'a' => 1}, {'b' => [2, 3]}], { Array => '%+14a', Hash => { format => '% h', separator2 => ': ', separator => "\n" } }) }
notify { 'c77': message => String(['aaa', 'bbb', ['cc', 'dd'], 'eeeeee', {'x' => 1}, 'f'], { Array => { format => '%- a', separator => ", " }, Hash => '%[h' }) }
notify { 'c78': message => String(['aaa', 'bbb', ['cc', 'dd'], 'eeeeee', {'x' => 1}, 'f'], { Array => { format => '%#{a', separator => "\n" }, Hash => '%h' }) }
notify { 'c79': message => String([[1, 2], [3, [4, 5]], 6, 7], { Array => { format => '%#{18a', separator => ",\n" }, Hash => '%[h' }) }
notify { 'c80': message => String([[1, 2], [3, [4, 5]], 6, 7], { Array => { format => '%#|10a', separator => " ; " }, Hash => '%#[h' }) }
notify { 'c81': message => String(['aaa', 'bbb', ['cc', 'dd'], 'eeeeee', {'x' => 1}, 'f'], { Array => '%-(a', Hash => { format => '%#(h', separator2 => ': ', separator => "\n" } }) }
notify { 'c82': message => String([[1, 2], [3, [4, 5]], 6, 7], { Array => { format => '%+a', separator => " ; " }, Hash => '%#(h' }) }
notify { 'c83': message => String([[1, 2], [3, [4, 5]], 6, 7], { Array => '%#-+{a', Hash => { format => '%# h', separator2 => ': ', separator => ",\n" } }) }
notify { 'c84': message => String([[1, 2], [3, [4, 5]], 6, 7], { Array => { format => '%-+17a', separator => "\n" }, Hash => '%#h' }) }
notify { 'c85': message => String([{'a' => 1}, {'b' => [2, 3]}], { Array => '%#-+|5a', Hash => { format => '% <a', separator2 => ': ', separator => "" } }) }
notify { 'c86': message => String(['aaa', 'bbb', ['cc', 'dd'], 'eeeeee', {'x' => 1}, 'f'], { Array => '%#-<a', Hash => { format => '%(h', separator2 => ': ', separator => "" } }) }
notify { 'c87': message => String([[1, 2], [3, [4, 5]], 6, 7], { Array => { format => '% 18a', separator => "" }, Hash => '%#<h' }) }
notify { 'c88': message => String([1.5, true, undef, default, /r/, Integer], { Array => { format => '%#+a', separator => "" }, Hash => '%[h' }) }
notify { 'c89': message => String([[1, 2], [3, [4, 5]], 6, 7], { Array => '%+(11a', Hash => { format => '%[a', separator2 => ': ', separator => "" } }) }
notify { 'c90': message => String([{'a' => 1}, {'b' => [2, 3]}], { Array => { format => '%#- a', separator => "" }, Hash => '%#[h' }) }
notify { 'c91': message => String([{'a' => 1}, {'b' => [2, 3]}], { Array => '%-{17a', Hash => { format => '%# [a', separator2 => ': ', separator => " ; " } }) }
notify { 'c92': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => { format => '%[a', separator => ",\n" }, Hash => '%#(h' }) }
notify { 'c93': message => String([{'a' => 1}, {'b' => [2, 3]}], { Array => '%#-a', Hash => { format => '%(a', separator2 => ': ', separator => " ; " } }) }
notify { 'c94': message => String([[1, 2], [3, [4, 5]], 6, 7], { Array => { format => '% +|a', separator => " ; " }, Hash => '%<h' }) }
notify { 'c95': message => String([1.5, true, undef, default, /r/, Integer], { Array => '% (9a', Hash => { format => '%[a', separator2 => ': ', separator => "\n" } }) }
notify { 'c96': message => String([1.5, true, undef, default, /r/, Integer], { Array => { format => '%#- 8a', separator => " ; " }, Hash => '%h' }) }
notify { 'c97': message => String(['aaa', 'bbb', ['cc', 'dd'], 'eeeeee', {'x' => 1}, 'f'], { Array => { format => '%#+{7a', separator => ",\n" }, Hash => '%#h' }) }
notify { 'c98': message => String(['aaa', 'bbb', ['cc', 'dd'], 'eeeeee', {'x' => 1}, 'f'], { Array => { format => '%-+a', separator => " ; " }, Hash => '%# [a' }) }
notify { 'c99': message => String([{'a' => 1}, {'b' => [2, 3]}], { Array => '%- +[a', Hash => { format => '%h', separator2 => ': ', separator => "" } }) }
notify { 'c100': message => String([[1, 2], [3, [4, 5]], 6, 7], { Array => { format => '% (14a', separator => ",\n" }, Hash => '%#<a' }) }
notify { 'c101': message => String([1.5, true, undef, default, /r/, Integer], { Array => { format => '%#-{a', separator => "\n" }, Hash => '%(a' }) }
notify { 'c102': message => String([{'a' => 1}, {'b' => [2, 3]}], { Array => '%#+a', Hash => { format => '%# [a', separator2 => ': ', separator => ",\n" } }) }
notify { 'c103': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => '%#-{a', Hash => { format => '%# [h', separator2 => ': ', separator => "\n" } }) }
notify { 'c104': message => String([[1, 2], [3, [4, 5]], 6, 7], { Array => '%(15a', Hash => { format => '% <h', separator2 => ': ', separator => ", " } }) }
notify { 'c105': message => String({'a' => [1, 2], 'b' => {'c' => [3]}, 'd' => 'e'}, { Array => '%#+{8a', Hash => { format => '%# <h', separator2 => ': ', separator => ", " } }) }
notify { 'c106': message => String([1.5, true, undef, default, /r/, Integer], { Array => '%-a', Hash => { format => '%# h', separator2 => ': ', separator => ", " } }) }
notify { 'c107': message => String([1.5, true, undef, default, /r/, Integer], { Array => '%#- +a', Hash => { format => '%#[a', separator2 => ': ', separator => ", " } }) }
notify { 'c108': message => String({'a' => [1, 2], 'b' => {'c' => [3]}, 'd' => 'e'}, { Array => { format => '%#-+[a', separator => "" }, Hash => '% <a' }) }
notify { 'c109': message => String(['aaa', 'bbb', ['cc', 'dd'], 'eeeeee', {'x' => 1}, 'f'], { Array => '%- 9a', Hash => { format => '%#(h', separator2 => ': ', separator => ", " } }) }
notify { 'c110': message => String([[1, 2], [3, [4, 5]], 6, 7], { Array => '%a', Hash => { format => '%# [h', separator2 => ': ', separator => ", " } }) }
notify { 'c111': message => String(['aaa', 'bbb', ['cc', 'dd'], 'eeeeee', {'x' => 1}, 'f'], { Array => '%+13a', Hash => { format => '%#(h', separator2 => ': ', separator => ", " } }) }
notify { 'c112': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => { format => '%-1a', separator => "" }, Hash => '%(h' }) }
notify { 'c113': message => String([1.5, true, undef, default, /r/, Integer], { Array => '%#7a', Hash => { format => '%(a', separator2 => ': ', separator => ", " } }) }
notify { 'c114': message => String([{'a' => 1}, {'b' => [2, 3]}], { Array => { format => '%-+[19a', separator => ", " }, Hash => '%#[h' }) }
notify { 'c115': message => String([[1, 2], [3, [4, 5]], 6, 7], { Array => { format => '%- +3a', separator => " ; " }, Hash => '%# (h' }) }
notify { 'c116': message => String(['aaa', 'bbb', ['cc', 'dd'], 'eeeeee', {'x' => 1}, 'f'], { Array => '%+a', Hash => { format => '%# [h', separator2 => ': ', separator => " ; " } }) }
notify { 'c117': message => String([1.5, true, undef, default, /r/, Integer], { Array => { format => '%#1a', separator => ", " }, Hash => '% <h' }) }
notify { 'c118': message => String({'a' => [1, 2], 'b' => {'c' => [3]}, 'd' => 'e'}, { Array => '%#18a', Hash => { format => '%a', separator2 => ': ', separator => " ; " } }) }
notify { 'c119': message => String(['aaa', 'bbb', ['cc', 'dd'], 'eeeeee', {'x' => 1}, 'f'], { Array => { format => '%# <a', separator => ",\n" }, Hash => '% [a' }) }
notify { 'c120': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => { format => '%- +5a', separator => "" }, Hash => '%(h' }) }
notify { 'c121': message => String({'a' => [1, 2], 'b' => {'c' => [3]}, 'd' => 'e'}, { Array => { format => '% (a', separator => ",\n" }, Hash => '%h' }) }
notify { 'c122': message => String([{'a' => 1}, {'b' => [2, 3]}], { Array => '%#<a', Hash => { format => '%a', separator2 => ': ', separator => ",\n" } }) }
notify { 'c123': message => String({'a' => [1, 2], 'b' => {'c' => [3]}, 'd' => 'e'}, { Array => '%-20a', Hash => { format => '%<h', separator2 => ': ', separator => "" } }) }
notify { 'c124': message => String([1.5, true, undef, default, /r/, Integer], { Array => { format => '%18a', separator => " ; " }, Hash => '%a' }) }
notify { 'c125': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => '% a', Hash => { format => '%#<h', separator2 => ': ', separator => ", " } }) }
notify { 'c126': message => String(['aaa', 'bbb', ['cc', 'dd'], 'eeeeee', {'x' => 1}, 'f'], { Array => '%#-[a', Hash => { format => '%h', separator2 => ': ', separator => "" } }) }
notify { 'c127': message => String({'a' => [1, 2], 'b' => {'c' => [3]}, 'd' => 'e'}, { Array => '%- +<8a', Hash => { format => '%#<h', separator2 => ': ', separator => "" } }) }
notify { 'c128': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => { format => '%(11a', separator => "" }, Hash => '%# (h' }) }
notify { 'c129': message => String([{'a' => 1}, {'b' => [2, 3]}], { Array => { format => '%{a', separator => " ; " }, Hash => '%#(a' }) }
notify { 'c130': message => String({'a' => [1, 2], 'b' => {'c' => [3]}, 'd' => 'e'}, { Array => { format => '%{5a', separator => ",\n" }, Hash => '%#h' }) }
notify { 'c131': message => String({'a' => [1, 2], 'b' => {'c' => [3]}, 'd' => 'e'}, { Array => { format => '% a', separator => ", " }, Hash => '%# <h' }) }
notify { 'c132': message => String({'a' => [1, 2], 'b' => {'c' => [3]}, 'd' => 'e'}, { Array => { format => '%a', separator => "\n" }, Hash => '%#(a' }) }
notify { 'c133': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => { format => '%-<14a', separator => " ; " }, Hash => '%h' }) }
notify { 'c134': message => String([{'a' => 1}, {'b' => [2, 3]}], { Array => { format => '% 14a', separator => " ; " }, Hash => '%#[a' }) }
notify { 'c135': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => { format => '%{12a', separator => ", " }, Hash => '%# [h' }) }
notify { 'c136': message => String({'a' => [1, 2], 'b' => {'c' => [3]}, 'd' => 'e'}, { Array => { format => '%#{a', separator => "" }, Hash => '% (h' }) }
notify { 'c137': message => String(['aaa', 'bbb', ['cc', 'dd'], 'eeeeee', {'x' => 1}, 'f'], { Array => '%5a', Hash => { format => '% h', separator2 => ': ', separator => ", " } }) }
notify { 'c138': message => String([1.5, true, undef, default, /r/, Integer], { Array => '% a', Hash => { format => '%#h', separator2 => ': ', separator => ",\n" } }) }
notify { 'c139': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => '%#17a', Hash => { format => '% (h', separator2 => ': ', separator => "" } }) }
notify { 'c140': message => String({'a' => [1, 2], 'b' => {'c' => [3]}, 'd' => 'e'}, { Array => { format => '%# {a', separator => "\n" }, Hash => '%# (h' }) }
notify { 'c141': message => String([{'a' => 1}, {'b' => [2, 3]}], { Array => { format => '%1a', separator => ", " }, Hash => '%#a' }) }
notify { 'c142': message => String([{'a' => 1}, {'b' => [2, 3]}], { Array => '%#- a', Hash => { format => '%#h', separator2 => ': ', separator => ",\n" } }) }
notify { 'c143': message => String([1.5, true, undef, default, /r/, Integer], { Array => { format => '%-a', separator => ",\n" }, Hash => '%a' }) }
notify { 'c144': message => String([{'a' => 1}, {'b' => [2, 3]}], { Array => { format => '%#<4a', separator => "\n" }, Hash => '%#h' }) }
notify { 'c145': message => String({'a' => [1, 2], 'b' => {'c' => [3]}, 'd' => 'e'}, { Array => '%- <a', Hash => { format => '%h', separator2 => ': ', separator => " ; " } }) }
notify { 'c146': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => { format => '%#10a', separator => ", " }, Hash => '%#h' }) }
notify { 'c147': message => String([{'a' => 1}, {'b' => [2, 3]}], { Array => { format => '%-+a', separator => "" }, Hash => '%[a' }) }
notify { 'c148': message => String([1.5, true, undef, default, /r/, Integer], { Array => { format => '%# +{a', separator => "" }, Hash => '%a' }) }
notify { 'c149': message => String([1, [2, 3], 'a', {'k' => [4, {'m' => 5}]}, 'bb', [], {}], { Array => '%+a', Hash => { format => '% <a', separator2 => ': ', separator => ",\n" } }) }
