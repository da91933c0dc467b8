$x = $nope
notify { "v${x}": }
