Puppet::Functions.create_function(:'m::sum') do
  dispatch :sum do
    required_repeated_param 'Integer', :values
  end
  def sum(*values)
    values.sum
  end
end
