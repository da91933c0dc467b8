Puppet::Type.newtype(:rtype) do
  newparam(:name, :namevar => true)
end
