/*
 * rbtype.c - resource types that modules write in Ruby, as the compiler
 * sees them.
 *
 * A module's lib/puppet/type/NAME.rb is evaluated by the embedded Ruby
 * against the Puppet::Type DSL of share/ruby/lazy/type.rb, which records what a
 * compile needs: the attribute names, the key attributes, the provider
 * parameter, and the title patterns.  This file turns that description
 * into a TypeDef (so the evaluator checks attributes as it does for the
 * built-in types) and asks Ruby for the attributes a title sets
 * (Puppet::Resource#parse_title) for types whose title patterns can set
 * more than the namevar.  Ruby is started only when a manifest uses such
 * a type.
 */
#include "compiler/ruby/rbapi.h"
#include "compiler/ruby/rbtype.h"
#include "compiler/resource.h"
#include "base/arena.h"
#include <stdlib.h>
#include <string.h>

#define A (c->arena)

/* A Ruby type: the TypeDef the evaluator uses, and what only this file
 * needs (td comes first, so a TypeDef of ours converts back). */
typedef struct RubyType {
    TypeDef td;
    int parse_title;       /* title patterns may set more than the one namevar */
} RubyType;

static int libdirs_sent;   /* MComp::Types.libdirs was set in this process */

static VALUE types_module(Compiler *c, const Node *at) { return rby_layer_module(c, at, "Types"); }

/* MComp::Types.setup(the lib directories of the module path, the facts). */
static void send_libdirs(Compiler *c, const Node *at)
{
    if (libdirs_sent) return;
    size_t n = 0;
    const char **dirs = load_module_libdirs(c, &n);
    Value **vs = ARENA_NEWN(A, Value *, n ? n : 1);
    for (size_t i = 0; i < n; i++) vs[i] = val_cstr(A, dirs[i]);
    Value *args[2] = {val_array(A, vs, n), c->facts ? c->facts : val_hash(A, NULL, NULL, 0)}, *out = NULL;
    VALUE exc = Qnil;
    rby_start(c, at);
    if (rby_call(c, NULL, at, types_module(c, at), "setup", args, 2, &out, &exc)) rby_fail(c, at, exc, "%s");
    libdirs_sent = 1;
}

static int param_cmp(const void *a, const void *b)
{
    return strcmp(((const TypeParam *)a)->name, ((const TypeParam *)b)->name);
}

static int is_str(const Value *v)
{
    return v && v->kind == V_STR;
}

const TypeDef *rby_type_load(Compiler *c, const Node *at, const char *lname)
{
    send_libdirs(c, at);
    Value *arg = val_cstr(A, lname), *d = NULL;
    VALUE exc = Qnil;
    if (rby_call(c, NULL, at, types_module(c, at), "describe", &arg, 1, &d, &exc)) rby_fail(c, at, exc, "%s");
    /* [namevar, [[attr, "param"|"property", key?]...], parse_title?] */
    if (!d || d->kind != V_ARRAY || d->arr.n != 3 || !is_str(d->arr.items[0]) || d->arr.items[1]->kind != V_ARRAY)
        return NULL;
    Value *attrs = d->arr.items[1];
    RubyType *rt = ARENA_NEW(A, RubyType);
    TypeParam *ps = ARENA_NEWN(A, TypeParam, attrs->arr.n ? attrs->arr.n : 1);
    size_t n = 0;
    for (size_t i = 0; i < attrs->arr.n; i++) {
        Value *a = attrs->arr.items[i];
        if (a->kind != V_ARRAY || a->arr.n != 3 || !is_str(a->arr.items[0]) || !is_str(a->arr.items[1])) continue;
        size_t j;
        for (j = 0; j < n; j++)
            if (!strcmp(ps[j].name, a->arr.items[0]->str.s)) break;
        ps[j].name = a->arr.items[0]->str.s;
        ps[j].flags = !strcmp(a->arr.items[1]->str.s, "property") ? TP_PROPERTY : TP_PARAM;
        if (a->arr.items[2]->kind == V_BOOL && a->arr.items[2]->b) ps[j].flags |= TP_NAMEVAR;
        if (j == n) n++;
    }
    qsort(ps, n, sizeof *ps, param_cmp);
    rt->td.name = lname;
    rt->td.namevar = d->arr.items[0]->str.s;
    rt->td.params = ps;
    rt->td.nparams = n;
    rt->parse_title = d->arr.items[2]->kind == V_BOOL && d->arr.items[2]->b;
    return &rt->td;
}

int rby_type_is_ruby(const TypeDef *td)
{
    return td && !type_find(td->name, strlen(td->name));
}

Value *rby_type_title(Compiler *c, const Node *at, const TypeDef *td, const char *title)
{
    if (!rby_type_is_ruby(td) || !((const RubyType *)td)->parse_title) return NULL;
    Value *args[2] = {val_cstr(A, td->name), val_cstr(A, title)}, *out = NULL;
    VALUE exc = Qnil;
    if (rby_call(c, NULL, at, types_module(c, at), "parse_title", args, 2, &out, &exc)) rby_fail(c, at, exc, "%s");
    if (!out || out->kind != V_ARRAY) return NULL;
    size_t n = out->arr.n / 2;
    Value **keys = ARENA_NEWN(A, Value *, n ? n : 1), **vals = ARENA_NEWN(A, Value *, n ? n : 1);
    for (size_t i = 0; i < n; i++) {
        keys[i] = out->arr.items[2 * i];
        vals[i] = out->arr.items[2 * i + 1];
    }
    return val_hash(A, keys, vals, n);
}
