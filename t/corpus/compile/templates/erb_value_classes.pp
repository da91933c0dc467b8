# The Ruby classes of the values a template sees, as Puppet's
$s = Sensitive('x')
$values = {
  'sensitive' => $s, 'integer_type' => Integer[1, 5], 'string_type' => String, 'ref' => File['/x'],
  'resource_type' => File, 'class' => Class['x'], 'data' => Data, 'optional' => Optional[String],
  'sensitive_type' => Sensitive[String], 'type_type' => Type[Integer], 'variant' => Variant[Integer, String],
  'timestamp' => Timestamp('2020-01-02T03:04:05.000 UTC'), 'timespan' => Timespan(3600),
  'regexp' => /a.b/, 'default' => default, 'undef' => undef, 'integer' => 17, 'float' => 1.5,
  'array' => [1, 'two'], 'hash' => {'a' => 1},
}
$values.each |$k, $v| {
  notify { "class ${k}": message => inline_template('<%= @v.class.name %>') }
}
notify { 'to_s':
  message => inline_template('<%= @values.values_at("integer_type", "ref", "class", "timestamp", "timespan", "sensitive_type").map(&:to_s).join(" | ") %>'),
}
notify { 'kind of PAnyType':
  message => inline_template('<%= @values.values_at("integer_type", "ref", "class", "data").map { |t| t.is_a?(Puppet::Pops::Types::PAnyType) }.inspect %>'),
}
