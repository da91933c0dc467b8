# Resource types written in Ruby, as a compile sees them.
#
# A module's lib/puppet/type/NAME.rb is real Ruby: it calls Puppet::Type.newtype
# with a block that declares attributes (newparam, newproperty, ensurable,
# isnamevar), title_patterns, features, autorequires, validate and munge blocks.
# Puppet's compiler uses only a few answers from that class: which attribute
# names are valid, which are key attributes (namevars), how a title splits into
# key attributes (title_patterns), and whether a `provider` parameter exists
# (it does when lib/puppet/provider/NAME/ holds providers).  So this file runs
# the type's code against a DSL that records those answers and accepts the
# rest: blocks (validate, munge, defaultto, autorequire, instance methods) are
# kept but never run, as Puppet runs them only when a catalog is applied.
# Types registered through Puppet::ResourceApi.register_type go through the
# same DSL.  MComp::Types.describe and MComp::Types.parse_title are what the
# C compiler calls.

module Puppet
  [[:Error, RuntimeError], [:ParseError, nil], [:DevError, nil], [:ResourceError, nil],
   [:ExecutionFailure, nil]].each do |name, parent|
    next if const_defined?(name, false)
    const_set(name, Class.new(parent || Puppet::Error))
  end

  PUPPETVERSION = '7.23.0' unless const_defined?(:PUPPETVERSION, false)

  # Logging from module code at load time goes to mcomp's stderr as
  # Puppet's agent would print it.
  class << self
    def warning(msg)
      $stderr.puts "Warning: #{msg}"
    end unless method_defined?(:warning)

    def warn(msg)
      warning(msg)
    end unless method_defined?(:warn)

    def deprecation_warning(msg, key = nil)
      warning(msg)
    end unless method_defined?(:deprecation_warning)

    def err(msg)
      $stderr.puts "Error: #{msg}"
    end unless method_defined?(:err)

    %i[debug info notice].each do |level|
      define_method(level) { |*| nil } unless method_defined?(level)
    end

    def version
      '7.23.0'
    end unless method_defined?(:version)

    # Puppet.features.root? and the like: every feature is present.
    def features
      @mcomp_features ||= Object.new.tap { |o| def o.method_missing(*) true end }
    end unless method_defined?(:features)

    # Puppet[:setting]: the agent's settings as Debian's puppet package sets
    # them for root (the values $settings:: gives).
    MCOMP_SETTINGS = {
      confdir: '/etc/puppet', codedir: '/etc/puppet/code', vardir: '/var/cache/puppet',
      environmentpath: '/etc/puppet/code/environments', libdir: '/var/cache/puppet/lib',
      logdir: '/var/log/puppet', rundir: '/run/puppet', ssldir: '/var/lib/puppet/ssl',
      statedir: '/var/cache/puppet/state', server: 'puppet', environment: 'production',
    }.freeze

    def [](setting)
      MCOMP_SETTINGS[setting.to_sym]
    end unless method_defined?(:[])
  end


  # Reopened, not replaced: other parts of the Ruby layer may define more
  # of Puppet::Util.
  module Util
    # Puppet::Util::Firewall and the like, mixed into types: empty modules.
    def self.const_missing(name)
      const_set(name, Module.new)
    end unless singleton_class.method_defined?(:const_missing, false)

    # Puppet::Util::Package.versioncmp: versions compared piece by piece,
    # numbers as numbers (unless one has a leading zero), '-' before '.'
    # before anything else, letters case-insensitively.
    module Package
      def self.versioncmp(left, right)

        pieces = /[-.]|\d+|[^-.\d]+/
        a = left.to_s.scan(pieces)
        b = right.to_s.scan(pieces)
        a.zip(b).each do |x, y|
          break if y.nil?
          next if x == y
          %w[- .].each do |sep|
            return -1 if x == sep
            return 1 if y == sep
          end
          if x.match?(/\A\d+\z/) && y.match?(/\A\d+\z/) && !x.start_with?('0') && !y.start_with?('0')
            return x.to_i <=> y.to_i
          end
          return x.upcase <=> y.upcase
        end
        left.to_s <=> right.to_s
      end unless respond_to?(:versioncmp)
    end

    module Warnings; end
    module Checksums; end
    module Execution; end
    module SymbolicFileMode; end
    module Diff; end

    def self.absolute_path?(path, platform = :posix)
      path.is_a?(String) && path.start_with?('/')
    end unless respond_to?(:absolute_path?)
  end
end


# Gem::Version compares versions in some modules' load-time checks.
# (loaded on first use: it costs more than the rest of this layer)
unless defined?(Gem::Version)
  module Gem
    autoload :Version, 'rubygems/version'
  end
end

# The rest of the type layer (share/ruby/lazy/type.rb: the Puppet::Type DSL,
# parameters, providers, the Resource API, MComp::Types) and the Facter
# layer (share/ruby/lazy/facter.rb) are loaded the first time something
# names one of their constants: start-up does not pay for them.
module Puppet
  %i[MCompLenient Parameter Property Provider Type ResourceApi].each { |c| autoload(c, 'mcomp/lazy/type') }
end
module MComp
  autoload(:Types, 'mcomp/lazy/type')
  autoload(:Facts, 'mcomp/lazy/facter')

  # Where module lib directories are (MComp::Types.setup sets them).
  class << self
    attr_accessor :type_libdirs
  end
end
Object.autoload(:Facter, 'mcomp/lazy/facter')

