package { 'a': ensure => latest }
ensure_packages('a')
