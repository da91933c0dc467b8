type Svc = Enum['stopped', 'running']
define d(Optional[Svc] $ensure = undef) {}
d { 'x': ensure => 'x' }
