notify { 'a':
  message => undef,
}
notify { 'b':
  message => ['x', undef, { 'k' => undef }],
}
