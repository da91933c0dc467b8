# String(): less common paths of the converter
type Small = Integer[1, 3]
notify { 'alias': message => String(Small) }
notify { 'alias_arr': message => String([Small, Optional[Small]]) }
notify { 'disjunct_ranges': message => String(9, { Integer[5, 20] => '%x', Integer[0, 10] => '%o' }) }
notify { 'disjunct_ranges2': message => String(9, { Integer[0, 10] => '%o', Integer[5, 20] => '%x' }) }
notify { 'enum_vs_pattern': message => String('ab', { Pattern[/a/] => '%u', Enum['ab', 'cd'] => '%c' }) }
notify { 'string_vs_enum': message => String('cd', { String[2, 2] => '%u', Enum['ab', 'cd'] => '%c' }) }
notify { 'tuple_vs_array': message => String([1, 2], { Array[Integer] => '%(a', Tuple[Integer, Integer] => '%[a' }) }
notify { 'hash_vs_struct': message => String({'a' => 1}, { Hash[String, Integer] => '%(h', Struct[{a => Integer}] => '%[h' }) }
notify { 'elem_sf_merge': message => String([1, 'x', [2, 'y']], { Array => { string_formats => { String => '%u' }, format => '%a' } }) }
notify { 'elem_sf_nested_hash': message => String([{'k' => 'v'}], { Array => { format => '%a', string_formats => { String => '%#u' } } }) }
notify { 'rx_escapes': message => String([/\d+\s*/, /a\.b/, /[\/]/]) }
notify { 'rx_top': message => String(/\d+\s*\//) }
notify { 'rx_p_width': message => String(/ab/, '%8p') }
notify { 'sens_in_hash': message => String({'pw' => Sensitive('x')}) }
notify { 'sens_alt': message => String([Sensitive('x'), [1]], '%#a') }
notify { 'empty_str_p': message => String(['', ' ']) }
notify { 'deep_alt': message => String([[[1, [2]], 3], {'a' => {'b' => [4, {'c' => 5}]}}], '%#a') }
notify { 'hash_alt_width': message => String({'a' => [1, 2, 3], 'b' => 'x'}, { Hash => '%#h', Array => '%#3a' }) }
notify { 'bool_hex': message => String([true, false], { Array => { format => '%a', string_formats => { Boolean => '%#x' } } }) }
notify { 'undef_in_alt': message => String([undef, [undef]], { Array => { format => '%#a', string_formats => { Undef => '%n' } } }) }
notify { 'cap_ns': message => String(['x::', '::a', 'a:::b', 'ab::cd::', '', '::'], { Array => { format => '%a', string_formats => { String => '%C' } } }) }
notify { 'unicode_case': message => String(['ÄÖÜ straße', 'ÉCOLE', 'ñandú'], { Array => { format => '%a', string_formats => { String => '%d' } } }) }
notify { 'unicode_up': message => String('ñandú ÿ', '%u') }
notify { 'width_unicode': message => String('ñü', '%6s') }
notify { 'prec_unicode': message => String('ñüé', '%.2s') }
notify { 'int_float_fmt': message => String(7, '%08.3f') }
notify { 'huge_float_int': message => String(-1.0e300, '%x') }
notify { 'huge_float_oct': message => String(1.0e100, '%#o') }
notify { 'huge_float_bin': message => String(-3.0e20, '%B') }
notify { 'neg_zero': message => String(-0.0) }
