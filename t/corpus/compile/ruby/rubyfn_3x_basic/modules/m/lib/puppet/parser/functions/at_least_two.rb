module Puppet::Parser::Functions
  newfunction(:at_least_two, :type => :rvalue, :arity => -3) do |args|
    args.map(&:to_s).join('+')
  end
end
