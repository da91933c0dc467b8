$a = lookup('no::such::key', undef, undef, 'fallback')
$b = lookup('no::such::key', { 'default_value' => 'from hash' })
notify { 'a': message => $a }
notify { 'b': message => $b }
