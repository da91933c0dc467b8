# erb.rb - ERB templates as Puppet renders them (template(),
# inline_template()): Ruby's ERB with trim mode '-', evaluated in a
# TemplateWrapper that holds one @variable per variable visible in the
# calling scope and answers scope, file and has_variable?.  The C side
# (compiler/ruby/erbsrc.c) translates the template text into the very
# program ERB would make, so the erb library is loaded only when some code
# names ERB (autoload), or for a template opening with a magic comment
# (<%# coding: ... %>, <%# frozen_string_literal: ... %>).

autoload :ERB, 'erb'

class Puppet::Parser::TemplateWrapper
  def initialize(scope)
    @__scope__ = scope
  end

  def file
    @__file__
  end

  def scope
    @__scope__
  end

  def has_variable?(name)
    scope.include?(name.to_s)
  end

  # The classes evaluated so far, and the catalog's tags.
  def classes
    MComp.catalog_classes
  end

  def all_tags
    MComp.catalog_tags
  end

  def tags
    raise NotImplementedError, "Call 'all_tags' instead."
  end

  def to_s
    "template[#{@__file__ ? @__file__ : 'inline'}]"
  end

  %w[debug info notice warning err alert emerg crit].each do |level|
    define_method(level) { |msg| MComp.log(@__scope__, level, msg.to_s) }
  end

  # The rendered text of template id (erb.c numbers the distinct
  # templates and keeps their text, MComp.erb_text), the template file
  # path (nil: inline).
  def result(id, path)
    @__file__ = path if path
    MComp.bind_vars(self, scope)      # scope.to_hash, each as @name (those the code names: erb.c)
    send(MComp.erb_method(id, path))
  rescue SyntaxError
    # the error as Puppet's ERB#result(binding) gives it (lines as written)
    template = ERB.new(MComp.erb_text(id), trim_mode: '-')
    template.filename = path
    template.result(binding)
  end
end

module MComp
  ERB_METHODS = {}

  # The wrapper's method that renders template id (file path): each
  # distinct template is compiled once per compile, not per render, from
  # the program erb.c made of its text (MComp.erb_src; nil: ERB makes it).
  # As ERB#def_method has it, "def" is on line 0 and the template's first
  # line on line 1.  The code is compiled through the on-disk cache
  # (MComp.eval_cached), under one name, then renamed.
  def self.erb_method(id, path)
    ERB_METHODS[id] ||= begin
      name = :"__mcomp_erb_#{id}"
      src = MComp.erb_src(id)
      if src
        MComp.eval_cached("class Puppet::Parser::TemplateWrapper; def __mcomp_erb\n#{src}\nend; end\n", path || '(erb)', 0)
        Puppet::Parser::TemplateWrapper.alias_method(name, :__mcomp_erb)
      else
        ERB.new(MComp.erb_text(id), trim_mode: '-').def_method(Puppet::Parser::TemplateWrapper, name.to_s, path || '(erb)')
      end
      name
    end
  end
end

module MComp
  # Called by C (compiler/ruby/erb.c) for each template.
  def self.render_erb(scope, id, path)
    Puppet::Parser::TemplateWrapper.new(scope).result(id, path)
  end
end

module MComp
  # erb.c binds only the variables a template's code names.  That holds
  # while no method a template can call without naming a receiver reads
  # others: once a method is defined on the template wrapper, Object,
  # Kernel or BasicObject (a template's def, a module's Ruby file), or a
  # module is mixed into them, by anything but this layer, every later
  # template gets every variable (MComp.foreign_methods); but a method
  # the template being rendered defined itself (its file is the
  # template's) reads only what that template names, which later
  # templates then get too (erb.c).
  module MethodWatch
    WATCHED = []

    def method_added(name)
      if WATCHED.include?(self) && !MComp.quiet? && !name.to_s.start_with?('__mcomp_erb')
        file = begin
          instance_method(name).source_location&.first
        rescue NameError
          nil
        end
        MComp.foreign_methods(file)
      end
      super
    end

    %i[include prepend].each do |m|
      define_method(m) do |*mods|
        MComp.foreign_methods(nil) if WATCHED.include?(self) && !MComp.quiet?
        super(*mods)
      end
    end
  end

  # Called once the layer is loaded (rb.c).
  def self.watch_methods
    MethodWatch::WATCHED.push(Puppet::Parser::TemplateWrapper, Object, Kernel, BasicObject)
    MethodWatch::WATCHED.each { |m| m.singleton_class.prepend(MethodWatch) }
  end

  # Whether this layer is defining methods (not module code).
  def self.quiet?
    @quiet
  end

  def self.quietly
    was = @quiet
    @quiet = true
    yield
  ensure
    @quiet = was
  end
end
