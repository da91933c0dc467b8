class cfg {
  notify { 'in cfg': }
}
include cfg
notify { 'restart':
  onchanges => Class['cfg'],
}
