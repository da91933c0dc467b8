class e($fooBar) { notify { 'e': message => $fooBar } }
class { 'e': foobar => 'lower given' }
