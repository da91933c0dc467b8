/*
 * stdlib.c - puppetlabs-stdlib's everyday functions (and core Puppet's
 * fqdn_rand) as built-ins, so that modules calling pick(), merge(),
 * ensure_packages() or to_yaml() compile without the stdlib module.
 *
 * These are Ruby functions in Puppet, of two generations, and the one idea
 * here is to keep the generation of each: a 3.x function (pick, member,
 * delete, concat, ensure_resource, fqdn_rand, ...) sees its arguments
 * through Puppet's 3.x converter, which hands a top-level undef over as ''
 * and a regexp as its "/src/" string, and checks them itself in its own
 * words ("member(): Requires array to work with"); a 4.x function (merge,
 * fact, is_a, to_json, to_yaml, ensure_packages) gets Puppet values checked
 * by a typed dispatcher first ("'fact' parameter 'fact_name' expects a
 * String value, got Integer").  v3_args() is that converter; rb_equal(),
 * rb_class() and rb_to_s() are the Ruby operations the 3.x code applies.
 * Where the result depends on a Ruby library it is reproduced bit for bit:
 * fqdn_rand's MD5 seed and Mersenne Twister (Ruby's Random), to_json's
 * generator, parsejson's parser with its error positions (json 2.6),
 * to_yaml's choices of scalar style, which drive libyaml as Psych does, and
 * what both make of Puppet's types, which are Ruby objects to them (Psych
 * dumps their instance variables, the JSON generator their to_s).  The
 * deprecated hiera(), hiera_array(), hiera_hash() and hiera_include() are
 * registered here too; they live in hiera.c.  The string and array helpers
 * (basename, dirname, prefix, suffix, str2bool, any2array, range,
 * values_at, zip, union, intersection, difference, shell_join,
 * shell_escape, enclose_ipv6) run Ruby's own algorithms: File.basename and
 * File.dirname, String#succ and String#upto, Shellwords.escape, IPAddr's
 * parser and to_s, and Ruby's line-anchored ^ and $ through regex.c.  The
 * deprecated validate_* functions are 4.x wrappers around 3.x bodies, so
 * they see values unconverted (undef is nil); deprecation() checks its
 * arguments, and the warnings these log are not reproduced.
 *
 * Memory: results live in the compile arena; anything malloc'd (Bufs,
 * libyaml's emitter, maps) is released before a possible ev_fail().
 */
#define _GNU_SOURCE
#include "compiler/stdlib.h"
#include "base/md5.h"
#include "compiler/resource.h"
#include "compiler/regex.h"
#include "types/types.h"
#include "base/util.h"
#include "base/utf8.h"
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <yaml.h>

#define A (cc->arena)

/* ---- Puppet's 3.x calling convention and the Ruby it runs on ---- */

static Value *empty_str(CallCtx *cc) { return val_str(A, "", 0); }
static int is_empty_str(const Value *v) { return v->kind == V_STR && v->str.len == 0; }
static int is_num(const Value *v) { return v->kind == V_INT || v->kind == V_FLOAT; }

/* Runtime3FunctionArgumentConverter: undef becomes '' at the top level and
 * stays nil inside collections; a regexp becomes its inspect string. */
static Value *v3_value(CallCtx *cc, Value *v, int top)
{
    switch (v->kind) {
    case V_UNDEF: return top ? empty_str(cc) : v;
    case V_REGEX: return val_cstr(A, arena_printf(A, "/%s/", v->regex.src));
    case V_ARRAY: {
        Value **items = NULL;
        for (size_t i = 0; i < v->arr.n; i++) {
            Value *x = v3_value(cc, v->arr.items[i], 0);
            if (x != v->arr.items[i] && !items) {
                items = ARENA_NEWN(A, Value *, v->arr.n);
                memcpy(items, v->arr.items, v->arr.n * sizeof *items);
            }
            if (items) items[i] = x;
        }
        return items ? val_array(A, items, v->arr.n) : v;
    }
    case V_HASH: {
        Value **keys = NULL, **vals = NULL;
        for (size_t i = 0; i < v->hash.n; i++) {
            Value *k = v3_value(cc, v->hash.keys[i], 0), *x = v3_value(cc, v->hash.vals[i], 0);
            if ((k != v->hash.keys[i] || x != v->hash.vals[i]) && !keys) {
                keys = ARENA_NEWN(A, Value *, v->hash.n);
                vals = ARENA_NEWN(A, Value *, v->hash.n);
                memcpy(keys, v->hash.keys, v->hash.n * sizeof *keys);
                memcpy(vals, v->hash.vals, v->hash.n * sizeof *vals);
            }
            if (keys) keys[i] = k, vals[i] = x;
        }
        return keys ? val_hash(A, keys, vals, v->hash.n) : v;
    }
    default: return v;
    }
}

static void v3_args(CallCtx *cc)
{
    Value **a = ARENA_NEWN(A, Value *, cc->nargs ? cc->nargs : 1);
    for (size_t i = 0; i < cc->nargs; i++) a[i] = v3_value(cc, cc->args[i], 1);
    cc->args = a;
}

/* The Ruby class of a converted value, for messages. */
static const char *rb_class(CallCtx *cc, const Value *v)
{
    switch (v->kind) {
    case V_UNDEF: return "NilClass";
    case V_DEFAULT: return "Symbol";
    case V_BOOL: return v->b ? "TrueClass" : "FalseClass";
    case V_INT: return "Integer";
    case V_FLOAT: return "Float";
    case V_STR: return "String";
    case V_ARRAY: return "Array";
    case V_HASH: return "Hash";
    case V_REGEX: return "Regexp";
    case V_TYPE:
        if (val_is_resref(v)) return "Puppet::Resource";
        return arena_printf(A, "Puppet::Pops::Types::P%sType", v->type.name);
    case V_SENSITIVE: return "Puppet::Pops::Types::PSensitiveType::Sensitive";
    }
    return "Object";
}

/* to_s of a converted value: a resource reference is a Puppet::Resource
 * (File[/x]); the rest as functions.c prints Ruby values. */
static const char *rb_to_s(CallCtx *cc, const Value *v)
{
    Buf b = BUF_INIT;
    if (val_is_resref(v)) val_to_s(&b, v);
    else fn_ruby_to_s(&b, v);
    const char *s = arena_strndup(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return s;
}

static const char *rb_inspect(CallCtx *cc, const Value *v)
{
    Buf b = BUF_INIT;
    fn_ruby_inspect(&b, v);
    const char *s = arena_strndup(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return s;
}

/* Ruby's NoMethodError text: "undefined method `to_i' for true:TrueClass",
 * with did_you_mean's suggestions for to_i. */
_Noreturn static void fail_no_method(CallCtx *cc, const char *method, const Value *v)
{
    const char *hint = "";
    if (!strcmp(method, "to_i"))
        hint = v->kind == V_ARRAY || v->kind == V_HASH ? "\nDid you mean?  to_s\n               to_a\n               to_h"
                                                       : "\nDid you mean?  to_s";
    ev_fail(cc, "undefined method `%s' for %s:%s%s", method, rb_inspect(cc, v), rb_class(cc, v), hint);
}

/* Ruby's == (strict: eql?, as hash keys and Array#- compare): numbers by
 * value (eql? also by class), strings by bytes, collections deeply. */
static int rb_equal(const Value *a, const Value *b, int strict)
{
    if (is_num(a) && is_num(b)) {
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
            if (!rb_equal(a->arr.items[i], b->arr.items[i], strict)) return 0;
        return 1;
    case V_HASH:
        if (a->hash.n != b->hash.n) return 0;
        for (size_t i = 0; i < a->hash.n; i++) {
            size_t j;
            for (j = 0; j < b->hash.n; j++)
                if (rb_equal(a->hash.keys[i], b->hash.keys[j], 1)) break;
            if (j == b->hash.n || !rb_equal(a->hash.vals[i], b->hash.vals[j], strict)) return 0;
        }
        return 1;
    default: return val_identical(a, b);
    }
}

/* The slot of key in hash h by eql?, or -1. */
static long rb_hash_find(const Value *h, const Value *key)
{
    for (size_t i = 0; i < h->hash.n; i++)
        if (rb_equal(h->hash.keys[i], key, 1)) return (long)i;
    return -1;
}

/* String#to_i: leading blanks, a sign, digits with single underscores;
 * whatever follows is ignored. */
static int64_t rb_str_to_i(const char *s)
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
static int64_t rb_to_i(CallCtx *cc, const Value *v)
{
    switch (v->kind) {
    case V_INT: return v->i;
    case V_FLOAT:
        if (isnan(v->f) || isinf(v->f)) ev_fail(cc, "%s", isnan(v->f) ? "NaN" : v->f < 0 ? "-Infinity" : "Infinity");
        return (int64_t)v->f;
    case V_STR: return rb_str_to_i(v->str.s);
    default: fail_no_method(cc, "to_i", v);
    }
}

/* The message of a 4.x dispatcher counting arguments. */
static void check_count(CallCtx *cc, const char *fn, int lo, int hi)
{
    int n = (int)cc->nargs;
    if (n >= lo && (hi < 0 || n <= hi)) return;
    const char *got = n ? arena_printf(A, "%d", n) : "none";
    if (lo == hi) ev_fail(cc, "'%s' expects %d argument%s, got %s", fn, lo, lo == 1 ? "" : "s", got);
    if (hi < 0) ev_fail(cc, "'%s' expects at least %d argument%s, got %s", fn, lo, lo == 1 ? "" : "s", got);
    ev_fail(cc, "'%s' expects between %d and %d arguments, got %s", fn, lo, hi, got);
}

static Value *hash_of(CallCtx *cc, ValVec *k, ValVec *v)
{
    Value *h = val_hash(A, k->v, v->v, k->n);
    vv_free(k);
    vv_free(v);
    return h;
}

/* ---- pick, pick_default, member, bool2str, is_a ---- */

/* pick(v...) - the first argument that is neither undef nor ''. */
static Value *f_pick(CallCtx *cc)
{
    v3_args(cc);
    for (size_t i = 0; i < cc->nargs; i++)
        if (!is_empty_str(cc->args[i])) return cc->args[i];
    ev_fail(cc, "pick(): must receive at least one non empty value");
}

/* pick_default(v..., default) - as pick, else the last argument. */
static Value *f_pick_default(CallCtx *cc)
{
    v3_args(cc);
    if (!cc->nargs) ev_fail(cc, "Must receive at least one argument.");
    for (size_t i = 0; i + 1 < cc->nargs; i++)
        if (!is_empty_str(cc->args[i])) return cc->args[i];
    return cc->args[cc->nargs - 1];
}

/* member(array, item | [items]) - Ruby's (items - array).empty?. */
static Value *f_member(CallCtx *cc)
{
    v3_args(cc);
    Value **a = cc->args;
    if (cc->nargs < 2) ev_fail(cc, "member(): Wrong number of arguments given (%zu for 2)", cc->nargs);
    if (a[0]->kind != V_ARRAY) ev_fail(cc, "member(): Requires array to work with");
    if (a[1]->kind != V_STR && a[1]->kind != V_INT && a[1]->kind != V_ARRAY)
        ev_fail(cc, "member(): Item to search for must be a string, fixnum, or array");
    Value **items = a[1]->kind == V_ARRAY ? a[1]->arr.items : &a[1];
    size_t n = a[1]->kind == V_ARRAY ? a[1]->arr.n : 1;
    if (!n) ev_fail(cc, "member(): You must provide item to search for within array given");
    for (size_t i = 0; i < n; i++) {
        size_t j;
        for (j = 0; j < a[0]->arr.n; j++)
            if (rb_equal(items[i], a[0]->arr.items[j], 1)) break;
        if (j == a[0]->arr.n) return VAL_FALSE;
    }
    return VAL_TRUE;
}

/* bool2str(b [, if_true, if_false]) */
static Value *f_bool2str(CallCtx *cc)
{
    v3_args(cc);
    Value **a = cc->args;
    size_t n = cc->nargs;
    if (n != 1 && n != 3) ev_fail(cc, "bool2str(): Wrong number of arguments given (%zu for 3)", n);
    /* Ruby's arguments[1] || 'true': only nil and false fall back */
    Value *yes = n > 1 && val_truthy(a[1]) ? a[1] : val_cstr(A, "true");
    Value *no = n > 2 && val_truthy(a[2]) ? a[2] : val_cstr(A, "false");
    if (a[0]->kind != V_BOOL) ev_fail(cc, "bool2str(): Requires a boolean to work with");
    if (yes->kind != V_STR || no->kind != V_STR) ev_fail(cc, "bool2str(): Requires strings to convert to");
    return a[0]->b ? yes : no;
}

/* is_a(value, Type) */
static Value *f_is_a(CallCtx *cc)
{
    check_count(cc, "is_a", 2, 2);
    Value *t = cc->args[1];
    if (t->kind != V_TYPE) ev_fail(cc, "'is_a' parameter 'type' expects a Type value, got %s", fn_got_type(cc, t));
    return val_bool(cmp_type_match(cc->c, t, cc->args[0]));
}

/* ---- delete, delete_at, delete_undef_values, concat, has_key ---- */

/* String#gsub!(item, ''): every occurrence, left to right. */
static Value *str_remove(CallCtx *cc, Value *s, const Value *item)
{
    if (!item->str.len) return s;
    Buf b = BUF_INIT;
    const char *p = s->str.s, *end = s->str.s + s->str.len;
    while (p < end) {
        const char *hit = (size_t)(end - p) >= item->str.len ? memmem(p, (size_t)(end - p), item->str.s, item->str.len) : NULL;
        if (!hit) {
            buf_add(&b, p, (size_t)(end - p));
            break;
        }
        buf_add(&b, p, (size_t)(hit - p));
        p = hit + item->str.len;
    }
    Value *r = val_str(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return r;
}

/* delete(collection, item | [items]) - Array#delete (==), Hash#delete
 * (eql?), String#gsub!. */
static Value *f_delete(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 2) ev_fail(cc, "delete(): Wrong number of arguments given %zu for 2", cc->nargs);
    Value *coll = cc->args[0], *what = cc->args[1];
    /* Kernel#Array(what): a hash gives its pairs */
    size_t n = 1;
    Value **items = &what;
    if (what->kind == V_ARRAY) {
        items = what->arr.items, n = what->arr.n;
    } else if (what->kind == V_HASH) {
        n = what->hash.n;
        items = ARENA_NEWN(A, Value *, n ? n : 1);
        for (size_t i = 0; i < n; i++) {
            Value *pair[2] = {what->hash.keys[i], what->hash.vals[i]};
            items[i] = val_array(A, pair, 2);
        }
    }
    for (size_t k = 0; k < n; k++) {
        Value *item = items[k];
        if (coll->kind == V_ARRAY) {
            ValVec keep = VV_ARENA(A);
            for (size_t i = 0; i < coll->arr.n; i++)
                if (!rb_equal(coll->arr.items[i], item, 0)) vv_push(&keep, coll->arr.items[i]);
            if (keep.n != coll->arr.n) coll = vv_to_array(A, &keep);
            vv_free(&keep);
        } else if (coll->kind == V_HASH) {
            long slot = rb_hash_find(coll, item);
            if (slot >= 0) {
                ValVec ks = VV_ARENA(A), vs = VV_ARENA(A);
                for (size_t i = 0; i < coll->hash.n; i++)
                    if ((long)i != slot) vv_push(&ks, coll->hash.keys[i]), vv_push(&vs, coll->hash.vals[i]);
                coll = hash_of(cc, &ks, &vs);
            }
        } else if (coll->kind == V_STR) {
            if (item->kind != V_STR) ev_fail(cc, "wrong argument type %s (expected Regexp)", rb_class(cc, item));
            coll = str_remove(cc, coll, item);
        } else {
            ev_fail(cc, "delete(): First argument must be an Array, String, or Hash. Given an argument of class %s.",
                    rb_class(cc, coll));
        }
    }
    return coll;
}

/* Ruby's s =~ /^\d+$/: some line of s is all digits. */
static int has_digit_line(const char *s, size_t len)
{
    for (size_t i = 0; i <= len;) {
        size_t j = i;
        while (j < len && isdigit((unsigned char)s[j])) j++;
        if (j > i && (j == len || s[j] == '\n')) return 1;
        const char *nl = memchr(s + i, '\n', len - i);
        if (!nl) break;
        i = (size_t)(nl - s) + 1;
    }
    return 0;
}

/* delete_at(array, index) */
static Value *f_delete_at(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs < 2) ev_fail(cc, "delete_at(): Wrong number of arguments given (%zu for 2)", cc->nargs);
    Value *arr = cc->args[0], *idx = cc->args[1];
    if (arr->kind != V_ARRAY) ev_fail(cc, "delete_at(): Requires array to work with");
    if (idx->kind == V_STR && !has_digit_line(idx->str.s, idx->str.len))
        ev_fail(cc, "delete_at(): You must provide non-negative numeric index");
    int64_t i = rb_to_i(cc, idx), size = (int64_t)arr->arr.n;
    if (i > size - 1) ev_fail(cc, "delete_at(): Given index exceeds size of array given");
    if (i < 0) i += size;
    if (i < 0) return arr;
    ValVec keep = VV_ARENA(A);
    for (int64_t k = 0; k < size; k++)
        if (k != i) vv_push(&keep, arr->arr.items[k]);
    Value *r = vv_to_array(A, &keep);
    vv_free(&keep);
    return r;
}

/* delete_undef_values(array | hash) */
static Value *f_delete_undef_values(CallCtx *cc)
{
    v3_args(cc);
    if (!cc->nargs) ev_fail(cc, "delete_undef_values(): Wrong number of arguments given (0)");
    Value *v = cc->args[0];
    if (v->kind == V_HASH) {
        ValVec ks = VV_ARENA(A), vs = VV_ARENA(A);
        for (size_t i = 0; i < v->hash.n; i++)
            if (v->hash.vals[i]->kind != V_UNDEF) vv_push(&ks, v->hash.keys[i]), vv_push(&vs, v->hash.vals[i]);
        return hash_of(cc, &ks, &vs);
    }
    if (v->kind == V_ARRAY) {
        ValVec keep = VV_ARENA(A);
        for (size_t i = 0; i < v->arr.n; i++)
            if (v->arr.items[i]->kind != V_UNDEF) vv_push(&keep, v->arr.items[i]);
        Value *r = vv_to_array(A, &keep);
        vv_free(&keep);
        return r;
    }
    ev_fail(cc, "delete_undef_values(): expected an array or hash, got %s type  %s ", rb_to_s(cc, v), rb_class(cc, v));
}

/* concat(array, v...) - arrays are spliced in, anything else appended. */
static Value *f_concat(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs < 2) ev_fail(cc, "concat(): Wrong number of arguments given (%zu for < 2)", cc->nargs);
    if (cc->args[0]->kind != V_ARRAY) ev_fail(cc, "concat(): Requires array to work with");
    ValVec out = VV_ARENA(A);
    for (size_t i = 0; i < cc->nargs; i++) {
        Value *x = cc->args[i];
        if (x->kind == V_ARRAY)
            for (size_t j = 0; j < x->arr.n; j++) vv_push(&out, x->arr.items[j]);
        else
            vv_push(&out, x);
    }
    Value *r = vv_to_array(A, &out);
    vv_free(&out);
    return r;
}

