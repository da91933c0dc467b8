# sensitive_letter
$x = String(Sensitive(1), '%y')
notify { "x": message => $x }
