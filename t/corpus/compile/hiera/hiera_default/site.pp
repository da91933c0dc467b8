# every signature of lookup(), and what happens when the data has nothing
notify { 'name': message => lookup('present') }
notify { 'name type': message => lookup('present', String) }
notify { 'name type merge': message => lookup('present', String, 'first') }
notify { 'default unused': message => lookup('present', String, 'first', 'the default') }
notify { 'default used': message => lookup('absent', String, 'first', 'the default') }
notify { 'undef type and merge': message => lookup('absent', undef, undef, 42) }
notify { 'undef default': message => String(lookup('absent', Optional[String], undef, undef)) }
notify { 'null in data': message => String(lookup('nothing')) }
notify { 'block': message => lookup('absent') |$key| { "block got ${key}" } }
notify { 'block typed': message => lookup('absent', String) |$key| { "typed block got ${key}" } }
notify { 'block unused': message => lookup('present') |$key| { 'not called' } }
notify { 'names': message => lookup(['absent', 'second', 'present']) }
notify { 'names block': message => lookup(['absent', 'also_absent']) |$names| { $names } }
notify { 'options default': message => lookup('absent', { 'default_value' => 'from options' }) }
notify { 'options undef default': message => String(lookup('absent', { 'default_value' => undef })) }
notify { 'options name': message => lookup({ 'name' => 'present', 'value_type' => String }) }
notify { 'options names': message => lookup({ 'name' => ['absent', 'second'] }) }
notify { 'options block': message => lookup({ 'name' => 'absent' }) |$k| { "options block ${k}" } }
notify { 'default values hash': message => lookup('absent', { 'default_values_hash' => { 'absent' => 'dvh' } }) }
notify { 'dvh loses to data': message => lookup('present', { 'default_values_hash' => { 'present' => 'dvh' } }) }
notify { 'override': message => lookup('present', { 'override' => { 'present' => 'overridden' } }) }
notify { 'override names': message => lookup(['absent', 'present'], { 'override' => { 'absent' => 'first name overridden' } }) }
