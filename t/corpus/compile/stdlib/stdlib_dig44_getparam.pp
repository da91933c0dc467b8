$data = {'a' => {'b' => [10, {'c' => 'deep'}]}, 'n' => undef}
notify { 'dig44': message => [dig44($data, ['a', 'b', 1, 'c']), dig44($data, ['a', 'b', '0']), dig44($data, ['a', 'x'], 'dflt'), dig44($data, ['n'], 'd2'), dig44($data, []), dig44([1, [2, 3]], [1, 0]), dig44($data, ['a', 'b', 'z'], 'nonint')] }
file { '/tmp/mcomp-corpus/gp': ensure => file, mode => '0644' }
notify { 'getparam': message => [getparam(File['/tmp/mcomp-corpus/gp'], 'mode'), getparam(File['/tmp/mcomp-corpus/gp'], 'owner'), getparam(File['/tmp/mcomp-corpus/nope'], 'mode'), getparam(File['/tmp/mcomp-corpus/gp'], '')] }