/* has_key(hash, key) - Hash#key? (eql?: 'a' is not 'A', 1 is not 1.0). */
static Value *f_has_key(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 2) ev_fail(cc, "has_key(): wrong number of arguments (%zu; must be 2)", cc->nargs);
    Value *h = cc->args[0];
    if (h->kind != V_HASH)
        ev_fail(cc, "has_key(): expects the first argument to be a hash, got %s which is of type %s", rb_inspect(cc, h),
                rb_class(cc, h));
    return val_bool(rb_hash_find(h, cc->args[1]) >= 0);
}

/* ---- merge, deep_merge, stdlib::nested_values ---- */

static int is_scalar(const Value *v)
{
    return v->kind == V_STR || is_num(v) || v->kind == V_BOOL || v->kind == V_REGEX;
}

/* An argument no signature of merge takes: Puppet names them all at once. */
_Noreturn static void fail_merge_args(CallCtx *cc, const Value *v)
{
    ev_fail(cc, "'merge' parameter 'args' expects a value of type Undef, Hash, String, or Iterable, got %s", fn_got_type(cc, v));
}

/* merge(hash...) and merge(iterable) |$acc, ...| { hash }.  4.x, with
 * three signatures: hashes (undef and '' skipped), or an iterable whose
 * elements the block turns into hashes merged into the accumulator. */
static Value *f_merge(CallCtx *cc)
{
    static const char *const sigs[] = {"Variant[Hash[Scalar, Any], Undef, String[0, 0]] args*",
                                       "Iterable args*, Callable[3, 3] block", "Iterable args*, Callable[2, 2] block"};
    Value **a = cc->args;
    size_t n = cc->nargs;
    if (!cc->lambda) {
        ValVec ks = VV_ARENA(A), vs = VV_ARENA(A);
        for (size_t i = 0; i < n; i++) {
            Value *h = a[i];
            int ok = h->kind == V_UNDEF || is_empty_str(h), detailed = h->kind == V_STR;
            if (h->kind == V_HASH) {
                ok = 1;
                for (size_t j = 0; j < h->hash.n && ok; j++) ok = is_scalar(h->hash.keys[j]);
                detailed = !ok;
            }
            if (!ok) {
                vv_free(&ks);
                vv_free(&vs);
                size_t cnt;
                if (!fn_iterable_items(cc, h, &cnt)) fail_merge_args(cc, h);
                const char *why[] = {
                    detailed ? arena_printf(A, "parameter 'args' expects a value of type Undef, Hash[Scalar, Any], or "
                                               "String[0, 0], got %s", fn_got_type(cc, h))
                             : arena_printf(A, "parameter 'args' expects a value of type Undef, Hash, or String, got %s",
                                            fn_got_type(cc, h)),
                    "expects a block", "expects a block"};
                fn_fail_dispatch(cc, "merge", sigs, why, 3);
            }
            if (h->kind == V_HASH)
                for (size_t j = 0; j < h->hash.n; j++) vv_push(&ks, h->hash.keys[j]), vv_push(&vs, h->hash.vals[j]);
        }
        return hash_of(cc, &ks, &vs);
    }
    int np = ev_lambda_params(cc);
    const char *bad = NULL;
    for (size_t i = 0; i < n && !bad; i++) {
        size_t cnt;
        if (fn_iterable_items(cc, a[i], &cnt)) continue;
        if (a[i]->kind != V_UNDEF && !is_empty_str(a[i])) fail_merge_args(cc, a[i]);
        bad = arena_printf(A, "parameter 'args' expects an Iterable value, got %s", fn_got_type(cc, a[i]));
    }
    if (bad || (np != 2 && np != 3)) {
        const char *why[] = {"does not expect a block",
                             bad ? bad : arena_printf(A, "block expects 3 arguments, got %d", np),
                             bad ? bad : arena_printf(A, "block expects 2 arguments, got %d", np)};
        fn_fail_dispatch(cc, "merge", sigs, why, 3);
    }
    if (n != 1) ev_fail(cc, "wrong number of arguments (given %zu, expected 1)", n);
    Value *acc = val_hash(A, NULL, NULL, 0);
    size_t cnt;
    Value **items = fn_iterable_items(cc, a[0], &cnt);
    for (size_t i = 0; i < cnt; i++) {
        Value *args[3] = {acc, NULL, NULL};
        if (np == 3 && a[0]->kind == V_HASH) args[1] = a[0]->hash.keys[i], args[2] = a[0]->hash.vals[i];
        else if (np == 3) args[1] = val_int(A, (int64_t)i), args[2] = items[i];
        else args[1] = items[i];
        Value *r = ev_yield(cc, args, (size_t)np);
        if (r->kind != V_HASH || !r->hash.n) continue;
        ValVec ks = VV_ARENA(A), vs = VV_ARENA(A);
        for (size_t j = 0; j < acc->hash.n; j++) vv_push(&ks, acc->hash.keys[j]), vv_push(&vs, acc->hash.vals[j]);
        for (size_t j = 0; j < r->hash.n; j++) vv_push(&ks, r->hash.keys[j]), vv_push(&vs, r->hash.vals[j]);
        acc = hash_of(cc, &ks, &vs);
    }
    return acc;
}

/* Hash#merge with a block that merges two hashes found under one key. */
static Value *deep_merge2(CallCtx *cc, Value *h1, Value *h2)
{
    ValVec ks = VV_ARENA(A), vs = VV_ARENA(A);
    for (size_t i = 0; i < h1->hash.n; i++) vv_push(&ks, h1->hash.keys[i]), vv_push(&vs, h1->hash.vals[i]);
    for (size_t i = 0; i < h2->hash.n; i++) {
        Value *k = h2->hash.keys[i], *v = h2->hash.vals[i];
        long slot = rb_hash_find(h1, k);
        if (slot >= 0 && h1->hash.vals[slot]->kind == V_HASH && v->kind == V_HASH)
            v = deep_merge2(cc, h1->hash.vals[slot], v);
        vv_push(&ks, k), vv_push(&vs, v);
    }
    return hash_of(cc, &ks, &vs);
}

/* deep_merge(hash, hash...) */
static Value *f_deep_merge(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs < 2) ev_fail(cc, "deep_merge(): wrong number of arguments (%zu; must be at least 2)", cc->nargs);
    Value *r = val_hash(A, NULL, NULL, 0);
    for (size_t i = 0; i < cc->nargs; i++) {
        Value *h = cc->args[i];
        if (is_empty_str(h)) continue;
        if (h->kind != V_HASH)
            ev_fail(cc, "deep_merge: unexpected argument type %s, only expects hash arguments", rb_class(cc, h));
        r = deep_merge2(cc, r, h);
    }
    return r;
}

static void nested_values(const Value *h, ValVec *out)
{
    for (size_t i = 0; i < h->hash.n; i++) {
        Value *v = h->hash.vals[i];
        if (v->kind == V_HASH) nested_values(v, out);
        else vv_push(out, v);
    }
}

/* stdlib::nested_values(hash) - every value, hashes opened recursively. */
static Value *f_nested_values(CallCtx *cc)
{
    check_count(cc, "stdlib::nested_values", 1, 1);
    Value *h = cc->args[0];
    if (h->kind != V_HASH)
        ev_fail(cc, "'stdlib::nested_values' parameter 'hash' expects a Hash value, got %s", fn_got_type(cc, h));
    ValVec out = VV_ARENA(A);
    nested_values(h, &out);
    Value *r = vv_to_array(A, &out);
    vv_free(&out);
    return r;
}

/* ---- fact ---- */

