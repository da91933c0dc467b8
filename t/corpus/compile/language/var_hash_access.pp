$h = { 'k' => ['zero', 'one'], 'n' => { 'deep' => 'yes' } }
notify { 'a': message => $h['k'][1] }
notify { 'b': message => $h['n']['deep'] }
notify { 'c': message => $h['missing'] }
