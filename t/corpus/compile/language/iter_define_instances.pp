define dt ($v) {
  notify { "dt_${title}": message => $v }
}
$h = { 'a' => 1, 'b' => 2 }
$h.each |$k, $v| {
  dt { $k: v => $v }
}
