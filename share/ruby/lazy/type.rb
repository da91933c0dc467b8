# The Puppet::Type DSL: loaded on first use (see share/ruby/type.rb, whose
# header says what this layer does).

module Puppet
  # Whatever a type's class body calls at load time that this layer does not
  # model (documentation helpers, apply-time settings) does nothing.
  module MCompLenient
    def method_missing(name, *args, &block)
      nil
    end

    def respond_to_missing?(name, include_private = false)
      true
    end
  end

  # An attribute's class: newparam and newproperty make one subclass each.
  class Parameter
    class << self
      include MCompLenient
      attr_accessor :name, :required_features, :array_matching
      attr_reader :value_collection

      def isnamevar
        @isnamevar = true
      end

      def isnamevar?
        @isnamevar ? true : false
      end

      def isrequired
        @isrequired = true
      end

      def desc(text = nil)
        @doc = text if text
        @doc
      end
      alias doc desc

      def newvalues(*values)
        (@values ||= []).concat(values)
      end

      def newvalue(name, options = {}, &block)
        (@values ||= []) << name
      end

      def aliasvalue(name, other); end

      def defaultto(value = nil, &block); end

      def validate(&block); end

      def munge(&block); end

      def unmunge(&block); end

      def nodefault; end

      def inherited(sub)
        super
        sub.instance_variable_set(:@isnamevar, @isnamevar)
      end
    end

    def initialize(*); end
  end

  class Property < Parameter
    class << self
      def defaultvalues
        newvalue(:present)
        newvalue(:absent)
      end
    end

    class Ensure < Property; end
    class Boolean < Property; end
    class List < Property; end
    class OrderedList < List; end
    class KeyValue < Property; end
  end

  class Parameter
    class Boolean < Parameter; end
    class Path < Parameter; end
  end

  # A provider class; only its name matters at compile time.
  class Provider
    class << self
      include MCompLenient
      attr_accessor :name, :resource_type
    end
  end


  class Type
    class << self
      include MCompLenient

      attr_reader :name, :providers

      # newtype(name, options) { body }: a subclass of Puppet::Type, kept by
      # name; its body runs in the class (newparam, ensurable...).
      def newtype(name, options = {}, &block)
        name = name.to_s.downcase.to_sym
        klass = Class.new(Puppet::Type)
        klass.mcomp_init(name)
        MComp::Types.registry[name] = klass
        cname = name.to_s.capitalize
        Puppet::Type.send(:remove_const, cname) if Puppet::Type.const_defined?(cname, false)
        Puppet::Type.const_set(cname, klass)
        klass.class_eval(&block) if block
        klass.ensurable if klass.ensurable? && !klass.validproperty?(:ensure)
        unless MComp::Types.resource_api?(name)
          klass.mcomp_providers.concat(MComp::Types.provider_names(name))
          klass.providify unless klass.mcomp_providers.empty?
        end
        klass
      end

      # The type called name, loaded from a module's lib/puppet/type on first
      # use; a core type (file, exec...) answers as an empty type.
      def type(name)
        MComp::Types.find(name)
      end

      def mcomp_init(name)
        @name = name
        @parameters = []     # parameter classes, in declaration order
        @properties = []     # property classes, in declaration order
        @features = {}
        @mcomp_providers = []
      end

      def mcomp_providers
        @mcomp_providers ||= []
      end

      def newparam(name, options = {}, &block)
        mcomp_attribute(name, options, options[:parent] || Puppet::Parameter, @parameters, &block)
      end

      def newproperty(name, options = {}, &block)
        mcomp_attribute(name, options, options[:parent] || Puppet::Property, @properties, &block)
      end

      def newmetaparam(name, options = {}, &block)
        Class.new(options[:parent] || Puppet::Parameter)
      end

      # ensurable [{ body }]: the ensure property, with present/absent
      # values unless the body declares its own.
      def ensurable(&block)
        newproperty(:ensure, parent: Puppet::Property::Ensure) do
          block ? class_eval(&block) : defaultvalues
        end
      end

      def ensurable?
        %i[exists? create destroy].all? { |m| public_method_defined?(m) }
      end

      def feature(name, docs = '', hash = {})
        @features[name.to_sym] = docs
      end

      def features
        @features.keys
      end

      # provide(name) from a provider file: records the name and gives the
      # type its provider parameter.
      def provide(name, options = {}, &block)
        name = name.to_sym
        mcomp_providers << name unless mcomp_providers.include?(name)
        providify
        klass = Class.new(options[:parent].is_a?(Class) ? options[:parent] : Puppet::Provider)
        klass.name = name
        klass.resource_type = self
        klass
      end

      def provider(name)
        return nil unless mcomp_providers.include?(name.to_sym)
        klass = Class.new(Puppet::Provider)
        klass.name = name.to_sym
        klass
      end

      def providify
        newparam(:provider) unless validparameter?(:provider)
      end

      def parameters
        @parameters.map(&:name)
      end

      def validproperties
        @properties.map(&:name)
      end

      def properties
        @properties
      end

      def validparameter?(name)
        @parameters.any? { |p| p.name == name.to_sym }
      end

      def validproperty?(name)
        @properties.any? { |p| p.name == name.to_sym }
      end

      def validattr?(name)
        name.to_sym == :name || validparameter?(name) || validproperty?(name)
      end
      alias valid_parameter? validattr?

      def attrclass(name)
        (@parameters + @properties).find { |p| p.name == name.to_sym }
      end
      alias paramclass attrclass
      alias propertybyname attrclass

      # Puppet's key attributes: the parameters marked namevar, and name.
      def key_attributes
        @parameters.select { |p| p.isnamevar? || p.name == :name }.map(&:name)
      end

      # Puppet's default: the whole title is the one key attribute.
      def title_patterns
        case key_attributes.length
        when 0 then []
        when 1 then [[/(.*)/m, [[key_attributes.first]]]]
        else raise Puppet::DevError, 'you must specify title patterns when there are two or more key attributes'
        end
      end

      def autorequire(type, &block); end
      def autobefore(type, &block); end
      def autosubscribe(type, &block); end
      def autonotify(type, &block); end
      def validate(&block); end
      def newcheck(name, options = {}, &block); end

      def desc(text = nil)
        @doc = text if text
        @doc
      end

      # Puppet::Type::File is the core type (an empty one), and
      # Puppet::Type::File::Owner an attribute class of it, used as a parent.
      def const_missing(name)
        return const_set(name, Class.new(Puppet::Property)) if self < Puppet::Type
        MComp::Types.find(name.to_s.downcase) || super
      end

      private

      def mcomp_attribute(name, options, parent, list, &block)
        name = name.to_sym
        klass = Class.new(parent)
        klass.name = name
        klass.isnamevar if options[:namevar]
        klass.required_features = options[:required_features]
        klass.array_matching = options[:array_matching]
        klass.class_eval(&block) if block
        @parameters.delete_if { |p| p.name == name }
        @properties.delete_if { |p| p.name == name }
        list << klass
        klass
      end
    end
  end

  # Puppet::ResourceApi.register_type(name:, attributes: {...}, title_patterns:)
  # makes a type whose attributes come from the definition hash.
  module ResourceApi
    def self.register_type(definition)
      raise Puppet::DevError, 'Puppet::ResourceApi::TypeDefinition must be a Hash, not `%s`' % definition.class unless definition.is_a?(Hash)
      raise Puppet::DevError, 'Puppet::ResourceApi::TypeDefinition must have a name' unless definition.key?(:name)
      attrs = definition[:attributes]
      raise Puppet::DevError, '`%s.attributes` must be a hash, not `%s`' % [definition[:name], attrs.class] unless attrs.is_a?(Hash)
      %i[title provider alias audit before consume export loglevel noop notify require schedule stage subscribe tag].each do |reserved|
        raise Puppet::DevError, 'must not define an attribute called `%s`' % reserved.inspect if attrs.key?(reserved)
      end
      attrs.each do |key, attr|
        raise Puppet::DevError, "`#{definition[:name]}.#{key}` must be a Hash, not a #{attr.class}" unless attr.is_a?(Hash)
        raise Puppet::DevError, "`#{definition[:name]}.#{key}` has no type" unless attr.key?(:type)
      end
      patterns = definition[:title_patterns]
      if patterns && !patterns.is_a?(Array)
        raise Puppet::DevError, '`:title_patterns` must be an array, not `%s`' % patterns.class
      end
      MComp::Types.resource_api_types << definition[:name].to_sym
      namevars = attrs.select { |_, o| (o[:behaviour] || o[:behavior]) == :namevar }.keys
      Puppet::Type.newtype(definition[:name].to_sym) do
        attrs.each do |name, options|
          behaviour = options[:behaviour] || options[:behavior]
          if behaviour && !%i[read_only namevar parameter init_only].include?(behaviour)
            raise Puppet::ResourceError, "`#{behaviour}` is not a valid behaviour value"
          end
          if %i[parameter namevar read_only].include?(behaviour)
            newparam(name.to_sym, namevar: behaviour == :namevar)
          else
            newproperty(name.to_sym)
          end
        end
        define_singleton_method(:title_patterns) do
          if patterns
            patterns.map { |item| [item[:pattern], Regexp.new(item[:pattern]).names.map { |n| [n.to_sym] }] }
          else
            [[/(.*)/m, [[namevars.first]]]]
          end
        end
      end
    end

    class SimpleProvider; end
  end
