module Puppet::Parser::Functions
  newfunction(:legacy_calls_modern, :type => :rvalue) do |args|
    function_legacy(['direct']) + ' / ' + call_function('m::modern', ['via scope'])
  end
end
