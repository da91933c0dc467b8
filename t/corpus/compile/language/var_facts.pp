notify { 'f1': message => $facts['os']['family'] }
notify { 'f2': message => $::fqdn }
notify { 'f3': message => $fqdn }
notify { 'f4': message => $os['release']['major'] }
notify { 'f5': message => $facts['processorcount'] }
notify { 'f6': message => $::networking['interfaces']['eth0']['ip'] }
notify { 'f7': message => $facts['is_virtual'] }