/* "os.release" -> os.release; a segment holding a dot is quoted. */
static const char *dot_syntax(CallCtx *cc, Value **path, size_t n)
{
    Buf b = BUF_INIT;
    for (size_t i = 0; i < n; i++) {
        if (i) buf_addc(&b, '.');
        if (strchr(path[i]->str.s, '.')) buf_printf(&b, "\"%s\"", path[i]->str.s);
        else buf_adds(&b, path[i]->str.s);
    }
    const char *s = arena_strndup(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return s;
}

/* fact('os.release.major') - walks $facts by a dotted path ("quoted"
 * segments may hold dots, array indexes are numbers); undef, with a
 * warning when the path runs into a scalar or a bad index. */
static Value *f_fact(CallCtx *cc)
{
    check_count(cc, "fact", 1, 1);
    Value *name = cc->args[0];
    if (name->kind != V_STR) ev_fail(cc, "'fact' parameter 'fact_name' expects a String value, got %s", fn_got_type(cc, name));
    /* String#scan(/([^."]+)|(?:")([^"]+)(?:")/) */
    ValVec path = VV_ARENA(A);
    const char *s = name->str.s, *end = s + name->str.len;
    while (s < end) {
        if (*s != '.' && *s != '"') {
            const char *e = s;
            while (e < end && *e != '.' && *e != '"') e++;
            vv_push(&path, val_str(A, s, (size_t)(e - s)));
            s = e;
        } else if (*s == '"' && s + 1 < end && s[1] != '"' && memchr(s + 1, '"', (size_t)(end - s - 1))) {
            const char *e = memchr(s + 1, '"', (size_t)(end - s - 1));
            vv_push(&path, val_str(A, s + 1, (size_t)(e - s - 1)));
            s = e + 1;
        } else {
            s++;
        }
    }
    Value *d = cc->c->facts;
    for (size_t i = 0; i < path.n && d->kind != V_UNDEF; i++) {
        Value *k = path.v[i], *next = NULL;
        if (d->kind == V_ARRAY) {
            int64_t idx;
            if (fn_ruby_integer(k->str.s, &idx)) {
                if (idx < 0) idx += (int64_t)d->arr.n;
                if (idx >= 0 && idx < (int64_t)d->arr.n) next = d->arr.items[idx];
            } else {
                cmp_warn(cc->c, cc->call, "fact request for %s returning nil: '%s' is an array; cannot index to '%s'",
                         name->str.s, dot_syntax(cc, path.v, i), k->str.s);
            }
        } else if (d->kind == V_HASH) {
            next = val_hash_get(d, k);
        } else {
            cmp_warn(cc->c, cc->call, "fact request for %s returning nil: '%s' is not a collection; cannot walk to '%s'",
                     name->str.s, dot_syntax(cc, path.v, i), k->str.s);
        }
        d = next ? next : VAL_UNDEF;
    }
    vv_free(&path);
    return d;
}

/* ---- resources: ensure_resource(s), ensure_packages, defined_with_params ---- */

/* The resource a function runs for (skipped by defined_with_params). */
static Resource *calling_resource(Compiler *c, Scope *s)
{
    for (; s; s = s->parent)
        if (s->resource) return s->resource;
    return c->class_main;
}

/* Puppet::Resource.type_and_title of "Type[title]". */
static int split_ref(const char *ref, const char **type, const char **title, Arena *a)
{
    const char *open = strchr(ref, '[');
    size_t len = strlen(ref);
    if (!open || open == ref || len < 3 || ref[len - 1] != ']' || open + 1 == ref + len - 1) return 0;
    for (const char *p = ref; p < open; p++)
        if (*p == ']') return 0;
    *type = arena_strndup(a, ref, (size_t)(open - ref));
    *title = arena_strndup(a, open + 1, (size_t)(ref + len - 1 - open - 1));
    return 1;
}

/* Is name a resource type, a defined type or a class? */
static int known_type(Compiler *c, const char *name)
{
    char *ln = arena_strdup(c->arena, name[0] == ':' && name[1] == ':' ? name + 2 : name);
    for (char *p = ln; *p; p++) *p = (char)tolower((unsigned char)*p);
    return !strcmp(ln, "class") || cmp_find_type(c, ln, strlen(ln)) || load_define(c, ln) || load_class(c, ln);
}

/* Does resource r have every parameter of params (Ruby ==; undef matches
 * an unset parameter)? */
static int params_match(Resource *r, const Value *params)
{
    for (size_t i = 0; i < params->hash.n; i++) {
        const Value *k = params->hash.keys[i], *want = params->hash.vals[i];
        Value *have = k->kind == V_STR ? res_get(r, k->str.s) : NULL;
        int have_undef = !have || have->kind == V_UNDEF, want_undef = want->kind == V_UNDEF;
        if (have_undef || want_undef) {
            if (have_undef != want_undef) return 0;
        } else if (!rb_equal(have, want, 0)) {
            return 0;
        }
    }
    return 1;
}

/* defined_with_params(reference, params) on converted arguments. */
static int defined_with_params(CallCtx *cc, Value *ref, Value *params)
{
    Compiler *c = cc->c;
    if (!params || (params->kind == V_STR && !params->str.len) || (params->kind == V_BOOL && !params->b))
        params = val_hash(A, NULL, NULL, 0);
    if (params->kind != V_HASH) fail_no_method(cc, "map", params);
    const char *type, *title;
    if (ref->kind == V_STR) {
        if (!split_ref(ref->str.s, &type, &title, A))
            ev_fail(cc, "No title provided and %s is not a valid resource reference", rb_inspect(cc, ref));
        if (!known_type(c, type)) ev_fail(cc, "Unknown resource type: '%s'", arena_strdup(A, type));
    } else if (ref->kind == V_TYPE && ref->type.n <= 1 && (!ref->type.n || ref->type.params[0]->kind == V_STR) &&
               !val_is_data_type_name(ref->type.name)) {
        type = ref->type.name;
        title = ref->type.n ? ref->type.params[0]->str.s : "";
    } else {
        ev_fail(cc, "Reference is not understood: '%s'", rb_class(cc, ref));
    }
    Resource *self = calling_resource(c, cc->scope);
    if (!*title) {
        const char *ctype = cat_capitalize_type(A, type);
        for (size_t i = 0; i < c->cat->nres; i++) {
            Resource *r = c->cat->res[i];
            if (strcmp(r->type, ctype) || r == self) continue;
            if (params_match(r, params)) return 1;
        }
        return 0;
    }
    Resource *r = res_find_ref(c, ev_resref(c, cat_capitalize_type(A, type), title));
    return r && r != self && params_match(r, params);
}

/* defined_with_params(Type['title'] | 'Type[title]', {params}) */
static Value *f_defined_with_params(CallCtx *cc)
{
    v3_args(cc);
    Value *ref = cc->nargs ? cc->args[0] : VAL_UNDEF;
    if (!val_truthy(ref)) ev_fail(cc, "Must specify a reference");
    return val_bool(defined_with_params(cc, ref, cc->nargs > 1 ? cc->args[1] : NULL));
}

/* Ruby's [title].flatten */
static void flatten_titles(Value *v, ValVec *out)
{
    if (v->kind == V_ARRAY) {
        for (size_t i = 0; i < v->arr.n; i++) flatten_titles(v->arr.items[i], out);
    } else {
        vv_push(out, v);
    }
}

/* ensure_resource on converted arguments: declares type[title] with params
 * (through create_resources) unless one with those params exists. */
static void ensure_resource(CallCtx *cc, Value *type, Value *title, Value *params)
{
    if (!type || !val_truthy(type)) ev_fail(cc, "Must specify a type");
    if (!title || !val_truthy(title)) ev_fail(cc, "Must specify a title");
    if (!params || !val_truthy(params)) params = val_hash(A, NULL, NULL, 0);
    ValVec items = VV_ARENA(A);
    flatten_titles(title, &items);
    const char *tname = rb_to_s(cc, type);
    for (size_t i = 0; i < items.n; i++) {
        const char *t = rb_to_s(cc, items.v[i]);
        Value *ref = val_cstr(A, arena_printf(A, "%s[%s]", tname, t));
        if (defined_with_params(cc, ref, params)) continue;
        if (params->kind != V_HASH) ev_fail(cc, "no implicit conversion of %s into Hash", rb_class(cc, params));
        res_declare_from_hash(cc->c, cc->scope, cc->call, tname, items.v[i]->kind == V_INT ? items.v[i] : val_cstr(A, t), params, 0);
    }
    vv_free(&items);
}

/* ensure_resource(type, title | [titles], {params}) */
static Value *f_ensure_resource(CallCtx *cc)
{
    v3_args(cc);
    Value **a = cc->args;
    size_t n = cc->nargs;
    ensure_resource(cc, n > 0 ? a[0] : NULL, n > 1 ? a[1] : NULL, n > 2 ? a[2] : NULL);
    return VAL_UNDEF;
}

/* ensure_resources on converted arguments: each title of the hash with
 * defaults merged under its own parameters. */
static void ensure_resources(CallCtx *cc, Value *type, Value *titles, Value *defaults)
{
    if (!type || !val_truthy(type)) ev_fail(cc, "Must specify a type");
    if (!titles || !val_truthy(titles)) ev_fail(cc, "Must specify a title");
    if (!defaults || !val_truthy(defaults)) defaults = val_hash(A, NULL, NULL, 0);
    if (titles->kind != V_HASH) ev_fail(cc, "ensure_resources(): Requires second argument to be a Hash");
    for (size_t i = 0; i < titles->hash.n; i++) {
        Value *own = titles->hash.vals[i], *params = defaults;
        if (val_truthy(own)) {
            if (defaults->kind != V_HASH) fail_no_method(cc, "merge", defaults);
            if (own->kind != V_HASH) ev_fail(cc, "no implicit conversion of %s into Hash", rb_class(cc, own));
            ValVec ks = VV_ARENA(A), vs = VV_ARENA(A);
            for (size_t j = 0; j < defaults->hash.n; j++) vv_push(&ks, defaults->hash.keys[j]), vv_push(&vs, defaults->hash.vals[j]);
            for (size_t j = 0; j < own->hash.n; j++) vv_push(&ks, own->hash.keys[j]), vv_push(&vs, own->hash.vals[j]);
            params = hash_of(cc, &ks, &vs);
        }
        ensure_resource(cc, type, titles->hash.keys[i], params);
    }
}

/* ensure_resources(type, {title => {params}}, {defaults}) */
static Value *f_ensure_resources(CallCtx *cc)
{
    v3_args(cc);
    Value **a = cc->args;
    size_t n = cc->nargs;
    ensure_resources(cc, n > 0 ? a[0] : NULL, n > 1 ? a[1] : NULL, n > 2 ? a[2] : NULL);
    return VAL_UNDEF;
}

/* A copy of hash h with key set to v (in place when present). */
static Value *hash_with(CallCtx *cc, Value *h, const char *key, Value *v)
{
    ValVec ks = VV_ARENA(A), vs = VV_ARENA(A);
    for (size_t i = 0; i < h->hash.n; i++) vv_push(&ks, h->hash.keys[i]), vv_push(&vs, h->hash.vals[i]);
    vv_push(&ks, val_cstr(A, key)), vv_push(&vs, v);
    return hash_of(cc, &ks, &vs);
}

/* {'ensure' => 'installed'}.merge(attrs) */
static Value *package_defaults(CallCtx *cc, Value *attrs)
{
    Value *ens = val_cstr(A, "installed");
    Value *k = val_cstr(A, "ensure");
    if (!attrs) return val_hash(A, &k, &ens, 1);
    ValVec ks = VV_ARENA(A), vs = VV_ARENA(A);
    vv_push(&ks, k), vv_push(&vs, ens);
    for (size_t i = 0; i < attrs->hash.n; i++) vv_push(&ks, attrs->hash.keys[i]), vv_push(&vs, attrs->hash.vals[i]);
    return hash_of(cc, &ks, &vs);
}

static int is_name(const Value *v) { return v->kind == V_STR && v->str.len > 0; }

/* Does packages fit Variant[String[1], Array[String[1]]] (hash_ok: or
 * Hash[String[1], Any])?  Otherwise fills why with Puppet's reason. */
static int packages_ok(CallCtx *cc, const Value *p, int hash_ok)
{
    if (p->kind == V_STR) return p->str.len > 0;
    if (p->kind == V_ARRAY) {
        for (size_t i = 0; i < p->arr.n; i++)
            if (!is_name(p->arr.items[i])) return 0;
        return 1;
    }
    if (p->kind == V_HASH && hash_ok) {
        for (size_t i = 0; i < p->hash.n; i++)
            if (!is_name(p->hash.keys[i])) return 0;
        return 1;
    }
    return 0;
}

/* Puppet's inferred type of a value as TypeMismatchDescriber prints it
 * when the value's kind was right but its details were not: Hash[String,
 * Hash[0, 0], 1, 1]. */
static const char *detailed_type(CallCtx *cc, const Value *v)
{
    switch (v->kind) {
    case V_INT: return arena_printf(A, "Integer[%lld, %lld]", (long long)v->i, (long long)v->i);
    case V_STR: return "String";
    case V_ARRAY:
        if (!v->arr.n) return "Array[0, 0]";
        return arena_printf(A, "Array[%s, %zu, %zu]", detailed_type(cc, v->arr.items[0]), v->arr.n, v->arr.n);
    case V_HASH:
        if (!v->hash.n) return "Hash[0, 0]";
        return arena_printf(A, "Hash[%s, %s, %zu, %zu]", detailed_type(cc, v->hash.keys[0]),
                            detailed_type(cc, v->hash.vals[0]), v->hash.n, v->hash.n);
    default: return fn_got_type(cc, v);
    }
}

/* Why Variant[String[1], Array[String[1]], Hash[String[1], Any]] rejects
 * p, in Puppet's words: the whole message, or with multi (stdlib 9's first
 * signature, which has no Hash) the "rejected:" reasons of an array. */
static const char *packages_why(CallCtx *cc, const char *fn, const Value *p, int multi)
{
    const char *t = fn_got_type(cc, p);
    if (p->kind == V_ARRAY) {
        size_t i = 0;
        while (i < p->arr.n && is_name(p->arr.items[i])) i++;
        Value *e = p->arr.items[i];
        const char *v1 = arena_printf(A, "index %zu expects a %s value, got %s", i,
                                      e->kind == V_STR ? "String[1]" : "String", fn_got_type(cc, e));
        if (multi)
            return arena_printf(A, "parameter 'packages' variant 0 expects a String value, got %s\n"
                                   "    rejected: parameter 'packages' variant 1 %s", t, v1);
        return arena_printf(A, "'%s' expects (Variant[String[1], Array[String[1]], Hash[String[1], Any]] packages, "
                               "Hash default_attributes?)\n"
                               "  rejected: parameter 'packages' variant 0 expects a String value, got %s\n"
                               "  rejected: parameter 'packages' variant 1 %s\n"
                               "  rejected: parameter 'packages' variant 2 expects a Hash value, got %s",
                            fn, t, v1, t);
    }
    if (p->kind == V_STR || p->kind == V_HASH)     /* the right kind, wrong details */
        return arena_printf(A, "'%s' parameter 'packages' expects a value of type String[1], Array[String[1]], or "
                               "Hash[String[1], Any], got %s", fn, p->kind == V_STR ? "String" : detailed_type(cc, p));
    return arena_printf(A, "'%s' parameter 'packages' expects a value of type String, Array, or Hash, got %s", fn, t);
}

/* ensure_packages(packages, {defaults}) - stdlib 8: 'present' becomes
 * 'installed'; a hash goes through ensure_resources. */
static Value *f_ensure_packages(CallCtx *cc)
{
    check_count(cc, "ensure_packages", 1, 2);
    Value *pk = cc->args[0], *attrs = cc->nargs > 1 ? cc->args[1] : NULL;
    if (!packages_ok(cc, pk, 1)) ev_fail(cc, "%s", packages_why(cc, "ensure_packages", pk, 0));
    if (attrs && attrs->kind != V_HASH)
        ev_fail(cc, "'ensure_packages' parameter 'default_attributes' expects a Hash value, got %s", fn_got_type(cc, attrs));
    Value *defaults = package_defaults(cc, attrs);
    Value *ens = val_hash_gets(defaults, "ensure");
    if (ens && ens->kind == V_STR && !strcmp(ens->str.s, "present"))
        defaults = hash_with(cc, defaults, "ensure", val_cstr(A, "installed"));
    Value *pkg = val_cstr(A, "package");
    if (pk->kind == V_HASH) {
        ensure_resources(cc, pkg, v3_value(cc, pk, 1), v3_value(cc, defaults, 1));
    } else {
        ValVec names = VV_ARENA(A);
        flatten_titles(pk, &names);
        for (size_t i = 0; i < names.n; i++) ensure_resource(cc, pkg, names.v[i], v3_value(cc, defaults, 1));
        vv_free(&names);
    }
    return VAL_UNDEF;
}

/* stdlib 9's per-package step: 'present' or 'installed' stays 'present'
 * when the package is already declared with ensure => present. */
static void ensure_package9(CallCtx *cc, Value *name, Value *attrs)
{
    Value *defaults = package_defaults(cc, attrs);
    Value *ens = val_hash_gets(defaults, "ensure");
    if (ens && ens->kind == V_STR && (!strcmp(ens->str.s, "present") || !strcmp(ens->str.s, "installed"))) {
        Value *k = val_cstr(A, "ensure"), *v = val_cstr(A, "present");
        Value *ref = val_cstr(A, arena_printf(A, "Package[%s]", name->str.s));
        int present = defined_with_params(cc, ref, val_hash(A, &k, &v, 1));
        defaults = hash_with(cc, defaults, "ensure", val_cstr(A, present ? "present" : "installed"));
    }
    ensure_resource(cc, val_cstr(A, "package"), name, v3_value(cc, defaults, 1));
}

/* stdlib::ensure_packages(packages, {defaults}) - stdlib 9: two
 * signatures, names or a hash of name => attributes. */
static Value *f_stdlib_ensure_packages(CallCtx *cc)
{
    static const char *fn = "stdlib::ensure_packages";
    check_count(cc, fn, 1, 2);
    Value *pk = cc->args[0], *attrs = cc->nargs > 1 ? cc->args[1] : NULL;
    int names_ok = packages_ok(cc, pk, 0), hash_ok = pk->kind == V_HASH && packages_ok(cc, pk, 1);
    int attrs_ok = !attrs || attrs->kind == V_HASH;
    if (!names_ok && !hash_ok && attrs_ok && pk->kind != V_ARRAY)
        ev_fail(cc, "%s", packages_why(cc, fn, pk, 0));     /* both signatures fail on 'packages' alone */
    if (!(names_ok || hash_ok) || !attrs_ok) {
        const char *sigs[] = {"Variant[String[1], Array[String[1]]] packages, Hash default_attributes?",
                              "Hash[String[1], Any] packages, Hash default_attributes?"};
        const char *abad = attrs_ok ? NULL : arena_printf(A, "parameter 'default_attributes' expects a Hash value, got %s",
                                                          fn_got_type(cc, attrs));
        const char *why[2];
        if (names_ok) why[0] = abad;
        else if (pk->kind == V_ARRAY) why[0] = packages_why(cc, fn, pk, 1);
        else if (pk->kind == V_STR) why[0] = "parameter 'packages' expects a value of type String[1] or Array[String[1]], got String";
        else why[0] = arena_printf(A, "parameter 'packages' expects a value of type String or Array, got %s", fn_got_type(cc, pk));
        if (hash_ok) why[1] = abad;
        else if (pk->kind == V_HASH)
            why[1] = arena_printf(A, "parameter 'packages' expects a Hash[String[1], Any] value, got %s", detailed_type(cc, pk));
        else why[1] = arena_printf(A, "parameter 'packages' expects a Hash value, got %s", fn_got_type(cc, pk));
        fn_fail_dispatch(cc, fn, sigs, why, 2);
    }
    if (pk->kind == V_HASH) {
        for (size_t i = 0; i < pk->hash.n; i++) {
            Value *own = pk->hash.vals[i], *merged = attrs;
            if (own->kind == V_HASH) {
                merged = attrs ? attrs : val_hash(A, NULL, NULL, 0);
                ValVec ks = VV_ARENA(A), vs = VV_ARENA(A);
                for (size_t j = 0; j < merged->hash.n; j++) vv_push(&ks, merged->hash.keys[j]), vv_push(&vs, merged->hash.vals[j]);
                for (size_t j = 0; j < own->hash.n; j++) vv_push(&ks, own->hash.keys[j]), vv_push(&vs, own->hash.vals[j]);
                merged = hash_of(cc, &ks, &vs);
            } else if (own->kind != V_UNDEF || !attrs) {
                ev_fail(cc, "no implicit conversion of %s into Hash", own->kind == V_UNDEF ? "nil" : rb_class(cc, own));
            }
            ensure_package9(cc, pk->hash.keys[i], merged);
        }
    } else {
        ValVec names = VV_ARENA(A);
        flatten_titles(pk, &names);
        for (size_t i = 0; i < names.n; i++) ensure_package9(cc, names.v[i], attrs);
        vv_free(&names);
    }
    return VAL_UNDEF;
}

/* ---- assert_private ---- */

/* The scope of the class or define whose code runs in s: the nearest one
 * holding its own $module_name (lambdas share their definer's), or the top
 * or node scope. */
static Scope *owner_scope(Compiler *c, Scope *s)
{
    for (; s; s = s->parent)
        if (s == c->top || s == c->node_scope || map_get(&s->vars, "module_name", 11)) return s;
    return c->top;
}

/* The variable name as scope s sees it (module_name and
 * caller_module_name, which every class, define and node scope sets);
 * NULL when unset, as caller_module_name is at top scope. */
static Value *builtin_var(Scope *s, const char *name)
{
    for (; s; s = s->parent) {
        Value *v = map_get(&s->vars, name, strlen(name));
        if (v) return v;
    }
    return NULL;
}

/* assert_private([message]) - fails unless $module_name equals
 * $caller_module_name (stdlib compares the two with Ruby's ==): the class
 * or define running was declared from code of its own module (from its
 * parent class, for a class that inherits).  At top scope the caller is
 * unset, so it always fails there. */
static Value *f_assert_private(CallCtx *cc)
{
    v3_args(cc);
    Compiler *c = cc->c;
    if (cc->nargs > 1) ev_fail(cc, "assert_private(): Wrong number of arguments given (%zu}) for 0 or 1)", cc->nargs);
    Scope *own = owner_scope(c, cc->scope);
    Value *mine = builtin_var(cc->scope, "module_name"), *caller = builtin_var(cc->scope, "caller_module_name");
    if (mine && caller ? val_identical(mine, caller) : mine == caller) return VAL_UNDEF;
    if (cc->nargs && cc->args[0]->kind == V_STR) ev_fail(cc, "%s", cc->args[0]->str.s);
    if (own->class_name || own == c->top || own == c->node_scope)
        ev_fail(cc, "Class %s is private", own->class_name ? own->class_name : "");
    char *type = arena_strdup(A, own->resource->type);
    for (char *p = type; *p; p++) *p = (char)tolower((unsigned char)*p);
    ev_fail(cc, "Definition %s is private", type);
}

/* ---- fqdn_rand: Ruby's Random.new(MD5 seed).rand(max) ---- */

static void md5(const char *data, size_t len, unsigned char out[16])
{
    Md5 m;
    md5_init(&m);
    md5_update(&m, data, len);
    md5_final(&m, out);
}

/* MT19937 as Ruby's random.c runs it. */
enum { MT_N = 624, MT_M = 397 };
typedef struct Mt { uint32_t s[MT_N]; int i; } Mt;

static void mt_init(Mt *m, uint32_t seed)
{
    m->s[0] = seed;
    for (int i = 1; i < MT_N; i++) m->s[i] = 1812433253u * (m->s[i - 1] ^ (m->s[i - 1] >> 30)) + (uint32_t)i;
    m->i = MT_N;
}

static void mt_init_by_array(Mt *m, const uint32_t *key, int len)
{
    mt_init(m, 19650218u);
    int i = 1, j = 0;
    for (int k = MT_N > len ? MT_N : len; k; k--) {
        m->s[i] = (m->s[i] ^ ((m->s[i - 1] ^ (m->s[i - 1] >> 30)) * 1664525u)) + key[j] + (uint32_t)j;
        i++, j++;
        if (i >= MT_N) m->s[0] = m->s[MT_N - 1], i = 1;
        if (j >= len) j = 0;
    }
    for (int k = MT_N - 1; k; k--) {
        m->s[i] = (m->s[i] ^ ((m->s[i - 1] ^ (m->s[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
        i++;
        if (i >= MT_N) m->s[0] = m->s[MT_N - 1], i = 1;
    }
    m->s[0] = 0x80000000u;
}

static uint32_t mt_next(Mt *m)
{
    if (m->i >= MT_N) {
        for (int k = 0; k < MT_N; k++) {
            uint32_t y = (m->s[k] & 0x80000000u) | (m->s[(k + 1) % MT_N] & 0x7fffffffu);
            m->s[k] = m->s[(k + MT_M) % MT_N] ^ (y >> 1) ^ ((y & 1) ? 0x9908b0dfu : 0);
        }
        m->i = 0;
    }
    uint32_t y = m->s[m->i++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    return y ^ (y >> 18);
}

/* Ruby's limited_rand: a uniform integer in [0, limit], by rejection on
 * the bits of limit's mask, 32 bits at a time from the top. */
static uint64_t mt_limited(Mt *m, uint64_t limit)
{
    if (!limit) return 0;
    uint64_t mask = limit, val;
    for (int sh = 1; sh < 64; sh *= 2) mask |= mask >> sh;
    if (limit > 0xffffffffu) {
    retry:
        val = 0;
        for (int i = 1; i >= 0; i--) {
            if ((mask >> (i * 32)) & 0xffffffffu) {
                val |= (uint64_t)mt_next(m) << (i * 32);
                val &= mask;
                if (limit < val) goto retry;
            }
        }
        return val;
    }
    do val = mt_next(m) & mask; while (limit < val);
    return val;
}

/* Random.new(seed) for the 128-bit seed in digest (big-endian): the
 * integer's 32-bit words, least significant first, without leading zero
 * words; a top word of exactly 1 is dropped (Ruby's leading-zero guard);
 * one word seeds init_genrand, more init_by_array. */
static void mt_seed_bignum(Mt *m, const unsigned char digest[16])
{
    uint32_t key[4];
    for (int w = 0; w < 4; w++) {
        const unsigned char *p = digest + 12 - 4 * w;
        key[w] = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
    }
    int len = 4;
    while (len > 1 && !key[len - 1]) len--;
    if (len > 1 && key[len - 1] == 1) len--;
    if (len <= 1) mt_init(m, key[0]);
    else mt_init_by_array(m, key, len);
}

/* Array#join(':') of one element: arrays recursively, nil as "". */
static void join_elem(CallCtx *cc, Buf *b, const Value *v, int *first)
{
    if (v->kind == V_ARRAY) {
        for (size_t i = 0; i < v->arr.n; i++) join_elem(cc, b, v->arr.items[i], first);
        return;
    }
    if (!*first) buf_addc(b, ':');
    *first = 0;
    buf_adds(b, rb_to_s(cc, v));
}

/* fqdn_rand(max [, seed [, downcase]]) - core Puppet: Random.new(MD5 of
 * "<fqdn>:<max>:<seed>" as an integer).rand(max), so a node always gets
 * the same number. */
static Value *f_fqdn_rand(CallCtx *cc)
{
    v3_args(cc);
    size_t n = cc->nargs;
    if (n < 1) ev_fail(cc, "fqdn_rand(): Wrong number of arguments given (0 for minimum 1)");
    int64_t max = rb_to_i(cc, cc->args[0]);
    Value *net = val_hash_gets(cc->c->facts, "networking");
    Value *fqdn = net && net->kind == V_HASH ? val_hash_gets(net, "fqdn") : NULL;
    if (!fqdn) fqdn = VAL_UNDEF;
    if (n > 2 && val_truthy(cc->args[2])) {
        if (fqdn->kind != V_STR) fail_no_method(cc, "downcase", fqdn);
        char *low = arena_strndup(A, fqdn->str.s, fqdn->str.len);
        for (char *p = low; *p; p++) *p = (char)tolower((unsigned char)*p);
        fqdn = val_str(A, low, fqdn->str.len);
    }
    Value *parts[3] = {fqdn, val_int(A, max), n > 1 ? cc->args[1] : VAL_UNDEF};
    Buf b = BUF_INIT;
    int first = 1;
    for (int i = 0; i < 3; i++) join_elem(cc, &b, parts[i], &first);
    unsigned char digest[16];
    md5(b.s ? b.s : "", b.len, digest);
    buf_free(&b);
    if (max <= 0) ev_fail(cc, "invalid argument - %lld", (long long)max);
    Mt *m = ARENA_NEW(A, Mt);
    mt_seed_bignum(m, digest);
    return val_int(A, (int64_t)mt_limited(m, (uint64_t)max - 1));
}

/* ---- to_json: Ruby's JSON generator ---- */

/* Appends s as a JSON string; 0 when s is not valid UTF-8. */
static int json_str(Buf *b, const char *s, size_t len)
{
    buf_addc(b, '"');
    for (size_t i = 0; i < len;) {
        unsigned char ch = (unsigned char)s[i];
        if (ch >= 0x80) {
            size_t n = ch >= 0xf0 && ch <= 0xf4 ? 4 : ch >= 0xe0 ? 3 : ch >= 0xc2 && ch <= 0xdf ? 2 : 0;
            if (!n || i + n > len) return 0;
            for (size_t k = 1; k < n; k++)
                if (((unsigned char)s[i + k] & 0xc0) != 0x80) return 0;
            buf_add(b, s + i, n);
            i += n;
            continue;
        }
        switch (ch) {
        case '"': buf_adds(b, "\\\""); break;
        case '\\': buf_adds(b, "\\\\"); break;
        case '\b': buf_adds(b, "\\b"); break;
        case '\f': buf_adds(b, "\\f"); break;
        case '\n': buf_adds(b, "\\n"); break;
        case '\r': buf_adds(b, "\\r"); break;
        case '\t': buf_adds(b, "\\t"); break;
        default:
            if (ch < 0x20) buf_printf(b, "\\u%04x", ch);
            else buf_addc(b, (char)ch);
        }
        i++;
    }
    buf_addc(b, '"');
    return 1;
}

/* The type aliases of modules (and site.pp) that a value mentions,
 * loaded and resolved before any malloc'd buffer exists, since loading a
 * file may end the compile.  Data and RichData are Puppet's own. */
typedef struct UserAlias {
    const char *name;            /* as written: "Mymod::Path" */
    Value *type;                 /* what it stands for */
    struct UserAlias *next;
} UserAlias;

static UserAlias *alias_find(UserAlias *l, const char *name)
{
    for (; l; l = l->next)
        if (!strcmp(l->name, name)) return l;
    return NULL;
}

/* The alias definition for type name (cmp_find_alias), or NULL. */
static const Node *alias_node(Compiler *c, const char *name)
{
    if (val_is_data_type_name(name) || !strcmp(name, "Class")) return NULL;
    char *ln = arena_strdup(c->arena, name);
    for (char *p = ln; *p; p++) *p = (char)tolower((unsigned char)*p);
    return cmp_find_alias(c, ln, strlen(ln));
}

static void alias_collect(CallCtx *cc, const Value *v, UserAlias **list)
{
    switch (v->kind) {
    case V_ARRAY:
        for (size_t i = 0; i < v->arr.n; i++) alias_collect(cc, v->arr.items[i], list);
        break;
    case V_HASH:
        for (size_t i = 0; i < v->hash.n; i++) alias_collect(cc, v->hash.keys[i], list), alias_collect(cc, v->hash.vals[i], list);
        break;
    case V_SENSITIVE: alias_collect(cc, v->sensitive, list); break;
    case V_TYPE: {
        for (size_t i = 0; i < v->type.n; i++) alias_collect(cc, v->type.params[i], list);
        if (v->type.n || alias_find(*list, v->type.name)) break;
        const Node *al = alias_node(cc->c, v->type.name);
        if (!al) break;
        UserAlias *u = ARENA_NEW(A, UserAlias);
        u->name = v->type.name;
        u->next = *list;
        *list = u;
        u->type = ev_expr(cc->c, cc->c->top, al->a);
        alias_collect(cc, u->type, list);
        break;
    }
    default: break;
    }
}

/* Object#to_s of what the generator meets besides JSON's own types. */
static void json_to_s(Buf *b, const Value *v)
{
    if (v->kind == V_TYPE) val_to_string(b, v);    /* TypeFormatter: Integer[1], Mymod::Path = Pattern[...] */
    else fn_ruby_to_s(b, v);
}

/* value.to_json; 0 on a string that is not UTF-8. */
static int json_gen(CallCtx *cc, Buf *b, const Value *v)
{
    switch (v->kind) {
    case V_UNDEF: buf_adds(b, "null"); return 1;
    case V_BOOL: buf_adds(b, v->b ? "true" : "false"); return 1;
    case V_INT: buf_printf(b, "%lld", (long long)v->i); return 1;
    case V_FLOAT: val_to_s(b, v); return 1;
    case V_STR: return json_str(b, v->str.s, v->str.len);
    case V_ARRAY:
        buf_addc(b, '[');
        for (size_t i = 0; i < v->arr.n; i++) {
            if (i) buf_addc(b, ',');
            if (!json_gen(cc, b, v->arr.items[i])) return 0;
        }
        buf_addc(b, ']');
        return 1;
    case V_HASH:
        buf_addc(b, '{');
        for (size_t i = 0; i < v->hash.n; i++) {
            if (i) buf_addc(b, ',');
            const Value *k = v->hash.keys[i];
            int ok;
            if (k->kind == V_STR) {
                ok = json_str(b, k->str.s, k->str.len);
            } else {         /* the generator takes a key's to_s */
                Buf t = BUF_INIT;
                json_to_s(&t, k);
                ok = json_str(b, buf_cstr(&t), t.len);
                buf_free(&t);
            }
            if (!ok) return 0;
            buf_addc(b, ':');
            if (!json_gen(cc, b, v->hash.vals[i])) return 0;
        }
        buf_addc(b, '}');
        return 1;
    default: {
        /* anything else is its to_s as a string: "default", "(?-mix:a)" */
        Buf t = BUF_INIT;
        json_to_s(&t, v);
        int ok = json_str(b, buf_cstr(&t), t.len);
        buf_free(&t);
        return ok;
    }
    }
}

/* to_json(data) */
static Value *f_to_json(CallCtx *cc)
{
    check_count(cc, "to_json", 1, 1);
    Buf b = BUF_INIT;
    UserAlias *al = NULL;
    alias_collect(cc, cc->args[0], &al);   /* loaded now: printing then loads no file */
    int ok = json_gen(cc, &b, cc->args[0]);
    Value *r = ok ? val_str(A, buf_cstr(&b), b.len) : NULL;
    buf_free(&b);
    if (!r) ev_fail(cc, "source sequence is illegal/malformed utf-8");
    return r;
}

/* ---- parsejson: the json gem's parser (2.6), error positions included ---- */

typedef struct Jp {
    CallCtx *cc;
    const char *p, *end;
    const char *msg;        /* set once the parser raised: the whole message */
} Jp;

/* JSON::ParserError "LINE: unexpected token at 'REST'"; LINE is where in
 * the gem's parser.rl the error is raised, part of the message. */
static void jp_raise(Jp *j, int line, const char *at)
{
    if (j->msg) return;
    j->msg = arena_printf(j->cc->arena, "%d: unexpected token at '%.*s'", line, (int)(j->end - at), at);
}

/* whitespace and comments, as the gem's "ignore*" */
static void jp_ws(Jp *j)
{
    for (;;) {
        while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\r' || *j->p == '\n')) j->p++;
        if (j->p + 1 < j->end && j->p[0] == '/' && j->p[1] == '*') {
            const char *e = memmem(j->p + 2, (size_t)(j->end - j->p - 2), "*/", 2);
            j->p = e ? e + 2 : j->end;
        } else if (j->p + 1 < j->end && j->p[0] == '/' && j->p[1] == '/') {
            const char *e = memchr(j->p, '\n', (size_t)(j->end - j->p));
            j->p = e ? e + 1 : j->end;
        } else {
            return;
        }
    }
}

static int hexval(int ch)
{
    if (ch >= '0' && ch <= '9') return ch - '0';
    ch = tolower(ch);
    return ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
}

static long hex4(const char *p)
{
    long v = 0;
    for (int i = 0; i < 4; i++) {
        int h = hexval((unsigned char)p[i]);
        if (h < 0) return -1;
        v = v * 16 + h;
    }
    return v;
}

/* A string at j->p ('"'); NULL when it is not one (unterminated, a raw
 * control character, a short \u escape). */
static Value *jp_string(Jp *j)
{
    const char *q = j->p + 1;
    while (q < j->end && *q != '"') {
        if ((unsigned char)*q < 0x20) return NULL;
        if (*q == '\\') {
            if (q + 1 >= j->end) return NULL;
            if (q[1] == 'u') {
                if (j->end - q < 6 || hex4(q + 2) < 0) return NULL;
                q += 6;
                continue;
            }
            if ((unsigned char)q[1] < 0x20) return NULL;
            q += 2;
            continue;
        }
        q++;
    }
    if (q >= j->end) return NULL;
    Buf b = BUF_INIT;
    for (const char *s = j->p + 1; s < q;) {
        if (*s != '\\') {
            buf_addc(&b, *s++);
            continue;
        }
        char e = s[1];
        if (e == 'u') {
            long cp = hex4(s + 2);
            if (cp >= 0xd800 && cp <= 0xdbff) {
                long lo = q - s >= 12 && s[6] == '\\' && s[7] == 'u' ? hex4(s + 8) : -1;
                if (lo < 0xdc00 || lo > 0xdfff) {
                    buf_free(&b);
                    j->msg = arena_printf(j->cc->arena, "521: incomplete surrogate pair at '%.*s'", (int)(j->end - s), s);
                    return NULL;
                }
                cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                s += 6;
            }
            utf8_encode(&b, cp);
            s += 6;
            continue;
        }
        switch (e) {
        case 'b': buf_addc(&b, '\b'); break;
        case 'f': buf_addc(&b, '\f'); break;
        case 'n': buf_addc(&b, '\n'); break;
        case 'r': buf_addc(&b, '\r'); break;
        case 't': buf_addc(&b, '\t'); break;
        default: buf_addc(&b, e); break;
        }
        s += 2;
    }
    Value *v = val_str(j->cc->arena, buf_cstr(&b), b.len);
    buf_free(&b);
    j->p = q + 1;
    return v;
}

static const char *digits(const char *p, const char *end)
{
    while (p < end && isdigit((unsigned char)*p)) p++;
    return p;
}

/* A number at j->p: the gem tries a float (which must not be followed by
 * [0-9Ee.-]) and then an integer (not followed by a digit). */
static Value *jp_number(Jp *j)
{
    Arena *a = j->cc->arena;
    const char *s = j->p, *q = s, *end = j->end;
    if (q < end && *q == '-') q++;
    if (end - q >= 8 && !memcmp(q, "Infinity", 8) && q > s) {
        jp_raise(j, 249, s);
        return NULL;
    }
    if (q < end && *q == '0') q++;
    else if (q < end && *q >= '1' && *q <= '9') q = digits(q, end);
    else return NULL;
    const char *int_end = q;
    int fl = 0;
    if (q + 1 < end && *q == '.' && isdigit((unsigned char)q[1])) q = digits(q + 1, end), fl = 1;
    if (q < end && (*q == 'e' || *q == 'E')) {
        const char *r = q + 1;
        if (r < end && (*r == '+' || *r == '-')) r++;
        if (r < end && isdigit((unsigned char)*r)) q = digits(r, end), fl = 1;
        else fl = -1;
    }
    if (fl == 1 && !(q < end && strchr("0123456789Ee.-", *q))) {
        char *t = arena_strndup(a, s, (size_t)(q - s));
        j->p = q;
        return val_float(a, strtod(t, NULL));
    }
    if (int_end < end && isdigit((unsigned char)*int_end)) return NULL;
    char *t = arena_strndup(a, s, (size_t)(int_end - s));
    j->p = int_end;
    errno = 0;
    long long i = strtoll(t, NULL, 10);
    if (errno == ERANGE) return val_float(a, strtod(t, NULL));
    return val_int(a, i);
}

static Value *jp_value(Jp *j);

/* An array at j->p ('['): the gem raises at the first element or
 * separator it cannot read. */
static Value *jp_array(Jp *j)
{
    ValVec items = VV_ARENA(j->cc->arena);
    j->p++;
    jp_ws(j);
    if (j->p < j->end && *j->p == ']') {
        j->p++;
        return val_array(j->cc->arena, NULL, 0);
    }
    for (;;) {
        const char *at = j->p;
        Value *v = at < j->end ? jp_value(j) : NULL;
        if (!v) {
            jp_raise(j, 451, at);
            vv_free(&items);
            return NULL;
        }
        vv_push(&items, v);
        jp_ws(j);
        if (j->p < j->end && *j->p == ',') {
            j->p++;
            jp_ws(j);
            continue;
        }
        if (j->p < j->end && *j->p == ']') break;
        jp_raise(j, 451, j->p);
        vv_free(&items);
        return NULL;
    }
    j->p++;
    Value *r = vv_to_array(j->cc->arena, &items);
    vv_free(&items);
    return r;
}

/* An object at j->p ('{'): any fault makes the whole object unreadable,
 * reported where it starts by whoever holds it. */
static Value *jp_object(Jp *j)
{
    Arena *a = j->cc->arena;
    ValVec ks = VV_ARENA(a), vs = VV_ARENA(a);
    const char *start = j->p;
    j->p++;
    jp_ws(j);
    if (j->p < j->end && *j->p == '}') {
        j->p++;
        return val_hash(a, NULL, NULL, 0);
    }
    for (;;) {
        Value *k = j->p < j->end && *j->p == '"' ? jp_string(j) : NULL, *v = NULL;
        if (k) {
            jp_ws(j);
            if (j->p < j->end && *j->p == ':') {
                j->p++;
                jp_ws(j);
                v = j->p < j->end ? jp_value(j) : NULL;
            }
        }
        if (!v) break;
        vv_push(&ks, k), vv_push(&vs, v);
        jp_ws(j);
        if (j->p < j->end && *j->p == ',') {
            j->p++;
            jp_ws(j);
            continue;
        }
        if (j->p < j->end && *j->p == '}') {
            j->p++;
            Value *h = val_hash(a, ks.v, vs.v, ks.n);
            vv_free(&ks);
            vv_free(&vs);
            return h;
        }
        break;
    }
    vv_free(&ks);
    vv_free(&vs);
    j->p = start;
    return NULL;
}

/* A value at j->p (not at the end); NULL when there is none (j->msg set if
 * the parser already raised). */
static Value *jp_value(Jp *j)
{
    const char *p = j->p;
    size_t left = (size_t)(j->end - p);
    switch (*p) {
    case '"': return jp_string(j);
    case '[': return jp_array(j);
    case '{': return jp_object(j);
    case 'N':
        if (left >= 3 && !memcmp(p, "NaN", 3)) jp_raise(j, 225, p);
        return NULL;
    case 'I':
        if (left >= 8 && !memcmp(p, "Infinity", 8)) jp_raise(j, 232, p + 8);
        return NULL;
    case 't':
        if (left >= 4 && !memcmp(p, "true", 4)) return j->p += 4, VAL_TRUE;
        return NULL;
    case 'f':
        if (left >= 5 && !memcmp(p, "false", 5)) return j->p += 5, VAL_FALSE;
        return NULL;
    case 'n':
        if (left >= 4 && !memcmp(p, "null", 4)) return j->p += 4, VAL_UNDEF;
        return NULL;
    default:
        if (*p == '-' || isdigit((unsigned char)*p)) return jp_number(j);
        return NULL;
    }
}

/* JSON.parse(s); NULL with *msg set on an error. */
static Value *json_parse_rb(CallCtx *cc, const Value *s, const char **msg)
{
    Jp j = {cc, s->str.s, s->str.s + s->str.len, NULL};
    jp_ws(&j);
    const char *at = j.p;
    Value *v = at < j.end ? jp_value(&j) : NULL;
    if (v) {
        jp_ws(&j);
        if (j.p < j.end) jp_raise(&j, 859, j.p), v = NULL;
    } else {
        jp_raise(&j, 859, at);
    }
    *msg = j.msg;
    return v;
}

/* parsejson(json [, default]) - the default answers for an error and for
 * null or false. */
static Value *f_parsejson(CallCtx *cc)
{
    v3_args(cc);
    if (!cc->nargs) ev_fail(cc, "Wrong number of arguments. 1 or 2 arguments should be provided.");
    Value *dflt = cc->nargs > 1 ? cc->args[1] : VAL_UNDEF, *s = cc->args[0];
    const char *msg = NULL;
    Value *v = NULL;
    if (s->kind != V_STR) {
        const Value *x = s;
        msg = arena_printf(A, "no implicit conversion of %s into String",
                           x->kind == V_BOOL ? (x->b ? "true" : "false") : rb_class(cc, x));
    } else {
        v = json_parse_rb(cc, s, &msg);
    }
    if (!v) {
        if (!val_truthy(dflt)) ev_fail(cc, "%s", msg);
        return dflt;
    }
    return val_truthy(v) ? v : dflt;
}

/* ---- to_yaml: Psych's choices, emitted by libyaml ---- */

/* Does Ruby regex re match s? */
static int rx(const char *re, const char *s, size_t len)
{
    Regex *r = re_get(re, NULL);
    int caps[2], ncap = 1;
    return r && re_search(r, s, len, 0, caps, &ncap);
}

static int days_in_month(long y, int m)
{
    static const int d[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0)) return 29;
    return d[m - 1];
}

/* Would Psych's ScalarScanner read the plain scalar s back as a String? */
static int yaml_reads_as_string(const char *s, size_t len)
{
    if (!len) return 0;
    if (rx("^[^\\d.:-]?[[:alpha:]_\\s!@#$%\\^&*(){}<>|/\\\\~;=]+", s, len) || memchr(s, '\n', len)) {
        if (utf8_len(s, len) > 5) return 1;
        if (rx("(?i)^[^ytonf~]", s, len)) return 1;
        if ((len == 1 && s[0] == '~') || rx("(?i)^null$", s, len)) return 0;
        if (rx("(?i)^(yes|true|on)$", s, len) || rx("(?i)^(no|false|off)$", s, len)) return 0;
        return 1;
    }
    if (rx("^-?\\d{4}-\\d{1,2}-\\d{1,2}(?:[Tt]|\\s+)\\d{1,2}:\\d\\d:\\d\\d(?:\\.\\d*)?(?:\\s*(?:Z|[-+]\\d{1,2}:?(?:\\d\\d)?))?$",
           s, len)) {
        /* Time.utc(...) refuses out-of-range fields: then it stays a String */
        long y, mo, d, h, mi, sec;
        if (sscanf(s, "%ld-%ld-%ld%*[Tt \t\n\v\f\r]%ld:%ld:%ld", &y, &mo, &d, &h, &mi, &sec) == 6)
            return !(mo >= 1 && mo <= 12 && d >= 1 && d <= 31 && h <= 24 && mi <= 59 && sec <= 60);
        return 1;
    }
    if (rx("^\\d{4}-(?:1[012]|0\\d|\\d)-(?:[12]\\d|3[01]|0\\d|\\d)$", s, len)) {
        long y, mo, d;
        if (sscanf(s, "%ld-%ld-%ld", &y, &mo, &d) == 3 && mo >= 1 && mo <= 12 && d >= 1 && d <= days_in_month(y, (int)mo))
            return 0;
        return 1;
    }
    if (rx("(?i)^\\+?\\.inf$", s, len) || rx("(?i)^-\\.inf$", s, len) || rx("(?i)^\\.nan$", s, len)) return 0;
    if (rx("^:.", s, len)) return 0;
    if (rx("^[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}$", s, len)) return 0;
    if (rx("^[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}\\.[0-9_]*$", s, len)) return 0;
    if (rx("^(?:[-+]?([0-9][0-9_,]*)?\\.[0-9]*([eE][-+][0-9]+)?)$", s, len)) return rx("\\A[-+]?\\.\\Z", s, len);
    if (rx("^(?:[-+]?0b[0-1_,]+|[-+]?0[0-7_,]+|[-+]?(?:0|[1-9](?:[0-9]|,[0-9]|_[0-9])*)|[-+]?0x[0-9a-fA-F_,]+)$", s, len))
        return 0;
    return 1;
}

/* Psych registers every array and hash it visits: one met again becomes
 * an alias of the first, whose anchor is numbered in the order the repeats
 * are found. */
typedef struct YamlSeen { int anchor; int emitted; } YamlSeen;

typedef struct Yaml {
    CallCtx *cc;
    yaml_emitter_t em;
    Map seen;               /* array/hash/object Value* (its bytes) -> YamlSeen* */
    Map singletons;         /* unparameterized type name -> its Ruby object */
    Map made;               /* type/array/hash Value* (its bytes) -> it with Ruby objects */
    const char *bad;        /* why Psych could not dump the value, or NULL */
    UserAlias *aliases;     /* the type aliases the value mentions */
    int anchors;            /* anchors handed out */
    long line_width;        /* the line_width option, -1 when not given */
    int ok;                 /* no emitter error yet */
} Yaml;

static int yaml_write(void *data, unsigned char *buffer, size_t size)
{
    buf_add(data, buffer, size);
    return 1;
}

/* Psych dumps any other Ruby object as a mapping of its instance
 * variables tagged !ruby/object:CLASS.  Puppet's types are such objects,
 * so to_yaml first turns each type into a "Ruby object" value: a V_TYPE
 * whose name is the tag (it starts with '!', which no type name does) and
 * whose params alternate instance variable names and values, in the
 * order Puppet 7.23's classes set them.  Object identity is what Psych
 * anchors on: an unparameterized type is one of Puppet's DEFAULT
 * singletons (every bare String is the same object, as is Array's Any),
 * a parameterized one is made where it is evaluated. */
#define RB_TYPES "!ruby/object:Puppet::Pops::Types::"

static int is_robj(const Value *v) { return v->kind == V_TYPE && v->type.name[0] == '!'; }

/* A Ruby object of class cls (after Puppet::Pops::Types::) with n
 * instance variables given as (const char *name, Value *value) pairs. */
static Value *robj(Yaml *y, const char *cls, size_t n, ...)
{
    Arena *a = y->cc->arena;
    Value **p = ARENA_NEWN(a, Value *, 2 * n + 1);
    va_list ap;
    va_start(ap, n);
    for (size_t i = 0; i < n; i++) {
        p[2 * i] = val_cstr(a, va_arg(ap, const char *));
        p[2 * i + 1] = va_arg(ap, Value *);
    }
    va_end(ap);
    Value *o = val_type(a, arena_printf(a, RB_TYPES "%s", cls), NULL, 0);
    o->type.params = p;      /* built in place: val_type copies, and params are ours */
    o->type.n = 2 * n;
    return o;
}

static Value *ruby_value(Yaml *y, Value *v);

static Value *rb_inf(Yaml *y, int sign) { return val_float(y->cc->arena, sign * INFINITY); }

/* PIntegerType (or PFloatType with as_float) from a range's bounds, either
 * of which may be missing (NULL) or default: -inf and +inf. */
static Value *rb_range(Yaml *y, const char *cls, Value *from, Value *to, int as_float)
{
    Arena *a = y->cc->arena;
    Value *f = !from || from->kind == V_DEFAULT ? rb_inf(y, -1) : from;
    Value *t = !to || to->kind == V_DEFAULT ? rb_inf(y, 1) : to;
    if (as_float && f->kind == V_INT) f = val_float(a, (double)f->i);
    if (as_float && t->kind == V_INT) t = val_float(a, (double)t->i);
    return robj(y, cls, 2, "from", f, "to", t);
}

/* A size constraint from params p[0..n): nil when none. */
static Value *rb_size(Yaml *y, Value **p, size_t n)
{
    if (!n) return VAL_UNDEF;
    if (n == 1 && p[0]->kind == V_TYPE) return ruby_value(y, p[0]);
    return rb_range(y, "PIntegerType", p[0], n > 1 ? p[1] : NULL, 0);
}

/* DEFAULT singletons by name ("Any"), made once per to_yaml call. */
static Value *rb_default(Yaml *y, const char *name)
{
    Value *t = map_get(&y->singletons, name, strlen(name));
    if (!t) t = ruby_value(y, val_type(y->cc->arena, name, NULL, 0));
    return t;
}

/* A type parameter that may be a string standing for String['s'] (struct
 * keys, Optional['b']): PStringType with that value. */
static Value *rb_key_type(Yaml *y, Value *k)
{
    if (k->kind == V_STR) return robj(y, "PStringType", 1, "size_type_or_value", k);
    if (k->kind == V_TYPE && k->type.n == 1 && k->type.params[0]->kind == V_STR) {
        if (!strcmp(k->type.name, "NotUndef")) return rb_key_type(y, k->type.params[0]);
        if (!strcmp(k->type.name, "Optional")) return robj(y, "POptionalType", 1, "type", rb_key_type(y, k->type.params[0]));
    }
    return ruby_value(y, k);
}

static Value *rb_array(Yaml *y, Value **p, size_t n, int keys)
{
    Value **items = ARENA_NEWN(y->cc->arena, Value *, n ? n : 1);
    for (size_t i = 0; i < n; i++) items[i] = keys ? rb_key_type(y, p[i]) : ruby_value(y, p[i]);
    return val_array(y->cc->arena, items, n);
}

static char *lower(Arena *a, const char *s)
{
    char *r = arena_strdup(a, s);
    for (char *p = r; *p; p++) *p = (char)tolower((unsigned char)*p);
    return r;
}

/* The Ruby object of type t, or NULL (y->bad set) when Psych cannot dump it. */
static Value *rb_type(Yaml *y, Value *t)
{
    Arena *a = y->cc->arena;
    const char *nm = t->type.name;
    Value **p = t->type.params;
    size_t n = t->type.n;
    Value *nil = VAL_UNDEF;
    if (!strcmp(nm, "Data") || !strcmp(nm, "RichData") || (!n && alias_find(y->aliases, nm))) {
        /* PTypeAliasType holds its loader, an anonymous Ruby module */
        y->bad = "can't dump anonymous module: #<Module:0x0000000000000000>";
        return NULL;
    }
    if (!strcmp(nm, "Any") || !strcmp(nm, "Undef") || !strcmp(nm, "Default") || !strcmp(nm, "Scalar") ||
        !strcmp(nm, "ScalarData") || !strcmp(nm, "CatalogEntry"))
        return robj(y, arena_printf(a, "P%sType", nm), 0);
    if (!strcmp(nm, "Boolean")) return robj(y, "PBooleanType", 1, "value", n ? p[0] : nil);
    if (!strcmp(nm, "Integer")) return rb_range(y, "PIntegerType", n ? p[0] : NULL, n > 1 ? p[1] : NULL, 0);
    if (!strcmp(nm, "Float") || !strcmp(nm, "Numeric"))
        return rb_range(y, arena_printf(a, "P%sType", nm), n ? p[0] : NULL, n > 1 ? p[1] : NULL, 1);
    if ((!strcmp(nm, "Timespan") || !strcmp(nm, "Timestamp")) && !n) return rb_range(y, arena_printf(a, "P%sType", nm), NULL, NULL, 0);
    if (!strcmp(nm, "String")) return robj(y, "PStringType", 1, "size_type_or_value", rb_size(y, p, n));
    if (!strcmp(nm, "Enum")) {
        ValVec vals = VV_ARENA(a);
        int ci = n && p[n - 1]->kind == V_BOOL && p[n - 1]->b;
        for (size_t i = 0; i < n; i++) {
            if (p[i]->kind == V_STR) vv_push(&vals, p[i]);
            else if (p[i]->kind == V_ARRAY)
                for (size_t j = 0; j < p[i]->arr.n; j++) vv_push(&vals, p[i]->arr.items[j]);
        }
        Value *vs = vv_to_array(a, &vals);
        vv_free(&vals);
        return robj(y, "PEnumType", 2, "values", vs, "case_insensitive", val_bool(ci));
    }
    if (!strcmp(nm, "Regexp")) {
        if (!n) return robj(y, "PRegexpType", 1, "pattern", nil);
        Value *re = p[0]->kind == V_REGEX ? p[0] : val_regex(a, val_to_cstr(a, p[0]));
        return robj(y, "PRegexpType", 2, "pattern", val_cstr(a, re->regex.src), "regexp", re);
    }
    if (!strcmp(nm, "Pattern")) {
        Value **pats = ARENA_NEWN(a, Value *, n ? n : 1);
        for (size_t i = 0; i < n; i++) {
            Value *re = p[i]->kind == V_REGEX ? p[i] : p[i]->kind == V_STR ? val_regex(a, p[i]->str.s) : NULL;
            pats[i] = re ? robj(y, "PRegexpType", 2, "pattern", val_cstr(a, re->regex.src), "regexp", re) : ruby_value(y, p[i]);
            if (!pats[i]) return NULL;
        }
        return robj(y, "PPatternType", 1, "patterns", val_array(a, pats, n));
    }
    if (!strcmp(nm, "Array"))
        return robj(y, "PArrayType", 2, "size_type", n > 1 ? rb_size(y, p + 1, n - 1) : nil, "element_type",
                    n ? ruby_value(y, p[0]) : rb_default(y, "Any"));
    if (!strcmp(nm, "Hash")) {
        if (n < 2) {
            Value *any = rb_default(y, "Any");
            return robj(y, "PHashType", 3, "size_type", rb_size(y, p, n), "key_type", any, "value_type", any);
        }
        return robj(y, "PHashType", 3, "size_type", rb_size(y, p + 2, n - 2), "key_type", ruby_value(y, p[0]),
                    "value_type", ruby_value(y, p[1]));
    }
    if (!strcmp(nm, "Tuple") || !strcmp(nm, "Callable")) {
        size_t nt = 0;
        while (nt < n && p[nt]->kind == V_TYPE) nt++;
        int callable = nm[0] == 'C';
        if (!callable) return robj(y, "PTupleType", 2, "types", rb_array(y, p, nt, 0), "size_type", rb_size(y, p + nt, n - nt));
        if (!n) return robj(y, "PCallableType", 3, "param_types", nil, "block_type", nil, "return_type", nil);
        Value *ret = nil, **params = p;
        size_t np = nt, nc = 0;
        if (p[0]->kind == V_ARRAY) {           /* Callable[[params], return] */
            params = p[0]->arr.items, ret = n > 1 ? ruby_value(y, p[1]) : nil;
            np = 0;
            while (np < p[0]->arr.n && params[np]->kind == V_TYPE) np++;
            nc = p[0]->arr.n - np;
        } else {
            nc = n - nt;
        }
        Value *block = nil;
        if (np && params[np - 1]->kind == V_TYPE && !strcmp(params[np - 1]->type.name, "Callable") && np > 1) {
            block = ruby_value(y, params[--np]);
        } else if (nc && params[np + nc - 1]->kind == V_TYPE) {
            block = ruby_value(y, params[np + nc - 1]);
            nc--;
        }
        Value *types = np ? rb_array(y, params, np, 0) : val_array(a, (Value *[]){rb_default(y, "Unit")}, 1);
        Value *pt = robj(y, "PTupleType", 2, "types", types, "size_type", rb_size(y, params + np, nc));
        return robj(y, "PCallableType", 3, "param_types", pt, "block_type", block, "return_type", ret);
    }
    if (!strcmp(nm, "Unit")) return robj(y, "PUnitType", 0);
    if (!strcmp(nm, "Struct")) {
        ValVec els = VV_ARENA(a);
        Value *h = n ? p[0] : NULL;
        for (size_t i = 0; h && h->kind == V_HASH && i < h->hash.n; i++)
            vv_push(&els, robj(y, "PStructElement", 2, "key_type", rb_key_type(y, h->hash.keys[i]), "value_type",
                               ruby_value(y, h->hash.vals[i])));
        Value *es = vv_to_array(a, &els);
        vv_free(&els);
        return robj(y, "PStructType", 1, "elements", es);
    }
    if (!strcmp(nm, "Variant")) return robj(y, "PVariantType", 1, "types", rb_array(y, p, n, 0));
    if (!strcmp(nm, "Optional") || !strcmp(nm, "NotUndef"))
        return robj(y, arena_printf(a, "P%sType", nm), 1, "type", n ? rb_key_type(y, p[0]) : nil);
    if (!strcmp(nm, "Type") || !strcmp(nm, "Iterable") || !strcmp(nm, "Iterator"))
        return robj(y, arena_printf(a, "P%sType", nm), 1, "type", n ? ruby_value(y, p[0]) : nil);
    if (!strcmp(nm, "Sensitive")) return robj(y, "PSensitiveType", 1, "type", n ? ruby_value(y, p[0]) : rb_default(y, "Any"));
    if (!strcmp(nm, "Collection")) return robj(y, "PCollectionType", 1, "size_type", rb_size(y, p, n));
    if (!strcmp(nm, "Class"))
        return robj(y, "PClassType", 1, "class_name", n && p[0]->kind == V_STR ? val_cstr(a, lower(a, p[0]->str.s)) : nil);
    if (!strcmp(nm, "Resource") && !n) return robj(y, "PResourceType", 3, "type_name", nil, "title", nil, "downcased_name", nil);
    if (val_is_data_type_name(nm) && strcmp(nm, "Resource")) {
        y->bad = arena_printf(a, "to_yaml() cannot represent %s (not modelled as a Ruby object)", nm);
        return NULL;
    }
    /* a resource type, with or without a title (Resource['notify', 'x']
     * comes here as Notify['x']) */
    Value *title = nil;
    if (!strcmp(nm, "Resource")) {
        nm = val_to_cstr(a, p[0]);
        title = n > 1 ? p[1] : nil;
    } else if (n) {
        title = p[0];
    }
    char *tn = arena_strdup(a, nm);
    for (char *q = tn; *q; q++)
        if (q == tn || (q[-1] == ':' && q > tn + 1 && q[-2] == ':')) *q = (char)toupper((unsigned char)*q);
        else *q = (char)tolower((unsigned char)*q);
    return robj(y, "PResourceType", 3, "type_name", val_cstr(a, tn), "title", title, "downcased_name", val_cstr(a, lower(a, nm)));
}

/* v with its types made Ruby objects; the same value in gives the same
 * value out (so that Psych's aliases survive), and a value holding no
 * type is returned as is.  NULL, with y->bad set, when Psych would fail. */
static Value *ruby_value(Yaml *y, Value *v)
{
    Arena *a = y->cc->arena;
    if (v->kind != V_TYPE && v->kind != V_ARRAY && v->kind != V_HASH && v->kind != V_SENSITIVE) return v;
    if (v->kind == V_TYPE && !v->type.n) {
        Value *s = map_get(&y->singletons, v->type.name, strlen(v->type.name));
        if (s) return s;
    } else {
        Value *m = map_get(&y->made, (const char *)&v, sizeof v);
        if (m) return m;
    }
    Value *r = v;
    switch (v->kind) {
    case V_TYPE: r = rb_type(y, v); break;
    case V_SENSITIVE: {
        Value *in = ruby_value(y, v->sensitive);
        r = in == v->sensitive ? v : in ? val_sensitive(a, in) : NULL;
        break;
    }
    case V_ARRAY: {
        Value **items = NULL;
        for (size_t i = 0; i < v->arr.n && r; i++) {
            Value *x = ruby_value(y, v->arr.items[i]);
            if (!x) r = NULL;
            else if (x != v->arr.items[i] && !items) {
                items = ARENA_NEWN(a, Value *, v->arr.n);
                memcpy(items, v->arr.items, v->arr.n * sizeof *items);
            }
            if (items && x) items[i] = x;
        }
        if (r && items) r = val_array(a, items, v->arr.n);
        break;
    }
    case V_HASH: {
        Value **keys = NULL, **vals = NULL;
        for (size_t i = 0; i < v->hash.n && r; i++) {
            Value *k = ruby_value(y, v->hash.keys[i]), *x = k ? ruby_value(y, v->hash.vals[i]) : NULL;
            if (!k || !x) r = NULL;
            else if ((k != v->hash.keys[i] || x != v->hash.vals[i]) && !keys) {
                keys = ARENA_NEWN(a, Value *, v->hash.n);
                vals = ARENA_NEWN(a, Value *, v->hash.n);
                memcpy(keys, v->hash.keys, v->hash.n * sizeof *keys);
                memcpy(vals, v->hash.vals, v->hash.n * sizeof *vals);
            }
            if (keys && r) keys[i] = k, vals[i] = x;
        }
        /* built in place: val_hash would merge keys that became equal */
        if (r && keys) {
            r = val_hash(a, NULL, NULL, 0);
            r->hash.keys = keys, r->hash.vals = vals, r->hash.n = v->hash.n;
        }
        break;
    }
    default: break;
    }
    if (!r) return NULL;
    if (v->kind == V_TYPE && !v->type.n) {
        map_put(&y->singletons, v->type.name, strlen(v->type.name), r);
    } else {
        const Value **key = ARENA_NEW(a, const Value *);
        *key = v;
        map_put(&y->made, (const char *)key, sizeof v, r);
    }
    return r;
}

/* Psych registers every array, hash, regexp and object it visits (a
 * Sensitive too): one met again becomes an alias of the first. */
static void yaml_scan(Yaml *y, const Value *v)
{
    if (v->kind != V_ARRAY && v->kind != V_HASH && v->kind != V_REGEX && v->kind != V_SENSITIVE && !is_robj(v)) return;
    YamlSeen *seen = map_get(&y->seen, (const char *)&v, sizeof v);
    if (seen) {
        if (!seen->anchor) seen->anchor = ++y->anchors;
        return;
    }
    const Value **key = ARENA_NEW(y->cc->arena, const Value *);
    *key = v;
    map_put(&y->seen, (const char *)key, sizeof v, ARENA_NEW(y->cc->arena, YamlSeen));
    if (v->kind == V_ARRAY) {
        for (size_t i = 0; i < v->arr.n; i++) yaml_scan(y, v->arr.items[i]);
    } else if (v->kind == V_HASH) {
        for (size_t i = 0; i < v->hash.n; i++) yaml_scan(y, v->hash.keys[i]), yaml_scan(y, v->hash.vals[i]);
    } else if (v->kind == V_SENSITIVE) {
        yaml_scan(y, v->sensitive);
    } else if (v->kind == V_TYPE) {
        for (size_t i = 1; i < v->type.n; i += 2) yaml_scan(y, v->type.params[i]);
    }
}

static void yaml_event(Yaml *y, yaml_event_t *ev)
{
    if (y->ok && !yaml_emitter_emit(&y->em, ev)) y->ok = 0;
}

static void yaml_scalar(Yaml *y, const char *tag, const char *s, size_t len, int plain, int quoted, yaml_scalar_style_t style)
{
    yaml_event_t ev;
    yaml_scalar_event_initialize(&ev, NULL, (yaml_char_t *)tag, (yaml_char_t *)s, (int)len, plain, quoted, style);
    yaml_event(y, &ev);
}

/* YAMLTree#visit_String: the style Psych asks for. */
static void yaml_string(Yaml *y, const char *s, size_t len)
{
    yaml_scalar_style_t style = YAML_PLAIN_SCALAR_STYLE;
    if (rx("\\n(?!\\Z)", s, len)) {
        style = YAML_LITERAL_SCALAR_STYLE;
    } else if (len == 2 && !memcmp(s, "<<", 2)) {
        yaml_scalar(y, "tag:yaml.org,2002:str", s, len, 0, 0, YAML_SINGLE_QUOTED_SCALAR_STYLE);
        return;
    } else if (len == 1 && (*s == 'y' || *s == 'n')) {
        style = YAML_DOUBLE_QUOTED_SCALAR_STYLE;
    } else if (y->line_width >= 0 && (long)utf8_len(s, len) > y->line_width) {
        style = YAML_FOLDED_SCALAR_STYLE;
    } else if (rx("^[^[:word:]][^\"]*$", s, len)) {
        style = YAML_DOUBLE_QUOTED_SCALAR_STYLE;
    } else if (!yaml_reads_as_string(s, len) || rx("\\A0[0-7]*[89]", s, len)) {
        style = YAML_SINGLE_QUOTED_SCALAR_STYLE;
    }
    yaml_scalar(y, NULL, s, len, 1, 1, style);
}

/* Psych's accept(): an object met before is emitted as an alias (returns
 * 1); otherwise *anchor is its anchor, or NULL when it is met only once. */
static int yaml_alias(Yaml *y, const Value *v, char buf[24], yaml_char_t **anchor)
{
    YamlSeen *seen = map_get(&y->seen, (const char *)&v, sizeof v);
    snprintf(buf, 24, "%d", seen ? seen->anchor : 0);
    *anchor = seen && seen->anchor ? (yaml_char_t *)buf : NULL;
    if (seen && seen->emitted) {
        yaml_event_t ev;
        yaml_alias_event_initialize(&ev, (yaml_char_t *)buf);
        yaml_event(y, &ev);
        return 1;
    }
    if (seen) seen->emitted = 1;
    return 0;
}

static void yaml_node(Yaml *y, const Value *v)
{
    yaml_event_t ev;
    Buf t = BUF_INIT;
    char abuf[24];
    yaml_char_t *anchor;
    switch (v->kind) {
    case V_UNDEF: yaml_scalar(y, "tag:yaml.org,2002:null", "", 0, 1, 0, YAML_ANY_SCALAR_STYLE); break;
    case V_DEFAULT: yaml_scalar(y, NULL, ":default", 8, 1, 0, YAML_ANY_SCALAR_STYLE); break;
    case V_BOOL: yaml_scalar(y, NULL, v->b ? "true" : "false", v->b ? 4 : 5, 1, 0, YAML_ANY_SCALAR_STYLE); break;
    case V_INT: case V_FLOAT:
        if (v->kind == V_FLOAT && isnan(v->f)) buf_adds(&t, ".nan");
        else if (v->kind == V_FLOAT && isinf(v->f)) buf_adds(&t, v->f > 0 ? ".inf" : "-.inf");
        else val_to_s(&t, v);
        yaml_scalar(y, NULL, buf_cstr(&t), t.len, 1, 0, YAML_ANY_SCALAR_STYLE);
        break;
    case V_STR: yaml_string(y, v->str.s, v->str.len); break;
    case V_REGEX:
        if (yaml_alias(y, v, abuf, &anchor)) break;
        buf_printf(&t, "/%s/", v->regex.src);
        yaml_scalar_event_initialize(&ev, anchor, (yaml_char_t *)"!ruby/regexp", (yaml_char_t *)buf_cstr(&t), (int)t.len, 0, 0,
                                     YAML_ANY_SCALAR_STYLE);
        yaml_event(y, &ev);
        break;
    case V_SENSITIVE:
        if (yaml_alias(y, v, abuf, &anchor)) break;
        yaml_mapping_start_event_initialize(&ev, anchor, (yaml_char_t *)"!ruby/object:Puppet::Pops::Types::PSensitiveType::Sensitive",
                                            0, YAML_BLOCK_MAPPING_STYLE);
        yaml_event(y, &ev);
        yaml_string(y, "value", 5);
        yaml_node(y, v->sensitive);
        yaml_mapping_end_event_initialize(&ev);
        yaml_event(y, &ev);
        break;
    case V_TYPE:       /* a Ruby object (ruby_value): its instance variables */
        if (yaml_alias(y, v, abuf, &anchor)) break;
        yaml_mapping_start_event_initialize(&ev, anchor, (yaml_char_t *)v->type.name, 0, YAML_BLOCK_MAPPING_STYLE);
        yaml_event(y, &ev);
        for (size_t i = 0; i + 1 < v->type.n; i += 2) {
            const Value *k = v->type.params[i];
            yaml_scalar(y, NULL, k->str.s, k->str.len, 1, 0, YAML_ANY_SCALAR_STYLE);
            yaml_node(y, v->type.params[i + 1]);
        }
        yaml_mapping_end_event_initialize(&ev);
        yaml_event(y, &ev);
        break;
    case V_ARRAY: case V_HASH:
        if (yaml_alias(y, v, abuf, &anchor)) break;
        if (v->kind == V_ARRAY) {
            yaml_sequence_start_event_initialize(&ev, anchor, NULL, 1, YAML_BLOCK_SEQUENCE_STYLE);
            yaml_event(y, &ev);
            for (size_t i = 0; i < v->arr.n; i++) yaml_node(y, v->arr.items[i]);
            yaml_sequence_end_event_initialize(&ev);
        } else {
            yaml_mapping_start_event_initialize(&ev, anchor, NULL, 1, YAML_BLOCK_MAPPING_STYLE);
            yaml_event(y, &ev);
            for (size_t i = 0; i < v->hash.n; i++) yaml_node(y, v->hash.keys[i]), yaml_node(y, v->hash.vals[i]);
            yaml_mapping_end_event_initialize(&ev);
        }
        yaml_event(y, &ev);
        break;
    }
    buf_free(&t);
}

/* to_yaml(data [, options]) - data.to_yaml(options): indentation,
 * line_width, canonical and header are Psych's options. */
static Value *f_to_yaml(CallCtx *cc)
{
    check_count(cc, "to_yaml", 1, 2);
    Value *data = cc->args[0], *opts = cc->nargs > 1 ? cc->args[1] : NULL;
    if (opts && opts->kind != V_HASH)
        ev_fail(cc, "'to_yaml' parameter 'options' expects a Hash value, got %s", fn_got_type(cc, opts));
    Value *indent = opts ? val_hash_gets(opts, "indentation") : NULL;
    Value *width = opts ? val_hash_gets(opts, "line_width") : NULL;
    Value *canon = opts ? val_hash_gets(opts, "canonical") : NULL;
    Value *header = opts ? val_hash_gets(opts, "header") : NULL;
    Yaml y = {.cc = cc, .line_width = -1, .ok = 1};
    if (width && width->kind == V_INT && width->i >= 0) y.line_width = (long)width->i;
    alias_collect(cc, data, &y.aliases);
    map_init(&y.singletons);
    map_init(&y.made);
    Value *robjs = ruby_value(&y, data);
    map_free(&y.singletons);
    map_free(&y.made);
    if (!robjs) ev_fail(cc, "%s", y.bad);
    data = robjs;
    Buf out = BUF_INIT;
    map_init(&y.seen);
    yaml_scan(&y, data);
    yaml_emitter_initialize(&y.em);
    yaml_emitter_set_output(&y.em, yaml_write, &out);
    yaml_emitter_set_unicode(&y.em, 1);
    if (indent || width || canon) {
        /* Psych::Handler::DumperOptions: line_width 0, indentation 2 */
        yaml_emitter_set_indent(&y.em, indent && indent->kind == V_INT ? (int)indent->i : 2);
        yaml_emitter_set_width(&y.em, width && width->kind == V_INT ? (int)width->i : 0);
        yaml_emitter_set_canonical(&y.em, canon && canon->kind == V_BOOL && canon->b);
    }
    yaml_event_t ev;
    yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING);
    yaml_event(&y, &ev);
    yaml_version_directive_t v11 = {1, 1};
    yaml_document_start_event_initialize(&ev, header && val_truthy(header) ? &v11 : NULL, NULL, NULL, 0);
    yaml_event(&y, &ev);
    yaml_node(&y, data);
    yaml_document_end_event_initialize(&ev, 1);
    yaml_event(&y, &ev);
    yaml_stream_end_event_initialize(&ev);
    yaml_event(&y, &ev);
    yaml_emitter_flush(&y.em);
    const char *problem = y.ok ? NULL : arena_strdup(A, y.em.problem ? y.em.problem : "emitter error");
    yaml_emitter_delete(&y.em);
    map_free(&y.seen);
    Value *r = y.ok ? val_str(A, buf_cstr(&out), out.len) : NULL;
    buf_free(&out);
    if (!r) ev_fail(cc, "%s", problem);
    return r;
}

/* ---- $settings:: ---- */

void stdlib_settings(Compiler *c, Scope *s)
{
    Arena *a = c->arena;
    const char *cert = c->certname;
    const char *mp = c->opt.modulepath && *c->opt.modulepath ? c->opt.modulepath : "/etc/puppet/code/modules:/usr/share/puppet/modules";
    char *manifest = c->opt.manifest ? realpath(c->opt.manifest, NULL) : NULL;
    const char *man = arena_strdup(a, manifest ? manifest : c->opt.manifest ? c->opt.manifest : "");
    free(manifest);
    /* Puppet's defaults as Debian's puppet package sets them, running as
     * root; strings unless Puppet's setting is a boolean or a number. */
    struct { const char *name; const char *str; int kind; int64_t num; } set[] = {
        {"basemodulepath", "/etc/puppet/code/modules:/usr/share/puppet/modules", V_STR, 0},
        {"bucketdir", "/var/cache/puppet/bucket", V_STR, 0},
        {"ca_port", NULL, V_INT, 8140},
        {"ca_server", "puppet", V_STR, 0},
        {"certdir", "/var/lib/puppet/ssl/certs", V_STR, 0},
        {"certname", cert, V_STR, 0},
        {"clientbucketdir", "/var/cache/puppet/clientbucket", V_STR, 0},
        {"clientyamldir", "/var/cache/puppet/client_yaml", V_STR, 0},
        {"codedir", "/etc/puppet/code", V_STR, 0},
        {"confdir", "/etc/puppet", V_STR, 0},
        {"config", "/etc/puppet/puppet.conf", V_STR, 0},
        {"digest_algorithm", "sha256", V_STR, 0},
        {"environment", c->opt.environment, V_STR, 0},
        {"environmentpath", "/etc/puppet/code/environments", V_STR, 0},
        {"factpath", "/var/cache/puppet/lib/facter:/var/cache/puppet/facts", V_STR, 0},
        {"group", "puppet", V_STR, 0},
        {"hiera_config", "/etc/puppet/hiera.yaml", V_STR, 0},
        {"hostcert", arena_printf(a, "/var/lib/puppet/ssl/certs/%s.pem", cert), V_STR, 0},
        {"hostprivkey", arena_printf(a, "/var/lib/puppet/ssl/private_keys/%s.pem", cert), V_STR, 0},
        {"hostpubkey", arena_printf(a, "/var/lib/puppet/ssl/public_keys/%s.pem", cert), V_STR, 0},
        {"libdir", "/var/cache/puppet/lib", V_STR, 0},
        {"localcacert", "/var/lib/puppet/ssl/certs/ca.pem", V_STR, 0},
        {"logdir", "/var/log/puppet", V_STR, 0},
        {"manifest", man, V_STR, 0},
        {"masterport", NULL, V_INT, 8140},
        {"modulepath", mp, V_STR, 0},
        {"node_name_value", cert, V_STR, 0},
        {"noop", NULL, V_BOOL, 0},
        {"plugindest", "/var/cache/puppet/lib", V_STR, 0},
        {"privatekeydir", "/var/lib/puppet/ssl/private_keys", V_STR, 0},
        {"publickeydir", "/var/lib/puppet/ssl/public_keys", V_STR, 0},
        {"publicdir", "/var/cache/puppet/public", V_STR, 0},
        {"report", NULL, V_BOOL, 1},
        {"reports", "store", V_STR, 0},
        {"requestdir", "/var/lib/puppet/ssl/certificate_requests", V_STR, 0},
        {"rundir", "/run/puppet", V_STR, 0},
        {"runinterval", NULL, V_INT, 1800},
        {"server", "puppet", V_STR, 0},
        {"serverport", NULL, V_INT, 8140},
        {"ssldir", "/var/lib/puppet/ssl", V_STR, 0},
        {"statedir", "/var/cache/puppet/state", V_STR, 0},
        {"storeconfigs", NULL, V_BOOL, 0},
        {"strict", "warning", V_STR, 0},
        {"strict_variables", NULL, V_BOOL, c->opt.strict_variables},
        {"user", "puppet", V_STR, 0},
        {"vardir", "/var/cache/puppet", V_STR, 0},
        {"yamldir", "/var/cache/puppet/yaml", V_STR, 0},
    };
    size_t n = ARRAY_LEN(set);
    Value **keys = ARENA_NEWN(a, Value *, n), **vals = ARENA_NEWN(a, Value *, n);
    for (size_t i = 0; i < n; i++) {
        keys[i] = val_cstr(a, set[i].name);
        vals[i] = set[i].kind == V_STR ? val_cstr(a, set[i].str) : set[i].kind == V_BOOL ? val_bool((int)set[i].num)
                                                                                       : val_int(a, set[i].num);
        map_put(&s->vars, set[i].name, strlen(set[i].name), vals[i]);
    }
    map_put(&s->vars, "all_local", 9, val_hash(a, keys, vals, n));
    map_put(&s->vars, "name", 4, val_cstr(a, "settings"));
    map_put(&s->vars, "title", 5, val_cstr(a, "settings"));
    map_put(&s->vars, "module_name", 11, val_cstr(a, ""));
}

/* ---- basename, dirname, prefix, suffix, str2bool, any2array ---- */

/* s =~ Regexp.new(pat) with Ruby's semantics (^ and $ are line anchors). */
static int rb_matches(const char *pat, const char *s, size_t len)
{
    Regex *re = re_get(pat, NULL);
    int caps[2], ncap = 1;
    return re && re_search(re, s, len, 0, caps, &ncap);
}

/* Ruby's File.basename(path[, suffix]) on POSIX. */
static Value *rb_basename(CallCtx *cc, const Value *path, const Value *sfx)
{
    const char *s = path->str.s;
    size_t len = path->str.len;
    if (!len) return val_str(A, "", 0);
    size_t end = len;
    while (end > 0 && s[end - 1] == '/') end--;
    if (!end) return val_str(A, "/", 1);
    size_t beg = end;
    while (beg > 0 && s[beg - 1] != '/') beg--;
    const char *p = s + beg;
    size_t n = end - beg, f = n;
    if (sfx && sfx->str.len) {
        const char *e = sfx->str.s;
        size_t l2 = sfx->str.len;
        if (l2 == 2 && e[1] == '*') {
            if (e[0] == '.') {
                /* the last dot after any leading dots */
                size_t q = 0, dot = 0;
                while (q < n && p[q] == '.') q++;
                for (; q < n; q++)
                    if (p[q] == '.') dot = q;
                f = dot ? dot : n;
            } else {
                size_t last = n;
                for (size_t q = 0; q < n; q++)
                    if (p[q] == e[0]) last = q;
                f = last;
            }
        } else if (n < l2) {
            f = n;
        } else {
            f = memcmp(p + n - l2, e, l2) == 0 ? n - l2 : 0;
        }
        if (!f) f = n;
    }
    return val_str(A, p, f);
}

/* basename(path[, suffix]) */
static Value *f_basename(CallCtx *cc)
{
    v3_args(cc);
    Value **a = cc->args;
    if (!cc->nargs) ev_fail(cc, "basename(): No arguments given");
    if (cc->nargs > 2) ev_fail(cc, "basename(): Too many arguments given (%zu)", cc->nargs);
    if (a[0]->kind != V_STR) ev_fail(cc, "basename(): Requires string as first argument");
    if (cc->nargs == 2 && a[1]->kind != V_STR) ev_fail(cc, "basename(): Requires string as second argument");
    return rb_basename(cc, a[0], cc->nargs == 2 ? a[1] : NULL);
}

/* dirname(path) - Ruby's File.dirname on POSIX. */
static Value *f_dirname(CallCtx *cc)
{
    v3_args(cc);
    Value **a = cc->args;
    if (!cc->nargs) ev_fail(cc, "dirname(): No arguments given");
    if (cc->nargs > 1) ev_fail(cc, "dirname(): Too many arguments given (%zu)", cc->nargs);
    if (a[0]->kind != V_STR) ev_fail(cc, "dirname(): Requires string as argument");
    if (!a[0]->str.len) ev_fail(cc, "dirname(): Requires a non-empty string as argument");
    const char *name = a[0]->str.s, *end = name + a[0]->str.len, *root = name;
    while (root < end && *root == '/') root++;
    if (root > name + 1) name = root - 1;
    /* the last run of slashes that something follows */
    const char *p = NULL;
    for (const char *q = root; q < end;) {
        if (*q == '/') {
            const char *run = q;
            while (q < end && *q == '/') q++;
            if (q < end) p = run;
        } else {
            q++;
        }
    }
    if (!p) p = root;
    if (p == name) return val_cstr(A, ".");
    return val_str(A, name, (size_t)(p - name));
}

/* prefix(collection[, s]) and suffix(collection[, s]): to_s of each
 * element (or hash key), with s before or after it. */
static Value *affix(CallCtx *cc, const char *fn, int before)
{
    v3_args(cc);
    Value **a = cc->args;
    if (!cc->nargs) ev_fail(cc, "%s(): Wrong number of arguments given (0 for 1)", fn);
    Value *coll = a[0];
    if (coll->kind != V_ARRAY && coll->kind != V_HASH)
        ev_fail(cc, "%s(): expected first argument to be an Array or a Hash, got %s", fn, rb_inspect(cc, coll));
    Value *fix = cc->nargs > 1 && val_truthy(a[1]) ? a[1] : NULL;
    if (fix && fix->kind != V_STR)
        ev_fail(cc, "%s(): expected second argument to be a String, got %s", fn, rb_inspect(cc, fix));
    size_t n = coll->kind == V_ARRAY ? coll->arr.n : coll->hash.n;
    Value **out = ARENA_NEWN(A, Value *, n ? n : 1);
    for (size_t i = 0; i < n; i++) {
        const char *s = rb_to_s(cc, coll->kind == V_ARRAY ? coll->arr.items[i] : coll->hash.keys[i]);
        out[i] = !fix ? val_cstr(A, s)
                      : before ? val_cstr(A, arena_printf(A, "%.*s%s", (int)fix->str.len, fix->str.s, s))
                               : val_cstr(A, arena_printf(A, "%s%.*s", s, (int)fix->str.len, fix->str.s));
    }
    if (coll->kind == V_ARRAY) return val_array(A, out, n);
    /* Hash[pairs]: a repeated key keeps its first place and its last value */
    Value **vals = ARENA_NEWN(A, Value *, n ? n : 1);
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        size_t j;
        for (j = 0; j < m; j++)
            if (rb_equal(out[j], out[i], 1)) break;
        if (j == m) out[m++] = out[i];
        vals[j] = coll->hash.vals[i];
    }
    return val_hash(A, out, vals, m);
}

static Value *f_prefix(CallCtx *cc) { return affix(cc, "prefix", 1); }
static Value *f_suffix(CallCtx *cc) { return affix(cc, "suffix", 0); }

/* str2bool(s) - booleans pass; strings by Ruby's line-anchored patterns. */
static Value *f_str2bool(CallCtx *cc)
{
    v3_args(cc);
    if (!cc->nargs) ev_fail(cc, "str2bool(): Wrong number of arguments given (0 for 1)");
    Value *v = cc->args[0];
    if (v->kind == V_BOOL) return v;
    if (v->kind != V_STR) ev_fail(cc, "str2bool(): Requires string to work with");
    const char *s = v->str.s;
    size_t len = v->str.len;
    if (!len || rb_matches("^$", s, len)) return VAL_FALSE;
    if (rb_matches("(?i:^(1|t|y|true|yes)$)", s, len)) return VAL_TRUE;
    if (rb_matches("(?i:^(0|f|n|false|no)$)", s, len)) return VAL_FALSE;
    if (rb_matches("^(undef|undefined)$", s, len)) return VAL_FALSE;
    ev_fail(cc, "str2bool(): Unknown type of boolean given");
}

/* any2array(v...) */
static Value *f_any2array(CallCtx *cc)
{
    v3_args(cc);
    Value **a = cc->args;
    if (cc->nargs == 1) {
        if (a[0]->kind == V_ARRAY) return a[0];
        if (is_empty_str(a[0])) return val_array(A, NULL, 0);
        if (a[0]->kind == V_HASH) {
            size_t n = a[0]->hash.n;
            Value **out = ARENA_NEWN(A, Value *, 2 * n + 1);
            for (size_t i = 0; i < n; i++) out[2 * i] = a[0]->hash.keys[i], out[2 * i + 1] = a[0]->hash.vals[i];
            return val_array(A, out, 2 * n);
        }
    }
    return val_array(A, a, cc->nargs);
}

/* ---- the deprecated validate_* functions ---- */

/* Their 4.x wrappers hand the 3.x bodies Puppet's values unconverted
 * (undef is nil); the deprecation warnings they log are not reproduced. */
/* inspect of an unconverted value: a regexp is Ruby's /src/ at any depth. */
static void raw_inspect(CallCtx *cc, Buf *b, const Value *v)
{
    if (v->kind == V_REGEX) {
        buf_addc(b, '/');
        for (const char *p = v->regex.src; *p; p++) {
            if (*p == '\\' && p[1]) buf_addc(b, *p++);
            else if (*p == '/') buf_addc(b, '\\');
            buf_addc(b, *p);
        }
        buf_addc(b, '/');
    } else if (v->kind == V_ARRAY) {
        buf_addc(b, '[');
        for (size_t i = 0; i < v->arr.n; i++) {
            if (i) buf_adds(b, ", ");
            raw_inspect(cc, b, v->arr.items[i]);
        }
        buf_addc(b, ']');
    } else if (v->kind == V_HASH) {
        buf_addc(b, '{');
        for (size_t i = 0; i < v->hash.n; i++) {
            if (i) buf_adds(b, ", ");
            raw_inspect(cc, b, v->hash.keys[i]);
            buf_adds(b, "=>");
            raw_inspect(cc, b, v->hash.vals[i]);
        }
        buf_addc(b, '}');
    } else {
        fn_ruby_inspect(b, v);
    }
}

static const char *raw_inspect_s(CallCtx *cc, const Value *v)
{
    Buf b = BUF_INIT;
    raw_inspect(cc, &b, v);
    const char *s = arena_strndup(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return s;
}

static void validate_count(CallCtx *cc, const char *fn)
{
    if (!cc->nargs) ev_fail(cc, "%s(): wrong number of arguments (0; must be > 0)", fn);
}

/* Puppet::Util.absolute_path? for :posix or :windows. */
static int rb_absolute_path(const Value *v)
{
    if (v->kind != V_STR) return 0;
    return rb_matches("^/", v->str.s, v->str.len) ||
           rb_matches("(?i:^(?:(?:[A-Z]:[\\\\/])|(?:[\\\\/][\\\\/][^\\\\/]+[\\\\/][^\\\\/]+)|(?:[\\\\/][\\\\/]\\?[\\\\/][^\\\\/]+)))",
                      v->str.s, v->str.len);
}

static Value *f_validate_absolute_path(CallCtx *cc)
{
    validate_count(cc, "validate_absolute_path");
    for (size_t i = 0; i < cc->nargs; i++) {
        Value *arg = cc->args[i];
        Value **items = arg->kind == V_ARRAY ? arg->arr.items : &arg;
        size_t n = arg->kind == V_ARRAY ? arg->arr.n : 1;
        for (size_t j = 0; j < n; j++)
            if (!rb_absolute_path(items[j])) ev_fail(cc, "%s is not an absolute path.", raw_inspect_s(cc, items[j]));
    }
    return VAL_UNDEF;
}

/* validate_bool, validate_hash, validate_array, validate_string: every
 * argument of one kind (validate_string also takes undef). */
static Value *validate_kind(CallCtx *cc, const char *fn, ValueKind kind, const char *what)
{
    validate_count(cc, fn);
    for (size_t i = 0; i < cc->nargs; i++) {
        Value *arg = cc->args[i];
        if (arg->kind == kind || (kind == V_STR && arg->kind == V_UNDEF)) continue;
        ev_fail(cc, "%s is not %s.  It looks to be a %s", raw_inspect_s(cc, arg), what, rb_class(cc, arg));
    }
    return VAL_UNDEF;
}

static Value *f_validate_bool(CallCtx *cc) { return validate_kind(cc, "validate_bool", V_BOOL, "a boolean"); }
static Value *f_validate_hash(CallCtx *cc) { return validate_kind(cc, "validate_hash", V_HASH, "a Hash"); }
static Value *f_validate_array(CallCtx *cc) { return validate_kind(cc, "validate_array", V_ARRAY, "an Array"); }
static Value *f_validate_string(CallCtx *cc) { return validate_kind(cc, "validate_string", V_STR, "a string"); }

/* validate_re(s, re | [re...][, message]) */
static Value *f_validate_re(CallCtx *cc)
{
    Value **a = cc->args;
    if (cc->nargs < 2 || cc->nargs > 3)
        ev_fail(cc, "validate_re(): wrong number of arguments (%zu; must be 2 or 3)", cc->nargs);
    if (a[0]->kind != V_STR) ev_fail(cc, "validate_re(): input needs to be a String, not a %s", rb_class(cc, a[0]));
    Value **res = a[1]->kind == V_ARRAY ? a[1]->arr.items : &a[1];
    size_t n = a[1]->kind == V_ARRAY ? a[1]->arr.n : 1;
    for (size_t i = 0; i < n; i++) {
        const Value *r = res[i];
        if (r->kind != V_STR && r->kind != V_REGEX)
            ev_fail(cc, "no implicit conversion of %s into String", rb_class(cc, r));
        const char *err = NULL;
        Regex *re = re_get(r->kind == V_STR ? r->str.s : r->regex.src, &err);
        if (!re) ev_fail(cc, "%s", err ? err : "invalid regular expression");
        int caps[2], ncap = 1;
        if (re_search(re, a[0]->str.s, a[0]->str.len, 0, caps, &ncap)) return VAL_UNDEF;
    }
    if (cc->nargs == 3 && val_truthy(a[2])) ev_fail(cc, "%s", rb_to_s(cc, a[2]));
    ev_fail(cc, "validate_re(): %s does not match %s", raw_inspect_s(cc, a[0]), raw_inspect_s(cc, a[1]));
}

/* ---- shell_escape, shell_join ---- */

/* Ruby's Shellwords.escape: '' for nothing, a backslash before each
 * character outside [A-Za-z0-9_\-.,:+/@\n], a newline quoted as '\n'. */
static void sh_escape(Buf *b, const char *s)
{
    if (!*s) {
        buf_adds(b, "''");
        return;
    }
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '\n') buf_adds(b, "'\n'");
        else if ((ch & 0xC0) == 0x80 || isalnum(ch) || strchr("_-.,:+/@", ch)) buf_addc(b, (char)ch);
        else buf_addc(b, '\\'), buf_addc(b, (char)ch);
    }
}

/* shell_escape(v) - a 4.x function: v.to_s, escaped. */
static Value *f_shell_escape(CallCtx *cc)
{
    check_count(cc, "shell_escape", 1, 1);
    Buf b = BUF_INIT;
    sh_escape(&b, rb_to_s(cc, cc->args[0]));
    Value *r = val_str(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return r;
}

/* shell_join(array) - each element's to_s escaped, joined by spaces. */
static Value *f_shell_join(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 1) ev_fail(cc, "shell_join(): Wrong number of arguments given (%zu for 1)", cc->nargs);
    Value *arr = cc->args[0];
    if (arr->kind != V_ARRAY) ev_fail(cc, "First argument is not an Array: %s", rb_inspect(cc, arr));
    Buf b = BUF_INIT;
    for (size_t i = 0; i < arr->arr.n; i++) {
        if (i) buf_addc(&b, ' ');
        sh_escape(&b, rb_to_s(cc, arr->arr.items[i]));
    }
    Value *r = val_str(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return r;
}

/* ---- union, intersection, difference, zip, values_at, deprecation ---- */

/* Is x in items[0..n) by eql? */
static int rb_includes(Value **items, size_t n, const Value *x)
{
    for (size_t i = 0; i < n; i++)
        if (rb_equal(items[i], x, 1)) return 1;
    return 0;
}

static Value *vv_array(CallCtx *cc, ValVec *v)
{
    Value *r = vv_to_array(A, v);
    vv_free(v);
    return r;
}

/* union(a, b, ...) - Array#| over all: first occurrences, in order. */
static Value *f_union(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs < 2) ev_fail(cc, "union(): Wrong number of arguments given (%zu for < 2)", cc->nargs);
    for (size_t i = 0; i < cc->nargs; i++)
        if (cc->args[i]->kind != V_ARRAY) ev_fail(cc, "union(): Every parameter must be an array");
    ValVec out = VV_ARENA(A);
    for (size_t i = 0; i < cc->nargs; i++)
        for (size_t j = 0; j < cc->args[i]->arr.n; j++) {
            Value *x = cc->args[i]->arr.items[j];
            if (!rb_includes(out.v, out.n, x)) vv_push(&out, x);
        }
    return vv_array(cc, &out);
}

/* intersection(a, b) - Array#&: a's elements also in b, once each. */
static Value *f_intersection(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 2) ev_fail(cc, "intersection(): Wrong number of arguments given (%zu for 2)", cc->nargs);
    Value *a = cc->args[0], *b = cc->args[1];
    if (a->kind != V_ARRAY || b->kind != V_ARRAY)
        ev_fail(cc, "intersection(): Requires 2 arrays, got %s and %s", rb_class(cc, a), rb_class(cc, b));
    ValVec out = VV_ARENA(A);
    for (size_t i = 0; i < a->arr.n; i++) {
        Value *x = a->arr.items[i];
        if (rb_includes(b->arr.items, b->arr.n, x) && !rb_includes(out.v, out.n, x)) vv_push(&out, x);
    }
    return vv_array(cc, &out);
}

/* difference(a, b) - Array#-: a's elements not in b, repeats kept. */
static Value *f_difference(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 2) ev_fail(cc, "difference(): Wrong number of arguments given (%zu for 2)", cc->nargs);
    Value *a = cc->args[0], *b = cc->args[1];
    if (a->kind != V_ARRAY || b->kind != V_ARRAY) ev_fail(cc, "difference(): Requires 2 arrays");
    ValVec out = VV_ARENA(A);
    for (size_t i = 0; i < a->arr.n; i++)
        if (!rb_includes(b->arr.items, b->arr.n, a->arr.items[i])) vv_push(&out, a->arr.items[i]);
    return vv_array(cc, &out);
}

static void flatten_into(ValVec *out, const Value *v)
{
    if (v->kind != V_ARRAY) {
        vv_push(out, (Value *)v);
        return;
    }
    for (size_t i = 0; i < v->arr.n; i++) flatten_into(out, v->arr.items[i]);
}

/* zip(a, b[, flatten]) - Array#zip, flattened when str2bool(flatten). */
static Value *f_zip(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs < 2) ev_fail(cc, "zip(): Wrong number of arguments given (%zu for 2)", cc->nargs);
    Value *a = cc->args[0], *b = cc->args[1];
    if (a->kind != V_ARRAY || b->kind != V_ARRAY) ev_fail(cc, "zip(): Requires array to work with");
    int flat = 0;
    if (cc->nargs > 2 && val_truthy(cc->args[2])) {
        CallCtx sub = *cc;
        sub.args = &cc->args[2];
        sub.nargs = 1;
        flat = val_truthy(f_str2bool(&sub));
    }
    Value **pairs = ARENA_NEWN(A, Value *, a->arr.n ? a->arr.n : 1);
    for (size_t i = 0; i < a->arr.n; i++) {
        Value *pair[2] = {a->arr.items[i], i < b->arr.n ? b->arr.items[i] : VAL_UNDEF};
        pairs[i] = val_array(A, pair, 2);
    }
    Value *r = val_array(A, pairs, a->arr.n);
    if (!flat) return r;
    ValVec out = VV_ARENA(A);
    flatten_into(&out, r);
    return vv_array(cc, &out);
}

