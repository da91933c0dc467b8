ensure_resource('user', 'dan', {'ensure' => 'present'})
ensure_resource('user', 'dan', {'ensure' => 'present'})
ensure_resource('user', ['dan', 'alex'], {'ensure' => 'present'})
ensure_resource('file', '/tmp/mcomp-corpus/x')
ensure_resource('Notify', 'n1', {'message' => undef})
ensure_resource('notify', 'n1', {})
ensure_resources('group', {'g1' => {'gid' => 5}, 'g2' => {}, 'g3' => undef}, {'ensure' => 'present'})
class cls($p = 1) { notify { "cls ${p}": } }
ensure_resource('class', 'cls', {'p' => 2})
ensure_resource('class', 'cls', {'p' => 2})
define d($x = 1) { notify { "d ${title} ${x}": } }
ensure_resource('d', ['one', 'two'], {'x' => 5})
ensure_resources('d', {'three' => {'x' => 7}, 'four' => undef}, {'x' => 6})
@user { 'virtual': ensure => present }
ensure_resource('user', 'virtual', {'ensure' => 'present'})
notify { 'dwp_match': message => defined_with_params(User['dan'], {'ensure' => 'present'}) }
notify { 'dwp_differs': message => defined_with_params(User['dan'], {'ensure' => 'absent'}) }
notify { 'dwp_string': message => defined_with_params('User[dan]') }
notify { 'dwp_absent': message => defined_with_params(User['nobody']) }
notify { 'dwp_undef': message => defined_with_params(Notify['n1'], {'message' => undef}) }
notify { 'dwp_any_user': message => defined_with_params(User, {'ensure' => 'present'}) }
notify { 'dwp_empty_params': message => defined_with_params(User['dan'], '') }
notify { 'dwp_class': message => defined_with_params(Class['cls']) }
notify { 'dwp_class_string': message => defined_with_params('Class[cls]', {'p' => 2}) }
notify { 'dwp_case': message => defined_with_params(User['dan'], {'ensure' => 'Present'}) }
notify { 'dwp_virtual': message => defined_with_params(User['virtual']) }
define selfcheck { notify { "self ${title}": message => defined_with_params(Selfcheck[$title]) } }
selfcheck { 'one': }
