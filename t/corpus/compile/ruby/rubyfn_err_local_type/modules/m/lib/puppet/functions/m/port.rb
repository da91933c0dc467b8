Puppet::Functions.create_function(:'m::port') do
  local_types do
    type 'Port = Integer[1, 65535]'
    type 'Host = Pattern[/\A[a-z0-9.-]+\z/]'
    type 'Endpoint = Struct[{ host => Host, port => Port }]'
  end
  dispatch :from_hash do
    param 'Endpoint', :ep
  end
  dispatch :from_parts do
    param 'Host', :host
    param 'Port', :port
  end
  def from_hash(ep)
    "#{ep['host']}:#{ep['port']}"
  end
  def from_parts(host, port)
    "#{host}:#{port}"
  end
end
