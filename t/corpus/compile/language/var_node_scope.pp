$top = 'top'
node default {
  $top = 'shadowed in node'
  include c
}
class c {
  notify { 'c': message => $top }
}
