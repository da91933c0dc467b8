class c {
  notify { 'a': }
  (1)
}
include c
