# pick: the first argument that is neither undef nor ''
notify { 'pick': message => pick(undef, '', 'a', 'b') }
notify { 'pick_false': message => pick(false, 'a') }
notify { 'pick_empty_array': message => pick([], 'a') }
notify { 'pick_zero': message => pick(0) }
notify { 'pick_ref': message => pick(File['/tmp/mcomp-corpus/x'], 'y') }
notify { 'pick_regexp': message => pick(/re/, 'y') }
notify { 'pick_nested_undef': message => pick([undef, 1]) }
# pick_default: the same, else the last argument (undef becomes '')
notify { 'pd_all_empty': message => pick_default(undef, '') }
notify { 'pd_undef': message => pick_default(undef) }
notify { 'pd': message => pick_default('', undef, 3) }
notify { 'pd_in_array': message => [pick_default(undef, undef)] }
notify { 'pd_hash': message => pick_default({}, 3) }
notify { 'pd_nested': message => pick_default([undef], 'd') }
$x = 'from var'
notify { 'method': message => $x.pick('y') }
