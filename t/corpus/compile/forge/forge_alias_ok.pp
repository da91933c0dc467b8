# an alias that names nothing else is kept; its own title as an alias is no conflict
notify { 'first': alias => ['one', 'first'] }
notify { 'second': alias => 'two', before => Notify['one'] }
file { '/tmp/mcomp-corpus/a': alias => 'fa' }
notify { 'third': require => File['fa'] }
