define dt () {
  notify { "title=${title} name=${name}": }
}
dt { 'x': }
