Puppet::Functions.create_function(:'m::calls') do
  def calls
    call_function('no_such_function', 1)
  end
end
