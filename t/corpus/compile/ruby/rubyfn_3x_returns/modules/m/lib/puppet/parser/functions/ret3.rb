module Puppet::Parser::Functions
  newfunction(:ret3, :type => :rvalue) do |args|
    case args[0]
    when 'nil' then nil
    when 'undef' then :undef
    when 'sym' then :a_symbol
    when 'hash' then { 'b' => 1, 'a' => [nil, :undef] }
    when 'num' then 3
    end
  end
end
