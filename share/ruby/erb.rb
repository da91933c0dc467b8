# erb.rb - ERB templates as Puppet renders them (template(),
# inline_template()): Ruby's ERB with trim mode '-', evaluated in a
# TemplateWrapper that holds one @variable per variable visible in the
# calling scope and answers scope, file and has_variable?.

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

  # The rendered text of string, the template file path (nil: inline).
  def result(string, path)
    @__file__ = path if path
    scope.to_hash.each do |name, value|
      instance_variable_set("@#{name.gsub(/[^\w]/, '_')}", value)
    end
    template = ERB.new(string, trim_mode: '-')
    template.filename = path
    template.result(binding)
  end
end

module MComp
  # Called by C (compiler/ruby/erb.c) for each template.
  def self.render_erb(scope, string, path)
    require 'erb' unless defined?(::ERB)
    Puppet::Parser::TemplateWrapper.new(scope).result(string, path)
  end
end
