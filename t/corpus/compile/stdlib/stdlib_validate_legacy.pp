# validate_legacy(Type, 'validate_fn', value, args...): the type decides; the
# old function only changes how a mismatch is reported
validate_legacy(Hash, 'validate_hash', {'a' => 1})
validate_legacy(Boolean, 'validate_bool', true)
validate_legacy(String, 'validate_string', 'x')
validate_legacy(Optional[String], 'validate_string', undef)
validate_legacy(Array[String], 'validate_array', ['a'])
validate_legacy(Stdlib::Compat::Absolute_path, 'validate_absolute_path', '/etc')
validate_legacy(Stdlib::Absolutepath, 'validate_absolute_path', '/etc')
validate_legacy(Pattern[/^a/], 'validate_re', 'abc', '^a')
validate_legacy(Integer, 'validate_integer', 3)
validate_legacy(Integer[1, 10], 'validate_integer', 5, 10, 1)
validate_legacy('Optional[Hash]', 'validate_hash', undef)
validate_legacy('Array[Variant[Integer, Enum["a"]]]', 'validate_array', [1, 'a'])
# accepted by the type although the old function rejects it: a notice
validate_legacy(Integer, 'validate_string', 4)
# rejected by the type but accepted by the old function: a deprecation only
validate_legacy(Integer, 'validate_string', 'abc')
validate_legacy(Boolean, 'validate_re', 'true', '^(true|false)$')
validate_legacy('Array[Integer]', 'validate_array', [1, 'two'])
validate_legacy(Struct[{a => Integer, b => String}], 'validate_hash', {a => 'x', c => 1})
validate_legacy(Integer, 'validate_numeric', '12')
validate_legacy(String[1, 3], 'validate_slength', 'abcdef', 10)
validate_legacy(Stdlib::Compat::Ip_address, 'validate_ip_address', '10.0.0.1')
validate_legacy(Stdlib::IP::Address, 'validate_ipv4_address', '10.0.0.1')
validate_legacy(Stdlib::IP::Address::V6, 'validate_ipv6_address', '::1')
$r = validate_legacy(Any, 'validate_hash', {})
notify { 'result': message => [$r] }
notify { 'method': message => String.validate_legacy('validate_string', 'y') }
