# undef in collections, keys that are not strings, default, regexps, Sensitive
notify { 'to_yaml [undef, 1]': message => to_yaml([undef, 1]) }
notify { 'to_yaml {"a" => undef}': message => to_yaml({"a" => undef}) }
notify { 'to_yaml {1 => "a"}': message => to_yaml({1 => "a"}) }
notify { 'to_yaml {true => 1}': message => to_yaml({true => 1}) }
notify { 'to_yaml {[1,2] => "x"}': message => to_yaml({[1,2] => "x"}) }
notify { 'to_yaml {undef => 1}': message => to_yaml({undef => 1}) }
notify { 'to_yaml {1.5 => 2}': message => to_yaml({1.5 => 2}) }
notify { 'to_yaml [default]': message => to_yaml([default]) }
notify { 'to_yaml {default => 1}': message => to_yaml({default => 1}) }
notify { 'to_yaml [/ab+c/]': message => to_yaml([/ab+c/]) }
notify { 'to_yaml {"r" => /x\\/y/}': message => to_yaml({"r" => /x\/y/}) }
notify { 'to_yaml Sensitive(\'s\')': message => to_yaml(Sensitive('s')) }
notify { 'to_yaml [Sensitive(\'s\'), {\'k\' => Sensitive([1, undef])}]': message => to_yaml([Sensitive('s'), {'k' => Sensitive([1, undef])}]) }
notify { 'to_yaml {Sensitive(\'k\') => 1}': message => to_yaml({Sensitive('k') => 1}) }
notify { 'to_yaml [undef]': message => to_yaml([undef]) }
notify { 'to_yaml undef': message => to_yaml(undef) }
notify { 'to_yaml default': message => to_yaml(default) }
notify { 'to_yaml {[1] => [2], {\'a\' => 1} => {}}': message => to_yaml({[1] => [2], {'a' => 1} => {}}) }
