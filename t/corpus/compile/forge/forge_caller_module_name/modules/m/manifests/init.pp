class m {
  notify { 'm': message => "${$caller_module_name =~ Undef} [${caller_module_name}] ${$module_name =~ Undef} [${module_name}]" }
  d { 'm': }
  m::d { 'm': }
}
class m::base { notify { 'm::base': message => "${$caller_module_name =~ Undef} [${caller_module_name}] ${$module_name =~ Undef} [${module_name}]" } }
class m::sub inherits m::base { notify { 'm::sub': message => "${$caller_module_name =~ Undef} [${caller_module_name}] ${$module_name =~ Undef} [${module_name}]" } }
