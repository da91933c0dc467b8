Puppet::Functions.create_function(:'m::inner') do
  def inner(x)
    "inner(#{x})"
  end
end
