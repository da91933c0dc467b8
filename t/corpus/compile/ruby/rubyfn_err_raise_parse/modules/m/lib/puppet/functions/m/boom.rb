Puppet::Functions.create_function(:'m::boom') do
  def boom(x)
    raise Puppet::ParseError, "bad value #{x}"
  end
end
