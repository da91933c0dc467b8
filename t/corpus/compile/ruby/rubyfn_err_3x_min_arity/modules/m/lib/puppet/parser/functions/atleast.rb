module Puppet::Parser::Functions
  newfunction(:atleast, :type => :rvalue, :arity => -3) do |args|
    args.size
  end
end
