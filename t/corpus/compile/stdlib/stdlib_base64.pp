notify { 'enc': message => base64('encode', 'hello world, a string long enough to wrap past sixty characters in the default mode') }
notify { 'strict': message => base64('encode', 'hello world, a string long enough to wrap past sixty characters in the default mode', 'strict') }
notify { 'urlsafe': message => base64('encode', "\u00ff\u00fe>?", 'urlsafe') }
notify { 'dec': message => base64('decode', 'aGVsbG8=') }
notify { 'dec_junk': message => base64('decode', 'aGV*sbG8\n') }
notify { 'dec_pad': message => base64('decode', '=aG=Vs bG8=ignored') }
notify { 'dec_url': message => base64('decode', 'aGVsbG8_', 'urlsafe') }
notify { 'dec_url_nopad': message => base64('decode', 'aGk', 'urlsafe') }
notify { 'dec_strict': message => base64('decode', 'aGk=', 'strict') }
notify { 'empty': message => base64('encode', '') }
notify { 'extra': message => base64('encode', 'x', 'default', 'ignored') }
