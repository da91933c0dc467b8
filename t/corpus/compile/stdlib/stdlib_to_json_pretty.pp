$data = {'a' => 1, 'b' => [1, 'two', undef, 3.5, true], 'c' => {'d' => {}, 'e' => []}, 'f' => undef, 'g' => "é\"\n"}
notify { 'default': message => to_json_pretty($data) }
notify { 'skip_undef': message => to_json_pretty($data, true) }
notify { 'array_skip': message => to_json_pretty([1, undef, [undef]], true) }
notify { 'opts': message => to_json_pretty($data, false, {indent => "\t", space => '', space_before => ' ', object_nl => "\n", array_nl => ''}) }
notify { 'nesting': message => to_json_pretty([[[1]]], undef, {max_nesting => -1}) }
notify { 'empty': message => [to_json_pretty([]), to_json_pretty({})] }
notify { 'keys': message => to_json_pretty({1 => 'x', true => 'y'}) }
notify { 'types': message => to_json_pretty([Integer[1], default, /re/]) }
