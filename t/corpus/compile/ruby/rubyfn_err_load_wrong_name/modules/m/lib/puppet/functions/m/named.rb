Puppet::Functions.create_function(:'m::other_name') do
  def other_name
    1
  end
end
