define dt() {
  Notify { message => "default in ${title}" }
  notify { "n_${title}": }
}
dt { 'x': }
notify { 'top': }
