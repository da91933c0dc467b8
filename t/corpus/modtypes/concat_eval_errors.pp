concat_fragment { 'lost': target => '/nowhere', content => 'y' }
concat_fragment { 'lost2': tag => 'zz', content => 'y' }
concat_file { 'mix': path => '@D@/mix' }
concat_fragment { 'a': target => 'mix', content => "a\n", order => 'ab' }
concat_fragment { 'b': target => 'mix', content => "b\n", order => '5' }
concat_file { 'src': path => '@D@/src' }
concat_fragment { 'c': target => 'src', source => '@D@/nosuch' }
