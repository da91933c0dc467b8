Puppet::Type.newtype(:rt_path) do
  newparam(:path) do
    isnamevar
  end
  newproperty(:owner)
end
