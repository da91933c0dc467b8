# types as resource attribute values, inside arrays and hashes, in join()
# and String(), and interpolated inside arrays and hashes
notify { 'plain': message => Integer[1, default] }
notify { 'array': message => [Enum[b, a], String[1], Float[2]] }
notify { 'hash': message => { 'k' => Struct[{a => Integer}], 'v' => Variant[String, String] } }
notify { 'join': message => join([Integer[1, 2], Enum[b, a], Pattern[/x/]], ',') }
notify { 'string': message => String(Integer[1, 2]) }
notify { 'in_array': message => "${[Integer[1], Enum['z', 'y']]}" }
notify { 'in_hash': message => "${{ a => Hash[String, Any, 1] }}" }
notify { 'variant': message => "${Variant[String, String]}" }
notify { 'enum': message => "${Enum[b, a]}" }
notify { 'default': message => "${Integer[1, default]}" }
