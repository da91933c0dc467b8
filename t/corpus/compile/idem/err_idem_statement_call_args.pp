# notice takes the string; the next bare value is on its own
notice 'a'
$x = 1
$x
notify { 'b': }
