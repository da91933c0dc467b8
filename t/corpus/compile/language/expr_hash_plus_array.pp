$h = {a => 1}
notify { "pairs": message => $h + [[b, 2], [c]] }
notify { "flat": message => $h + [d, 4, e, 5] }
notify { "empty": message => $h + [] }
notify { "shl": message => 1 << 2.7 }
notify { "shr": message => 16 >> 1.9 }
