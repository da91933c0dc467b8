notify { 'b_true': message => bool2str(true) }
notify { 'b_false': message => bool2str(false) }
notify { 'b_no': message => bool2str(false, 'yes', 'no') }
notify { 'b_yes': message => bool2str(true, 'yes', 'no') }
notify { 'b_method': message => true.bool2str('on', 'off') }
notify { 'b_undef_string': message => bool2str(true, undef, 'n') }
