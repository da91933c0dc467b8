module Puppet::Parser::Functions
  newfunction(:pair, :type => :rvalue, :arity => 2) do |args|
    args.join('=')
  end
end
