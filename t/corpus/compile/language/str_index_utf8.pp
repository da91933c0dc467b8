$s = "\u{e9}t\u{e9}"
notify { "a": message => [$s[0], $s[1, 2], $s[-1]] }
