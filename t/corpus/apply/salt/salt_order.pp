notify { 'a': }
notify { 'b': order => last }
notify { 'c': order => first }
notify { 'd': order => 2 }
notify { 'e': order => 1 }
notify { 'f': order => -1 }
notify { 'g': }
