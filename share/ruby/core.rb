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

# What Puppet has loaded when it renders a template, so templates use it
# without a require: YAML and JSON (with to_yaml and to_json), and, loaded
# on first use, the standard library's common classes.  Nothing is loaded
# until a template touches it.
{
  YAML: 'yaml', Psych: 'yaml', JSON: 'json', IPAddr: 'ipaddr', Set: 'set',
  Shellwords: 'shellwords', Base64: 'base64', Digest: 'digest', SecureRandom: 'securerandom',
  Pathname: 'pathname', URI: 'uri', FileUtils: 'fileutils', StringIO: 'stringio',
  OpenStruct: 'ostruct', Date: 'date', DateTime: 'date',
}.each { |const, lib| Object.autoload(const, lib) }

class Object
  # Stand-ins that load the library, which defines the real methods.
  def to_yaml(*args, **kw)
    require 'yaml'            # Psych redefines Object#to_yaml
    to_yaml(*args, **kw)
  end

  def to_json(*args)
    Object.send(:remove_method, :to_json)
    require 'json'
    to_json(*args)
  end
end

# Ruby code run by mcomp (templates, types, facts) shares the mcomp process.
# What it prints goes to stderr: stdout carries the catalog.  It may run
# commands and read their output (`cmd`, system, IO.popen), but not end,
# replace or fork the process: exit, exit! and abort raise SystemExit (a
# compile error, nothing printed), exec and fork raise NotImplementedError
# (a forked child would go on with the compile).  A thread's exception
# reaches the template through join or value, unprinted.
$stdout = $stderr
Object.send(:remove_const, :STDOUT)
STDOUT = $stderr
Thread.report_on_exception = false

module Kernel
  private

  def exit!(status = false)
    raise SystemExit.new(status, 'exit')
  end

  def abort(message = nil)
    raise SystemExit.new(false, message ? message.to_s : 'exit')
  end

  def exec(*)
    raise NotImplementedError, 'exec() is not available to Ruby code run by mcomp (it would replace the compile)'
  end

  def fork(*)
    raise NotImplementedError, 'fork() is not available to Ruby code run by mcomp (the child would go on with the compile)'
  end
end

[Kernel, Process].each do |mod|
  %i[exit! abort exec fork].each do |name|
    mod.define_singleton_method(name) { |*args| Kernel.instance_method(name).bind_call(self, *args) }
  end
end
Process.define_singleton_method(:daemon) { |*| Process.fork }

class IO
  class << self
    alias_method :__mcomp_popen, :popen
    # IO.popen('-') forks the process: refused as fork is.
    def popen(*args, **kw, &block)
      cmd = args.find { |a| !a.is_a?(Hash) }
      fork if cmd == '-' || (cmd.is_a?(Array) && cmd.first == '-')
      __mcomp_popen(*args, **kw, &block)
    end
  end
end
