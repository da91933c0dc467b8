$r = File['/tmp']
notify { 'a': message => "ref ${r} ${Notify['x']} ${[File['/a'], 1]}" }
notify { 'b': message => $r }
notify { 'c': message => [$r] }
notify { 'd': message => join([$r, Class['foo']], ',') }
notice("n ${r}")
