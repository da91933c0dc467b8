define d {
  $name[0]
  notify { $title: }
}
d { 'x': }
