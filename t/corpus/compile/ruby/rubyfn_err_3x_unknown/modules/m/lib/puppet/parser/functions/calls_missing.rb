module Puppet::Parser::Functions
  newfunction(:calls_missing, :type => :rvalue) do |args|
    function_not_there(['x'])
  end
end
