Puppet::Functions.create_function(:'m::modern') do
  def modern(x)
    call_function('legacy', x, nil, [nil])
  end
end
