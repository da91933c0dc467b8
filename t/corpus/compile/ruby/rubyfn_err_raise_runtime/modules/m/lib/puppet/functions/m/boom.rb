Puppet::Functions.create_function(:'m::boom') do
  def boom(x)
    raise "plain runtime error for #{x}"
  end
end
