# A type with providers in lib/puppet/provider/rtt_svc/.
Puppet::Type.newtype(:rtt_svc) do
  feature :refreshable, 'The provider can restart the service.', methods: [:restart]
  feature :enableable, 'The provider can enable the service.'

  newparam(:name, namevar: true)

  newproperty(:enable, required_features: :enableable) do
    newvalues(:true, :false)
  end

  newproperty(:ensure) do
    newvalue(:running) { provider.start }
    newvalue(:stopped) { provider.stop }
    aliasvalue(:true, :running)
  end

  newparam(:hasrestart, boolean: true)

  autorequire(:rtt_plain) { [self[:name]] }
end
