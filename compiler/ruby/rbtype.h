/*
 * rbtype.h - modules' Ruby resource types and custom facts, evaluated by
 * the embedded Ruby (compiler/ruby/, share/ruby/type.rb, lazy/type.rb and lazy/facter.rb).
 * Like rb.h, this header keeps <ruby.h> out of the evaluator's files.
 */
#ifndef COMPILER_RUBY_RBTYPE_H
#define COMPILER_RUBY_RBTYPE_H
#include "compiler/compiler.h"
#include "types/types.h"

/* The resource type lname (lowercase) that a module defines in
 * <module>/lib/puppet/type/<lname>.rb, found by the caller: the file is
 * evaluated (starting Ruby if needed) and the type described as Puppet's
 * compiler sees it: every newparam and newproperty, `name`, the key
 * attributes flagged TP_NAMEVAR, `provider` when the module path holds
 * providers for it, and the namevar Puppet drops when it equals the title
 * (the one key attribute, else "name").  A Ruby error while loading ends
 * the compile at at with Puppet's "Could not autoload puppet/type/..."
 * message.  The TypeDef lives in the compile arena. */
const TypeDef *rby_type_load(Compiler *c, const Node *at, const char *lname);

/* Whether td was made by rby_type_load. */
int rby_type_is_ruby(const TypeDef *td);

/* The attributes Puppet derives from title through td's title_patterns
 * (Puppet::Resource#parse_title), as a hash in the compile arena, or NULL
 * when they can only repeat the title in the type's one key attribute
 * (Puppet's default patterns).  No pattern matching is Puppet's "No set of
 * title patterns matched the title" error at at. */
Value *rby_type_title(Compiler *c, const Node *at, const TypeDef *td, const char *title);

/* facts with the custom facts of the modules on the module path added
 * (<module>/lib/facter/NAME.rb, run as an agent's pluginsync makes them run;
 * a gathered fact keeps its value unless a custom one of its name has a
 * positive has_weight).  Returns facts itself when no module
 * has custom facts (Ruby is not started then).  A fact whose code raises
 * is a warning and gets no value.  The hash lives in the compile arena. */
Value *rby_facts_custom(Compiler *c, Value *facts);

/* Facter's ruby fact (platform, sitedir, version) for the Ruby mcomp
 * embeds, known without starting it.  In the compile arena. */
Value *rby_facts_ruby(Compiler *c);
#endif
