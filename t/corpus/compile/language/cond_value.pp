$v = if true { 'yes' } else { 'no' }
$u = unless true { 'x' }
notify { 'a': message => $v }
notify { 'b': message => "[${u}]" }
