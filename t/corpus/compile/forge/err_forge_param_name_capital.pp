class c($Foo = 'a', $ok = 'b') { }
include c
