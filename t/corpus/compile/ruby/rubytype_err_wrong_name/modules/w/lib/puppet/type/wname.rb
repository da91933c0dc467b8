# This file is named wname.rb but defines another type.
Puppet::Type.newtype(:wother) do
  newparam(:name, namevar: true)
end
