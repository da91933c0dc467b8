# A method a template defines reads variables by reflection: a later
# template calling it sees every variable of its own scope.
class m ($port = 8080) {
  file { '/tmp/mcomp-corpus/first': content => template('m/first.erb') }
}
class n ($port = 9090, $zone = 'z', $user = 'bob') {
  file { '/tmp/mcomp-corpus/second': content => template('m/second.erb') }
}
include m, n
