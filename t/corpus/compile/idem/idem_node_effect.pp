# a node body may end with an effect
node default {
  notify { 'node': }
  $x = 1
}
