['booleans', 'nulls', 'empty_value', 'integers', 'floats', 'strings', 'block', 'folded', 'keep',
 'strip', 'tagged', 'anchors', 'nested', 'unicode', 'duplicate'].each |$k| {
  notify { $k: message => lookup($k, Any, undef, 'missing') }
}
notify { 'types': message => lookup('integers').map |$v| { type($v, 'generalized') } }
notify { 'float types': message => lookup('floats').map |$v| { type($v, 'generalized') } }
notify { 'string types': message => lookup('strings').map |$v| { type($v, 'generalized') } }
