# Class parameters: given explicitly > environment data > module data > default.
class { 'app':
  given       => 'declaration wins',
  given_undef => undef,
}
