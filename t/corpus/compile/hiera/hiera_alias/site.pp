# %{alias('k')} is the value of k with its type; %{lookup('k')} its string form
notify { 'array': message => lookup('servers_alias', Array[String]) }
notify { 'hash': message => lookup('settings_alias', Hash) }
notify { 'integer': message => lookup('count_alias', Integer) }
notify { 'float': message => lookup('ratio_alias', Float) }
notify { 'boolean': message => lookup('enabled_alias', Boolean) }
notify { 'undef': message => type(lookup('nothing_alias')) }
notify { 'missing': message => lookup('missing_alias', String) }
notify { 'chained': message => lookup('chained', Array) }
notify { 'padded': message => lookup('padded', Integer) }
notify { 'lookup is a string': message => lookup('count_string', String) }
notify { 'hiera is a string': message => lookup('servers_string', String) }
notify { 'nested': message => lookup('inside') }
