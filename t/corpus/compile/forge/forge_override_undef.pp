# attr => undef in an override from an inheriting class removes the value
class base {
  notify { 'a': withpath => true, message => 'm', loglevel => 'info' }
  file { '/tmp/mcomp-corpus/f': ensure => file, mode => '0644', owner => 'root', source => 'puppet:///modules/x/y', backup => false }
  service { 'svc': ensure => running, enable => true }
  package { 'pkg': ensure => installed }
  exec { 'e': command => '/bin/true', creates => '/tmp/mcomp-corpus/e', timeout => 10 }
  schedule { 'sch': period => daily, range => '2 - 4' }
}
class sub inherits base {
  Notify['a'] { withpath => undef, message => undef }
  File['/tmp/mcomp-corpus/f'] { ensure => undef, mode => undef, source => undef, backup => undef, content => 'x' }
  Service['svc'] { ensure => undef, enable => undef }
  Package['pkg'] { ensure => undef }
  Exec['e'] { creates => undef, timeout => undef }
  Schedule['sch'] { range => undef }
}
include sub
