notify { 'bytes': message => binary_file('mm/bytes.bin') }
notify { 'text': message => String(binary_file('mm/a.txt'), '%s') }
notify { 'type': message => binary_file('mm/a.txt') =~ Binary }
notify { 'len': message => length(binary_file('mm/bytes.bin')) }
notify { 'abs': message => binary_file('/etc/hostname') =~ Binary }
file { '/tmp/mcomp-corpus/bin': content => binary_file('mm/bytes.bin') }
