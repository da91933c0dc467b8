Puppet::Functions.create_function(:'m::each_twice') do
  dispatch :run do
    param 'Array', :items
    block_param
  end
  def run(items)
    items.map { |x| yield(x) * 2 }
  end
end
