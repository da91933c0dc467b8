require 'puppet/resource_api'

Puppet::ResourceApi.register_type(
  name: 'rtt_api',
  docs: 'A type registered through the Resource API.',
  features: [],
  attributes: {
    ensure: { type: 'Enum[present, absent]', desc: 'Whether it exists.', default: 'present' },
    name: { type: 'String', desc: 'The name.', behaviour: :namevar },
    size: { type: 'Optional[Integer]', desc: 'A property.' },
    mode: { type: 'String', desc: 'A parameter.', behaviour: :parameter, default: 'fast' },
    uuid: { type: 'Optional[String]', desc: 'Read only.', behaviour: :read_only },
  },
)
