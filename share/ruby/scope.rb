# scope.rb - Puppet::Parser::Scope for Ruby code: the scope a template or a
# function was called from, backed by the compiler's own scope through the
# C callbacks (variables, functions, logging).

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
  end

  # function_NAME([args]): the 3.x calling convention, where undef reaches
  # the function as '' and :undef comes back as nil.
  def method_missing(method, *args, &block)
    name = method.to_s[/\Afunction_(.+)\z/, 1]
    return super unless name
    unless args.length == 1 && args[0].is_a?(Array)
      raise ArgumentError, 'custom functions must be called with a single array that contains the arguments. For example, function_example([1]) instead of function_example(1)'
    end
    MComp.call_function(self, name, args[0].map { |a| a.nil? || a == :undef ? '' : a })
  end

  def respond_to_missing?(method, include_private = false)
    method.to_s.start_with?('function_') || super
  end

  def to_s
    "Scope(#{MComp.scope_label(self)})"
  end
  alias inspect to_s

  %w[debug info notice warning err alert emerg crit].each do |level|
    define_method(level) { |msg| MComp.log(self, level, msg.to_s) }
  end
end
