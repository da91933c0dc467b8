Puppet::Functions.create_function(:'m::caller') do
  dispatch :caller do
    param 'String', :s
  end
  def caller(s)
    up = call_function('upcase', s)
    pp = call_function('m::helper', s)
    pp3 = call_function('m::helper', s, 3)
    spr = call_function('sprintf', '%05.1f', 3.14159)
    mapped = call_function('map', [1, 2]) { |x| x * 10 }
    sum = call_function('reduce', [1, 2, 3]) { |a, b| a + b }
    [up, pp, pp3, spr, mapped, sum, call_function('versioncmp', '1.10', '1.9')]
  end
end
