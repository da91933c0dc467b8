module Puppet::Parser::Functions
  newfunction(:use_pair, :type => :rvalue) do |args|
    function_pair(['only one'])
  end
end
