Puppet::Functions.create_function(:'m::arity') do
  dispatch :none do
  end
  dispatch :one do
    param 'Any', :a
  end
  dispatch :two do
    param 'Any', :a
    param 'Any', :b
  end
  dispatch :many do
    param 'Any', :a
    param 'Any', :b
    repeated_param 'Any', :rest
  end
  def none; 'none'; end
  def one(a); "one #{a}"; end
  def two(a, b); "two #{a} #{b}"; end
  def many(a, b, *rest); "many #{rest.size}"; end
end
