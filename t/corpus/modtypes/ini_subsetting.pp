ini_subsetting { 'q': path => '@D@/a.ini', section => 'j', setting => 'JAVA', subsetting => '-Xms', value => '1g', quote_char => '"' }
ini_subsetting { 'b': path => '@D@/a.ini', section => 'j', setting => 'opts', subsetting => 'new', insert_type => 'before', insert_value => 'b', subsetting_separator => ',' }
ini_subsetting { 'ex': path => '@D@/a.ini', section => 'j', setting => 'opts', subsetting => 'a', use_exact_match => true, subsetting_separator => ',' }
ini_subsetting { 'rm': ensure => absent, path => '@D@/a.ini', section => 'j', setting => 'lone', subsetting => 'only' }
ini_subsetting { 'idx': path => '@D@/a.ini', section => 'j', setting => 'list', subsetting => 'k', subsetting_key_val_separator => ':', value => 'v', insert_type => 'index', insert_value => '1' }
ini_setting { 'ro': path => '@D@/a.ini', section => 'r', setting => 'restart', value => 'yes', refreshonly => true }
ini_setting { 'gone': ensure => absent, path => '@D@/a.ini', section => 'only', setting => 'one' }
ini_setting { 'nofnsc': path => '@D@/a.ini', section => 'nosuch', setting => 'x', value => '1', force_new_section_creation => false }
ini_setting { 'sep': path => '@D@/a.ini', section => 'colon', setting => 'host', value => 'h', key_val_separator => '=', section_prefix => '<', section_suffix => '>' }
ini_setting { 'tab': path => '@D@/b.ini', section => 's', setting => 'k', value => '  spaced  ', indent_char => "\t", indent_width => 1 }
notify { 'kick': } ~> Ini_setting['ro']
