# Modules' custom facts (lib/facter/*.rb), run as an agent's pluginsync runs them.
#
# A custom fact file calls Facter.add(name) with a block that gives one way
# (a resolution) to compute the fact: setcode with a block or a shell command,
# confine to limit where it applies, has_weight to rank it against other
# resolutions of the same fact.  Facter asks a fact's suitable resolutions,
# heaviest first (a resolution weighs its has_weight, else its number of
# confines), and takes the first value that is not nil; a resolution that
# raises is logged and ends the search with no value.  Facts mcomp gathered
# itself answer Facter.value before a custom fact of the same name, unless
# that one has a positive has_weight (as Facter ranks its core facts).
# MComp::Facts.resolve is what the C compiler calls.

module Facter
  class ResolveCustomFactError < StandardError; end

  module Core
    # Running commands for facts: execute raises when the command cannot be
    # run (unless on_fail says what to return), exec returns nil then.
    module Execution
      class ExecutionFailure < StandardError; end

      module_function

      def which(bin)
        return (File.executable?(bin) && !File.directory?(bin) ? bin : nil) if bin.include?('/')
        ENV.fetch('PATH', '/usr/bin:/bin').split(':').each do |dir|
          path = File.join(dir, bin)
          return path if File.executable?(path) && !File.directory?(path)
        end
        nil
      end

      def execute(command, options = {})
        on_fail = options.fetch(:on_fail, :raise)
        bin = command.to_s.strip.split(/\s+/).first.to_s.delete('"\'')
        unless which(bin)
          raise ExecutionFailure, "Could not execute '#{command}': command not found" if on_fail == :raise
          return on_fail
        end
        # in the C locale, as Facter runs commands; output stripped
        out = IO.popen({ 'LC_ALL' => 'C', 'LANG' => 'C' }, ['/bin/sh', '-c', command.to_s],
                       in: File::NULL, err: File::NULL, &:read)
        out.to_s.strip
      rescue SystemCallError => e
        raise ExecutionFailure, "Failed while executing '#{command}': #{e.message}" if on_fail == :raise
        on_fail
      end

      def exec(command)
        execute(command, on_fail: nil)
      end

      def absolute_path?(path)
        path.to_s.start_with?('/')
      end
    end
  end

  module Util
    # One way to compute a fact.
    class Resolution
      attr_reader :name, :fact, :confines
      attr_accessor :timeout

      def self.exec(command)
        Facter::Core::Execution.exec(command)
      end

      def self.which(bin)
        Facter::Core::Execution.which(bin)
      end

      def initialize(name, fact)
        @name = name
        @fact = fact
        @confines = []
        @weight = nil
      end

      def setcode(string = nil, &block)
        if string
          @code = string
        elsif block
          @code = block
        else
          raise ArgumentError, 'You must pass either code or a block'
        end
      end

      # confine kernel: 'Linux' | confine kernel: %w[Linux FreeBSD] |
      # confine(:kernel) { |v| ... } | confine { ... }
      def confine(confines = nil, &block)
        case confines
        when Hash
          confines.each { |fact, values| @confines << [fact.to_s, Array(values), nil] }
        when nil
          @confines << [nil, nil, block] if block
        else
          @confines << [confines.to_s, nil, block] if block
        end
      end

      def has_weight(weight)
        @weight = weight
      end

      # Whether has_weight gave this resolution a weight above zero (what
      # lets a custom fact override a gathered one).
      def mcomp_weighted?
        @weight.to_i > 0
      end

      def weight
        @weight || @confines.length
      end

      def suitable?
        @confines.all? do |fact, values, block|
          if fact.nil?
            block.call ? true : false
          else
            v = Facter.value(fact)
            if block
              block.call(v) ? true : false
            else
              values.any? do |want|
                want = want.to_s if want.is_a?(Symbol)
                if want.is_a?(Regexp) then want.match?(v.to_s)
                elsif want.is_a?(Range) then want.include?(v)
                elsif want == true || want == false || want.nil? then v == want
                else v.to_s.downcase == want.to_s.downcase
                end
              end
            end
          end
        end
      end

      def value
        result =
          case @code
          when Proc then @code.call
          when String then Facter::Core::Execution.exec(@code)
          end
        Facter.mcomp_normalize(result)
      rescue StandardError, ScriptError => e
        Facter.log_error("Error while resolving custom fact fact='#{@fact.name}', resolution='#{@name || '<anonymous>'}': #{e.message}")
        raise Facter::ResolveCustomFactError
      end

      def method_missing(name, *args, &block)
        nil   # on_flush, timeout=... and other apply-time settings
      end

      def respond_to_missing?(name, include_private = false)
        true
      end
    end

    # An aggregate resolution (Facter.add(name, type: :aggregate)): named
    # chunks, each a block (given the values of the chunks it requires),
    # combined by an aggregate block or else merged: hashes deeply, arrays
    # concatenated.
    class Aggregate < Resolution
      def chunk(name, options = {}, &block)
        raise ArgumentError, "chunk #{name} needs a block" unless block
        (@chunks ||= {})[name.to_sym] = [Array(options[:require]).map(&:to_sym), block]
      end

      def aggregate(&block)
        @aggregate = block
      end

      def value
        results = {}
        (@chunks || {}).each_key { |name| mcomp_chunk(name, results, []) }
        result = @aggregate ? @aggregate.call(results) : results.values.inject { |a, b| mcomp_merge(a, b) }
        Facter.mcomp_normalize(result)
      rescue StandardError, ScriptError => e
        Facter.log_error("Error while resolving custom fact fact='#{@fact.name}', resolution='#{@name || '<anonymous>'}': #{e.message}")
        raise Facter::ResolveCustomFactError
      end

      private

      def mcomp_chunk(name, results, stack)
        return results[name] if results.key?(name)
        raise ArgumentError, "chunk #{name} requires itself" if stack.include?(name)
        requires, block = @chunks.fetch(name) { raise ArgumentError, "no chunk #{name}" }
        args = requires.map { |r| mcomp_chunk(r, results, stack + [name]) }
        results[name] = block.call(*args)
      end

      def mcomp_merge(a, b)
        if a.is_a?(Hash) && b.is_a?(Hash)
          a.merge(b) { |_, x, y| mcomp_merge(x, y) }
        elsif a.is_a?(Array) && b.is_a?(Array)
          a + b
        else
          raise ArgumentError, "Cannot merge #{a.inspect}:#{a.class} and #{b.inspect}:#{b.class}"
        end
      end
    end

    # A fact: its resolutions, asked heaviest first.
    class Fact
      attr_reader :name

      def initialize(name)
        @name = name
        @resolutions = []
        @searching = false
      end

      def add(options = {}, &block)
        define_resolution(options[:name], options, &block)
      end

      def define_resolution(name, options = {}, &block)
        res = name && @resolutions.find { |r| r.name == name }
        unless res
          res = (options[:type] == :aggregate ? Aggregate : Resolution).new(name, self)
          @resolutions << res
        end
        res.has_weight(options[:weight]) if options[:weight]
        res.timeout = options[:timeout] if options[:timeout]
        res.instance_eval(&block) if block
        res
      end

      def resolution(name)
        @resolutions.find { |r| r.name == name }
      end

      def value
        return @value if defined?(@value)
        return nil if @searching  # a fact asking for itself
        @searching = true
        @value = nil
        ranked = @resolutions.each_with_index.sort_by { |r, i| [-r.weight, i] }.map(&:first)
        ranked.each do |res|
          next unless res.suitable?
          begin
            v = res.value
          rescue Facter::ResolveCustomFactError
            break
          end
          next if v.nil?
          @value = v
          break
        end
        @value
      ensure
        @searching = false
      end

      def flush
        remove_instance_variable(:@value) if defined?(@value)
      end

      def mcomp_weighted?
        @resolutions.any?(&:mcomp_weighted?)
      end
    end
  end

  # A fact mcomp gathered itself, as Facter.fact(:x) returns it.
  class MCompGathered
    attr_reader :name, :value

    def initialize(name, value)
      @name = name
      @value = value
    end
  end

  class << self
    def mcomp_custom
      @mcomp_custom ||= {}
    end

    def mcomp_gathered
      @mcomp_gathered ||= {}
    end

    attr_writer :mcomp_gathered

    def add(name, options = {}, &block)
      fact = (mcomp_custom[name.to_s] ||= Util::Fact.new(name.to_s.to_sym))
      fact.add(options, &block)
      fact
    end

    def define_fact(name, options = {}, &block)
      fact = (mcomp_custom[name.to_s] ||= Util::Fact.new(name.to_s.to_sym))
      fact.instance_eval(&block) if block
      fact
    end

    # A fact mcomp gathered wins over a custom fact of the same name unless
    # that one has a resolution with has_weight above zero that gives a
    # value (Facter's rule for core facts).
    def fact(name)
      name = name.to_s
      custom = mcomp_custom[name]
      return custom unless mcomp_gathered.key?(name)
      if custom && custom.mcomp_weighted?
        v = custom.value
        return custom unless v.nil?
      end
      MCompGathered.new(name.to_sym, mcomp_gathered[name])
    end
    alias [] fact

    def value(name)
      f = fact(name)
      f && f.value
    end

    def list
      (mcomp_gathered.keys + mcomp_custom.keys).uniq.map(&:to_sym)
    end

    def to_hash
      h = mcomp_gathered.dup
      mcomp_custom.each { |k, f| h[k] = f.value unless h.key?(k) }
      h
    end

    def warn(msg)
      $stderr.puts "Warning: Facter: #{MComp.redact(msg)}"
    end

    # A fact that failed: the agent's log line (the compile goes on).
    def log_error(msg)
      $stderr.puts "Error: Facter: #{MComp.redact(msg)}"
    end

    def warnonce(msg)
      warn(msg)
    end

    def log_exception(exception, message = nil)
      log_error(message || exception.message)
    end

    def debug(*) end
    def debugging(*) end
    def trace(*) end
    def flush; end
    def clear; end
    def reset; end
    def search(*) end
    def search_path; [] end

    def version
      '4.3.0'
    end

    # Facter values are strings, numbers, booleans, arrays and hashes;
    # symbols become strings.
    def mcomp_normalize(v)
      case v
      when Symbol then v.to_s
      when Array then v.map { |e| mcomp_normalize(e) }
      when Hash then v.each_with_object({}) { |(k, e), h| h[mcomp_normalize(k)] = mcomp_normalize(e) }
      else v
      end
    end
  end
