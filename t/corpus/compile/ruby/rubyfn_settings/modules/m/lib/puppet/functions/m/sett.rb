Puppet::Functions.create_function(:'m::sett') do
  def sett
    [Puppet[:strict].inspect, Puppet[:environment], Puppet.settings[:strict_variables].inspect, Puppet.version.split('.')[0]]
  end
end
