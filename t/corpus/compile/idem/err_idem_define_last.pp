define d {
  notify { $title: }
  $title
}
d { 'x': }
