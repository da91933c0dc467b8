# Neither a name parameter nor a namevar: no title can match.
Puppet::Type.newtype(:rtt_nokey) do
  newproperty(:value)
end