/* values_at(array, index | [index...]) - indices are 'N', 'N-M', 'N..M'
 * or 'N...M', matched with Ruby's line anchors. */
static Value *f_values_at(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs < 2) ev_fail(cc, "values_at(): Wrong number of arguments given (%zu for 2)", cc->nargs);
    Value *arr = cc->args[0];
    if (arr->kind != V_ARRAY) ev_fail(cc, "values_at(): Requires array to work with");
    ValVec idx = VV_ARENA(A);
    flatten_into(&idx, cc->args[1]);
    if (!idx.n) {
        vv_free(&idx);
        ev_fail(cc, "values_at(): You must provide at least one positive index to collect");
    }
    int64_t size = (int64_t)arr->arr.n;
    ValVec out = VV_ARENA(A);
    Regex *range = re_get("^(\\d+)(\\.\\.\\.?|\\-)(\\d+)$", NULL);
    const char *why = NULL;
    for (size_t k = 0; k < idx.n && !why; k++) {
        const char *s = rb_to_s(cc, idx.v[k]);
        size_t len = strlen(s);
        int caps[8], ncap = 4;
        if (range && re_search(range, s, len, 0, caps, &ncap)) {
            int64_t start = rb_str_to_i(s + caps[2]), stop = rb_str_to_i(s + caps[6]);
            int excl = caps[5] - caps[4] == 3;
            if (start > stop) why = "values_at(): Stop index in given indices range is smaller than the start index";
            else if (stop > size - 1) why = "values_at(): Stop index in given indices range exceeds array size";
            else
                for (int64_t i = start; excl ? i < stop : i <= stop; i++)
                    if (arr->arr.items[i]->kind != V_UNDEF) vv_push(&out, arr->arr.items[i]);
        } else if (!rb_matches("^\\d+$", s, len)) {
            why = "values_at(): Unknown format of given index";
        } else {
            int64_t i = rb_str_to_i(s);
            if (i > size - 1) why = "values_at(): Given index exceeds array size";
            else if (arr->arr.items[i]->kind != V_UNDEF) vv_push(&out, arr->arr.items[i]);
        }
    }
    vv_free(&idx);
    if (why) {
        vv_free(&out);
        ev_fail(cc, "%s", why);
    }
    return vv_array(cc, &out);
}

