anchor { 'a': provider => 'x' }
