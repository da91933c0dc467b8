class t(Integer[1, 5] $p = 7) {}
include t
