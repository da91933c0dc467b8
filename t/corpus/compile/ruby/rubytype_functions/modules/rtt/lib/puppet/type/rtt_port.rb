# One key attribute (port); the title may also carry the protocol, and
# title_patterns turn both parts into values with lambdas.
Puppet::Type.newtype(:rtt_port) do
  newparam(:port) do
    isnamevar
  end

  newparam(:proto) do
    newvalues(:tcp, :udp)
    defaultto :tcp
  end

  newproperty(:service)

  def self.title_patterns
    to_int = ->(text) { Integer(text) }
    [
      [%r{\A(\d+)/(tcp|udp)\z}, [[:port, to_int], [:proto, ->(text) { text.to_sym }]]],
      [/\A(\d+)\z/, [[:port, to_int]]],
      [/(.*)/m, [[:port]]],
    ]
  end
end
