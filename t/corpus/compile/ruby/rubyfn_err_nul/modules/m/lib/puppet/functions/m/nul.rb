Puppet::Functions.create_function(:'m::nul') do
  def nul()
    { 'k' => ['ok', "a\0b"] }
  end
end
