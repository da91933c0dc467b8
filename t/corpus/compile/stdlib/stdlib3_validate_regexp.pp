validate_re('a/b', [/a\/b/, 'x'])
validate_hash({'r' => /x/})
notify { 'ok': }
