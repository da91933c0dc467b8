Puppet::Functions.create_function(:'m::kind') do
  dispatch :on_int do
    param 'Integer', :i
  end
  dispatch :on_str do
    param 'String[1]', :s
  end
  dispatch :on_array do
    param 'Array[Integer]', :a
  end
  dispatch :on_hash do
    param 'Hash[String, Any]', :h
  end
  dispatch :on_two do
    param 'Any', :x
    param 'Any', :y
  end
  dispatch :on_any do
    param 'Any', :x
  end
  def on_int(i); "int #{i + 1}"; end
  def on_str(s); "str #{s.upcase}"; end
  def on_array(a); "array of #{a.size}, sum #{a.sum}"; end
  def on_hash(h); "hash keys #{h.keys.join(',')}"; end
  def on_two(x, y); "two"; end
  def on_any(x); "any #{x.inspect}"; end
end
