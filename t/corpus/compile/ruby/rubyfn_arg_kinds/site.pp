$r = m::kinds(undef, default, 1, 2.5, true, false, 'str', /a+b/, [1, 2], { 'k' => 1, 2 => 'x' }, Sensitive('pw'), Integer[1, 2], String)
$r.each |$i, $x| { notify { "k${i}": message => $x } }
