notify { 'p_doc': message => parsejson('{"a": [1, 2.5, "x", null, true, false], "b": {"c": "d"}}') }
notify { 'p_null': message => [parsejson('null')] }
notify { 'p_false': message => [parsejson('false')] }
notify { 'p_false_default': message => parsejson('false', 'dflt') }
notify { 'p_bad_default': message => parsejson('nope', 'dflt') }
notify { 'p_string': message => parsejson('"str"') }
notify { 'p_comments': message => parsejson('  [1, /* c */ 2]  ') }
notify { 'p_dup_keys': message => parsejson('{"a":1,"a":2,"b":3}') }
notify { 'p_escapes': message => parsejson('["\u00e9\ud83d\ude00\n\t\"x\\q"]') }
notify { 'p_numbers': message => parsejson('[-0, 1e3, 1.5E-2, 12345678901]') }
notify { 'p_undef_default': message => parsejson('bad', undef) }
notify { 'p_not_string': message => parsejson(5, {'d' => 1}) }
notify { 'p_null_undef_default': message => [parsejson('null', undef)] }
