# A resource type written in Ruby, as modules ship them (lib/puppet/type).
Puppet::Type.newtype(:rt_thing) do
  @doc = 'A test type.'

  ensurable

  newparam(:name, namevar: true) do
    desc 'The name.'
  end

  newproperty(:value) do
    desc 'A value.'
  end

  newparam :flag do
    desc 'A flag.'
  end
end
