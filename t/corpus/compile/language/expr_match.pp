$s = 'foo123bar'
if $s =~ /(\d+)(bar)/ {
  notify { 'm': message => "${1}-${2}-${0}" }
}
notify { 'nm': message => $s !~ /xyz/ }
notify { 'type': message => 1 =~ Integer }
notify { 'str_re': message => 'abc' =~ 'b' }
