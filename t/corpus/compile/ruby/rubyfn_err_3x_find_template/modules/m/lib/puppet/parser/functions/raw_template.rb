# The text of templates, unrendered.
Puppet::Parser::Functions.newfunction(:raw_template, :type => :rvalue) do |args|
  args.map do |t|
    path = Puppet::Parser::Files.find_template(t, compiler.environment)
    raise Puppet::ParseError, "Could not find template '#{t}'" unless path
    File.read(path)
  end.join
end
