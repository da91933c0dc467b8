/*
 * rb.h - what the compiler proper calls of the embedded Ruby (the bridge,
 * compiler/ruby/).  This header does not include <ruby.h>: the evaluator's
 * files stay free of Ruby's macros.  Bridge modules that work with Ruby
 * objects include compiler/ruby/rbapi.h instead, which documents the whole
 * C API.  Every exported name of the bridge starts with rby_ (libruby owns
 * rb_* and ruby_*).
 *
 * Ruby is started lazily, on the compile thread, the first time a compile
 * needs it: a manifest that renders no ERB template (and calls no Ruby
 * function) never initialises libruby.
 */
#ifndef COMPILER_RUBY_RB_H
#define COMPILER_RUBY_RB_H
#include "compiler/compiler.h"

/* Whether this process has started Ruby (for --stats and tests). */
int rby_started(void);
/* Milliseconds the start-up took (0 when not started). */
double rby_startup_ms(void);
/* Turns the on-disk cache of compiled Ruby off for this process
 * (mcomp --no-cache; see rbcache.c). */
void rby_cache_disable(void);

/* While Ruby runs, file descriptor 1 is stderr (Ruby code and the commands
 * it runs print there: stdout carries the catalog); this gives it back.
 * Call it before writing the catalog, after the compile. */
void rby_stdout_back(void);

/* mcomp --nodes: starts Ruby now, on the calling thread, which must be
 * the one every compile of this process (and of its forks) runs on; 0, or
 * -1 when it could not be started (the compiles then start it themselves).
 * rby_fork forks the process as Ruby's Process.fork does once Ruby runs
 * (Process._fork: its threads and timer made right in the child), else as fork(2):
 * fork()'s return value, errno set on failure. */
int rby_prestart(void);
int rby_fork(void);
/* mcomp --nodes, after rby_prestart: what every node would do in Ruby the
 * same way (evaluating the type and function layers), done once before
 * the forks; see rbpreload.c. */
void rby_preload(void);
/* mcomp --nodes, after rby_preload: the lib directories of the modules on
 * modulepath put in front of Ruby's $LOAD_PATH and back, so that the
 * nodes' Ruby need not take their real paths again (rbpreload.c). */
void rby_prime_lib_path(const char *modulepath);

/* template(spec, ...) and inline_template(text, ...), as compiler
 * built-ins (rows of compiler/fn/builtins.def): the rendered texts
 * concatenated, a string in the compile arena; errors end the compile. */
Value *rby_f_template(CallCtx *cc);
Value *rby_f_inline_template(CallCtx *cc);
/* __rby_block(INDEX, args...): runs the Ruby block a Ruby caller gave
 * call_function() (see rb.c); a compiler function only the lambdas the
 * bridge makes call. */
Value *rby_f_block(CallCtx *cc);
/* Functions that modules write in Ruby (rbfunc.c).  rby_fn_find gives
 * the function called name from <module>/lib/puppet/functions/<ns>/<name>.rb
 * (4.x) or <module>/lib/puppet/parser/functions/<name>.rb (3.x) of the
 * module path, loading its file into Ruby the first time (a file that
 * fails to load ends the compile, at at), or NULL when there is none; the
 * compiler asks only for names no built-in or Puppet-language function
 * has.  rby_fn_call calls it as Puppet does (dispatch by type, Puppet's
 * messages; errors end the compile at at); the result lives in the
 * compile arena. */
typedef struct RbyFunc RbyFunc;
const RbyFunc *rby_fn_find(Compiler *c, const Node *at, const char *name);
Value *rby_fn_call(Compiler *c, Scope *s, const Node *at, const RbyFunc *f, Value **args, size_t n, const Node *lambda);
#endif
