define dt () {
  notify { "n_${title}": message => "[${caller_local}] [${top}]" }
}
$top = 'top'
class c {
  $caller_local = 'x'
  dt { 'a': }
}
include c
