# functions.rb - functions that modules write in Ruby, in both of Puppet's
# APIs: 4.x (lib/puppet/functions/**/*.rb, Puppet::Functions.create_function
# with dispatch, param, block_param, return_type, local_types) and 3.x
# (lib/puppet/parser/functions/*.rb, Puppet::Parser::Functions.newfunction).
#
# The one idea: Ruby only records and runs.  Loading a file records each
# function's signatures as type strings; the C side (compiler/ruby/rbfunc.c)
# parses them with the compiler's own type system, picks the dispatch that
# accepts the arguments (or words Puppet's mismatch message), then asks
# Ruby to run the chosen method.  Calls back into Puppet (call_function,
# blocks, scopes) go through the callbacks of module MComp.
#
# Start-up pays only for the few hooks below; the rest of the layer is a
# string that MComp.load_functions_layer evaluates the first time a
# function written in Ruby is looked up (rbfunc.c).

# Puppet has OpenSSL loaded when module code runs (core.rb loads the other
# common libraries on first use the same way).
Object.autoload(:OpenSSL, 'openssl')

# require of Puppet's own files is a no-op (this layer is what they would
# load); puppet_x/... and other files of the modules' lib directories load
# from the module path.
module MComp
  PUPPET_FEATURE_PATHS = %r{\A(puppet|puppet/.*|hiera|hiera/.*|facter|semantic_puppet.*|puppet_pal|r10k.*)\z}.freeze
end

module Kernel
  alias mcomp_original_require require

  def require(path)
    p = path.to_s.sub(/\.rb\z/, '')
    unless p.start_with?('/', '.')
      file = MComp.module_lib_file(p) if p.include?('/')
      if file
        return false if $LOADED_FEATURES.include?(file)
        $LOADED_FEATURES << file
        Kernel.load(file, false)
        return true
      end
      return false if p =~ MComp::PUPPET_FEATURE_PATHS
    end
    mcomp_original_require(path)
  end
  private :require
end

# scope.function_NAME([...]) reaches a module's 3.x function NAME,
# loading it on demand; other names go on to scope.rb (Puppet's own 3.x
# functions) or are a NoMethodError as in Puppet.
module MComp
  module Legacy3
    def method_missing(method, *args, &block)
      name = method.to_s[/\Afunction_(.+)\z/, 1]
      if name && MComp.load3(name) && respond_to?(method)
        return send(method, *args, &block)
      end
      super
    end
  end
end
Puppet::Parser::Scope.prepend(MComp::Legacy3)

