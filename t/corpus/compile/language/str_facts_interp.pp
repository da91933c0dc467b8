notify { 'a': message => "${facts['os']['family']}/${::fqdn}/${hostname}/${facts['os']['release']['major']}" }
