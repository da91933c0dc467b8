class q(
  String $a = 'x',
  String $c = fail('default evaluated'),
  Optional[Nosuch::Thing] $b = undef,
) { notify { 'q': } }
include q
