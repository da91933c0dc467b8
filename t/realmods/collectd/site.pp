class { 'collectd':
  purge           => true,
  recurse         => true,
  purge_config    => true,
  minimum_version => '5.12',
}
class { 'collectd::plugin::cpu': }
class { 'collectd::plugin::memory': }
class { 'collectd::plugin::load': }
