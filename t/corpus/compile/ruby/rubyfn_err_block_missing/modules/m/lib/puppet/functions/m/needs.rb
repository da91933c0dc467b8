Puppet::Functions.create_function(:'m::needs') do
  dispatch :needs do
    param 'Integer', :n
    block_param
  end
  def needs(n)
    yield(n)
  end
end
