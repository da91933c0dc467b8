$s = Sensitive.new('secret')
$t = Sensitive('x')
notify { 'unwrap': message => $s.unwrap }
notify { 'unwrap_fn': message => unwrap($t) }
notify { 'kept': message => $s }
notify { 'string': message => String($s) }
notify { 'interpolated': message => "${s}" }
notify { 'types': message => [$s =~ Sensitive, $s =~ Sensitive[String], Sensitive.new(1) =~ Sensitive[Integer], $s =~ String] }
notify { 'plain': message => 'plain'.unwrap }
