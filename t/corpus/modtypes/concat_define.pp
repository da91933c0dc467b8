concat { '@D@/c1': mode => '0640', warn => true }
concat::fragment { 'b': target => '@D@/c1', content => "bee\n", order => '10' }
concat::fragment { 'a': target => '@D@/c1', content => "ay", order => '2' }
concat_file { 'cf2': path => '@D@/c2', tag => 'tt', ensure_newline => true }
concat_fragment { 'x': tag => 'tt', content => 'x', order => 1 }
concat_fragment { 'w': tag => 'tt', content => "w\n", order => 1 }
