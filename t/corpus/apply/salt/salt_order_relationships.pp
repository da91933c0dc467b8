notify { 'x': order => first, require => Notify['y'] }
notify { 'a': }
notify { 'y': order => last }
notify { 'z': order => 1 }
