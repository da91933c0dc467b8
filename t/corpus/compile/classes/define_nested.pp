define dt2 () {
  notify { "d2_${title}": }
}
define dt () {
  notify { "d_${title}": }
  dt2 { "i_${title}": }
}
notify { 'top1': }
node default {
  notify { 'n': }
}
notify { 'top2': }
dt { 'x': }
dt { 'y': }
notify { 'top3': }
