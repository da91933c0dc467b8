Puppet::Functions.create_function(:'m::opt') do
  dispatch :opt do
    param 'String', :a
    optional_param 'Integer', :b
    optional_param 'Optional[String]', :c
  end
  def opt(a, b = 10, c = 'dflt')
    "#{a} #{b} #{c.inspect}"
  end
end
