class t(RichData $p = 'x') {}
class { 't': p => [1, { 'a' => { [1] => 2 } }] }
