define dt (Integer $port, Array[String] $list = [], Optional[String] $opt = undef) {
  notify { "${title}:${port}": }
}
dt { 'svc': port => 80 }
