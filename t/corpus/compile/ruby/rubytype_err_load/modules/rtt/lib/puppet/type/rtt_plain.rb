# No providers, so no provider parameter.
require 'puppet/parameter/boolean'
require 'puppet_x/rtt/checks'

Puppet::Type.newtype(:rtt_plain) do
  newparam(:name) do
    isnamevar
    validate do |value|
      raise ArgumentError, "bad name #{value}" unless PuppetX::Rtt::Checks.good_name?(value)
    end
  end

  newparam(:force, boolean: true, parent: Puppet::Parameter::Boolean) do
    defaultto false
  end

  newproperty(:content) do
    validate { |value| raise ArgumentError, 'content must not be empty' if value.to_s.empty? }
    munge { |value| "#{value}\n" }
  end

  newproperty(:members, array_matching: :all)

  validate do
    raise ArgumentError, 'never at compile time'
  end
end
