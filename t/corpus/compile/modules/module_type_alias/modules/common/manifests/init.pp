class common (
  Common::Port $port = 8080,
  Common::Net::Endpoint $upstream = { host => 'db', port => 5432 },
  Optional[COMMON::PORT] $admin = undef,
) {
  notify { "listen ${port}": }
  notify { "upstream ${upstream['host']}:${upstream['port']}": }
  if $admin =~ Common::Port { notify { "admin ${admin}": } }
}
