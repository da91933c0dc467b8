$extra = { 'loglevel' => 'warning' }
notify { 'a':
  message => 'explicit',
  *       => $extra,
}
