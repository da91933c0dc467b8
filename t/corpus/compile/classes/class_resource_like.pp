class base {
  notify { 'b': }
}
class late {
  notify { 'l': }
}
include base
class { 'late': }
