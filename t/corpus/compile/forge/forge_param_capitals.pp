# parameter names with capitals: matched as written, the catalog writes them downcased
class c($barBaz = 'b', $xY = 'c', $_uNder = 'u', $sEcret = Sensitive('s')) { notify { 'x': message => "${barBaz} ${xY} ${_uNder}" } }
class { 'c': barBaz => 'given' }
define d($aB = 1, $cD = 2) { notify { "d${title}": message => "${aB} ${cD}" } }
d { 'y': aB => 3 }
create_resources('d', {'w' => {'aB' => 5}})
D['y'] { cD => 6 }
