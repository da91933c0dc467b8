define m::d {
  notify { $title: }
  "${title}"
}
