module Puppet::Parser::Functions
  newfunction(:shout, :type => :rvalue, :arity => 1, :doc => 'Upcases and adds a bang.') do |args|
    args[0].to_s.upcase + '!'
  end
end
