# sensitive_float
$x = String(Sensitive(1), '%e')
notify { "x": message => $x }
