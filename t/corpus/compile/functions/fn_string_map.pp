# String(v, { Type => format }): the most specific type wins, user formats merge with the defaults
$m = { Integer => '%x', Float => '%.1f', String => '%u', Boolean => '%y', Undef => '%u', Default => '%D' }
[255, 2.25, 'str', true, undef, default, [255, 'a'], /r/].each |$i, $v| {
  notify { "m ${i}": message => String($v, $m) }
}
notify { 'ranges': message => String(5, { Integer => '%x', Integer[0, 10] => '%o', Integer[4, 6] => '%b' }) }
notify { 'range_miss': message => String(50, { Integer => '%x', Integer[0, 10] => '%o' }) }
notify { 'numeric_over_float': message => String(2.5, { Numeric => '%x' }) }
notify { 'numeric_int': message => String(31, { Numeric => '%#o' }) }
notify { 'any': message => String(2.5, { Any => '%p' }) }
notify { 'any_int': message => String(10, { Any => '%x' }) }
notify { 'enum': message => String('b', { String => '%p', Enum['a', 'b'] => '%u' }) }
notify { 'pattern': message => String('abc', { Pattern[/^a/] => '%u', String => '%#p' }) }
notify { 'string_size': message => String('abc', { String[1, 2] => '%u', String[3] => '%c' }) }
notify { 'optional': message => String(undef, { Optional[Integer] => '%v' }) }
notify { 'variant': message => String(3, { Variant[String, Integer] => '%05d' }) }
notify { 'scalar': message => String('x', { Scalar => '%#p' }) }
notify { 'data_arr': message => String([1, 'x'], { Data => '%p' }) }
notify { 'type_t': message => String(Integer, { Type => '%#s' }) }
notify { 'regexp_t': message => String(/x/, { Regexp => '%p' }) }
notify { 'empty_map': message => String([1.5], {}) }
notify { 'hash_sep_default': message => String({'a' => 1}, { Hash => { format => '%h', separator2 => ': ' } }) }
notify { 'array_in_hash': message => String({'a' => [1, 2]}, { Array => { format => '%(a', separator => ' ' } }) }
notify { 'elem_more_specific': message => String([1, 20], { Array => { format => '%a', string_formats => { Integer => '%x', Integer[10, 30] => '%o' } } }) }
notify { 'multiline_fmt': message => String(7, "value:\n%05d") }
notify { 'multiline_fmt2': message => String(7, "%x\nend") }
notify { 'percent_lit': message => String(7, "%d\n100%%") }
