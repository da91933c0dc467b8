class c {
  notify { 'x': }
  notify { 'y': }
  Notify['x'] -> Notify['y']
}
notify { 'top': }
Notify['top'] -> Class['c']
include c
