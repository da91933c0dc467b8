class rt {
  rt_thing { 'one': ensure => present, value => 1, flag => true }
  rt_thing { 'two': name => 'two', value => [1, 2] }
  rt_path { '/a': owner => 'root' }
  rt_path { 'p': path => '/b', require => Rt_thing['one'] }
}
