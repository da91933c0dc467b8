Puppet::Functions.create_function(:'m::multi') do
  dispatch :int do
    param 'Integer[0]', :count
  end
  dispatch :str do
    param 'Enum[small, large]', :size
    param 'Boolean', :flag
  end
  def int(count); count; end
  def str(size, flag); size; end
end
