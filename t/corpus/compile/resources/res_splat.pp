$attrs = { 'message' => 'from splat', 'loglevel' => 'info' }
notify { 'a':
  * => $attrs,
}
