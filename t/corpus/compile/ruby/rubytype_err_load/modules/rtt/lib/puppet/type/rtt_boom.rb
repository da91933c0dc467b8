Puppet::Type.newtype(:rtt_boom) do
  newparam(:name, namevar: true)
  raise ArgumentError, 'rtt_boom cannot load'
end
