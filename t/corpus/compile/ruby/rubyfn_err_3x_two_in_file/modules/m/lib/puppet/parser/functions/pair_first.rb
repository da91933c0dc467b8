# Two functions in one file: the second is known once the file is loaded.
module Puppet::Parser::Functions
  newfunction(:pair_first, :type => :rvalue) do |args|
    args[0][0]
  end
  newfunction(:pair_second, :type => :rvalue) do |args|
    args[0][1]
  end
end
