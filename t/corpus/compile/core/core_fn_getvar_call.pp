class core_cfg {
  $settings = { 'db' => { 'port' => 5432, 'hosts' => ['a', 'b'] }, 'a.b' => 'dotted' }
  $empty = undef
}
include core_cfg
$top = 'top-value'
$list = [10, 20, { 'k' => 'v' }]
notify { 'getvar':
  message => [
    getvar('top'), getvar('::top'), getvar('core_cfg::settings.db.port'), getvar('core_cfg::settings.db.hosts.1'),
    getvar('core_cfg::settings."a.b"'), getvar('list.2.k'), getvar('list.5', 'dflt'), getvar('nosuch', 'dflt'),
    getvar('core_cfg::empty', 'dflt'), getvar('nosuch::var', 'dflt'), getvar('facts.os.family'),
    getvar('facts.networking.ip'), getvar('core_cfg::settings.db.missing', 42), getvar('nosuch'),
  ],
}
notify { 'call':
  message => [call('upcase', 'abc'), call('max', 3, 9, 2), call('map', [1, 2]) |$x| { $x + 1 },
              call('getvar', 'top')],
}
