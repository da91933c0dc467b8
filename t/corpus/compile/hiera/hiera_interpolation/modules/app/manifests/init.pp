class app (String $motd, String $module_value) {
  $greeting = 'hello from app'
  notify { 'motd': message => $motd }
  notify { 'module value': message => $module_value }
  notify { 'class var read later': message => lookup('class_var') }
  notify { 'local var in class scope': message => lookup('local_var') }
}
