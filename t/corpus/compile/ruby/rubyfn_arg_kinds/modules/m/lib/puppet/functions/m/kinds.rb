Puppet::Functions.create_function(:'m::kinds') do
  def kinds(*args)
    args.map do |a|
      case a
      when nil then 'nil'
      when :default then 'default'
      when Integer then "Integer #{a}"
      when Float then "Float #{a}"
      when true, false then "Boolean #{a}"
      when String then "String #{a.encoding} #{a.frozen?}"
      when Regexp then "Regexp #{a.source}"
      when Array then "Array #{a.size}"
      when Hash then "Hash #{a.keys.inspect}"
      when Puppet::Pops::Types::PSensitiveType::Sensitive then "Sensitive #{a.unwrap.size}"
      when Puppet::Pops::Types::PAnyType then "Type #{a}"
      else a.class.name
      end
    end
  end
end
