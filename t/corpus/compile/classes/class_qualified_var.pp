class cfg {
  $port = 123
  $list = ['a', 'b']
}
include cfg
notify { 'p':
  message => "${cfg::port} ${::cfg::port} ${cfg::list[1]}",
}
