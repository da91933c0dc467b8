/*
 * types.c - type(): Puppet's TypeCalculator (infer_set, infer, generalize)
 * on values: Integer[1, 1], Tuple, Struct, and the common type of an
 * array's elements.
 */
#include "compiler/fn/fnaux.h"
#include "catalog/uri.h"
#include "compiler/regex.h"
#include "base/util.h"
#include "base/utf8.h"
#include "catalog/rubyval.h"
#include <ctype.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wctype.h>

#define A (cc->arena)

/* ---- type(): Puppet's TypeCalculator (infer_set, infer, generalize) ----
 *
 * Inferred types are type values.  Puppet's inferred String remembers its
 * value (so ['a', 'b'] reduces to Enum['a', 'b']) yet prints as String:
 * here it is the internal type "String=" with the string as its one
 * parameter, made plain String by type_done() before anyone sees it. */

#define VALUED_STRING "String="

static int is_t(const Value *t, const char *name) { return t->kind == V_TYPE && strcmp(t->type.name, name) == 0; }

static Value *t0(CallCtx *cc, const char *name) { return val_type(A, name, NULL, 0); }
static Value *t1(CallCtx *cc, const char *name, Value *p) { return val_type(A, name, &p, 1); }
static Value *t2(CallCtx *cc, const char *name, Value *p, Value *q)
{
    Value *ps[2] = {p, q};
    return val_type(A, name, ps, 2);
}

/* The element (i 0) or key/value (i 0/1) type of an inferred Array or
 * Hash; NULL for the empty one's Unit. */
static Value *coll_part(const Value *t, size_t i)
{
    return i < t->type.n && t->type.params[i]->kind == V_TYPE ? t->type.params[i] : NULL;
}

/* PVariantType.maybe_create: duplicates dropped, a single type alone. */
static Value *variant_of(CallCtx *cc, Value **ts, size_t n)
{
    Value **u = ARENA_NEWN(A, Value *, n);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        size_t j = 0;
        while (j < k && !val_identical(u[j], ts[i])) j++;
        if (j == k) u[k++] = ts[i];
    }
    return k == 1 ? u[0] : val_type(A, "Variant", u, k);
}

/* The abstract types common_type falls back to, narrowest first. */
enum { TC_NUMERIC = 1, TC_SCALAR_DATA = 2, TC_SCALAR = 4, TC_DATA = 8, TC_RICH = 16 };

static int type_class(const Value *t)
{
    const char *n = t->type.name;
    if (!strcmp(n, "Integer") || !strcmp(n, "Float") || !strcmp(n, "Numeric")) return 31;
    if (!strcmp(n, VALUED_STRING) || !strcmp(n, "String") || !strcmp(n, "Enum") || !strcmp(n, "Boolean") ||
        !strcmp(n, "ScalarData"))
        return 30;
    if (!strcmp(n, "Regexp") || !strcmp(n, "Scalar")) return TC_SCALAR | TC_RICH;
    if (!strcmp(n, "Undef") || !strcmp(n, "Data")) return TC_DATA | TC_RICH;
    if (!strcmp(n, "Array")) {
        const Value *e = coll_part(t, 0);
        return !e || (type_class(e) & TC_DATA) ? TC_DATA | TC_RICH : TC_RICH;
    }
    if (!strcmp(n, "Hash")) {
        const Value *k = coll_part(t, 0), *v = coll_part(t, 1);
        int str_keys = !k || is_t(k, VALUED_STRING) || is_t(k, "String") || is_t(k, "Enum");
        return str_keys && (!v || (type_class(v) & TC_DATA)) ? TC_DATA | TC_RICH : TC_RICH;
    }
    if (!strcmp(n, "Any")) return 0;
    return TC_RICH;
}

static Value *common_type(CallCtx *cc, Value *a, Value *b);

/* The common type of a collection's inferred members (infer_and_reduce_type). */
static Value *reduce_types(CallCtx *cc, Value **ts, size_t n)
{
    Value *r = ts[0];
    for (size_t i = 1; i < n; i++) r = common_type(cc, r, ts[i]);
    return r;
}

/* The string values of a valued String or an Enum, added to out. */
static void enum_values(CallCtx *cc, const Value *t, AVec *out)
{
    for (size_t i = 0; i < t->type.n; i++) {
        size_t j = 0;
        while (j < out->n && !val_identical(out->v[j], t->type.params[i])) j++;
        if (j == out->n) fn_av_push(cc, out, t->type.params[i]);
    }
}

/* Integer[a, b] and Integer[c, d] widen to Integer[min, max]; likewise
 * Float.  An unranged one stays unranged. */
static Value *widen(CallCtx *cc, const char *name, const Value *a, const Value *b)
{
    if (a->type.n < 2 || b->type.n < 2) return t0(cc, name);
    Value *lo = fn_num(a->type.params[0]) <= fn_num(b->type.params[0]) ? a->type.params[0] : b->type.params[0];
    Value *hi = fn_num(a->type.params[1]) >= fn_num(b->type.params[1]) ? a->type.params[1] : b->type.params[1];
    return t2(cc, name, lo, hi);
}