/* deprecation(key, message) - a 4.x function; with Puppet's default
 * strict=warning it only logs, which is not reproduced. */
static Value *f_deprecation(CallCtx *cc)
{
    check_count(cc, "deprecation", 2, 2);
    static const char *const names[] = {"key", "message"};
    for (size_t i = 0; i < 2; i++)
        if (cc->args[i]->kind != V_STR)
            ev_fail(cc, "'deprecation' parameter '%s' expects a String value, got %s", names[i], fn_got_type(cc, cc->args[i]));
    return VAL_UNDEF;
}

/* ---- range ---- */

/* Ruby's String#succ for ASCII text: the rightmost alphanumeric is
 * incremented with carry ('az' -> 'ba', 'zz' -> 'aaa', 'a9' -> 'b0'),
 * skipping other characters; with no alphanumeric, the last byte. */
static char *rb_succ(CallCtx *cc, const char *src, size_t len)
{
    char *s = arena_alloc(A, len + 2);
    memcpy(s, src, len);
    s[len] = 0;
    if (!len) return s;
    long carry_pos = -1, last_alnum = -1;
    char carry = 0;
    int prev_not_char = 0, found_alnum = 0;
    for (long i = (long)len - 1; i >= 0; i--) {
        unsigned char ch = (unsigned char)s[i];
        if (prev_not_char && last_alnum >= 0) {
            unsigned char la = (unsigned char)s[last_alnum];
            if (isalpha(la) ? isdigit(ch) : isdigit(la) ? isalpha(ch) : 0) break;
        }
        if (ch >= 0x80 || !isalnum(ch)) {
            prev_not_char = 1;
            continue;
        }
        prev_not_char = 0;
        found_alnum = 1;
        if (ch == '9' || ch == 'z' || ch == 'Z') {
            carry = ch == '9' ? '1' : ch == 'z' ? 'a' : 'A';
            s[i] = ch == '9' ? '0' : ch == 'z' ? 'a' : 'A';
            last_alnum = carry_pos = i;
            continue;
        }
        s[i] = (char)(ch + 1);
        return s;
    }
    if (!found_alnum) {
        for (long i = (long)len - 1; i >= 0; i--) {
            unsigned char ch = (unsigned char)s[i];
            s[i] = (char)(ch + 1);
            if (ch != 0xff) return s;
            carry_pos = i;
        }
        carry = 1;
    }
    memmove(s + carry_pos + 1, s + carry_pos, len - (size_t)carry_pos + 1);
    s[carry_pos] = carry;
    return s;
}

