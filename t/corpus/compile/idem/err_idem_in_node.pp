node default {
  undef
  notify { 'a': }
}
