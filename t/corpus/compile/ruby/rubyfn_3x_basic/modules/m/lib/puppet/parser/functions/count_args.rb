Puppet::Parser::Functions.newfunction(:count_args, :type => :rvalue) do |arguments|
  "#{arguments.size} args: #{arguments.join('|')}"
end
