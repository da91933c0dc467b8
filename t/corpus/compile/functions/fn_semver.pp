$v = SemVer('1.2.3-rc.1+b5')
$w = SemVer.new(1, 2, 3)
notify { 'v': message => $v }
notify { 'w': message => $w }
notify { 'interp': message => "${v} ${w} ${SemVer('0.0.1')}" }
notify { 'args5': message => SemVer(1, 0, 0, 'alpha.1', 'build.7') }
notify { 'args4': message => SemVer(2, 0, 0, 'beta') }
notify { 'hash': message => SemVer({major => 3, minor => 1, patch => 4, prerelease => 'x', build => 'y'}) }
notify { 'hash2': message => SemVer({major => 3, minor => 1, patch => 4}) }
notify { 'type': message => String(type($v)) }
notify { 'type_w': message => String(type($w)) }
notify { 'gt': message => [$v > $w, $v < $w, $v == $w, $v != $w, $v >= $v, $v <= $w] }
notify { 'eq_build': message => [SemVer('1.0.0+a') == SemVer('1.0.0+b'), SemVer('1.0.0') == SemVer('1.0.0')] }
notify { 'order': message => sort([SemVer('1.10.0'), SemVer('1.2.0'), SemVer('1.2.0-alpha'), SemVer('1.2.0-alpha.1'), SemVer('1.2.0-alpha.beta'), SemVer('1.2.0-1'), SemVer('0.9.9')]) }
notify { 'cmp': message => [compare(SemVer('1.0.0'), SemVer('2.0.0')), compare(SemVer('2.0.0'), SemVer('1.0.0')), compare(SemVer('1.0.0'), SemVer('1.0.0'))] }
notify { 'max': message => [max(SemVer('1.0.0'), SemVer('1.5.0')), min(SemVer('1.0.0'), SemVer('1.5.0'))] }
notify { 'str': message => [String($v), String($v, '%p'), String($v, '%s'), String($v, '%10s')] }
notify { 'is': message => [$v =~ SemVer, $v =~ Scalar, $v =~ RichData, $v =~ Data, '1.0.0' =~ SemVer, $v =~ SemVer['>=1.0.0'], $w =~ SemVer['>=1.0.0'], $w =~ SemVer['>=1.0.0 <1.2.3'], $w =~ SemVer['1.x', '2.x'], $w =~ SemVer['>=2']] }
notify { 'in_array': message => [$w in [SemVer('1.2.3')], SemVer('1.2.3') in [$w]] }
notify { 'hash_key': message => {$w => 'a'}[SemVer('1.2.3')] }
notify { 'case': message => case $w { SemVer['>=2']: { 'two' } SemVer['1.x']: { 'one' } default: { 'none' } } }
notify { 'sel': message => $w ? { SemVer('1.2.3') => 'same', default => 'other' } }
notify { 'unique': message => unique([SemVer('1.0.0'), SemVer('1.0.0'), SemVer('2.0.0')]) }
notify { 'newline': message => SemVer("1.0.0\n") }
notify { 'assert': message => assert_type(SemVer, $w) }
notify { 'json': message => [$v, {k => $w}] }
