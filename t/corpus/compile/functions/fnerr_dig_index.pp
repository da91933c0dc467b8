notice(dig({ 'a' => [1, 2] }, 'a', 'x'))
