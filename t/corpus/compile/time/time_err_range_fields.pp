notify { 'x':
  message => String(Timespan({ 'days' => 9223372036854775807 })),
}
