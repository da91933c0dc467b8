$even = [1, 2, 3, 4].filter |$x| { $x % 2 == 0 }
$h = { 'a' => 1, 'b' => 2, 'c' => 3 }.filter |$k, $v| { $v > 1 }
notify { 'e': message => $even }
notify { 'h': message => $h }
