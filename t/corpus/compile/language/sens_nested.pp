# A Sensitive value inside a parameter's array or hash is written in
# Puppet's rich-data form; a parameter's own Sensitive value is unwrapped
# and named in sensitive_parameters.
notify { 'hash': message => { 'a' => Sensitive('s1'), 'b' => [1, Sensitive(2)], 'c' => 'plain' } }
notify { 'array': message => ['x', Sensitive('s2')] }
notify { 'inner': message => [Sensitive([Sensitive('s3')])] }
notify { 'kinds': message => [Sensitive(true), Sensitive(1.5), Sensitive(undef), Sensitive({ 'k' => 'v' })] }
notify { 'top': message => Sensitive(['x', Sensitive('s4')]) }
exec { '/bin/true': unless => [['/bin/false', Sensitive('s5')]] }
define dd ($p) { notify { "dd-${title}": message => $p } }
dd { 'x': p => [Sensitive('s6')] }
