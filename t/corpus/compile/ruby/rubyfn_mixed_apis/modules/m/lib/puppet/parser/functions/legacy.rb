module Puppet::Parser::Functions
  newfunction(:legacy, :type => :rvalue) do |args|
    "legacy(#{args.map(&:inspect).join(', ')})"
  end
end
