define dt () {
  notify { "dt_${title}": }
}
class c {
  dt { 'in_c': }
}
include c
