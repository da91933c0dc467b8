define dt () {
  notify { "in_${title}": }
}
@dt { 'x': }
@dt { 'y': }
realize(Dt['x'])
