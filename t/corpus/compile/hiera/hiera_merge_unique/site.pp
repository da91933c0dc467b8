# unique: arrays flattened and joined, higher priority first, duplicates dropped
notify { 'packages': message => lookup('packages', Array, 'unique') }
notify { 'scalars': message => lookup('one', Data, 'unique') }
notify { 'one scalar': message => lookup('scalar', Any, 'unique') }
notify { 'one array': message => lookup('dups', Array, 'unique') }
notify { 'nested': message => lookup('nested_dups', Array, 'unique') }
notify { 'hash form': message => lookup('packages', Array, { 'strategy' => 'unique' }) }
notify { 'options hash': message => lookup('packages', { 'merge' => 'unique' }) }
# lookup_options make the class parameter's lookup unique across layers
include profile
