class t(Enum['a','b',] $e = 'a') { }
include t
