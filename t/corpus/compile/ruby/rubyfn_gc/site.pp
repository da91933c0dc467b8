$h = { 'k' => [1, 'two', { 'n' => 3 }] }
notify { 'gc': message => m::churn($h) |$i, $k| { "${k[1]}${i}" } }
