Notify { message => 'from top' }
class c {
  notify { 'in_c': }
}
include c
