# $settings:: variables whose values do not depend on where Puppet keeps its files
notify { 's_environment': message => $settings::environment }
notify { 's_ssldir': message => $settings::ssldir }
notify { 's_rundir': message => $settings::rundir }
notify { 's_logdir': message => $settings::logdir }
notify { 's_server': message => $settings::server }
notify { 's_strict_variables': message => $settings::strict_variables }
notify { 's_strict': message => $settings::strict }
notify { 's_user': message => $settings::user }
notify { 's_group': message => $settings::group }
notify { 's_runinterval': message => $settings::runinterval }
notify { 's_localcacert': message => $settings::localcacert }
notify { 's_certdir': message => $settings::certdir }
notify { 's_privatekeydir': message => $settings::privatekeydir }
notify { 's_publickeydir': message => $settings::publickeydir }
notify { 's_requestdir': message => $settings::requestdir }
notify { 's_reports': message => $settings::reports }
notify { 's_storeconfigs': message => $settings::storeconfigs }
notify { 's_digest_algorithm': message => $settings::digest_algorithm }
notify { 's_report': message => $settings::report }
notify { 's_noop': message => $settings::noop }
notify { 's_ca_server': message => $settings::ca_server }
notify { 's_masterport': message => $settings::masterport }
notify { 's_serverport': message => $settings::serverport }
notify { 's_ca_port': message => $settings::ca_port }
notify { 's_name': message => $settings::name }
class foo { notify { "in foo ${settings::environment} ${::settings::server}": } }
include foo
notify { 'all_local': message => $settings::all_local['runinterval'] }
