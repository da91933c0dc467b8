concat_file { 'num': path => '@D@/num', order => 'numeric' }
concat_fragment { 'n10': target => 'num', content => "10\n", order => 10 }
concat_fragment { 'n9': target => 'num', content => "9\n", order => '9' }
concat_fragment { 'n9b': target => '@D@/num', content => "9b\n", order => '9' }
concat_fragment { 'src': target => 'num', source => ['@D@/nosuch', '@D@/src.txt'], order => 100 }
concat { '@D@/alpha': }
concat::fragment { 'z': target => '@D@/alpha', content => "z\n", order => '1' }
concat::fragment { 'y': target => '@D@/alpha', content => "y\n", order => '10' }
concat::fragment { 'x': target => '@D@/alpha', content => "x\n", order => '2' }
concat { '@D@/old': ensure => absent }
concat { '@D@/keep': replace => false }
concat::fragment { 'k': target => '@D@/keep', content => "new\n" }
