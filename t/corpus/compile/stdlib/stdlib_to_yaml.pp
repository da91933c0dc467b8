notify { 'y_hash': message => to_yaml({'a' => [1, 2.5, true, undef, 'x"y'], 'b' => {}, 'c' => [], 'd' => "multi\nline", 'e' => '', 'f' => 'yes', 'g' => '123', 'h' => 'a: b', 'i' => ' lead', 'j' => '~', 'k' => 'null', 'l' => 'é'}) }
notify { 'y_string': message => to_yaml('str') }
notify { 'y_undef': message => to_yaml(undef) }
notify { 'y_nested': message => to_yaml([[1, [2]], {'x' => {'y' => 1}}, [], {}]) }
notify { 'y_float': message => to_yaml(1.0) }
notify { 'y_bool': message => to_yaml(true) }
notify { 'y_scalars': message => to_yaml({'b' => "y\n", 'c' => "\n", 'd' => "a\n\nb\n", 'e' => 'y', 'f' => 'n', 'g' => 'Yes', 'h' => '2001-12-14t21:59:43.10-05:00', 'i' => '2002-12-14', 'j' => ':sym', 'k' => '1_000', 'l' => '0o17', 'm' => '0x1F', 'n' => '1e3', 'o' => '.5', 'p' => '-.inf', 'q' => '12:30', 'r' => '<<', 's' => '@x', 't' => '- a', 'u' => 'a #b', 'v' => "tab\there", 'w' => 'trailing ', 'x' => '09', 'y' => '"q"', 'z' => "it's"}) }
notify { 'y_more': message => to_yaml(['1,000', '+1', '-', '1.', '0b101', '2023-02-30', 'null', 'NULL', 'Off', 'on', 'TRUE', '~', '=', '!x', '&a', '*a', '%a', '?', '? x', 'a: ', ': a', '[a]', '{a}', 'a,b', "\u00a0x", 'x:y', 'x: y', '-1', '1:2:3', '1.5:3', 1e20, -0.0]) }
notify { 'y_long': message => to_yaml('xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx yyyyy') }
# options: Psych's indentation, line_width, canonical, header
notify { 'y_width': message => to_yaml({'a' => 'x y x y x y x y x y x y x y x y x y x y x y x y x y x y x y x y x y x y x y x y x y '}, {'line_width' => 20}) }
notify { 'y_indent': message => to_yaml([1, [2, 3], {'a' => [4]}], {'indentation' => 4}) }
notify { 'y_canonical': message => to_yaml({'a' => 1}, {'canonical' => true}) }
notify { 'y_header': message => to_yaml({'a' => 1}, {'header' => true}) }
# the same array or hash twice: an anchor and an alias, as Psych writes Ruby objects
$a = [1]
$h = {'k' => 'v'}
$e = []
notify { 'y_alias': message => to_yaml([$a, $a, $h, {'x' => $h}, $e, $e, [], []]) }
notify { 'y_ruby': message => to_yaml([/ab/, default, Sensitive('x')]) }
