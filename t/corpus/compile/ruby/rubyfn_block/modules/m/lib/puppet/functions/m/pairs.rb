Puppet::Functions.create_function(:'m::pairs') do
  dispatch :pairs do
    param 'Hash', :h
    block_param 'Callable[2,2]', :b
  end
  def pairs(h)
    h.map { |k, v| yield(k, v) }
  end
end
