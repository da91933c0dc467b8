define dt () {
  notify { "n_${title}": }
}
dt { 'one': }
notify { 'a': }
Notify['a'] -> Dt['one']
