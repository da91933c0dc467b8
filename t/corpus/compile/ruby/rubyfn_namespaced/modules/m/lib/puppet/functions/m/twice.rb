Puppet::Functions.create_function(:'m::twice') do
  dispatch :twice do
    param 'Integer', :n
  end
  def twice(n)
    n * 2
  end
end
