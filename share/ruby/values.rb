# values.rb - Puppet's values that Ruby has no class for, as the C border
# (rby_to_ruby / rby_to_puppet) makes them: Sensitive, and data types and
# resource references (PuppetType, backed by the compiler's own value).

module MComp
  # The texts of the Sensitive values Ruby has seen, which redact() takes
  # out of error messages and log lines: code that unwraps a value may still
  # make Ruby print it ("undefined method `x' for "secret":String").  Texts
  # shorter than 4 characters are left alone (they would redact line
  # numbers and words).
  SECRETS = {}

  def self.secret(value)
    case value
    when Array then value.each { |v| secret(v) }
    when Hash then value.each { |k, v| secret(k); secret(v) }
    when String, Numeric, Symbol
      text = value.to_s
      [text, text.inspect[1..-2]].each { |t| SECRETS[t.b] = true if t.length >= 4 }
    end
  end

  # text with every secret's text replaced by [value redacted].
  def self.redact(text)
    text = text.to_s
    return text if SECRETS.empty?
    out = text.b
    SECRETS.keys.sort_by { |s| -s.size }.each { |s| out = out.gsub(s, '[value redacted]') }
    out.force_encoding(text.encoding)
  end
end

module Puppet::Pops::Types
  # A data type (Integer[1]) or a resource reference (File['/x']): to_s is
  # what Puppet prints; it converts back to the same Puppet value.
  class PuppetType
    def to_s
      MComp.type_to_s(self, 'string')
    end
    alias inspect to_s

    # The reference as the catalog writes it: File[/x].
    def to_resource_s
      MComp.type_to_s(self, 'resource')
    end

    def ==(other)
      MComp.type_eq(self, other)
    end
    alias eql? ==

    def hash
      to_s.hash
    end

    # The class of the type value named name, as Puppet's (made on first
    # use, each a PuppetType): Integer[1] is a PIntegerType, File['/x'] and
    # File a PResourceType, Class['x'] a PClassType.
    def self.class_for(name)
      types = Puppet::Pops::Types
      cname = :"P#{name}Type"
      return types.const_get(cname, false) if types.const_defined?(cname, false)
      types.const_set(cname, Class.new(PuppetType))
    end
  end

  # Puppet's types all descend from PAnyType.
  PAnyType = PuppetType

  class PSensitiveType < PuppetType
    # A Sensitive value: #unwrap gives it; it never prints.
    class Sensitive
      def initialize(value)
        @value = value
        MComp.secret(value)
      end

      def unwrap
        block_given? ? yield(@value) : @value
      end

      def to_s
        'Sensitive [value redacted]'
      end

      def inspect
        '#<Sensitive [value redacted]>'
      end

      def ==(other)
        other.is_a?(Sensitive) && other.unwrap == @value
      end
      alias eql? ==

      def hash
        @value.hash
      end
    end
  end
end

# Timestamp and Timespan values (to_s is Puppet's string form).
module Puppet::Pops::Time
  class Timestamp < Puppet::Pops::Types::PuppetType; end
  class Timespan < Puppet::Pops::Types::PuppetType; end
end

module Puppet
  # A resource reference as 3.x functions see one (Type[title]).
  class Resource
    attr_reader :type, :title
    def initialize(type, title = nil)
      if type.is_a?(Puppet::Pops::Types::PuppetType)
        type, title = type.to_resource_s.match(/\A([^\[]+)\[(.*)\]\z/m).captures
      end
      @type = type.to_s.split('::').map(&:capitalize).join('::')
      @title = title.to_s
    end

    def to_s
      "#{@type}[#{@title}]"
    end
    alias ref to_s

    def inspect
      to_s
    end

    def to_puppet_value
      MComp.resref(@type, @title)
    end

    def ==(other)
      other.is_a?(Resource) && other.to_s == to_s
    end
  end
end
