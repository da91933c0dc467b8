/*
 * deferred.c - Deferred values resolved before a run, as a Puppet agent
 * resolves them (Puppet::Pops::Evaluator::DeferredResolver): each
 * parameter that holds a Deferred anywhere is evaluated on this node.
 *
 * The one idea: the parameters are written back as Puppet code, each
 * Deferred becoming the call it stands for (`sprintf('%s', 'a')`, and
 * `dig($var, ...)` for a name that starts with `$`), and that code is
 * compiled with the compiler's own functions, facts and module path: the
 * values come back as the one parameter of one resource.  So a Deferred
 * sees exactly what a manifest would, and an error is the compiler's.
 */
#include "apply/deferred.h"
#include "compiler/options.h"
#include "catalog/rubyval.h"
#include "base/buf.h"
#include <stdio.h>
#include <string.h>

static int has_deferred(const Value *v)
{
    switch (v->kind) {
    case V_OBJECT: return !strcmp(v->obj.type, "Deferred");
    case V_SENSITIVE: return has_deferred(v->sensitive);
    case V_ARRAY:
        for (size_t i = 0; i < v->arr.n; i++)
            if (has_deferred(v->arr.items[i])) return 1;
        return 0;
    case V_HASH:
        for (size_t i = 0; i < v->hash.n; i++)
            if (has_deferred(v->hash.vals[i])) return 1;
        return 0;
    default: return 0;
    }
}

/* v as a Puppet expression that makes it (a Deferred: its call). */
static void code_of(Buf *b, const Value *v)
{
    switch (v->kind) {
    case V_UNDEF: buf_adds(b, "undef"); return;
    case V_DEFAULT: buf_adds(b, "default"); return;
    case V_BOOL: buf_adds(b, v->b ? "true" : "false"); return;
    case V_TYPE:        /* a type in a Deferred's arguments, as its text (catalog/json.c) */
        if (!v->type.n) {
            buf_adds(b, v->type.name);
            return;
        }
        break;
    case V_INT: buf_printf(b, "%lld", (long long)v->i); return;
    case V_FLOAT: rv_float_to_s(b, v->f); return;       /* "2.5", "1.0e+16": Puppet reads both */
    case V_STR: val_puppet_quote(b, v->str.s, v->str.len, 0); return;
    case V_SENSITIVE:
        buf_adds(b, "Sensitive(");
        code_of(b, v->sensitive);
        buf_addc(b, ')');
        return;
    case V_ARRAY:
        buf_addc(b, '[');
        for (size_t i = 0; i < v->arr.n; i++) {
            if (i) buf_adds(b, ", ");
            code_of(b, v->arr.items[i]);
        }
        buf_addc(b, ']');
        return;
    case V_HASH:
        buf_addc(b, '{');
        for (size_t i = 0; i < v->hash.n; i++) {
            if (i) buf_adds(b, ", ");
            code_of(b, v->hash.keys[i]);
            buf_adds(b, " => ");
            code_of(b, v->hash.vals[i]);
        }
        buf_addc(b, '}');
        return;
    case V_OBJECT:
        if (!strcmp(v->obj.type, "Deferred")) {
            const Value *name = val_hash_gets(v->obj.attrs, "name"), *args = val_hash_gets(v->obj.attrs, "arguments");
            const char *fn = name && name->kind == V_STR ? name->str.s : "";
            size_t nargs = args && args->kind == V_ARRAY ? args->arr.n : 0;
            if (fn[0] == '$') {         /* Deferred('$var', [keys]): dig($var, keys...) */
                buf_printf(b, "dig($%s", fn + 1);
                for (size_t i = 0; i < nargs; i++) buf_adds(b, ", "), code_of(b, args->arr.items[i]);
            } else {
                buf_printf(b, "%s(", fn);
                for (size_t i = 0; i < nargs; i++) {
                    if (i) buf_adds(b, ", ");
                    code_of(b, args->arr.items[i]);
                }
            }
            buf_addc(b, ')');
            return;
        }
        break;
    default: break;
    }
    Buf t = BUF_INIT;               /* what JSON cannot hold arrives as text */
    val_to_s(&t, v);
    val_puppet_quote(b, t.s ? t.s : "", t.len, 0);
    buf_free(&t);
}

