$x = 1
$x ? { 1 => 'one', default => 'other' }
notify { 'a': }
