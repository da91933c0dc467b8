/*
 * legacy.c - what stdlib's functions share: Puppet's 3.x calling
 * convention and the Ruby its 3.x functions run on, and a 4.x
 * dispatcher's typed check of one argument.  A 3.x function (pick,
 * member, delete, ensure_resource, fqdn_rand, ...) sees its arguments
 * through Puppet's 3.x converter, which hands a top-level undef over as ''
 * and a regexp as its "/src/" string, and checks them itself in its own
 * words ("member(): Requires array to work with"); a 4.x function (merge,
 * fact, is_a, to_json, ...) gets Puppet values checked by a typed
 * dispatcher first ("'fact' parameter 'fact_name' expects a String value,
 * got Integer").  v3_args() is that converter; v3_equal(), v3_to_s() and
 * v3_inspect() are the Ruby operations the 3.x code applies.  Results live
 * in cc->arena.
 */
#include "compiler/fn/fnaux.h"
#include "compiler/regex.h"
#include "base/util.h"
#include "base/utf8.h"
#include "catalog/rubyval.h"
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define A (cc->arena)

/* ---- Puppet's 3.x calling convention and the Ruby it runs on ---- */

Value *v3_empty_str(CallCtx *cc) { return val_str(A, "", 0); }
int v3_is_empty_str(const Value *v) { return v->kind == V_STR && v->str.len == 0; }

static Value *v3_inner(Value *x, void *cc) { return v3_value(cc, x, 0); }

/* Runtime3FunctionArgumentConverter: undef becomes '' at the top level and
 * stays nil inside collections; a regexp becomes its inspect string. */
Value *v3_value(CallCtx *cc, Value *v, int top)
{
    switch (v->kind) {
    case V_UNDEF: return top ? v3_empty_str(cc) : v;
    case V_REGEX: return val_cstr(A, arena_printf(A, "/%s/", v->regex.src));
    case V_ARRAY:
    case V_HASH: return val_map(A, v, v3_inner, cc);
    default: return v;
    }
}

void v3_args(CallCtx *cc)
{
    Value **a = ARENA_NEWN(A, Value *, cc->nargs ? cc->nargs : 1);
    for (size_t i = 0; i < cc->nargs; i++) {
        ev_check_weight(cc, cc->args[i]);   /* v3_value walks it whole */
        a[i] = v3_value(cc, cc->args[i], 1);
    }
    cc->args = a;
}

/* to_s of a converted value: a resource reference is a Puppet::Resource
 * (File[/x]); the rest as the data functions print Ruby values. */
