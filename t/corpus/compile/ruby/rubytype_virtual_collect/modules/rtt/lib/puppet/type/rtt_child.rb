require 'puppet/type/file/owner'

# A type that takes attributes of another module type.
Puppet::Type.newtype(:rtt_child) do
  ensurable do
    defaultvalues
    newvalue(:purged) { provider.purge }
    defaultto :present
  end

  newparam(:name, namevar: true)

  Puppet::Type.type(:rtt_plain).validproperties.each do |prop|
    newproperty(prop)
  end

  newparam(:owner, parent: Puppet::Type::File::Owner)
end
