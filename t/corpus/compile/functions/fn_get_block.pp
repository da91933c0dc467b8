$d = {a => {b => [10, 20]}}
notify { 'handled': message => get($d, 'a.b.x', 'dflt') |$e| { "${e.issue_code}: ${e.message}" } }
notify { 'value': message => get($d, 'a.b.0.c') |$e| { [$e.kind, $e.details['walked_path'], String($e.details['value_type'])] } }
notify { 'whole': message => String(get($d, 'a.b.0.c') |$e| { $e }) }
notify { 'type': message => String(get($d, 'a.b.x') |$e| { type($e) }) }
notify { 'is': message => get($d, 'a.b.x') |$e| { $e =~ Error['SLICE_ERROR', /INDEX/] } }
notify { 'ok': message => get($d, 'a.b.1') |$e| { 'never' } }
notify { 'undef': message => get($d, 'a.c', 'd') |$e| { 'never' } }
