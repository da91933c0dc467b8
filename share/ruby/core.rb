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

  # Logging as Puppet's Puppet.warning etc. do ("Warning: message").
  %w[debug info notice warning err alert emerg crit].each do |level|
    define_singleton_method(level) { |msg| MComp.log(false, level, msg.to_s) }
  end

  # Once per kind and key, as Puppet's warn_once (which says where, when it knows).
  def self.warn_once(kind, key, message, file = nil, line = nil, level = :warning)
    @warned ||= {}
    return if @warned[[kind, key]]
    @warned[[kind, key]] = true
    where = file ? "\n   (file: #{file}#{line ? ", line: #{line}" : ''})" : "\n   (file & line not available)"
    MComp.log(false, level.to_s, message.to_s + where)
  end
end


module MComp
  class CompileError < Puppet::ParseError; end

  # A Puppet lambda handed to Ruby (made by C: rby_lambda_object).
  class Lambda
    def call(*args)
      MComp.lambda_call(self, args)
    end

    def parameter_count
      MComp.lambda_arity(self)
    end

    def to_proc
      lam = self
      proc { |*args| lam.call(*args) }
    end
  end
end
