function lib::fmt(String $s) >> String {
  "[${s}]"
}
