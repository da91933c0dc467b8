stage { 'first': }
stage { 'last': }
Stage['first'] -> Stage['main'] -> Stage['last']
class a {}
class b {}
class { 'a': stage => first }
class { 'b': stage => last }
