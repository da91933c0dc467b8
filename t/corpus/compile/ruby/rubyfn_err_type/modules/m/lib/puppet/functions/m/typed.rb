Puppet::Functions.create_function(:'m::typed') do
  dispatch :one do
    param 'String', :name
    optional_param 'Hash[String, Integer]', :opts
  end
  def one(name, opts = {})
    "#{name} #{opts.size}"
  end
end
