exec { '/bin/false': }
notify { 'changed': }
