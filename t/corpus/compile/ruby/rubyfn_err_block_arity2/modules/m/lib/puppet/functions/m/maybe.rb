Puppet::Functions.create_function(:'m::maybe') do
  dispatch :maybe do
    param 'String', :s
    optional_block_param 'Callable[1,1]', :blk
  end
  def maybe(s, &blk)
    blk ? blk.call(s) : "no block for #{s}"
  end
end
