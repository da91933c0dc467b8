define m::d() {
  notify { "m::d-${title}": message => "${$caller_module_name =~ Undef} [${caller_module_name}] ${$module_name =~ Undef} [${module_name}]" }
}
