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
 * 2 ms saved for a node that renders a template ERB itself compiled (then
 * one that opened with a comment tag; now only a magic comment does),
 * nothing measurable over the fleet.
 *
 * The modules' lib directories: see MComp.prime_lib_path (type.rb).  The
 * parent puts them in front of $LOAD_PATH as a node's first module code
 * will, so that Ruby takes their real paths once, and puts $LOAD_PATH back.
 */
#include "compiler/ruby/rbapi.h"
/* ruby.h maps xmalloc and friends to Ruby's allocator: use base/util.h's */
#undef xmalloc
#undef xrealloc
#undef xcalloc
#undef xfree
#include "base/util.h"
#include <stdlib.h>
#include <string.h>

static VALUE preload_body(VALUE unused)
{
    (void)unused;
    rb_const_get(rby_module(), rb_intern("Types"));             /* lazy/type.rb, by its autoload */
    rb_funcall(rby_module(), rb_intern("load_functions_layer"), 0);
    rb_const_get(rb_cObject, rb_intern("Facter"));               /* lazy/facter.rb: the type layer's setup names it */
    return Qnil;
}

static VALUE prime_body(VALUE dirs)
{
    return rb_funcall(rby_module(), rb_intern("prime_lib_path"), 1, dirs);
}

void rby_prime_lib_path(const char *modulepath)
{
    if (!rby_started()) return;
    size_t len;
    char *list = load_libdirs_of(modulepath, &len);
    VALUE dirs = rb_ary_new();
    for (size_t i = 0; i < len; i += strlen(list + i) + 1) rb_ary_push(dirs, rb_str_new_cstr(list + i));
    free(list);
    int state = 0;
    rb_protect(prime_body, dirs, &state);
    if (state) rb_set_errinfo(Qnil);       /* (the nodes then put them in front themselves) */
}

void rby_preload(void)
{
    if (!rby_started()) return;
    int state = 0;
    rb_protect(preload_body, Qnil, &state);
    if (state) rb_set_errinfo(Qnil);       /* (a node then loads what is missing, as a single compile does) */
    rb_gc_start();
}
