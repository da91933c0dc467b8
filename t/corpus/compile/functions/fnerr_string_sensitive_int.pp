# sensitive_int
$x = String(Sensitive(1), '%d')
notify { "x": message => $x }
