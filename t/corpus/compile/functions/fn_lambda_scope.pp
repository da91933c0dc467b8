$outer = 'o'
$r = [1, 2].map |$x| { "${outer}${x}" }
notify { 'a': message => $r }