static int rb_str_cmp(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    int r = memcmp(a, b, la < lb ? la : lb);
    return r ? r : la < lb ? -1 : la > lb;
}

enum { RANGE_MAX = 1000000 };

/* Range#step(step) over strings: String#upto, every step-th element. */
static Value *string_range(CallCtx *cc, const char *beg, const char *end, int excl, int64_t step)
{
    ValVec out = VV_ARENA(A);
    int64_t k = 0;
#define YIELD(str, n) do { if (k++ % step == 0) vv_push(&out, val_str(A, (str), (n))); } while (0)
    size_t lb = strlen(beg), le = strlen(end);
    if (lb == 1 && le == 1 && !(beg[0] & 0x80) && !(end[0] & 0x80)) {
        char c = beg[0], e = end[0];
        if (!(c > e || (excl && c == e)))
            for (;;) {
                YIELD(&c, 1);
                if (!excl && c == e) break;
                c++;
                if (excl && c == e) break;
            }
        return vv_array(cc, &out);
    }
    int n = rb_str_cmp(beg, end);
    if (n > 0 || (excl && n == 0)) return vv_array(cc, &out);
    const char *after_end = rb_succ(cc, end, le), *cur = beg;
    while (strcmp(cur, after_end) != 0 && out.n < RANGE_MAX) {
        const char *next = excl || strcmp(cur, end) ? rb_succ(cc, cur, strlen(cur)) : NULL;
        YIELD(cur, strlen(cur));
        if (!next) break;
        cur = next;
        if (excl && !strcmp(cur, end)) break;
        if (strlen(cur) > le || !*cur) break;
    }
#undef YIELD
    return vv_array(cc, &out);
}

