Puppet::Functions.create_function(:'m::failing') do
  def failing(why)
    call_function('fail', "failing because #{why}")
  end
end
