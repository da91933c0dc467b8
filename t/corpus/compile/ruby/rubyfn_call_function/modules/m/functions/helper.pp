function m::helper(String $s, Integer $n = 2) >> String {
  "${s}*${n}"
}
