class outer {
  class { 'inner':
    p => 'v',
  }
}
class inner ($p) {
  notify { 'in': message => $p }
}
include outer