module MComp
  FUNCTIONS_LAYER_LINE = __LINE__ + 2
  FUNCTIONS_LAYER = <<~'RUBY'
  module MComp
    module Functions
      FUNCTIONS = {}       # name => 4.x function class
      INSTANCES = {}       # name => its instance (one per compile, as Puppet's loader keeps one)
      LEGACY = {}          # name => { arity:, type: } of a 3.x function

      # Loads the 4.x function name from path, as Puppet's loader does: the
      # file's value must be the function's class.
      # (code: the file's text, when the C side read it already)
      def self.load4(path, name, code = nil)
        code ||= File.read(path, encoding: 'UTF-8')
        unless code =~ /Puppet::Functions\.create_function/
          raise ArgumentError, "The code loaded from #{path} does not seem to be a Puppet 4x API function - no create_function call."
        end
        created = MComp.eval_cached(code, path, 1)
        unless created.is_a?(Class)
          raise ArgumentError, "The code loaded from #{path} did not produce a Function class when evaluated. Got '#{created.class}'"
        end
        unless created.name.to_s == name
          FUNCTIONS.delete(created.name.to_s)
          raise ArgumentError, "The code loaded from #{path} produced mis-matched name, expected '#{name}', got #{created.name}"
        end
        FUNCTIONS[name] = created
      end

      # Loads the 3.x function name from path, as Puppet's loader does: the
      # file's value must be what its newfunction call for name returned
      # (unless a file loaded before defined name already).
      def self.load3(path, name, code = nil)
        return if LEGACY[name]
        path = File.expand_path(path)
        code ||= File.read(path, encoding: 'UTF-8')
        unless code.include?('newfunction')
          raise ArgumentError, "The code loaded from #{path} does not seem to be a Puppet 3x API function - no 'newfunction' call."
        end
        info = MComp.eval_cached(code, path, 1)
        unless info.is_a?(Hash)
          raise ArgumentError, "Illegal legacy function definition! The code loaded from #{path} did not return the result of calling 'newfunction'. Got '#{info.class}'"
        end
        return if info[:name] == "function_#{name}"
        LEGACY.delete(info[:name].to_s.sub(/\Afunction_/, ''))
        raise ArgumentError, "The code loaded from #{path} produced mis-matched name, expected 'function_#{name}', got '#{info[:name]}'"
      end

      # The signatures of the 4.x function name, for the C side:
      # [local types, [[method, [type strings], [names], min, max (-1:
      #   unlimited), block type or nil, block name, block optional, return
      #   type or nil, argument_mismatch handler], ...], whether it overrides
      #   call(scope, *args)]
      def self.describe(name)
        klass = FUNCTIONS[name] or return nil
        [klass.local_type_strings, klass.dispatches.map(&:to_a), klass.overrides_call?]
      end

      # The arity and kind of the 3.x function name, or nil.
      def self.describe3(name)
        f = LEGACY[name] or return nil
        [f[:arity], f[:type].to_s]
      end

      def self.instance(name)
        INSTANCES[name] ||= FUNCTIONS.fetch(name).new(nil, nil)
      end

      # Runs method meth of the 4.x function name with args (and the block),
      # the strings frozen as Puppet's are; through the function's own
      # call(scope, *args) when it overrides that entry point.
      def self.call4(scope, name, meth, args, block)
        args = args.map { |a| frozen(a) }
        fn = instance(name)
        if fn.class.overrides_call?
          fn.call(scope, *args, &block)
        else
          fn.send(meth, *args, &block)
        end
      end

      def self.frozen(value)
        case value
        when String then value.frozen? ? value : value.dup.freeze
        when Array then value.map { |v| frozen(v) }
        when Hash then value.each_with_object({}) { |(k, v), h| h[frozen(k)] = frozen(v) }
        else value
        end
      end

      # Runs the 3.x function name from Puppet code: top-level undef reaches
      # it as '' and a regexp as its /source/ (Puppet's Runtime3Converter).
      def self.call3(scope, name, args)
        args = args.map do |a|
          case a
          when nil then ''
          when Regexp then "/#{a.source}/"
          else a
          end
        end
        r = scope.send("function_#{name}", args)
        LEGACY[name][:type] == :rvalue ? r : nil
      end

      # A Ruby block standing for the Puppet lambda that C knows as id.
      def self.block(id)
        proc { |*args| MComp.rbfn_yield(id, args) }
      end
    end
  end

  module Puppet::Functions
    # A 4.x function: a class whose dispatches say which method takes which
    # arguments.
    def self.create_function(func_name, function_base = Function, &block)
      name = func_name.to_s
      klass = Class.new(function_base)
      klass.instance_variable_set(:@func_name, name)
      klass.class_eval(&block) if block
      if klass.dispatches.empty?
        simple = name.split('::').last
        unless klass.method_defined?(simple)
          raise ArgumentError, "Function Creation Error, cannot create a default dispatcher for function '#{simple}', no method with this name found"
        end
        klass.default_dispatch(simple)
      end
      MComp::Functions::FUNCTIONS[name] = klass
      MComp::Functions::INSTANCES.delete(name)
      klass
    end

    # One dispatch: a method and the parameters it takes.
    class Dispatch
      attr_accessor :method_name, :types, :names, :min, :max, :block_type, :block_name, :block_optional, :return_type,
                    :mismatch_handler

      def initialize(method_name)
        @method_name = method_name.to_s
        @types = []
        @names = []
        @min = 0
        @max = 0
        @block_type = nil
        @block_name = nil
        @block_optional = false
        @return_type = nil
      end

      def to_a
        [@method_name, @types, @names, @min, @max == :default ? -1 : @max,
         @block_type, @block_name && @block_name.to_s, @block_optional, @return_type, !!@mismatch_handler]
      end
    end

    # What the block of `dispatch :m do ... end` is evaluated in.
    class DispatcherBuilder
      def initialize(dispatch)
        @d = dispatch
      end

      def param(type, name)
        add(type, name)
        raise ArgumentError, 'A required parameter cannot be added after an optional parameter' if @d.min != @d.max
        @d.min += 1
        @d.max += 1
      end
      alias required_param param

      def optional_param(type, name)
        add(type, name)
        @d.max += 1
      end

      def repeated_param(type, name)
        add(type, name)
        @d.max = :default
      end
      alias optional_repeated_param repeated_param

      def required_repeated_param(type, name)
        add(type, name)
        raise ArgumentError, 'A required repeated parameter cannot be added after an optional parameter' if @d.min != @d.max
        @d.min += 1
        @d.max = :default
      end

      def block_param(*type_and_name)
        type, name =
          case type_and_name.size
          when 0 then ['Callable', :block]
          when 1 then ['Callable', type_and_name[0]]
          when 2 then type_and_name
          else raise ArgumentError, "block_param accepts max 2 arguments (type, name), got #{type_and_name.size}."
          end
        raise ArgumentError, "Expected block_param name to be a Symbol, got #{name.class}" unless name.is_a?(Symbol)
        raise ArgumentError, 'Attempt to redefine block' if @d.block_type
        @d.block_type = type.to_s
        @d.block_name = name
      end
      alias required_block_param block_param

      def optional_block_param(*type_and_name)
        block_param(*type_and_name)
        @d.block_optional = true
      end

      def return_type(type)
        unless type.is_a?(String) || type.is_a?(Puppet::Pops::Types::PuppetType)
          raise ArgumentError, "Argument to 'return_type' must be a String reference to a Puppet Data Type. Got #{type.class}"
        end
        @d.return_type = type.to_s
      end

      private

      def add(type, name)
        raise ArgumentError, 'Parameters cannot be added after a block parameter' if @d.block_type
        raise ArgumentError, 'Parameters cannot be added after a repeated parameter' if @d.max == :default
        raise ArgumentError, "Parameter name argument must be a Symbol. Got #{name.class}" if name.is_a?(String)
        unless type.is_a?(String) || type.is_a?(Puppet::Pops::Types::PuppetType)
          raise ArgumentError, "Parameter 'type' must be a String reference to a Puppet Data Type. Got #{type.class}"
        end
        @d.types << type.to_s
        @d.names << name.to_s
      end
    end

    # local_types do type 'Name = T' end
    class LocalTypesBuilder
      attr_reader :types

      def initialize
        @types = []
      end

      def type(assignment)
        unless assignment =~ /\A\s*[A-Z]\w*(::[A-Z]\w*)*\s*=/
          raise ArgumentError, "Expected a type alias assignment on the form 'AliasType = T', got '#{assignment}'."
        end
        @types << assignment
      end
    end

    class Function
      class << self
        def name
          @func_name
        end

        def dispatches
          @dispatches ||= []
        end

        # Whether the function defines its own call(scope, *args).
        def overrides_call?
          @overrides_call = instance_method(:call).owner != Puppet::Functions::Function if @overrides_call.nil?
          @overrides_call
        end

        def local_type_strings
          @local_types ||= []
        end

        def dispatch(meth_name, &block)
          d = Dispatch.new(meth_name)
          DispatcherBuilder.new(d).instance_eval(&block) if block
          dispatches << d
        end

        # A dispatch whose method words the error for the arguments it
        # accepts (Puppet: "'f' " followed by what the method returns).
        def argument_mismatch(meth_name, &block)
          dispatch(meth_name, &block)
          dispatches.last.mismatch_handler = true
        end

        def local_types(&block)
          b = LocalTypesBuilder.new
          b.instance_eval(&block)
          local_type_strings.concat(b.types)
        end

        # The dispatch Puppet makes from the method's own parameters.
        def default_dispatch(meth)
          d = Dispatch.new(meth)
          instance_method(meth).parameters.each do |kind, pname|
            case kind
            when :req then d.min += 1; d.max += 1 unless d.max == :default
            when :opt then d.max += 1 unless d.max == :default
            when :rest then d.max = :default
            else next
            end
            d.types << 'Any'
            d.names << pname.to_s
          end
          dispatches << d
        end

        # What Puppet's dispatcher does, for functions that override call:
        # the first dispatch whose types accept args runs.
        def dispatcher
          @dispatcher ||= Dispatcher.new(self)
        end

        def signatures
          dispatches
        end
      end

      class Dispatcher
        def initialize(klass)
          @klass = klass
        end

        def dispatch(instance, _scope, args, &block)
          d = @klass.dispatches.find do |x|
            n = args.size
            next false if n < x.min || (x.max != :default && n > x.max)
            args.each_with_index.all? do |a, i|
              t = x.types[i < x.types.size ? i : x.types.size - 1]
              t == 'Any' || begin
                MComp.type_check(MComp.parse_type(t), a).nil?
              rescue StandardError
                false
              end
            end
          end
          raise ArgumentError, "'#{@klass.name}' was called with arguments it does not accept" unless d
          instance.send(d.method_name, *args, &block)
        end
      end

      def initialize(closure_scope = nil, loader = nil)
        @closure_scope = closure_scope
        @loader = loader
      end

      attr_reader :loader

      # Puppet's entry point: dispatch by type, then the chosen method.
      def call(scope, *args, &block)
        self.class.dispatcher.dispatch(self, scope, args, &block)
      end

      # The scope the function was defined in: the top scope.
      def closure_scope
        @closure_scope || MComp.top_scope
      end

      # Calls the Puppet function name (any kind: built in, Puppet language,
      # Ruby) as Puppet's Function#call_function does.
      def call_function(function_name, *args, &block)
        fname = function_name.to_s
        unless MComp.function_exists(fname)
          raise ArgumentError, "Function #{self.class.name}(): Unknown function: '#{fname}'"
        end
        closure_scope.call_function(fname, args, &block)
      end
    end

    class InternalFunction < Function
      def call_function_with_scope(scope, function_name, *args, &block)
        scope.call_function(function_name.to_s, args, &block)
      end
    end
  end

  # A 3.x function: newfunction(:name, :type => :rvalue, :arity => n) { |args| ... }
  # defines function_name on scopes; its body runs with the scope as self.
  module Puppet::Parser::Functions
    def self.newfunction(name, options = {}, &block)
      name = name.to_s
      ftype = options[:type] || :statement
      unless %i[rvalue statement].include?(ftype)
        raise Puppet::DevError, "Invalid statement type #{ftype.inspect}"
      end
      arity = options[:arity] || -1
      real = "real_function_#{name}"
      Puppet::Parser::Scope.send(:define_method, real, &block)
      Puppet::Parser::Scope.send(:define_method, "function_#{name}") do |*args|
        unless args.size == 1 && args[0].is_a?(Array)
          raise ArgumentError, 'custom functions must be called with a single array that contains the arguments. For example, function_example([1]) instead of function_example(1)'
        end
        n = args[0].size
        if arity >= 0 && n != arity
          raise ArgumentError, "#{name}(): Wrong number of arguments given (#{n} for #{arity})"
        elsif arity < 0 && n < (arity + 1).abs
          raise ArgumentError, "#{name}(): Wrong number of arguments given (#{n} for minimum #{(arity + 1).abs})"
        end
        send(real, args[0])
      end
      MComp::Functions::LEGACY[name] = { arity: arity, type: ftype, name: "function_#{name}" }
    end

    # The method name that calls function name from Ruby (loading a
    # module's function on demand), or false when there is no such function.
    def self.function(name)
      name = name.to_s
      return "function_#{name}" if MComp::Functions::LEGACY[name]
      MComp.function_exists(name) ? "function_#{name}" : false
    end

    # Puppet::Parser::Functions.autoloader.load(:name): loads a module's 3.x
    # function file.
    module Autoloader
      def self.load(name, _env = nil)
        MComp.load3(name.to_s)
      end

      def self.loaded?(name)
        MComp::Functions::LEGACY.key?(name.to_s)
      end

      def self.loadall(_env = nil)
        true
      end
    end

    def self.autoloader
      Autoloader
    end

    def self.rvalue?(name)
      f = MComp::Functions::LEGACY[name.to_s]
      f ? f[:type] == :rvalue : true
    end

    def self.arity(name)
      f = MComp::Functions::LEGACY[name.to_s]
      f ? f[:arity] : -1
    end
  end

  module Puppet::Pops::Types
    # Puppet::Pops::Types::TypeParser.singleton.parse('Integer[1]')
    class TypeParser
      def self.singleton
        @singleton ||= new
      end

      def parse(string, _context = nil)
        MComp.parse_type(string.to_s)
      end
    end

    class PuppetType
      # Whether value is an instance of this type.
      def instance?(value, _guard = nil)
        MComp.type_check(self, value).nil?
      end
    end

    module TypeAsserter
      # Raises Puppet's "SUBJECT has wrong type, expects ..." unless value is a type.
      def self.assert_instance_of(subject, type, value, nil_ok = false)
        return value if value.nil? && nil_ok
        subject = yield(subject) if block_given?
        why = MComp.type_check(type.is_a?(String) ? MComp.parse_type(type) : type, value, "#{subject} has wrong type,")
        raise Puppet::Pops::Types::TypeAssertionError, why if why
        value
      end
    end

    class TypeAssertionError < Puppet::Error; end

    class TypeCalculator
      def self.singleton
        @singleton ||= new
      end

      def self.infer(value)
        singleton.infer(value)
      end

      def self.infer_set(value)
        singleton.infer_set(value)
      end

      def self.instance?(type, value)
        type = MComp.parse_type(type) if type.is_a?(String)
        MComp.type_check(type, value).nil?
      end

      # The inferred types remember their value, so that a mismatch can be
      # described as the compiler describes it.
      def infer(value)
        t = MComp.top_scope.call_function('type', [value, 'reduced'])
        t.instance_variable_set(:@__value, value)
        t
      end

      def infer_set(value)
        t = MComp.top_scope.call_function('type', [value, 'detailed'])
        t.instance_variable_set(:@__value, value)
        t
      end
    end

    class TypeMismatchDescriber
      def self.singleton
        @singleton ||= new
      end

      def self.describe_mismatch(name, expected, actual)
        singleton.describe_mismatch(name, expected, actual)
      end

      # "NAME expects an Integer value, got String"
      def describe_mismatch(name, expected, actual, _tense = :ignored)
        expected = MComp.parse_type(expected) if expected.is_a?(String)
        if actual.instance_variable_defined?(:@__value)
          MComp.type_check(expected, actual.instance_variable_get(:@__value), name.to_s) || ''
        else
          "#{name} expects #{expected}, got #{actual}"
        end
      end
    end
  end

  # Gettext's markers, as Puppet's code and modules use them (no translation).
  module Kernel
    private

    def _(msg)
      msg
    end

    def n_(singular, plural, count = nil)
      count == 1 ? singular : plural
    end
  end


  # Helpers of Puppet's own API that module functions call.
  module Puppet
    def self.version
      '7.23.0'
    end unless respond_to?(:version)

    # Puppet[:name] and Puppet.settings[:name]: the settings a compile has
    # ($settings::name; strict and the other symbol settings as symbols).
    module Settings
      SYMBOLS = %w[strict environment_timeout ordering].freeze

      def self.[](name)
        _found, v = MComp.lookupvar(MComp.top_scope, "settings::#{name}")
        v.is_a?(String) && SYMBOLS.include?(name.to_s) ? v.to_sym : v
      end
    end

    def self.settings
      Settings
    end

    def self.[](name)
      Settings[name]
    end

    module Util
      # Whether path is absolute on platform (:posix, :windows; default posix).
      def self.absolute_path?(path, platform = :posix)
        unless path.is_a?(String)
          Puppet.warning("Cannot check if #{path} is an absolute path because it is a '#{path.class}' and not a String'")
          return false
        end
        case platform
        when :posix then path.start_with?('/')
        when :windows then !!(path =~ %r{\A(?:[a-z]:[\\/]|[\\/]{2}\?[\\/][^\\/]+|[\\/]{2}[^\\/]+[\\/][^\\/]+)}i)
        else raise Puppet::DevError, "unknown platform #{platform} in absolute_path"
        end
      end

      def self.deterministic_rand_int(seed, max)
        Random.new(seed).rand(max)
      end

      def self.deterministic_rand(seed, max)
        deterministic_rand_int(seed, max).to_s
      end

      module Package
        def self.versioncmp(a, b)
          MComp.top_scope.call_function('versioncmp', [a.to_s, b.to_s])
        end
      end

      module Json
        def self.load(text, options = {})
          require 'json'
          JSON.parse(text, options)
        end

        def self.dump(value, options = {})
          require 'json'
          options[:pretty] ? JSON.pretty_generate(value) : JSON.generate(value)
        end
      end
    end

    module Pops
      module Types
        # The Ruby class Puppet's types descend from: every PuppetType is one.
        PAnyType = PuppetType unless const_defined?(:PAnyType)
      end

      module Serialization
        # Rich values as Pcore data (rich_data: true): the form to_python,
        # to_ruby and friends print.
        module ToDataConverter
          def self.convert(value, _options = {})
            case value
            when nil, true, false, Integer, Float, String then value
            when Symbol then value == :default ? { '__ptype' => 'Default' } : value.to_s
            when Array then value.map { |v| convert(v) }
            when Hash
              if value.keys.all? { |k| k.is_a?(String) }
                value.each_with_object({}) { |(k, v), h| h[k] = convert(v) }
              else
                { '__ptype' => 'Hash', '__pvalue' => value.flat_map { |k, v| [convert(k), convert(v)] } }
              end
            when Regexp then { '__ptype' => 'Regexp', '__pvalue' => value.source }
            when Puppet::Pops::Types::PSensitiveType::Sensitive
              { '__ptype' => 'Sensitive', '__pvalue' => convert(value.unwrap) }
            when Puppet::Pops::Types::PuppetType then { '__ptype' => 'Type', '__pvalue' => value.to_s }
            else value.to_s
            end
          end
        end
      end
    end
  end



  # PSON, Puppet's JSON dialect: JSON for what modules do with it.
  module PSON
    def self.parse(text, options = {})
      JSON.parse(text, options)
    end

    def self.load(text, *_rest)
      JSON.parse(text)
    end

    def self.generate(value, options = {})
      JSON.generate(value, options)
    end

    ParserError = Class.new(StandardError)
  end

  # The little of Puppet's environment and module objects that functions use.
  module MComp
    class Environment
      attr_reader :name

      def initialize(name)
        @name = name
      end

      def to_s
        @name
      end

      def to_sym
        @name.to_sym
      end
    end

    # scope.compiler: its environment
    class CompilerView
      def environment
        Environment.new(MComp.environment_name)
      end
    end
  end

  class Puppet::Parser::Scope
    unless method_defined?(:compiler)
      def compiler
        MComp::CompilerView.new
      end
    end

    unless method_defined?(:environment)
      def environment
        compiler.environment
      end
    end
  end

  module Puppet::Parser
    # Where template() finds a template: an absolute path as is, else
    # "mod/file" in mod's templates/ directory; nil when there is none.
    module Files
      def self.find_template(template, _environment = nil)
        return (File.file?(template) ? template : nil) if template.start_with?('/')
        mod, file = template.split('/', 2)
        dir = file && MComp.module_dir(mod)
        path = dir && File.join(dir, 'templates', file)
        path && File.file?(path) ? path : nil
      end
    end
  end

  module Puppet
    class Module
      attr_reader :name, :path

      def initialize(name, path)
        @name = name
        @path = path
      end

      # The module name of the environment, or nil.
      def self.find(name, _environment = nil)
        dir = MComp.module_dir(name.to_s)
        dir && new(name.to_s, dir)
      end
    end
  end
  RUBY

  def self.load_functions_layer
    return if @functions_layer
    @functions_layer = true
    MComp.quietly { MComp.eval_cached(FUNCTIONS_LAYER, "share/ruby/functions.rb", FUNCTIONS_LAYER_LINE) }
  end
end
