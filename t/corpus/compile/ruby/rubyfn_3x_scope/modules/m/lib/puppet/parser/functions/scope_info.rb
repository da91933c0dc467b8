module Puppet::Parser::Functions
  newfunction(:scope_info, :type => :rvalue) do |args|
    [
      lookupvar('local'),
      lookupvar('::top'),
      lookupvar('m::cvar'),
      lookupvar('facts')['os']['family'],
      lookupvar('osfamily'),
      self['local'],
      lookupvar('nosuchvar').inspect,
      function_shout2(['x']),
      function_sprintf(['%s-%s', 'a', 'b']),
      call_function('m::pp', ['z']),
    ]
  end
end
