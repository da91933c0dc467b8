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
#include "base/diag.h"
#include "base/util.h"
#include <stdlib.h>
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
static void code_of(Buf *b, const Value *v);
static void code_put(Buf *b, const Value *v, void *unused) { code_of(b, v); }

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
    case V_ARRAY: case V_HASH: val_put_container(b, v, " => ", code_put, NULL); return;
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

/* The compile's first error, and where in the generated code it was. */
typedef struct FirstError { char *msg; uint32_t off; int at_code; } FirstError;

static void first_error(void *ctx, DiagLevel lvl, SrcLoc loc, const char *msg)
{
    FirstError *fe = ctx;
    if (lvl == DIAG_WARNING) {
        diag_fprintf(stderr, "Warning: %s\n", msg);
        return;
    }
    if (lvl != DIAG_ERROR || fe->msg) return;
    fe->msg = xstrndup(msg, strlen(msg));
    fe->at_code = loc.file && !strcmp(loc.file->name, "<deferred>");
    fe->off = loc.off;
}

int dfr_resolve(Catalog *cat, const CompileOptions *opt)
{
    Buf code = BUF_INIT;
    size_t n = 0, cap = 0;
    struct Where { uint32_t off; const Resource *r; const char *param; } *where = NULL;
    buf_adds(&code, "notify { 'deferred': message => [\n");
    for (size_t i = 0; i < cat->nres; i++) {
        Resource *r = cat->res[i];
        for (uint32_t j = 0; j < r->nparams; j++)
            if (has_deferred(r->params[j].value)) {
                if (n == cap) where = xrealloc(where, (cap = cap ? 2 * cap : 8) * sizeof *where);
                where[n] = (struct Where){(uint32_t)code.len, r, r->params[j].name};
                code_of(&code, r->params[j].value);
                buf_adds(&code, ",\n");
                n++;
            }
    }
    buf_adds(&code, "] }\n");
    if (!n) {
        buf_free(&code);
        free(where);
        return 0;
    }
    CompileOptions o = *opt;
    o.code = buf_cstr(&code);
    o.code_len = code.len;
    o.code_name = "<deferred>";
    o.print_facts = 0;
    o.storeconfigs = NULL;
    o.config_version = NULL;
    o.keep_deferred = 1;
    Arena ca;
    arena_init(&ca);
    Catalog cc;
    cat_init(&cc, &ca);
    /* the generated code is never shown (it may hold Sensitive values):
     * an error names the resource and parameter whose value failed */
    FirstError fe = {NULL, 0, 0};
    DiagSink saved = diag_sink;
    void *saved_ctx = diag_sink_ctx;
    diag_sink = first_error, diag_sink_ctx = &fe;
    int rc = copt_compile(&o, &ca, &cc);
    diag_sink = saved, diag_sink_ctx = saved_ctx;
    if (fe.msg && !rc) rc = 1;      /* the sink kept an error from being counted */
    if (rc && fe.msg) {
        size_t k = 0;
        while (fe.at_code && k + 1 < n && where[k + 1].off <= fe.off) k++;
        if (fe.at_code && fe.off >= where[0].off)
            diag_fprintf(stderr, "Error: Could not resolve a Deferred value of %s (parameter %s): %s\n", where[k].r->ref, where[k].param, fe.msg);
        else
            diag_fprintf(stderr, "Error: Could not resolve the catalog's Deferred values: %s\n", fe.msg);
    }
    free(fe.msg);
    free(where);
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
