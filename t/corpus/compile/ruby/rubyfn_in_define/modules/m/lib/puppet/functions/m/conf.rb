Puppet::Functions.create_function(:'m::conf') do
  dispatch :conf do
    param 'String[1]', :name
    param 'Hash[String, Scalar]', :settings
    return_type 'Hash[String, Hash]'
  end
  def conf(name, settings)
    settings.sort.each_with_object({}) do |(k, v), h|
      h["#{name}-#{k}"] = { 'message' => "#{k}=#{v}" }
    end
  end
end