end


module MComp
  module Types
    # Core types answer Puppet::Type.type(:file) with an empty type.
    CORE = %w[augeas cron exec file filebucket group host k5login mailalias maillist mount notify
              package resources router schedule scheduled_task selboolean selmodule service ssh_authorized_key
              sshkey stage tidy user vlan whit yumrepo zfs zone zpool].freeze

    class << self
      # lib directories of the modules on the module path, in search order
      def libdirs
        MComp.type_libdirs
      end

      def libdirs=(dirs)
        MComp.type_libdirs = dirs
      end

      # setup(libdirs, facts): where modules are, and the facts Facter.value
      # answers while module code loads.
      def setup(libdirs, facts)
        self.libdirs = libdirs
        Facter.mcomp_gathered = facts if defined?(Facter) && Facter.respond_to?(:mcomp_gathered=)
        nil
      end

      def registry
        @registry ||= {}
      end

      def resource_api_types
        @resource_api_types ||= []
      end

      def resource_api?(name)
        resource_api_types.include?(name.to_sym)
      end

      def type_file(name)
        MComp.first_file(libdirs || [], File.join('puppet', 'type', "#{name}.rb"))
      end

      # Provider names: the files of lib/puppet/provider/NAME/ in every module.
      def provider_names(name)
        listed = MComp.provider_names(libdirs || [], name.to_s)
        return listed if listed
        names = []
        (libdirs || []).each do |dir|
          pdir = File.join(dir, 'puppet', 'provider', name.to_s)
          (MComp.glob_rb(pdir) || Dir.glob(File.join(pdir, '*.rb'))).sort.each do |f|
            n = File.basename(f, '.rb').to_sym
            names << n unless names.include?(n)
          end
        end
        names
      end

      # The type called name, loading its file on first use; nil if none.
      def find(name)
        name = name.to_s.downcase.to_sym
        return registry[name] if registry.key?(name)
        path = type_file(name)
        if path
          begin
            load_type_file(path)
          rescue Exception => e
            raise Puppet::Error, "Could not autoload puppet/type/#{name}: #{e.message}"
          end
          # a file that defines no such type: Puppet finds no type either
          Puppet.warning("Loaded puppet/type/#{name} but no class was created") unless registry.key?(name)
          return registry[name]
        end
        return nil unless CORE.include?(name.to_s)
        klass = Class.new(Puppet::Type)
        klass.mcomp_init(name)
        # Puppet::Type.type(:service).newservice(name: 'x')[:provider], as
        # stdlib's service_provider fact asks: the default provider
        default = default_provider(name)
        klass.define_singleton_method(:new) { |attrs = {}| attrs.merge(provider: default) }
        klass.define_singleton_method("new#{name}") { |attrs = {}| attrs.merge(provider: default) }
        registry[name] = klass
      end

      # The provider Puppet picks by default for a core type on this machine.
      def default_provider(name)
        family = Facter.value(:os).is_a?(Hash) ? Facter.value(:os)['family'] : Facter.value(:osfamily) if defined?(Facter)
        case name.to_s
        when 'service'
          comm = File.read('/proc/1/comm') rescue ''
          if comm.include?('systemd') then :systemd
          elsif family == 'Debian' then :debian
          elsif family == 'RedHat' then :redhat
          else :init
          end
        when 'package'
          { 'Debian' => :apt, 'RedHat' => :yum }.fetch(family, nil)
        end
      end

      def load_type_file(path)
        MComp::Types.with_lib_path { load path }
      end

      # Module lib directories are on $LOAD_PATH while module code loads, as
      # pluginsync puts them on an agent's.
      def with_lib_path
        added = (libdirs || []).reject { |d| $LOAD_PATH.include?(d) }
        MComp.unshift_lib_path(added)
        yield
      end

      # What the compiler needs of type name: [namevar, [[attr, kind, key?]...],
      # parse_title?] with kind "param" or "property", parse_title? false
      # when the title can only set the one key attribute; nil if no module
      # defines the type.
      def describe(name)
        t = find(name)
        return nil unless t && type_file(t.name)
        keys = t.key_attributes
        attrs = []
        t.instance_variable_get(:@parameters).each { |p| attrs << [p.name.to_s, 'param', keys.include?(p.name)] }
        t.instance_variable_get(:@properties).each { |p| attrs << [p.name.to_s, 'property', false] }
        attrs << ['name', 'param', false] unless attrs.any? { |a| a[0] == 'name' }
        namevar = keys.length == 1 ? keys.first.to_s : 'name'
        default_patterns = keys.length == 1 && !resource_api?(t.name) &&
                           t.method(:title_patterns).owner == Puppet::Type.singleton_class
        [namevar, attrs, !default_patterns]
      end

      # Puppet::Resource#parse_title: the attributes the title sets through
      # the type's title_patterns, as [name, value, name, value...].
      def parse_title(name, title)
        t = find(name)
        t.title_patterns.each do |regexp, symbols|
          captures = regexp.match(title.to_s)
          next unless captures
          out = []
          symbols.zip(captures.captures).each do |(symbol, proc), capture|
            value = proc ? proc.call(capture) : capture
            value = value.to_s if value.is_a?(Symbol)
            out << symbol.to_s << value
          end
          return out
        end
        raise Puppet::Error, "No set of title patterns matched the title \"#{title}\"."
      end
    end
  end
end
