Puppet::Functions.create_function(:'m::req_rep') do
  dispatch :sum do
    required_repeated_param 'Numeric', :n
  end
  def sum(*n)
    n.sum
  end
end
