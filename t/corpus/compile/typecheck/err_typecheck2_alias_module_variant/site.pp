mymod::vhost { 'a': extra => 80 }
mymod::vhost { 'b': extra => 'y' }
