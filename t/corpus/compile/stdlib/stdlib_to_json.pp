notify { 'j_hash': message => to_json({'a' => [1, 2.5, true, undef, 'x"y\\z/é€😀 '], 'b' => {}}) }
notify { 'j_string': message => to_json('str') }
notify { 'j_undef': message => to_json(undef) }
notify { 'j_float': message => to_json(1.0) }
notify { 'j_floats': message => to_json([1e20, 1.5e-7, 100.0, 1e16, 123456789.123, -0.0, 0.1]) }
notify { 'j_ref': message => to_json(File['/tmp/mcomp-corpus/x']) }
notify { 'j_regexp': message => to_json(/ab/) }
notify { 'j_type': message => to_json(Integer[1, 2]) }
notify { 'j_default': message => to_json(default) }
notify { 'j_int_key': message => to_json({1 => 2, true => 3}) }
notify { 'j_sensitive': message => to_json(Sensitive('s')) }
notify { 'j_control': message => to_json("tab\tnl\ncr\r\u0001\u007f\u2028") }
notify { 'j_method': message => [1, 'two'].to_json }
