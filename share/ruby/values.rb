# values.rb - Puppet's values that Ruby has no class for, as the C border
# (rby_to_ruby / rby_to_puppet) makes them: Sensitive, and data types and
# resource references (PuppetType, backed by the compiler's own value).

module Puppet::Pops::Types
  class PSensitiveType
    # A Sensitive value: #unwrap gives it; it never prints.
    class Sensitive
      def initialize(value)
        @value = value
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
  end
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
