$r = SemVerRange('>=1.0 <2.0')
notify { 'r': message => $r }
notify { 'interp': message => "${r}" }
$cases = ['1.x', '1.2.x', '*', '~1.2', '~1.2.3', '~> 1.2', '^1.2.3', '^0.2.3', '^0.0.3', '^1', '>1', '>1.2', '>1.2.3', '<1', '<=1', '<=1.2', '<=1.2.3', '1.2.3', '=1.2.3', '1.0 - 2.0', '1.0.0 - 2.0.0', '>=1.0.0 <2.0.0 || >=3.0.0', '1.x || 2.x', '1.x || 1.2.x', '1.0.0 || 1.0.1', '<1.0.0 || >=1.0.0', '>= 1.0', '>=v1.0', 'x', 'X.x', '>=1.2.3-rc.1', '>1.0.0 <1.0.0', '1.2.3+build', '~1', '^0', '^0.0', '>=1.0 <=1.0', '>*', '1.0.0-beta - 2.0.0-rc']
$cases.each |$c| {
  $x = SemVerRange($c)
  notify { "range ${c}": message => [String($x), String($x, '%p'), String(type($x))] }
}
$vers = ['0.9.0', '1.0.0', '1.5.0', '1.5.0-rc.1', '1.2.3-rc.1', '1.2.3-rc.2', '2.0.0', '2.0.0-rc', '3.1.0', '1.2.3', '1.2.4', '1.2.3+b', '0.2.5', '0.0.3']
['>=1.0 <2.0', '1.x', '~1.2', '^1.2.3-rc.1', '>=1.2.3-rc.1', '1.2.3 - 2.0.0-rc', '*', '>=1.2.3-rc.1 <1.3', '^0.2.3', '^0.0.3', '1.2.3', '>1.2.3 || <1.0'].each |$c| {
  $x = SemVerRange($c)
  notify { "in ${c}": message => $vers.map |$s| { [$s, SemVer($s) =~ $x, SemVer($s) in $x, $s =~ $x] } }
}
notify { 'between': message => [String(SemVerRange(SemVer('1.0.0'), SemVer('2.0.0'))), String(SemVerRange(SemVer('1.0.0'), SemVer('2.0.0'), true)), String(SemVerRange(SemVer('1.0.0'), SemVer('2.0.0'), true), '%p')] }
notify { 'between_in': message => [SemVer('1.5.0') =~ SemVerRange(SemVer('1.0.0'), SemVer('2.0.0')), SemVer('2.0.0') =~ SemVerRange(SemVer('1.0.0'), SemVer('2.0.0'), true), SemVer('2.0.0') =~ SemVerRange(SemVer('1.0.0'), SemVer('2.0.0'))] }
notify { 'default_ends': message => [String(SemVerRange(default, SemVer('2.0.0')), '%p'), String(SemVerRange(SemVer('1.0.0'), default), '%p')] }
notify { 'hash': message => [String(SemVerRange({min => SemVer('1.0.0'), max => SemVer('1.5.0'), exclude_max => true}), '%p'), String(SemVerRange({min => SemVer('1.0.0')}), '%p')] }
notify { 'eq': message => [SemVerRange('1.x') == SemVerRange('>=1.0.0 <2.0.0'), SemVerRange('1.x') == SemVerRange('2.x')] }
notify { 'is': message => [$r =~ SemVerRange, $r =~ Scalar, $r =~ RichData, $r =~ Data, 'x' =~ SemVerRange] }
notify { 'json': message => [$r, {k => $r}] }
notify { 'case': message => case SemVer('1.4.0') { SemVerRange('2.x'): { 'two' } SemVerRange('1.x'): { 'one' } default: { 'none' } } }
