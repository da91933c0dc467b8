module Puppet::Parser::Functions
  newfunction(:check3, :type => :statement) do |args|
    raise Puppet::ParseError, "check3(): #{args[0]} is not allowed"
  end
end
