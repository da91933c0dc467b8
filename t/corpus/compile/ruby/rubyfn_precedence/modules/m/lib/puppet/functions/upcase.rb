# Named like a function Puppet has: Puppet's own wins.
Puppet::Functions.create_function(:upcase) do
  def upcase(x)
    'module version'
  end
end
