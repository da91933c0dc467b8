Puppet::Functions.create_function(:'m::boom') do
  def boom(x)
    raise Puppet::Error, 'a puppet error'
  end
end