const char *v3_to_s(CallCtx *cc, const Value *v)
{
    Buf b = BUF_INIT;
    if (val_is_resref(v)) val_to_s(&b, v);
    else rv_to_s(&b, v, RV_FN);
    const char *s = arena_strndup(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return s;
}

const char *v3_inspect(CallCtx *cc, const Value *v)
{
    Buf b = BUF_INIT;
    rv_inspect(&b, v, RV_FN3);
    const char *s = arena_strndup(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return s;
}

/* Ruby's NoMethodError text: "undefined method `to_i' for true:TrueClass",
 * with did_you_mean's suggestions for to_i. */
_Noreturn void v3_no_method(CallCtx *cc, const char *method, const Value *v)
{
    const char *hint = "";
    if (!strcmp(method, "to_i"))
        hint = v->kind == V_ARRAY || v->kind == V_HASH ? "\nDid you mean?  to_s\n               to_a\n               to_h"
                                                       : "\nDid you mean?  to_s";
    ev_fail(cc, "undefined method `%s' for %s:%s%s", method, v3_inspect(cc, v), rv_class(A, v, RV_FN3), hint);
}

/* Ruby's == (strict: eql?, as hash keys and Array#- compare): numbers by
 * value (eql? also by class), strings by bytes, collections deeply. */
int v3_equal(const Value *a, const Value *b, int strict)
{
    if (fn_is_num(a) && fn_is_num(b)) {
        if (a->kind == V_INT && b->kind == V_INT) return a->i == b->i;
        if (a->kind != b->kind && strict) return 0;
        double x = a->kind == V_INT ? (double)a->i : a->f, y = b->kind == V_INT ? (double)b->i : b->f;
        return x == y;
    }
    if (a->kind != b->kind) return 0;
    switch (a->kind) {
    case V_STR: return a->str.len == b->str.len && memcmp(a->str.s, b->str.s, a->str.len) == 0;
    case V_ARRAY:
        if (a->arr.n != b->arr.n) return 0;
        for (size_t i = 0; i < a->arr.n; i++)
            if (!v3_equal(a->arr.items[i], b->arr.items[i], strict)) return 0;
        return 1;
    case V_HASH:
        if (a->hash.n != b->hash.n) return 0;
        for (size_t i = 0; i < a->hash.n; i++) {
            size_t j;
            for (j = 0; j < b->hash.n; j++)
                if (v3_equal(a->hash.keys[i], b->hash.keys[j], 1)) break;
            if (j == b->hash.n || !v3_equal(a->hash.vals[i], b->hash.vals[j], strict)) return 0;
        }
        return 1;
    default: return val_identical(a, b);
    }
}

/* The slot of key in hash h by eql?, or -1. */
long v3_hash_find(const Value *h, const Value *key)
{
    for (size_t i = 0; i < h->hash.n; i++)
        if (v3_equal(h->hash.keys[i], key, 1)) return (long)i;
    return -1;
}

/* String#to_i: leading blanks, a sign, digits with single underscores;
 * whatever follows is ignored. */
int64_t v3_str_to_i(const char *s)
{
    while (*s == ' ' || (*s >= '\t' && *s <= '\r')) s++;
    int neg = 0;
    if (*s == '+' || *s == '-') neg = *s++ == '-';
    uint64_t v = 0;
    for (; isdigit((unsigned char)*s) || (*s == '_' && isdigit((unsigned char)s[1]) && v != 0); s++)
        if (*s != '_') v = v * 10 + (uint64_t)(*s - '0');
    return neg ? -(int64_t)v : (int64_t)v;
}

/* obj.to_i of a converted value, as fqdn_rand and delete_at call it. */
int64_t v3_to_i(CallCtx *cc, const Value *v)
{
    switch (v->kind) {
    case V_INT: return v->i;
    case V_FLOAT:
        if (isnan(v->f) || isinf(v->f)) ev_fail(cc, "%s", isnan(v->f) ? "NaN" : v->f < 0 ? "-Infinity" : "Infinity");
        return (int64_t)v->f;
    case V_STR: return v3_str_to_i(v->str.s);
    default: v3_no_method(cc, "to_i", v);
    }
}

Value *v3_hash_of(CallCtx *cc, ValVec *k, ValVec *v)
{
    Value *h = val_hash(A, k->v, v->v, k->n);
    val_vec_free(k);
    val_vec_free(v);
    return h;
}

/* s =~ Regexp.new(pat) with Ruby's semantics (^ and $ are line anchors). */
int v3_matches(const char *pat, const char *s, size_t len)
{
    Regex *re = rx_get(pat, NULL);
    int caps[2], ncap = 1;
    return re && rx_search(re, s, len, 0, caps, &ncap);
}

/* Is x in items[0..n) by eql? */
int v3_includes(Value **items, size_t n, const Value *x)
{
    for (size_t i = 0; i < n; i++)
        if (v3_equal(items[i], x, 1)) return 1;
    return 0;
}

Value *v3_array(CallCtx *cc, ValVec *v)
{
    Value *r = val_vec_to_array(A, v);
    val_vec_free(v);
    return r;
}

void v3_flatten_into(ValVec *out, const Value *v)
{
    if (v->kind != V_ARRAY) {
        val_vec_push(out, (Value *)v);
        return;
    }
    for (size_t i = 0; i < v->arr.n; i++) v3_flatten_into(out, v->arr.items[i]);
}

/* Ruby's String#to_f: the longest decimal prefix ("1.5x" is 1.5, ".5"
 * 0.5), 0.0 when there is none; underscores between digits are skipped. */
double v3_str_to_f(const char *s)
{
    char buf[128];
    size_t n = 0;
    while (*s == ' ' || (*s >= '\t' && *s <= '\r')) s++;
    if (*s == '+' || *s == '-') buf[n++] = *s++;
    int digits = 0;
    for (; n < sizeof buf - 8 && (isdigit((unsigned char)*s) || (*s == '_' && digits && isdigit((unsigned char)s[1]))); s++)
        if (*s != '_') buf[n++] = *s, digits = 1;
    if (*s == '.' && isdigit((unsigned char)s[1])) {          /* ".5" is 0.5 */
        buf[n++] = *s++;
        digits = 1;
        for (; n < sizeof buf - 8 && (isdigit((unsigned char)*s) || (*s == '_' && isdigit((unsigned char)s[1]))); s++)
            if (*s != '_') buf[n++] = *s;
    }
    if (digits && (*s == 'e' || *s == 'E')) {
        const char *e = s + 1;
        if (*e == '+' || *e == '-') e++;
        if (isdigit((unsigned char)*e)) {
            buf[n++] = 'e';
            for (s++; n < sizeof buf - 1 && (isdigit((unsigned char)*s) || *s == '+' || *s == '-'); s++) buf[n++] = *s;
        }
    }
    buf[n] = 0;
    return digits ? strtod(buf, NULL) : 0.0;
}

/* Ruby's Float#to_s of d, in the arena. */
const char *v3_float_s(CallCtx *cc, double d)
{
    Buf b = BUF_INIT;
    rv_to_s(&b, val_float(A, d), RV_FN);
    const char *s = arena_strndup(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return s;
}

/* ---- 4.x functions checked by a typed signature ---- */

/* The type a type expression in text names (Puppet's own types only). */
Value *fn_type_of_text(CallCtx *cc, const char *text)
{
    return ev_eval(cc, ev_parse_expr(cc, "signature", text, strlen(text), NULL), 1);
}

/* A 4.x dispatcher's check of argument i against its declared type:
 * "'fn' parameter 'p' expects ..." (sig: the whole signature, for a
 * message listing several faults). */
void fn_check_param(CallCtx *cc, const char *fn, const char *param, const char *type, const char *sig, size_t i)
{
    if (i >= cc->nargs) return;
    Value *t = fn_type_of_text(cc, type);
    if (ev_type_match(cc, t, cc->args[i])) return;
    const char *why = ev_mismatch(cc, t, cc->args[i], CMP_MM_SIGNATURE, arena_printf(A, "'%s'", fn),
                                   arena_printf(A, "parameter '%s'", param), sig);
    /* several faults of one argument: Puppet names the first */
    const char *first = strstr(why, "\n  rejected: ");
    if (first) {
        first += 13;
        const char *end = strchr(first, '\n');
        why = arena_printf(A, "'%s' %.*s", fn, (int)(end ? end - first : (long)strlen(first)), first);
    }
    ev_fail(cc, "%s", why);
}

/* The characters of s, each a string. */
Value **v3_utf8_chars(CallCtx *cc, const char *s, size_t len, size_t *n)
{
    *n = utf8_len(s, len);
    Value **out = ARENA_NEWN(A, Value *, *n ? *n : 1);
    for (size_t i = 0, off = 0; i < *n; i++) {
        size_t l = utf8_prefix(s + off, len - off, 1);
        out[i] = val_str(A, s + off, l);
        off += l;
    }
    return out;
}

