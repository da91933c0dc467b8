# A method one template defines reads a variable by name; a later template
# calls it without naming that variable itself: it sees its own scope's.
class m ($port = 8080) {
  file { '/tmp/mcomp-corpus/first': content => template('m/first.erb') }
}
class n ($port = 9090, $user = 'bob') {
  file { '/tmp/mcomp-corpus/second': content => template('m/second.erb') }
  file { '/tmp/mcomp-corpus/inline': content => inline_template("<%= port_line %>/<%= user_line %>\n") }
}
include m
include n
