$top = 1
$x = getvar("top.'x")
