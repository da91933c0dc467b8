notify { '3x': message => see3(undef, [undef, 1], { 'a' => undef }, default, 'x', 2, 1.5, true, /re/) }
notify { '4x': message => see4(undef, [undef, 1], { 'a' => undef }, default, 'x', 2, 1.5, true) }
