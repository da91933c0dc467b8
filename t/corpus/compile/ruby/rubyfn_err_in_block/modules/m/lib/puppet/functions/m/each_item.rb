Puppet::Functions.create_function(:'m::each_item') do
  dispatch :run do
    param 'Array', :items
    block_param
  end
  def run(items)
    items.map { |x| yield(x) }
  end
end
