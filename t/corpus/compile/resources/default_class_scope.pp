class c {
  Notify { message => 'in class' }
  notify { 'inside': }
}
include c
notify { 'outside': }
