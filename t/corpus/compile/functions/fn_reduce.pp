$sum = [1, 2, 3, 4].reduce |$memo, $x| { $memo + $x }
$with_start = [1, 2].reduce(10) |$memo, $x| { $memo + $x }
notify { 's': message => $sum }
notify { 'w': message => $with_start }