/* TypeCalculator#common_type, for the types infer() makes. */
static Value *common_type(CallCtx *cc, Value *a, Value *b)
{
    if (val_identical(a, b) || is_t(b, "Undef")) return a;
    if (is_t(a, "Undef")) return b;
    const char *an = a->type.name, *bn = b->type.name;
    if (!strcmp(an, "Array") && !strcmp(bn, "Array")) {
        Value *x = coll_part(a, 0), *y = coll_part(b, 0);
        return t1(cc, "Array", !x ? y : !y ? x : common_type(cc, x, y));
    }
    if (!strcmp(an, "Hash") && !strcmp(bn, "Hash")) {
        Value *kv[2];
        for (size_t i = 0; i < 2; i++) {
            Value *x = coll_part(a, i), *y = coll_part(b, i);
            kv[i] = !x ? y : !y ? x : common_type(cc, x, y);
        }
        return t2(cc, "Hash", kv[0], kv[1]);
    }
    if (!strcmp(an, bn) && (!strcmp(an, "Integer") || !strcmp(an, "Float"))) return widen(cc, an, a, b);
    int as = !strcmp(an, VALUED_STRING) || !strcmp(an, "Enum"), bs = !strcmp(bn, VALUED_STRING) || !strcmp(bn, "Enum");
    if (as && bs) {
        AVec vals = {0};
        enum_values(cc, a, &vals);
        enum_values(cc, b, &vals);
        return val_type(A, "Enum", vals.v, vals.n);
    }
    if (!strcmp(an, bn) && (!strcmp(an, "Boolean") || !strcmp(an, "Regexp"))) return t0(cc, an);
    int common = type_class(a) & type_class(b);
    if (common & TC_NUMERIC) return t0(cc, "Numeric");
    if (common & TC_SCALAR_DATA) return t0(cc, "ScalarData");
    if (common & TC_SCALAR) return t0(cc, "Scalar");
    if (common & TC_DATA) return t0(cc, "Data");
    if (!strcmp(an, "Type") && !strcmp(bn, "Type") && a->type.n && b->type.n)
        return t1(cc, "Type", common_type(cc, a->type.params[0], b->type.params[0]));
    if (common & TC_RICH) return t0(cc, "RichData");
    return t0(cc, "Any");
}

/* TypeCalculator#infer_set (set) or #infer: a collection's detailed type
 * lists every member (Tuple, Struct), its reduced type is Array[T, n, n] or
 * Hash[K, V, n, n] with T, K, V the members' common type. */
static Value *infer(CallCtx *cc, Value *v, int set)
{
    switch (v->kind) {
    case V_UNDEF: return t0(cc, "Undef");
    case V_DEFAULT: return t0(cc, "Default");
    case V_BOOL: return t1(cc, "Boolean", v);
    case V_INT: return t2(cc, "Integer", v, v);
    case V_FLOAT: return t2(cc, "Float", v, v);
    case V_STR: return t1(cc, VALUED_STRING, v);
    case V_REGEX: return t1(cc, "Regexp", v);
    case V_TYPE: return t1(cc, "Type", v);
    case V_SENSITIVE: return t1(cc, "Sensitive", infer(cc, v->sensitive, set));
    case V_TIMESTAMP: case V_TIMESPAN: return t2(cc, val_type_name(v), v, v);
    case V_BINARY: case V_SEMVERRANGE: return t0(cc, val_type_name(v));
    case V_OBJECT: {    /* Error[kind, issue_code]; URI[{its parts}] */
        if (!strcmp(v->obj.type, "Deferred")) return t0(cc, "Deferred");
        if (strcmp(v->obj.type, "Error") && strcmp(v->obj.type, "URI")) return t0(cc, v->obj.type);   /* a user Object type */
        if (!strcmp(v->obj.type, "URI")) {
            Value *h = uri_type_params(A, v);
            return h->hash.n ? t1(cc, "URI", h) : t0(cc, "URI");
        }
        Value *k = val_hash_gets(v->obj.attrs, "kind"), *ic = val_hash_gets(v->obj.attrs, "issue_code");
        return t2(cc, v->obj.type, k ? k : VAL_UNDEF, ic ? ic : VAL_UNDEF);
    }
    case V_SEMVER: {    /* the range of the one version, as the gem writes it */
        Value *r = val_cstr(A, arena_printf(A, "%s - %s", v->sv.text, v->sv.text));
        return t1(cc, "SemVer", r);
    }
    case V_ARRAY: {
        size_t n = v->arr.n;
        Value *size = val_int(A, (int64_t)n);
        if (!n) return t2(cc, "Array", size, size);
        Value **ts = ARENA_NEWN(A, Value *, n);
        for (size_t i = 0; i < n; i++) ts[i] = infer(cc, v->arr.items[i], set);
        if (set) return val_type(A, "Tuple", ts, n);
        Value *ps[3] = {reduce_types(cc, ts, n), size, size};
        return val_type(A, "Array", ps, 3);
    }
    case V_HASH: {
        size_t n = v->hash.n;
        Value *size = val_int(A, (int64_t)n);
        if (!n) return t2(cc, "Hash", size, size);
        Value **ks = ARENA_NEWN(A, Value *, n), **vs = ARENA_NEWN(A, Value *, n);
        int struct_keys = set;
        for (size_t i = 0; i < n; i++) {
            Value *k = v->hash.keys[i];
            if (k->kind != V_STR || !k->str.len) struct_keys = 0;
            ks[i] = infer(cc, k, set);
            vs[i] = infer(cc, v->hash.vals[i], set);
        }
        if (struct_keys) return t1(cc, "Struct", val_hash(A, v->hash.keys, vs, n));
        Value *ps[4] = {set ? variant_of(cc, ks, n) : reduce_types(cc, ks, n),
                        set ? variant_of(cc, vs, n) : reduce_types(cc, vs, n), size, size};
        return val_type(A, "Hash", ps, 4);
    }
    }
    return t0(cc, "Any");
}

