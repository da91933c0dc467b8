Puppet::Functions.create_function(:'m::value') do
  dispatch :value do
    param 'String', :what
  end
  def value(what)
    case what
    when 'nil' then nil
    when 'int' then 42
    when 'big' then 2**40
    when 'float' then 1.5
    when 'true' then true
    when 'false' then false
    when 'str' then 'text'
    when 'sym' then :default
    when 'array' then [1, 'two', nil, [3.0]]
    when 'hash' then { 'z' => 1, 'a' => [true, nil], 'm' => { 'n' => 'o' } }
    when 'intkeys' then { 1 => 'one', 2 => 'two' }
    when 'sensitive' then Puppet::Pops::Types::PSensitiveType::Sensitive.new('s3cret')
    when 'empty' then []
    end
  end
end
