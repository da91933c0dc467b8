$a = 5
$b = 3
$s = 'abc'
notify { "ge ${$a >= $b ? { true => 'yes', default => 'no' }}": }
notify { "plus ${$a + $b ? { 8 => 'eight', default => 'other' }}": }
notify { "eq ${$a == 5 ? { true => 't', default => 'f' }}": }
notify { "and ${true and $b ? { 3 => true, default => false }}": }
notify { "or ${false or $b ? { 3 => true, default => false }}": }
notify { "not ${!$a ? { false => 'negated first', default => 'selector first' }}": }
notify { "in ${'b' in $s ? { true => 'in first', default => 'selector first' }}": }
notify { "match ${$s =~ /b/ ? { true => 'match first', default => 'selector first' }}": }
notify { "uminus ${-$b ? { -3 => 'minus first', default => 'selector first' }}": }
notify { "index ${[1, 2][0] ? { 1 => 'index first', default => 'selector first' }}": }
notify { "times ${$a * 2 ? { 10 => 'times first', default => 'selector first' }}": }
$c = $b ? { 3 => 'three', default => 'other' }
notify { "assign ${c}": }
