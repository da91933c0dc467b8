Puppet::Functions.create_function(:'m::deep::name') do
  dispatch :nm do
  end
  def nm
    'm::deep::name here'
  end
end
