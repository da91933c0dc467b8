$x = { 'a' => 1 }.filter |$k, $v| {
  break()
}