static void mark_sensitive(Catalog *cat, Resource *r, const char *name)
{
    for (uint32_t i = 0; i < r->nsensitive; i++)
        if (!strcmp(r->sensitive[i], name)) return;
    const char **s = ARENA_NEWN(cat->arena, const char *, r->nsensitive + 2);
    if (r->nsensitive) memcpy(s, r->sensitive, r->nsensitive * sizeof *s);
    s[r->nsensitive++] = name;
    r->sensitive = s;
}

/* A value of the compile (arena ca) copied into the catalog's arena. */
static Value *copy_value(Arena *a, const Value *v)
{
    switch (v->kind) {
    case V_UNDEF: case V_DEFAULT: case V_BOOL: return (Value *)v;
    case V_INT: return val_int(a, v->i);
    case V_FLOAT: return val_float(a, v->f);
    case V_STR: return val_str(a, v->str.s, v->str.len);
    case V_SENSITIVE: return val_sensitive(a, copy_value(a, v->sensitive));
    case V_ARRAY: {
        Value **items = ARENA_NEWN(a, Value *, v->arr.n + 1);
        for (size_t i = 0; i < v->arr.n; i++) items[i] = copy_value(a, v->arr.items[i]);
        return val_array(a, items, v->arr.n);
    }
    case V_HASH: {
        Value **k = ARENA_NEWN(a, Value *, v->hash.n + 1), **vals = ARENA_NEWN(a, Value *, v->hash.n + 1);
        for (size_t i = 0; i < v->hash.n; i++) k[i] = copy_value(a, v->hash.keys[i]), vals[i] = copy_value(a, v->hash.vals[i]);
        return val_hash(a, k, vals, v->hash.n);
    }
    default: {                      /* types, regexps, times ...: their text, as the catalog holds them */
        Buf t = BUF_INIT;
        val_to_s(&t, v);
        Value *r = val_str(a, t.s ? t.s : "", t.len);
        buf_free(&t);
        return r;
    }
    }
}

int dfr_resolve(Catalog *cat, const CompileOptions *opt)
{
    Buf code = BUF_INIT;
    size_t n = 0;
    buf_adds(&code, "notify { 'deferred': message => [\n");
    for (size_t i = 0; i < cat->nres; i++) {
        Resource *r = cat->res[i];
        for (uint32_t j = 0; j < r->nparams; j++)
            if (has_deferred(r->params[j].value)) {
                code_of(&code, r->params[j].value);
                buf_adds(&code, ",\n");
                n++;
            }
    }
    buf_adds(&code, "] }\n");
    if (!n) {
        buf_free(&code);
        return 0;
    }
    CompileOptions o = *opt;
    o.code = buf_cstr(&code);
    o.code_len = code.len;
    o.code_name = "<deferred>";
    o.print_facts = 0;
    o.storeconfigs = NULL;
    o.config_version = NULL;
    Arena ca;
    arena_init(&ca);
    Catalog cc;
    cat_init(&cc, &ca);
    int rc = copt_compile(&o, &ca, &cc);
    Resource *holder = rc == 0 ? cat_find(&cc, "Notify", "deferred") : NULL;
    const Value *got = NULL;
    for (uint32_t j = 0; holder && j < holder->nparams; j++)
        if (!strcmp(holder->params[j].name, "message")) got = holder->params[j].value;
    if (got && got->kind == V_ARRAY && got->arr.n == n) {
        size_t k = 0;
        for (size_t i = 0; i < cat->nres; i++) {
            Resource *r = cat->res[i];
            for (uint32_t j = 0; j < r->nparams; j++) {
                if (!has_deferred(r->params[j].value)) continue;
                Value *v = copy_value(cat->arena, got->arr.items[k++]);
                if (v->kind == V_SENSITIVE) {   /* the resolver unwraps it and lists the parameter */
                    v = v->sensitive;
                    mark_sensitive(cat, r, r->params[j].name);
                }
                r->params[j].value = v;
            }
        }
    } else {
        rc = 1;
    }
    cat_free(&cc);
    arena_free(&ca);
    buf_free(&code);
    return rc ? 1 : 0;
}
