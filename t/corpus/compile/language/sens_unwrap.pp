$s = Sensitive('plain')
notify { 'a': message => $s.unwrap }
notify { 'b': message => $s }
