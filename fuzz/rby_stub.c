/*
 * rby_stub.c - the embedded Ruby's hooks for the fuzz build of mcomp,
 * which links no Ruby (a Ruby interpreter under ASan and libFuzzer is slow
 * and is not the code being fuzzed): ERB templates and Ruby functions end
 * the compile with an error, as a missing template would; everything else
 * behaves as with no module that brings Ruby code.
 */
#include "compiler/ruby/rb.h"
#include "compiler/ruby/rbtype.h"

int rby_started(void) { return 0; }
double rby_startup_ms(void) { return 0; }
void rby_cache_disable(void) {}
void rby_stdout_back(void) {}

static _Noreturn void no_ruby(Compiler *c, const Node *at, const char *what)
{
    cmp_fail(c, at, "%s: this fuzz build has no Ruby", what);
}

Value *rby_f_template(CallCtx *cc)
{
    no_ruby(cc->c, cc->call, "template()");
}

Value *rby_f_inline_template(CallCtx *cc)
{
    no_ruby(cc->c, cc->call, "inline_template()");
}

Value *rby_f_block(CallCtx *cc)
{
    no_ruby(cc->c, cc->call, "a Ruby block");
}

const RbyFunc *rby_fn_find(Compiler *c, const Node *at, const char *name) { return NULL; }

Value *rby_fn_call(Compiler *c, Scope *s, const Node *at, const RbyFunc *f, Value **args, size_t n, const Node *lambda)
{
    no_ruby(c, at, "a Ruby function");
}

const TypeDef *rby_type_load(Compiler *c, const Node *at, const char *lname) { return NULL; }
int rby_type_is_ruby(const TypeDef *td) { return 0; }
Value *rby_type_title(Compiler *c, const Node *at, const TypeDef *td, const char *title) { return NULL; }
Value *rby_facts_custom(Compiler *c, Value *facts) { return facts; }
Value *rby_facts_ruby(Compiler *c) { return NULL; }   /* no ruby fact */
