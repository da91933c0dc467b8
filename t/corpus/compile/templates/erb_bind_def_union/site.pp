# Methods templates define (def, define_method) read the variables their
# own code names; later templates that call them without naming those
# variables see their own scope's.
class m ($port = 8080, $name_here = 'm') {
  file { '/tmp/mcomp-corpus/first': content => template('m/first.erb') }
}
class n ($port = 9090, $own = 'n', $user = 'bob') {
  file { '/tmp/mcomp-corpus/second': content => template('m/second.erb') }
  file { '/tmp/mcomp-corpus/third': content => template('m/third.erb') }
}
class o ($port = 7070, $user = 'carol', $host = 'h1') {
  file { '/tmp/mcomp-corpus/fourth': content => template('m/fourth.erb') }
}
class p ($port = 6060, $host = 'h2') {
  file { '/tmp/mcomp-corpus/fifth': content => template('m/fifth.erb') }
}
include m, n, o, p
