$e = Error('boom')
$f = Error('m2', 'K', {a => [1, 'x'], b => undef}, 'C')
$g = Error({msg => 'h', issue_code => 'IC'})
notify { 'e': message => String($e) }
notify { 'type_e': message => String(type($e)) }
notify { 'attrs_e': message => [$e.message, $e.msg, $e.kind, $e.details, $e.issue_code] }
notify { 'f': message => [String($f), "${f}", String($f, '%p'), String($f, '%s')] }
notify { 'type_f': message => String(type($f)) }
notify { 'attrs_f': message => [$f.message, $f.kind, $f.details, $f.issue_code] }
notify { 'is': message => [$f =~ Error, $f =~ Error['K'], $f =~ Error['K', 'C'], $f =~ Error['X'], $f =~ Error[/K/, /C/], $e =~ Error['K'], $f =~ RichData, $f =~ Data, Error('q') =~ Error[default, undef], 'x' =~ Error] }
notify { 'g': message => [String($g), $g == Error({msg => 'h', issue_code => 'IC'}), $g == $e, $g != $e] }
notify { 'in_array': message => "${[$e, 1]}" }
notify { 'undef_details': message => String(Error('u', undef, undef, 'IC')) }
