class c (Sensitive[String] $pw) {
  notify { 'n': message => $pw }
}
class { 'c':
  pw => Sensitive('hunter2'),
}
