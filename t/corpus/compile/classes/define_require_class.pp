class other {
  notify { 'o': }
}
define dt () {
  require other
  notify { "n_${title}": }
}
notify { 'first': }
dt { 'x': }
notify { 'last': }
