type A = Variant[B, Integer]
type B = A
$x = 1 =~ A
