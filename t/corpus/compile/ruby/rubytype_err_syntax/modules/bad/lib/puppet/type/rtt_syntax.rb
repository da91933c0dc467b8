Puppet::Type.newtype(:rtt_syntax) do
  newparam(:name, namevar: true
end
