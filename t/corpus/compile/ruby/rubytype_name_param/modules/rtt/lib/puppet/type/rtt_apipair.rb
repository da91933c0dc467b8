require 'puppet/resource_api'

Puppet::ResourceApi.register_type(
  name: 'rtt_apipair',
  docs: 'Two namevars from the title.',
  title_patterns: [
    { pattern: %r{^(?<package>[^/]+)/(?<manager>.+)$}, desc: 'package/manager' },
    { pattern: %r{^(?<package>.*)$}, desc: 'just the package' },
  ],
  attributes: {
    ensure: { type: 'Enum[present, absent]', desc: 'Whether it exists.' },
    package: { type: 'String', desc: 'The package.', behaviour: :namevar },
    manager: { type: 'String', desc: 'The manager.', behaviour: :namevar, default: 'apt' },
    version: { type: 'Optional[String]', desc: 'A property.' },
  },
)
