class a {
  notify { 'a1': }
  include b
  notify { 'a2': }
}
class b {
  notify { 'b1': }
  include c
}
class c {
  notify { 'c1': }
}
include a
