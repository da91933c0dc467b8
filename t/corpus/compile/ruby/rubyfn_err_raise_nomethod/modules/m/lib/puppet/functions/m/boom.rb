Puppet::Functions.create_function(:'m::boom') do
  def boom(x)
    nil.frobnicate(x)
  end
end
