/*
 * rbpreload.c - what every node of mcomp --nodes would do in Ruby the
 * same way, done once in the parent before the nodes fork.
 *
 * A node that uses a Ruby type or function first evaluates the Ruby layer
 * for them (share/ruby/lazy/type.rb: the Puppet::Type DSL and the type
 * loader, and with it lazy/facter.rb, Facter for the modules' Ruby; the
 * functions layer of share/ruby/functions.rb); every node did it again in
 * its own fork.  That code is ours, reads nothing of a node
 * and only defines classes, so the parent evaluates it once, where a
 * single compile evaluates it the first time it is needed: the nodes see
 * the same classes either way.  Then it collects its garbage, so that the
 * nodes start with a heap of old objects only, which their own collections
 * leave alone (and leave shared).
 *
 * Compiling the modules' type files to bytecode here as well was tried:
 * the copy-on-write faults of the nodes' first writes to that bytecode
 * cost them more than the parse it saved (mcomp --nodes over Debian's
 * modules: 2 ms a node worse).  So was the bytecode of the standard
 * library files templates and modules require most (erb, ipaddr, digest,
 * handed to a node's require through RubyVM::InstructionSequence.load_iseq):
 * 2 ms saved for a node that renders a template ERB itself compiles (one
 * that opens with a comment tag), nothing measurable over the fleet.
 */
#include "compiler/ruby/rbapi.h"

static VALUE preload_body(VALUE unused)
{
    (void)unused;
    rb_const_get(rby_module(), rb_intern("Types"));             /* lazy/type.rb, by its autoload */
    rb_funcall(rby_module(), rb_intern("load_functions_layer"), 0);
    rb_const_get(rb_cObject, rb_intern("Facter"));               /* lazy/facter.rb: the type layer's setup names it */
    return Qnil;
}

void rby_preload(void)
{
    if (!rby_started()) return;
    int state = 0;
    rb_protect(preload_body, Qnil, &state);
    if (state) rb_set_errinfo(Qnil);       /* (a node then loads what is missing, as a single compile does) */
    rb_gc_start();
}
