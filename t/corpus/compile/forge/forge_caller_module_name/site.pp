define d() {
  notify { "d-${title}": message => "${$caller_module_name =~ Undef} [${caller_module_name}] ${$module_name =~ Undef} [${module_name}]" }
}
notify { 'top': message => "${$caller_module_name =~ Undef} ${$module_name =~ Undef} [${module_name}]" }
d { 'site': }
include m
m::d { 'site': }
class local {
  notify { 'local': message => "${$caller_module_name =~ Undef} ${$module_name =~ Undef} [${module_name}]" }
  d { 'local': }
}
include local
include other
class other { include m::sub  notify { 'other': message => "${$caller_module_name =~ Undef} [${caller_module_name}] ${$module_name =~ Undef} [${module_name}]" } }
notify { 'defined': message => "${defined('$caller_module_name')} ${defined('$module_name')}" }
node default {
  notify { 'node': message => "${$caller_module_name =~ Undef} [${caller_module_name}] ${$module_name =~ Undef} [${module_name}]" }
  d { 'node': }
  m::d { 'node': }
}
