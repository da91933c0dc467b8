Puppet::Functions.create_function(:'m::size') do
  dispatch :size do
    param 'Variant[String, Array]', :value
  end
  argument_mismatch :wrong_kind do
    param 'Any', :value
  end
  def size(value)
    value.size
  end
  def wrong_kind(value)
    "expects a String or an Array, not #{value.class}"
  end
end
