Puppet::Functions.create_function(:'m::dflt') do
  def dflt(a, b = 'B', *rest)
    "#{a} #{b} #{rest.inspect}"
  end
end
