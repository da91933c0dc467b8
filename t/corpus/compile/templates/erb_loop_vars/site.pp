$users = {'alice' => {'uid' => 1001, 'groups' => ['adm', 'sudo']}, 'bob' => {'uid' => 1002, 'groups' => []}}
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
