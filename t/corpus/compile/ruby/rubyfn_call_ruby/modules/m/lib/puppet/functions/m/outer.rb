Puppet::Functions.create_function(:'m::outer') do
  dispatch :outer do
    param 'Integer', :depth
  end
  def outer(depth)
    return call_function('m::inner', 'base') if depth == 0
    "outer#{depth}/" + call_function('m::outer', depth - 1)
  end
end
