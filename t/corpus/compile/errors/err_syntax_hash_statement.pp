define dt ($v) {
  notify { "dt_${title}": message => $v }
}
{ 'a' => 1, 'b' => 2 }.each |$k, $v| {
  dt { $k: v => $v }
}
