/*
 * call.c - function calls: the dispatch of a call by name to a built-in
 * (compiler/fn/, through its table), a function written in the Puppet
 * language (called here with its parameters bound in a new scope, and
 * autoloaded from <module>/functions/), or a module's Ruby function
 * (compiler/ruby/).  The built-ins themselves live in compiler/fn/.
 */
#include "compiler/compiler.h"
#include "compiler/ruby/rb.h"
#include "base/util.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define A (c->arena)

/* The Puppet-language function called name (any case): defined already, or
 * autoloaded from <module>/functions/<name>.pp; NULL when there is none. */
static const Node *puppet_function(Compiler *c, const char *name)
{
    char *lname = arena_strdup(A, name);
    for (char *p = lname; *p; p++) *p = (char)tolower((unsigned char)*p);
    const Node *def = map_get(&c->functions, lname, strlen(lname));
    const char *sep = strstr(lname, "::");
    if (def || !sep) return def;
    const char *module = arena_strndup(A, lname, (size_t)(sep - lname));
    char *rest = arena_printf(A, "%s.pp", sep + 2);
    for (char *p = rest; (p = strstr(p, "::"));) memmove(p, p + 1, strlen(p)), *p = '/';
    const char *path = load_module_path(c, module, "functions", rest);   /* a missing file: load_file 2 */
    if (!path) return NULL;
    if (load_file(c, path, NULL) == 1) longjmp(*c->fail, 1);
    return map_get(&c->functions, lname, strlen(lname));
}

/* Whether name is a function: built in, defined, or autoloadable from
 * <module>/functions/. */
static int fn_known(Compiler *c, const Node *at, const char *name)
{
    const char *f = name[0] == ':' && name[1] == ':' ? name + 2 : name;
    return fn_find(f) || puppet_function(c, f) || rby_fn_find(c, at, f);
}

int ev_function_exists(Compiler *c, const Node *at, const char *name) { return fn_known(c, at, name); }

/* Puppet's CountMismatch: "'f' expects between 1 and 2 arguments, got
 * none" for a function of def's parameters given n arguments. */
static _Noreturn void arity_error(Compiler *c, const Node *def, const Node *at, size_t n)
{
    size_t min = 0, max = 0;
    int rest = 0;
    for (const Node *p = def->kids; p; p = p->next) {
        if (p->ival) rest = 1;
        else max++, min += !p->b;
    }
    const char *want = min == max && !rest ? (min ? arena_printf(A, "%zu", min) : "no")
                     : min == 0 ? (rest ? "unlimited" : arena_printf(A, "at most %zu", max))
                     : rest ? arena_printf(A, "at least %zu", min)
                     : arena_printf(A, "between %zu and %zu", min, max);
    int one = (min == 1 && (max == 1 || rest)) || (min == 0 && max == 1 && !rest);
    cmp_fail(c, at, "'%s' expects %s argument%s, got %s", def->text, want, one ? "" : "s",
             n ? arena_printf(A, "%zu", n) : "none");
}

/* A function written in the Puppet language (functions/NAME.pp or site.pp). */
static Value *call_puppet_function(Compiler *c, const Node *def, const Node *at, Value **args, size_t n)
{
    if (c->call_depth >= 10000) cmp_fail(c, at, "stack level too deep: '%s' called itself more than 10000 times", def->text);
    Scope *fs = ev_scope_new(c, c->top, c->top, c->class_main);
    fs->label = arena_printf(A, "Function[%s]", def->text);
    size_t i = 0;
    size_t nparams = (size_t)ast_nkids(def);
    int has_rest = 0;
    for (const Node *p = def->kids; p; p = p->next, i++) {
        Value *v;
        if (p->ival) {
            has_rest = 1;
            v = val_array(A, i < n ? args + i : NULL, i < n ? n - i : 0);
        } else if (i < n) {
            v = args[i];
        } else if (p->b) {
            v = ev_expr(c, fs, p->b);
        } else {
            arity_error(c, def, at, n);
        }
        if (p->a) {
            Value *t = ev_expr(c, fs, p->a);
            if (!ty_type_match(c, t, v))
                cmp_fail(c, at, "%s", ty_mismatch(c, t, v, CMP_MM_SIGNATURE, arena_printf(A, "'%s'", def->text),
                                                   arena_printf(A, "parameter '%s'", p->text), ty_signature(c, fs, def->kids)));
        }
        map_put(&fs->vars, p->text, ast_text_len(p), v);
    }
    if (n > nparams && !has_rest) arity_error(c, def, at, n);
    c->call_depth++;
    Value *r = ev_body(c, fs, def->b, 0);
    c->call_depth--;
    return r;
}

Value *ev_call_function(Compiler *c, Scope *s, const Node *at, const char *name, Value **args, size_t nargs,
                        const Node *lambda)
{
    const char *fname = name[0] == ':' && name[1] == ':' ? name + 2 : name;
    const Builtin *b = fn_find(fname);
    if (b) {
        CallCtx cc = {.c = c, .scope = s, .call = at, .arena = A, .args = args, .nargs = nargs, .lambda = lambda};
        return fn_invoke(b, &cc);
    }
    const Node *def = puppet_function(c, fname);
    if (def) return call_puppet_function(c, def, at, args, nargs);
    const RbyFunc *rf = rby_fn_find(c, at, fname);     /* a module's function written in Ruby */
    if (rf) return rby_fn_call(c, s, at, rf, args, nargs, lambda);
    cmp_fail(c, at, "Unknown function: '%s'.", fname);
}

