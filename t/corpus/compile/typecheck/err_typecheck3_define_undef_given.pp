# undef given for a parameter without a default is a value: checked against its type
define dd($c, Integer $d) {}
dd { 't':
  c => undef,
  d => undef,
}