/* range(start, stop[, step]) or range('a-e' | 'a..e' | 'a...e') */
static Value *f_range(CallCtx *cc)
{
    v3_args(cc);
    Value **a = cc->args;
    if (!cc->nargs) ev_fail(cc, "range(): Wrong number of arguments given (0 for 1)");
    const Value *start, *stop;
    int64_t step = 1;
    int excl = 0;
    if (cc->nargs > 1) {
        start = a[0], stop = a[1];
        if (cc->nargs > 2) {
            step = rb_to_i(cc, a[2]);
            if (step < 0) step = -step;
        }
        if (!step) ev_fail(cc, "range(): 3rd arg (step size) must be a non zero integer (e.g. 1 or -1)");
    } else {
        Value *v = a[0];
        if (v->kind != V_STR) fail_no_method(cc, "match", v);
        Regex *re = re_get("^(\\w+)(\\.\\.\\.?|\\-)(\\w+)$", NULL);
        int caps[8], ncap = 4;
        if (!re || !re_search(re, v->str.s, v->str.len, 0, caps, &ncap)) {
            if (rb_matches("^.+$", v->str.s, v->str.len))
                ev_fail(cc, "range(): Unable to compute range from the value: %s", v->str.s);
            ev_fail(cc, "range(): Unknown range format: %s", v->str.s);
        }
        start = val_str(A, v->str.s + caps[2], (size_t)(caps[3] - caps[2]));
        stop = val_str(A, v->str.s + caps[6], (size_t)(caps[7] - caps[6]));
        excl = caps[5] - caps[4] == 3;
    }
    const char *s0 = rb_to_s(cc, start);
    if (rb_matches("^\\d+$", s0, strlen(s0))) {
        int64_t b = rb_to_i(cc, start), e = rb_to_i(cc, stop);
        ValVec out = VV_ARENA(A);
        for (int64_t i = b; (excl ? i < e : i <= e) && out.n < RANGE_MAX; i += step) {
            vv_push(&out, val_int(A, i));
            if (i > INT64_MAX - step) break;
        }
        return vv_array(cc, &out);
    }
    return string_range(cc, s0, rb_to_s(cc, stop), excl, step);
}

