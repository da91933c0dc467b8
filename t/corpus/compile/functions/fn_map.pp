$doubled = [1, 2, 3].map |$x| { $x * 2 }
$pairs = { 'a' => 1, 'b' => 2 }.map |$k, $v| { "${k}${v}" }
notify { 'm': message => $doubled }
notify { 'p': message => $pairs }
