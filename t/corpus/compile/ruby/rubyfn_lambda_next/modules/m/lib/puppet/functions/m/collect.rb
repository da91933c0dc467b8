Puppet::Functions.create_function(:'m::collect') do
  dispatch :run do
    param 'Array', :items
    block_param 'Callable[1,1]', :b
  end
  def run(items, &b)
    items.map(&b)
  end
end
