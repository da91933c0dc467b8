module Puppet::Parser::Functions
  newfunction(:shout2, :type => :rvalue) do |args|
    args[0].upcase
  end
end
