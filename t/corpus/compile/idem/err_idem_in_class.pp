class c {
  notify { 'a': }
  $facts
  notify { 'b': }
}
include c
