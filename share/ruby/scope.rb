# scope.rb - Puppet::Parser::Scope for Ruby code: the scope a template or a
# function was called from, backed by the compiler's own scope through the
# C callbacks (variables, functions, logging).

module MComp
  # Puppet 7's functions in the 3.x API (scope.function_NAME works), and
  # those it has in the 4.x API only (scope.function_NAME raises).
  FUNCTIONS_3X = %w[
    contain create_resources debug digest info notice warning err alert emerg crit fail file
    fqdn_rand generate include inline_template md5 realize require scanf sha1 sha256 shellquote
    sprintf tag tagged template versioncmp
  ].to_h { |n| [n, true] }
  FUNCTIONS_4X_ONLY = %w[
    assert_type binary_file break defined dig each epp filter find_file hiera hiera_array
    hiera_hash hiera_include inline_epp lest lookup map match new next reduce regsubst return
    reverse_each slice split step strftime then type with
  ].to_h { |n| [n, true] }
end

class Puppet::Parser::Scope
  BUILT_IN_VARS = %w[module_name caller_module_name].freeze

  # Made by the C side only (rby_scope_object).
  private_class_method :new

  # The value of variable name ('x', 'cls::x', '::x'); nil when undef or
  # unknown (unknown ones warn once, as Puppet's strict=warning does).
  def lookupvar(name, options = {})
    unless name.is_a?(String)
      raise Puppet::ParseError, "Scope variable name #{name.inspect} is a #{name.class}, not a string"
    end
    found, value = MComp.lookupvar(self, name)
    return value if found
    return nil if BUILT_IN_VARS.include?(name) || name =~ /\A(::)?\d+\z/
    Puppet.warn_once('undefined_variables', "Variable: #{name}", "Undefined variable '#{name}'; ")
    nil
  end

  # Sets variable name here, as Puppet's Scope#setvar: the variable holds
  # value itself (a later lookupvar gives the same object).
  def setvar(name, value, options = {})
    if name =~ /\A[0-9]+\z/
      raise Puppet::ParseError, "Cannot assign to a numeric match result variable '$#{name}'"
    end
    unless name.is_a?(String)
      raise Puppet::ParseError, "Scope variable name #{name.inspect} is a #{name.class}, not a string"
    end
    if %w[trusted facts server_facts].include?(name) && !options[:privileged]
      raise Puppet::ParseError, "Attempt to assign to a reserved variable name: '#{name}'"
    end
    raise Puppet::ParseError, "Cannot reassign variable '$#{name}'" unless MComp.setvar(self, name, value)
    value
  end

  def []=(name, value, _ = nil)
    setvar(name, value)
  end

  def [](name, options = {})
    lookupvar(name, options)
  end

  # Whether name is set to something other than undef.
  def include?(name)
    found, value = MComp.lookupvar(self, name.to_s)
    found && !value.nil?
  end

  def exist?(name)
    MComp.lookupvar(self, name.to_s)[0]
  end

  # Every variable visible here (enclosing scopes first), undef ones left out.
  def to_hash(recursive = true, include_undef = false)
    MComp.scope_vars(self)
  end

  # A Puppet function by name, with args (an Array) as Puppet values.
  def call_function(name, args, &block)
    MComp.call_function(self, name.to_s, args, &block)
  rescue MComp::CompileError => e
    # Puppet's external_call_function words an unknown name its own way
    raise e unless e.message == "Unknown function: '#{name}'."
    raise MComp::CompileError, "Unknown function '#{name}'"
  end

  # function_NAME([args]): the 3.x calling convention.  Only 3.x functions
  # answer it (Puppet's own below; a module's 3.x functions are added to
  # MComp::FUNCTIONS_3X by whoever loads them); a function Puppet 7 has in
  # the 4.x API only says so, any other name is an undefined method.
  def method_missing(method, *args, &block)
    name = method.to_s[/\Afunction_(.+)\z/, 1]
    return super unless name
    if MComp::FUNCTIONS_4X_ONLY.include?(name)
      raise Puppet::ParseError, "#{name}() can only be called using the 4.x function API. See Scope#call_function"
    end
    return super unless MComp::FUNCTIONS_3X.include?(name)
    unless args.length == 1 && args[0].is_a?(Array)
      raise ArgumentError, 'custom functions must be called with a single array that contains the arguments. For example, function_example([1]) instead of function_example(1)'
    end
    MComp.call_function(self, name, args[0])
  end

  def respond_to_missing?(method, include_private = false)
    name = method.to_s[/\Afunction_(.+)\z/, 1]
    (name && (MComp::FUNCTIONS_3X.include?(name) || MComp::FUNCTIONS_4X_ONLY.include?(name))) || super
  end

  def to_s
    "Scope(#{MComp.scope_label(self)})"
  end
  alias inspect to_s

  %w[debug info notice warning err alert emerg crit].each do |level|
    define_method(level) { |msg| MComp.log(self, level, msg.to_s) }
  end
end
