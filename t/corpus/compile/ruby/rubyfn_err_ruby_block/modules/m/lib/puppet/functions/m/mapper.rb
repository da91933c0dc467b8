Puppet::Functions.create_function(:'m::mapper') do
  def mapper(items)
    call_function('map', items) { |x| raise ArgumentError, "cannot map #{x}" if x > 1; x }
  end
end
