class base {
  notify { 'base': }
}
notify { 'top': }
node default {
  include base
  notify { 'n': }
}
