# a type alias prints as its name; Puppet's own aliases with their spelling;
# a Struct key whose value type takes undef through an alias prints plain
type Maybe = Optional[String]
type Count = Integer[0]
notify { 'alias': message => "${Count}" }
notify { 'alias_in': message => "${Array[Count]}" }
notify { 'struct': message => "${Struct[{a => Maybe, Optional[b] => Maybe, c => Count, NotUndef[d] => Maybe}]}" }
notify { 'builtin': message => "${[Data, RichData, RichDataKey, Puppet::LookupKey, Puppet::LookupValue]}" }
notify { 'scalar_data': message => "${ScalarData}" }
