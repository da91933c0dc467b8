# A template makes a method out of a variable's name (attr_reader): a later
# template calling it reads a variable that neither names as such.
class m ($port = 8080, $user = 'alice') {
  file { '/tmp/mcomp-corpus/first': content => template('m/first.erb') }
}
class n ($port = 9090, $user = 'bob') {
  file { '/tmp/mcomp-corpus/second': content => template('m/second.erb') }
}
include m, n
