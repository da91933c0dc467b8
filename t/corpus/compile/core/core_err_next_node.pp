node default {
  notify { 'a': }
  next()
}
