module Puppet::Parser::Functions
  newfunction(:downcase, :type => :rvalue) do |args|
    'module 3x version'
  end
end
