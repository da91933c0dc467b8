concat { '@D@/c': }
concat::fragment { 'a': target => '@D@/c', content => "new\n" }
concat_file { 'direct': path => '@D@/d' }
concat_fragment { 'd': target => 'direct', content => "new\n" }
notify { 'n': }
