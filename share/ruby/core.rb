# core.rb - the core of mcomp's Ruby layer: the Puppet namespace, its
# error classes and logging, over the C callbacks of module MComp
# (compiler/ruby/rb.c: lookupvar, scope_vars, call_function, log,
# type_to_s, type_eq, resref, scope_label).  Loaded first, at start-up.

module MComp
  # A compile error of C code that Ruby called (already worded by mcomp).
  # (defined below, once Puppet::ParseError exists)
end

module Puppet
  class Error < RuntimeError
    attr_accessor :file, :line, :pos
    def initialize(message = nil, file = nil, line = nil, pos = nil)
      super(message)
      @file = file
      @line = line
      @pos = pos
    end
  end
  class ParseError < Error; end
  class DevError < Error; end
  class ParseErrorWithIssue < ParseError; end

  module Pops
    module Types; end
  end
  module Parser; end

  # Logging as Puppet's Puppet.warning etc. do, in the calling scope.
  %w[debug info notice warning err alert emerg crit].each do |level|
    define_singleton_method(level) { |msg| MComp.log(nil, level, msg.to_s) }
  end
  def self.warn_once(_kind, _key, message, _file = nil, _line = nil, level = :warning)
    @warned ||= {}
    return if @warned[[_kind, _key]]
    @warned[[_kind, _key]] = true
    MComp.log(nil, level.to_s, message.to_s)
  end
end


module MComp
  class CompileError < Puppet::ParseError; end
end
