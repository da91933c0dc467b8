# sensitive_char
$x = String(Sensitive(1), '%c')
notify { "x": message => $x }
