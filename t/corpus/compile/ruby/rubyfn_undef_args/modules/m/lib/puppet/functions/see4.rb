Puppet::Functions.create_function(:see4) do
  def see4(*args)
    args.inspect
  end
end
