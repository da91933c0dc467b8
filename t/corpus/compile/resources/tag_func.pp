class c {
  tag 'extra', 'more'
  notify { 'x': }
}
include c
notify { 'top': }
