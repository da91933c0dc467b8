$first = Notify['a']
$rest = [Notify['b'], Notify['c']]
notify { ['a', 'b', 'c']: }
$first -> $rest