end

module MComp
  module Facts
    # Loads every lib/facter/*.rb of libdirs (module lib directories in
    # module path order) and returns the values of the facts they add, as
    # a Hash (name => value), without those whose value is nil and those
    # gathered already (unless weighted to override them).  A file that
    # fails to load is Facter's error line.
    def self.mcomp_nul?(v)
      case v
      when String then v.include?("\0")
      when Array then v.any? { |e| mcomp_nul?(e) }
      when Hash then v.any? { |k, e| mcomp_nul?(k) || mcomp_nul?(e) }
      else false
      end
    end

    def self.resolve(libdirs, gathered)
      Facter.mcomp_gathered = gathered
      MComp.type_libdirs ||= libdirs
      added = libdirs.reject { |d| $LOAD_PATH.include?(d) }
      MComp.unshift_lib_path(added)
      libdirs.each do |dir|
        Dir.glob(File.join(dir, 'facter', '*.rb')).sort.each do |file|
          begin
            load file
          rescue ScriptError => e
            Facter.log_error("Error loading fact #{file}: #{e.message}")
          rescue StandardError => e
            Facter.log_error("error while resolving custom facts in #{file} #{e.message}")
          end
        end
      end
      out = {}
      Facter.mcomp_custom.each do |name, fact|
        next if gathered.key?(name) && !fact.mcomp_weighted?
        v = fact.value
        # mcomp's strings are C strings: a NUL byte is refused, naming the fact
        raise "A string may not contain a NUL byte (in the value of custom fact '#{name}')" if mcomp_nul?(v)
        out[name] = v unless v.nil?
      end
      out
    end
  end
end
