module Puppet::Parser::Functions
  newfunction(:see3, :type => :rvalue) do |args|
    args.inspect
  end
end
