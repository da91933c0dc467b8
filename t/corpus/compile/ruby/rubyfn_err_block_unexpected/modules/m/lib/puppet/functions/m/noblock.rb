Puppet::Functions.create_function(:'m::noblock') do
  dispatch :nb do
    param 'Integer', :n
  end
  def nb(n)
    n
  end
end