/* ---- enclose_ipv6 ---- */

typedef unsigned __int128 U128;

/* Ruby's IPAddr#in_addr on four decimal octets (from regex captures):
 * each below 256 and without a leading zero. */
static int ip4_octets(const char *s, const int *caps, uint32_t *out)
{
    uint32_t v = 0;
    for (int g = 0; g < 4; g++) {
        const char *p = s + caps[2 * g], *e = s + caps[2 * g + 1];
        if (e - p > 1 && *p == '0') return 0;
        if (e - p > 3) return 0;
        unsigned n = 0;
        for (; p < e; p++) n = n * 10 + (unsigned)(*p - '0');
        if (n > 255) return 0;
        v = v << 8 | n;
    }
    *out = v;
    return 1;
}

static int re_whole(const char *pat, const char *s, size_t len, int *caps, int pairs)
{
    Regex *re = re_get(pat, NULL);
    int n = pairs;
    return re && re_search(re, s, len, 0, caps, &n);
}

static U128 hex_groups(const char *s, size_t len, int *count)
{
    U128 v = 0;
    *count = 0;
    for (size_t i = 0; i < len;) {
        unsigned g = 0;
        for (; i < len && s[i] != ':'; i++) g = g * 16 + (unsigned)(isdigit((unsigned char)s[i]) ? s[i] - '0' : (tolower((unsigned char)s[i]) - 'a' + 10));
        v = v << 16 | g;
        ++*count;
        if (i < len) i++;
    }
    return v;
}

/* IPAddr.new(str): *v6 and the (masked) address; 0 when Ruby raises. */
static int ipaddr_parse(const char *str, int want6, int *v6, U128 *addr, U128 *mask, char zone[256])
{
    const char *slash = strchr(str, '/');
    size_t plen = slash ? (size_t)(slash - str) : strlen(str);
    char *prefix = strndup(str, plen);
    if (!prefix) return 0;
    int family6 = want6, ok = 0, caps[20];
    zone[0] = 0;
    if (re_whole("\\A\\[(.*)\\]\\z", prefix, plen, caps, 2)) {
        memmove(prefix, prefix + caps[2], (size_t)(caps[3] - caps[2]));
        plen = (size_t)(caps[3] - caps[2]);
        prefix[plen] = 0;
        family6 = 1;
    }
    if (re_whole("\\A(.*)(%\\w+)\\z", prefix, plen, caps, 3)) {
        snprintf(zone, 256, "%.*s", caps[5] - caps[4], prefix + caps[4]);
        plen = (size_t)caps[3];
        prefix[plen] = 0;
        family6 = 1;
    }
    uint32_t v4;
    if (!family6 && re_whole("\\A(\\d+)\\.(\\d+)\\.(\\d+)\\.(\\d+)\\z", prefix, plen, caps, 5)) {
        if (!ip4_octets(prefix, caps + 2, &v4)) goto out;
        *v6 = 0, *addr = v4, *mask = 0xffffffffu;
    } else {
        *v6 = 1, *mask = ~(U128)0;
        int count = 0, colons = 0;
        for (size_t i = 0; i < plen; i++) colons += prefix[i] == ':';
        if (re_whole("(?i)\\A(?:(?:[\\da-f]{1,4}:){7}[\\da-f]{1,4}|((?:[\\da-f]{1,4}:){6})(\\d+)\\.(\\d+)\\.(\\d+)\\.(\\d+))\\z",
                     prefix, plen, caps, 6)) {
            if (caps[2] >= 0) {
                if (!ip4_octets(prefix, caps + 4, &v4)) goto out;
                *addr = hex_groups(prefix, (size_t)caps[3] - 1, &count) << 32 | v4;
            } else {
                *addr = hex_groups(prefix, plen, &count);
            }
        } else if (re_whole("(?i)\\A((?:(?:[\\da-f]{1,4}:)*[\\da-f]{1,4})?)::(((?:[\\da-f]{1,4}:)*)(?:[\\da-f]{1,4}|(\\d+)\\.(\\d+)\\.(\\d+)\\.(\\d+))?)\\z",
                            prefix, plen, caps, 8)) {
            int nl, nr;
            U128 l = hex_groups(prefix + caps[2], (size_t)(caps[3] - caps[2]), &nl), r;
            if (caps[8] >= 0) {
                if (colons > 6 || !ip4_octets(prefix, caps + 8, &v4)) goto out;
                r = hex_groups(prefix + caps[6], caps[7] > caps[6] ? (size_t)(caps[7] - caps[6] - 1) : 0, &nr);
                if (caps[7] == caps[6]) nr = 0;
                r = r << 32 | v4, nr += 2;
            } else {
                int lim = caps[3] == caps[2] || caps[5] == caps[4] ? 8 : 7;
                if (colons > lim) goto out;
                r = hex_groups(prefix + caps[4], (size_t)(caps[5] - caps[4]), &nr);
            }
            if (caps[3] == caps[2]) nl = 0;
            if (nl + nr > 8) goto out;
            *addr = nr == 8 ? r : (nl ? l << (16 * (8 - nl)) : 0) | r;
        } else {
            goto out;
        }
    }
    if (slash) {
        const char *m = slash + 1;
        size_t mlen = strlen(m);
        long bits = -1;
        if (re_whole("\\A(0|[1-9]+\\d*)\\z", m, mlen, caps, 1)) {
            bits = mlen > 4 ? 1000 : strtol(m, NULL, 10);
        } else if (re_whole("\\A\\d+\\z", m, mlen, caps, 1)) {
            goto out;
        } else {
            int mv6;
            U128 ma, mm;
            char mz[256];
            if (!ipaddr_parse(m, 0, &mv6, &ma, &mm, mz) || mv6 != *v6) goto out;
            U128 n = ma ^ mm;
            if ((n + 1) & n) goto out;
            *mask = ma, *addr &= ma;
        }
        if (bits >= 0) {
            int width = *v6 ? 128 : 32;
            if (bits > width) goto out;
            int masklen = width - (int)bits;
            U128 full = *v6 ? ~(U128)0 : 0xffffffffu;
            *mask = masklen >= 128 ? 0 : (full >> masklen) << masklen;
            *addr = masklen >= 128 ? 0 : (*addr >> masklen) << masklen;
        }
    }
    ok = 1;
out:
    free(prefix);
    return ok;
}

/* IPAddr#to_s of an IPv6 address: the longest (leftmost) run of two or
 * more zero groups as '::', ::a.b.c.d and ::ffff:a.b.c.d forms. */
static const char *ipv6_to_s(CallCtx *cc, U128 addr, const char *zone)
{
    unsigned g[8];
    for (int i = 0; i < 8; i++) g[i] = (unsigned)(addr >> (16 * (7 - i))) & 0xffff;
    int best = -1, bestlen = 1;
    for (int i = 0; i < 8;) {
        int j = i;
        while (j < 8 && !g[j]) j++;
        if (j - i > bestlen) best = i, bestlen = j - i;
        i = j > i ? j : i + 1;
    }
    Buf b = BUF_INIT;
    if (best == 0 && bestlen == 8) {
        buf_adds(&b, "::");
    } else {
        for (int i = 0; i < 8; i++) {
            if (i == best) {
                buf_adds(&b, i == 0 ? "::" : ":");
                i += bestlen - 1;
                continue;
            }
            buf_printf(&b, "%x", g[i]);
            if (i < 7) buf_addc(&b, ':');
        }
    }
    const char *s = buf_cstr(&b);
    const char *r;
    if (!*zone && best == 0 && (bestlen == 6 || (bestlen == 5 && g[5] == 0xffff)) && strncmp(s, "::", 2) == 0)
        r = arena_printf(A, "::%s%u.%u.%u.%u", bestlen == 5 ? "ffff:" : "", g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255);
    else
        r = arena_printf(A, "%s%s", s, zone);
    buf_free(&b);
    return r;
}

/* enclose_ipv6(address | [address...]) - IPv6 addresses as [addr]. */
static Value *f_enclose_ipv6(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 1) ev_fail(cc, "enclose_ipv6(): Wrong number of arguments given %zu for 1", cc->nargs);
    Value *arg = cc->args[0];
    if (arg->kind != V_STR && arg->kind != V_ARRAY)
        ev_fail(cc, "enclose_ipv6(): Wrong argument type given %s expected String or Array", rb_class(cc, arg));
    ValVec in = VV_ARENA(A), out = VV_ARENA(A);
    flatten_into(&in, arg);
    const char *bad = NULL;
    for (size_t i = 0; i < in.n && !bad; i++) {
        Value *v = in.v[i];
        if (v->kind == V_UNDEF) continue;
        if (!(v->kind == V_STR && !strcmp(v->str.s, "*"))) {
            int v6;
            U128 addr, mask;
            char zone[256];
            if (v->kind != V_STR || strlen(v->str.s) != v->str.len || !ipaddr_parse(v->str.s, 0, &v6, &addr, &mask, zone)) {
                bad = rb_to_s(cc, v);
                break;
            }
            if (v6) v = val_cstr(A, arena_printf(A, "[%s]", ipv6_to_s(cc, addr, zone)));
        }
        if (!rb_includes(out.v, out.n, v)) vv_push(&out, v);
    }
    vv_free(&in);
    if (bad) {
        vv_free(&out);
        ev_fail(cc, "enclose_ipv6(): Wrong argument given %s is not an ip address.", bad);
    }
    return vv_array(cc, &out);
}

/* ---- the table ---- */

#define CALLER(fn) \
    static Value *fn##_call(Compiler *c, Scope *s, const Node *at, Value **a, size_t n, const Node *l) \
    { \
        CallCtx cc = {.c = c, .scope = s, .call = at, .arena = c->arena, .args = a, .nargs = n, .lambda = l}; \
        return fn(&cc); \
    }
CALLER(f_any2array)
CALLER(f_enclose_ipv6)
CALLER(f_range)
CALLER(f_union)
CALLER(f_intersection)
CALLER(f_difference)
CALLER(f_zip)
CALLER(f_values_at)
CALLER(f_deprecation)
CALLER(f_assert_private)
CALLER(f_basename)
CALLER(f_dirname)
CALLER(f_prefix)
CALLER(f_shell_escape)
CALLER(f_shell_join)
CALLER(f_str2bool)
CALLER(f_suffix)
CALLER(f_validate_absolute_path)
CALLER(f_validate_array)
CALLER(f_validate_bool)
CALLER(f_validate_hash)
CALLER(f_validate_re)
CALLER(f_validate_string)
CALLER(f_bool2str)
CALLER(f_concat)
CALLER(f_deep_merge)
CALLER(f_defined_with_params)
CALLER(f_delete)
CALLER(f_delete_at)
CALLER(f_delete_undef_values)
CALLER(f_ensure_packages)
CALLER(f_ensure_resource)
CALLER(f_ensure_resources)
CALLER(f_fact)
CALLER(f_fqdn_rand)
CALLER(f_has_key)
CALLER(f_is_a)
CALLER(f_member)
CALLER(f_merge)
CALLER(f_nested_values)
CALLER(f_parsejson)
CALLER(f_pick)
CALLER(f_pick_default)
CALLER(f_stdlib_ensure_packages)
CALLER(f_to_json)
CALLER(f_to_yaml)

/* Puppet 7's hiera functions live with the rest of Hiera (hiera.c). */
#define HIERA_CALLER(name) \
    static Value *f_##name##_call(Compiler *c, Scope *s, const Node *at, Value **a, size_t n, const Node *l) \
    { \
        return hiera_v3_fn(c, s, at, #name, a, n, l); \
    }
HIERA_CALLER(hiera)
HIERA_CALLER(hiera_array)
HIERA_CALLER(hiera_hash)
HIERA_CALLER(hiera_include)

static const struct { const char *name; StdlibFn fn; } stdlib_fns[] = {
    {"any2array", f_any2array_call},
    {"assert_private", f_assert_private_call},
    {"basename", f_basename_call},
    {"bool2str", f_bool2str_call},
    {"concat", f_concat_call},
    {"deep_merge", f_deep_merge_call},
    {"defined_with_params", f_defined_with_params_call},
    {"delete", f_delete_call},
    {"delete_at", f_delete_at_call},
    {"delete_undef_values", f_delete_undef_values_call},
    {"deprecation", f_deprecation_call},
    {"difference", f_difference_call},
    {"dirname", f_dirname_call},
    {"enclose_ipv6", f_enclose_ipv6_call},
    {"ensure_packages", f_ensure_packages_call},
    {"ensure_resource", f_ensure_resource_call},
    {"ensure_resources", f_ensure_resources_call},
    {"fact", f_fact_call},
    {"fqdn_rand", f_fqdn_rand_call},
    {"has_key", f_has_key_call},
    {"hiera", f_hiera_call},
    {"hiera_array", f_hiera_array_call},
    {"hiera_hash", f_hiera_hash_call},
    {"hiera_include", f_hiera_include_call},
    {"intersection", f_intersection_call},
    {"is_a", f_is_a_call},
    {"member", f_member_call},
    {"merge", f_merge_call},
    {"parsejson", f_parsejson_call},
    {"pick", f_pick_call},
    {"pick_default", f_pick_default_call},
    {"prefix", f_prefix_call},
    {"range", f_range_call},
    {"shell_escape", f_shell_escape_call},
    {"shell_join", f_shell_join_call},
    {"stdlib::ensure_packages", f_stdlib_ensure_packages_call},
    {"stdlib::nested_values", f_nested_values_call},
    {"str2bool", f_str2bool_call},
    {"suffix", f_suffix_call},
    {"to_json", f_to_json_call},
    {"to_yaml", f_to_yaml_call},
    {"union", f_union_call},
    {"validate_absolute_path", f_validate_absolute_path_call},
    {"validate_array", f_validate_array_call},
    {"validate_bool", f_validate_bool_call},
    {"validate_hash", f_validate_hash_call},
    {"validate_re", f_validate_re_call},
    {"validate_string", f_validate_string_call},
    {"values_at", f_values_at_call},
    {"zip", f_zip_call},
};

StdlibFn stdlib_find(const char *name)
{
    size_t lo = 0, hi = ARRAY_LEN(stdlib_fns);
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int r = strcmp(name, stdlib_fns[mid].name);
        if (!r) return stdlib_fns[mid].fn;
        if (r < 0) hi = mid;
        else lo = mid + 1;
    }
    return NULL;
}
