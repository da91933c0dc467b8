define m::cfg(Hash $settings) {
  create_resources('notify', m::conf($title, $settings))
}
