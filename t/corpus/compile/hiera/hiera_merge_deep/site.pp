# deep: hashes merged recursively, arrays joined (lower priority first)
notify { 'deep': message => lookup('config', Hash, 'deep') }
notify { 'sorted': message => lookup('config', Hash, { 'strategy' => 'deep', 'sort_merged_arrays' => true }) }
notify { 'knockout': message => lookup('knock', Hash, { 'strategy' => 'deep', 'knockout_prefix' => '--' }) }
notify { 'hash arrays': message => lookup('hash_arrays', Array, { 'strategy' => 'deep', 'merge_hash_arrays' => true }) }
notify { 'arrays joined': message => lookup('hash_arrays', Array, 'deep') }
notify { 'numbers sorted': message => lookup('mixed', Array, { 'strategy' => 'deep', 'sort_merged_arrays' => true }) }
include profile
