# Hash keys that are names of Ruby's reflective methods, read by a template.
$h = { 'methods' => 'GET POST', 'send' => 's', 'instance_variables' => 'iv', 'inspect' => 'i', 'self' => true }
$other = 'o'
notify { 'keys': message => template('m/keys.erb') }
