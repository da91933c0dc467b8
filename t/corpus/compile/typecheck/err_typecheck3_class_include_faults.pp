# include: a missing value and a default that is not of its type
class x(Integer $a, String $b = 3, Array[Integer] $c = [1, 'two', 3.0]) {}
include x