# `require 'puppet/...'` finds a module's file first; Puppet's own files are
# this layer, already loaded.
module Kernel
  alias mcomp_type_original_require require

  def require(path)
    p = path.to_s
    # the lazy parts of this layer (autoload above), provided before they
    # run so that the constants they define are theirs to define
    if p.start_with?('mcomp/lazy/')
      return false if $LOADED_FEATURES.include?("#{p}.rb")
      $LOADED_FEATURES << "#{p}.rb"
      return MComp.quietly { MComp.load_lazy(p.delete_prefix('mcomp/lazy/')) }
    end
    if p == 'puppet' || p.start_with?('puppet/') || p == 'facter' || p.start_with?('facter/')
      f = MComp.first_file(MComp.type_libdirs || [], p.end_with?('.rb') ? p : "#{p}.rb")
      return f ? mcomp_type_original_require(f) : false
    end
    found = MComp.lib_feature(path)
    return mcomp_type_original_require(found) if found
    mcomp_type_original_require(path)
  end
  private :require
end

module MComp
  # Once module code has loaded, the modules' lib directories lead
  # $LOAD_PATH, and Ruby answers the next require of a feature (require
  # 'ipaddr') by taking the real path of every $LOAD_PATH entry, then
  # trying NAME.rb in each and NAME.so in each: with 70 modules, about
  # 1,800 system calls.  The same search is done here with the record of
  # the lib directories (MComp.first_file) and a stat per other entry, and
  # the file found is required by the path Ruby would give it (the real
  # path of its directory, joined), so it is loaded, named and recorded in
  # $LOADED_FEATURES as Ruby's own search would.  Only for a plain feature
  # (letters, digits, "_", "-", "/"; no extension or ".rb") while
  # $LOAD_PATH is the lib directories then absolute paths; and only when
  # no loaded feature could be this one, or the one loaded is the file
  # found (then Ruby's require of that path says false).  Anything else
  # is left to Ruby.  (A file Ruby could open that is not a regular file,
  # a FIFO called NAME.rb, is where the two could differ.)
  LIB_FEATURE_EXTS = %w[.rb .so].freeze
  LIB_FEATURE_PROVIDED = ['', '.rb', '.so', '.o', '.bundle', '.dll'].freeze

  def self.lib_feature(path)
    dirs = type_libdirs
    return nil unless dirs.is_a?(Array) && !dirs.empty? && path.is_a?(String)
    return nil unless path.match?(%r{\A[A-Za-z0-9_][A-Za-z0-9_\-/]*\z|\A[A-Za-z0-9_][A-Za-z0-9_\-/]*\.rb\z})
    return nil if path.include?('//') || path.end_with?('/')
    lp = $LOAD_PATH
    n = dirs.size
    return nil unless lp.size >= n && lp[0, n] == dirs
    rest = lp[n..]
    return nil unless rest.all? { |e| e.is_a?(String) && e.start_with?('/') }
    base = path.delete_suffix('.rb')
    exts = base.size < path.size ? ['.rb'] : LIB_FEATURE_EXTS
    hit = nil
    exts.each do |ext|
      rel = base + ext
      f = first_file(dirs, rel)
      if f
        hit = [f.delete_suffix("/#{rel}"), rel]
        break
      end
      rest.each do |e|
        next unless File.file?(File.join(e, rel))
        hit = [e, rel]
        break
      end
      break if hit
    end
    return nil unless hit && File.readable?(File.join(*hit))
    found = File.join(lib_realdir(hit[0]), hit[1])
    ends = LIB_FEATURE_PROVIDED.map { |x| "/#{base}#{x}" }
    $LOADED_FEATURES.each do |f|
      next unless f.end_with?(*ends) || LIB_FEATURE_PROVIDED.any? { |x| f == base + x }
      return nil unless f == found
    end
    found
  end

  def self.lib_realdir(dir)
    (@lib_realdirs ||= {})[dir] ||= File.realpath(dir)
  end

  # $LOAD_PATH.unshift(*added): the module lib directories put in front
  # when module code first loads (lazy/type.rb, lazy/facter.rb).  Ruby
  # keeps the real paths of $LOAD_PATH's entries from one require to the
  # next while $LOAD_PATH is the very array it took them of (it checks
  # that the two share their elements' memory).  mcomp --nodes does the
  # unshift once in the parent (prime_lib_path), lets Ruby take the real
  # paths there, and puts the array back as it was; a node whose
  # $LOAD_PATH is as the parent left it then gets the same entries
  # through that array, and its next require takes no real paths (about
  # 1,000 system calls for 70 modules).  The entries are the same either
  # way.
  def self.unshift_lib_path(added)
    return if added.empty?
    before, after = @lib_path_primed
    if before && $LOAD_PATH == before && after.size == before.size + added.size && after[0, added.size] == added &&
       after[added.size..] == before
      $LOAD_PATH.replace(after)
    else
      $LOAD_PATH.unshift(*added)
    end
  end

  def self.prime_lib_path(libdirs)
    added = libdirs.reject { |d| $LOAD_PATH.include?(d) }
    return if added.empty?
    before = $LOAD_PATH.dup
    $LOAD_PATH.unshift(*added)
    begin
      $LOAD_PATH.resolve_feature_path('mcomp/no such feature')   # Ruby takes the real paths
    rescue LoadError
      nil
    end
    @lib_path_primed = [before, $LOAD_PATH.dup]
    $LOAD_PATH.replace(before)
  end
end