# Values that are not Data become strings in the catalog, each with Puppet's
# warning; a resource's warnings extend one path text (Puppet's serializer)
notify { 'def': message => default }
notify { 'ts': message => Timestamp('2020-01-02T03:04:05.000 UTC') }
notify { 'tsp': message => Timespan(3600) }
notify { 're': message => /a.b/ }
notify { 'sv': message => SemVer('1.2.3') }
notify { 'svr': message => SemVerRange('>=1.0.0') }
notify { 'svr2': message => SemVerRange('1.x') }
notify { 'bin': message => Binary('aGVsbG8=') }
notify { 'bin2': message => Binary('/w==') }
notify { 'uri': message => [URI('http://a/b'), URI('https://x/'), URI('ftp://x/'), URI('file:///x'), URI('x/y'), URI('mailto:a@b'), URI('ldap://h/x'), URI('urn:a:b')] }
notify { 'mixed': message => [default, /x/, Integer, {k => default}, Deferred('join', [[1], '-'])], loglevel => default }
notify { 'refs': message => {a => Notify['def'], b => [File['/tmp/mcomp-corpus/x']], c => Class['foo'], d => Notify} }
notify { 'ref': message => Notify['def'] }
notify { 'plain': message => [1, 2.5, true, undef, 'x', {'k' => ['v']}] }
# Sensitive values and parameters are converted without a word about their content
notify { 'sens': message => Sensitive(default) }
notify { 'sens_in': message => {'k' => Sensitive([default, /x/])} }
