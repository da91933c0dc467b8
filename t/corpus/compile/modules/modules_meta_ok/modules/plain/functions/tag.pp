function plain::tag(String $s) >> String {
  "<${s}>"
}
