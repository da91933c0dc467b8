Puppet::Functions.create_function(:'m::boom') do
  def boom(x)
    raise ArgumentError, 'm::boom(): wants something else'
  end
end
