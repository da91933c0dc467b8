Puppet::Functions.create_function(:'m::badret') do
  dispatch :impl do
    param 'Any', :x
    return_type 'String'
  end
  def impl(x)
    x
  end
end
