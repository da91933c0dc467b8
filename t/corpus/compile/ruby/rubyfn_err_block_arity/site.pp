$x = m::pairs({ 'k' => 'v' }) |$k| { $k }
