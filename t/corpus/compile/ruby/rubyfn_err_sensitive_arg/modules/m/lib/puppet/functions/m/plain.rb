Puppet::Functions.create_function(:'m::plain') do
  dispatch :plain do
    param 'String', :s
  end
  def plain(s)
    s
  end
end
