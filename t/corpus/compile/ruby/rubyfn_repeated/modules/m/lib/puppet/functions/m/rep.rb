Puppet::Functions.create_function(:'m::rep') do
  dispatch :rep do
    param 'String', :sep
    repeated_param 'Variant[String, Integer]', :items
  end
  def rep(sep, *items)
    "[#{items.map(&:to_s).join(sep)}] #{items.size}"
  end
end
