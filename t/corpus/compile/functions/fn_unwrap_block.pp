# unwrap with a block yields the unwrapped value; Sensitive.new of a
# Sensitive does not wrap it twice
$t = Sensitive('x')
notify { 'block': message => $t.unwrap |$v| { "${v}!" } }
notify { 'rewrap': message => Sensitive.new(Sensitive('y')).unwrap }
