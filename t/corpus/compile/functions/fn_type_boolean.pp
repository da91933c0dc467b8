notify { "detailed ${type(false)}": }
notify { "generalized ${type(true, 'generalized')}": }
$t = type(true)
if true =~ $t { notify { 'true matches Boolean[true]': } }
if false =~ $t { notify { 'false matches Boolean[true]': } }