/* PAnyType#generalize: ranges, sizes and values dropped (an Enum becomes
 * String[shortest, longest]); a Regexp keeps its pattern. */
static Value *generalize(CallCtx *cc, Value *t)
{
    const char *n = t->type.name;
    if (!strcmp(n, "Integer") || !strcmp(n, "Float") || !strcmp(n, "Boolean") || !strcmp(n, VALUED_STRING))
        return t0(cc, !strcmp(n, VALUED_STRING) ? "String" : n);
    if (!strcmp(n, "Enum")) {
        size_t lo = SIZE_MAX, hi = 0;
        for (size_t i = 0; i < t->type.n; i++) {
            size_t l = utf8_len(t->type.params[i]->str.s, t->type.params[i]->str.len);
            if (l < lo) lo = l;
            if (l > hi) hi = l;
        }
        return t2(cc, "String", val_int(A, (int64_t)lo), val_int(A, (int64_t)hi));
    }
    if (!strcmp(n, "Array")) {
        Value *e = coll_part(t, 0);
        return t1(cc, "Array", e ? generalize(cc, e) : t0(cc, "Unit"));
    }
    if (!strcmp(n, "Hash")) {
        Value *k = coll_part(t, 0), *v = coll_part(t, 1);
        return k ? t2(cc, "Hash", generalize(cc, k), generalize(cc, v)) : t;
    }
    if (!strcmp(n, "Sensitive")) return t1(cc, n, generalize(cc, t->type.params[0]));
    if (!strcmp(n, "Timestamp") || !strcmp(n, "Timespan")) return t0(cc, n);
    return t;
}

/* The inferred type as users see it: valued Strings made plain. */
static Value *type_done(CallCtx *cc, Value *t)
{
    if (t->kind == V_HASH) {
        Value **vs = ARENA_NEWN(A, Value *, t->hash.n ? t->hash.n : 1);
        for (size_t i = 0; i < t->hash.n; i++) vs[i] = type_done(cc, t->hash.vals[i]);
        return val_hash(A, t->hash.keys, vs, t->hash.n);
    }
    if (t->kind != V_TYPE) return t;
    if (is_t(t, VALUED_STRING)) return t0(cc, "String");
    if (is_t(t, "Type")) return t;
    Value **ps = ARENA_NEWN(A, Value *, t->type.n ? t->type.n : 1);
    for (size_t i = 0; i < t->type.n; i++) ps[i] = type_done(cc, t->type.params[i]);
    return val_type(A, t->type.name, ps, t->type.n);
}

/* TypeCalculator.infer(v), finished. */
Value *fn_infer_type(CallCtx *cc, Value *v) { return type_done(cc, infer(cc, v, 0)); }


/* type(v[, 'detailed' | 'reduced' | 'generalized']) - the type Puppet
 * infers for v: infer_set, infer, or infer then generalize. */
Value *f_type(CallCtx *cc)
{
    int mode = 0;      /* 0 detailed, 1 reduced, 2 generalized */
    if (cc->nargs > 1) {
        Value *m = cc->args[1];
        static const char *const names[] = {"detailed", "reduced", "generalized"};
        mode = -1;
        for (int i = 0; i < 3 && m->kind == V_STR; i++)
            if (!strcmp(m->str.s, names[i])) mode = i;
        if (mode < 0) {
            const char *got = m->kind == V_STR ? arena_printf(A, "'%s'", m->str.s) : fn_got_type(cc, m);
            ev_fail(cc, "'type' parameter 'inference_method' expects a match for Enum['detailed', 'generalized', 'reduced'], got %s", got);
        }
    }
    Value *t = infer(cc, cc->args[0], mode == 0);
    return type_done(cc, mode == 2 ? generalize(cc, t) : t);
}
