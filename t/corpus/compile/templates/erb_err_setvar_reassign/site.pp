# setvar of a name the scope already has is Puppet's reassignment error
$taken = 1
notify { 'x': message => template('m/t.erb') }
