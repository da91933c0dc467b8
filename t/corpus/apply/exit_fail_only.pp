exec { '/bin/false': }
