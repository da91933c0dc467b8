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
 * rv_class(RV_FN3) and rb_to_s() are the Ruby operations the 3.x code applies.
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
 * deprecated validate_* and most is_* functions are 4.x wrappers around
 * 3.x bodies, so they see values unconverted (undef is nil); deprecation()
 * checks its arguments, and the warnings these log are not reproduced.
 * Each validate_* body is a check returning its message rather than
 * failing, because validate_legacy() runs it only to learn whether the old
 * function would have accepted a value the type refuses.  Core Puppet's
 * 3.x shellquote, md5, sha1, sha256 and generate live here too, for the
 * converter.
 *
 * Memory: results live in the compile arena; anything malloc'd (Bufs,
 * libyaml's emitter, maps) is released before a possible ev_fail().
 */
#define _GNU_SOURCE
#include "compiler/stdlib.h"
#include "base/md5.h"
#include "base/mt.h"
#include "base/sha1.h"
#include "base/sha256.h"
#include "compiler/resource.h"
#include "compiler/regex.h"
#include "types/types.h"
#include "base/util.h"
#include "base/utf8.h"
#include "parser/parser.h"
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
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
    for (size_t i = 0; i < cc->nargs; i++) {
        cmp_check_weight(cc->c, cc->call, cc->args[i]);   /* v3_value walks it whole */
        a[i] = v3_value(cc, cc->args[i], 1);
    }
    cc->args = a;
}

/* to_s of a converted value: a resource reference is a Puppet::Resource
 * (File[/x]); the rest as functions.c prints Ruby values. */
static const char *rb_to_s(CallCtx *cc, const Value *v)
{
    Buf b = BUF_INIT;
    if (val_is_resref(v)) val_to_s(&b, v);
    else rv_to_s(&b, v, RV_FN);
    const char *s = arena_strndup(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return s;
}

static const char *rb_inspect(CallCtx *cc, const Value *v)
{
    Buf b = BUF_INIT;
    rv_inspect(&b, v, RV_FN3);
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
    ev_fail(cc, "undefined method `%s' for %s:%s%s", method, rb_inspect(cc, v), rv_class(A, v, RV_FN3), hint);
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
Value *f_pick(CallCtx *cc)
{
    v3_args(cc);
    for (size_t i = 0; i < cc->nargs; i++)
        if (!is_empty_str(cc->args[i])) return cc->args[i];
    ev_fail(cc, "pick(): must receive at least one non empty value");
}

/* pick_default(v..., default) - as pick, else the last argument. */
Value *f_pick_default(CallCtx *cc)
{
    v3_args(cc);
    if (!cc->nargs) ev_fail(cc, "Must receive at least one argument.");
    for (size_t i = 0; i + 1 < cc->nargs; i++)
        if (!is_empty_str(cc->args[i])) return cc->args[i];
    return cc->args[cc->nargs - 1];
}

/* member(array, item | [items]) - Ruby's (items - array).empty?. */
Value *f_member(CallCtx *cc)
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
Value *f_bool2str(CallCtx *cc)
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
Value *f_is_a(CallCtx *cc)
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
Value *f_delete(CallCtx *cc)
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
            if (item->kind != V_STR) ev_fail(cc, "wrong argument type %s (expected Regexp)", rv_class(A, item, RV_FN3));
            coll = str_remove(cc, coll, item);
        } else {
            ev_fail(cc, "delete(): First argument must be an Array, String, or Hash. Given an argument of class %s.",
                    rv_class(A, coll, RV_FN3));
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
Value *f_delete_at(CallCtx *cc)
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
Value *f_delete_undef_values(CallCtx *cc)
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
    ev_fail(cc, "delete_undef_values(): expected an array or hash, got %s type  %s ", rb_to_s(cc, v), rv_class(A, v, RV_FN3));
}

/* concat(array, v...) - arrays are spliced in, anything else appended. */
Value *f_concat(CallCtx *cc)
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
Value *f_has_key(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 2) ev_fail(cc, "has_key(): wrong number of arguments (%zu; must be 2)", cc->nargs);
    Value *h = cc->args[0];
    if (h->kind != V_HASH)
        ev_fail(cc, "has_key(): expects the first argument to be a hash, got %s which is of type %s", rb_inspect(cc, h),
                rv_class(A, h, RV_FN3));
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
Value *f_merge(CallCtx *cc)
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
Value *f_deep_merge(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs < 2) ev_fail(cc, "deep_merge(): wrong number of arguments (%zu; must be at least 2)", cc->nargs);
    Value *r = val_hash(A, NULL, NULL, 0);
    for (size_t i = 0; i < cc->nargs; i++) {
        Value *h = cc->args[i];
        if (is_empty_str(h)) continue;
        if (h->kind != V_HASH)
            ev_fail(cc, "deep_merge: unexpected argument type %s, only expects hash arguments", rv_class(A, h, RV_FN3));
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
Value *f_nested_values(CallCtx *cc)
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
Value *f_fact(CallCtx *cc)
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
            if (rv_integer(k->str.s, 0, &idx)) {
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
        ev_fail(cc, "Reference is not understood: '%s'", rv_class(A, ref, RV_FN3));
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
Value *f_defined_with_params(CallCtx *cc)
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
        if (params->kind != V_HASH) ev_fail(cc, "no implicit conversion of %s into Hash", rv_class(A, params, RV_FN3));
        res_declare_from_hash(cc->c, cc->scope, cc->call, tname, items.v[i]->kind == V_INT ? items.v[i] : val_cstr(A, t), params, 0);
    }
    vv_free(&items);
}

/* ensure_resource(type, title | [titles], {params}) */
Value *f_ensure_resource(CallCtx *cc)
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
            if (own->kind != V_HASH) ev_fail(cc, "no implicit conversion of %s into Hash", rv_class(A, own, RV_FN3));
            ValVec ks = VV_ARENA(A), vs = VV_ARENA(A);
            for (size_t j = 0; j < defaults->hash.n; j++) vv_push(&ks, defaults->hash.keys[j]), vv_push(&vs, defaults->hash.vals[j]);
            for (size_t j = 0; j < own->hash.n; j++) vv_push(&ks, own->hash.keys[j]), vv_push(&vs, own->hash.vals[j]);
            params = hash_of(cc, &ks, &vs);
        }
        ensure_resource(cc, type, titles->hash.keys[i], params);
    }
}

/* ensure_resources(type, {title => {params}}, {defaults}) */
Value *f_ensure_resources(CallCtx *cc)
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
Value *f_ensure_packages(CallCtx *cc)
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
Value *f_stdlib_ensure_packages(CallCtx *cc)
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
                ev_fail(cc, "no implicit conversion of %s into Hash", own->kind == V_UNDEF ? "nil" : rv_class(A, own, RV_FN3));
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
Value *f_assert_private(CallCtx *cc)
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
Value *f_fqdn_rand(CallCtx *cc)
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
    else rv_to_s(b, v, RV_FN);
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
Value *f_to_json(CallCtx *cc)
{
    check_count(cc, "to_json", 1, 1);
    cmp_check_weight(cc->c, cc->call, cc->args[0]);
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
Value *f_parsejson(CallCtx *cc)
{
    v3_args(cc);
    if (!cc->nargs) ev_fail(cc, "Wrong number of arguments. 1 or 2 arguments should be provided.");
    Value *dflt = cc->nargs > 1 ? cc->args[1] : VAL_UNDEF, *s = cc->args[0];
    const char *msg = NULL;
    Value *v = NULL;
    if (s->kind != V_STR) {
        const Value *x = s;
        msg = arena_printf(A, "no implicit conversion of %s into String",
                           x->kind == V_BOOL ? (x->b ? "true" : "false") : rv_class(A, x, RV_FN3));
    } else {
        v = json_parse_rb(cc, s, &msg);
    }
    const char *nul = v ? cmp_nul_path(cc->c, v) : NULL;
    if (nul) ev_fail(cc, CMP_NUL_MSG " (at %s in the data parsejson() parsed)", *nul ? nul : "the top");
    if (!v) {
        if (!val_truthy(dflt)) ev_fail(cc, "%s", msg);
        return dflt;
    }
    return val_truthy(v) ? v : dflt;
}

/* parseyaml(yaml [, default]) - Psych.load; the default answers for an
 * error and for an empty, null or false document. */
Value *f_parseyaml(CallCtx *cc)
{
    v3_args(cc);
    if (!cc->nargs) ev_fail(cc, "Wrong number of arguments. 1 or 2 arguments should be provided.");
    Value *dflt = cc->nargs > 1 ? cc->args[1] : VAL_UNDEF, *s = cc->args[0];
    const char *msg = NULL;
    Value *v = NULL;
    if (s->kind != V_STR) msg = arena_printf(A, "no implicit conversion of %s into String", rv_class(A, s, RV_FN3));
    else if (!hiera_parse_yaml(cc->c, "<unknown>", s->str.s, s->str.len, &v, &msg)) v = NULL;
    const char *nul = v && !msg ? cmp_nul_path(cc->c, v) : NULL;
    if (nul) ev_fail(cc, CMP_NUL_MSG " (at %s in the data parseyaml() parsed)", *nul ? nul : "the top");
    if (msg) {
        if (!strncmp(msg, "(<unknown>): Tried", 18)) msg += 13;     /* DisallowedClass names no file */
        if (!val_truthy(dflt)) ev_fail(cc, "%s", msg);
        return dflt;
    }
    return v && val_truthy(v) ? v : dflt;
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
        if (!callable) return robj(y, "PTupleType", 2, "types", rb_array(y, p, nt, 0), "size_type", rb_size(y, nt < n ? p + nt : NULL, n - nt));
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
    case V_BINARY: case V_SEMVER: case V_SEMVERRANGE: case V_OBJECT:   /* their string forms */
        val_to_s(&t, v);
        yaml_scalar(y, NULL, buf_cstr(&t), t.len, 1, 1, YAML_ANY_SCALAR_STYLE);
        break;
    case V_TIMESTAMP: case V_TIMESPAN: {   /* a Ruby object: its @nsecs */
        if (yaml_alias(y, v, abuf, &anchor)) break;
        const char *tag = v->kind == V_TIMESTAMP ? "!ruby/object:Puppet::Pops::Time::Timestamp" : "!ruby/object:Puppet::Pops::Time::Timespan";
        yaml_mapping_start_event_initialize(&ev, anchor, (yaml_char_t *)tag, 0, YAML_BLOCK_MAPPING_STYLE);
        yaml_event(y, &ev);
        yaml_string(y, "nsecs", 5);
        __int128 ns = val_time_ns(v);
        char digits[48], *p = digits + sizeof digits;
        unsigned __int128 m = ns < 0 ? -(unsigned __int128)ns : (unsigned __int128)ns;
        *--p = '\0';
        do *--p = (char)('0' + (int)(m % 10)); while (m /= 10);
        if (ns < 0) *--p = '-';
        yaml_scalar(y, NULL, p, strlen(p), 1, 0, YAML_ANY_SCALAR_STYLE);
        yaml_mapping_end_event_initialize(&ev);
        yaml_event(y, &ev);
        break;
    }
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
Value *f_to_yaml(CallCtx *cc)
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
Value *f_basename(CallCtx *cc)
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
Value *f_dirname(CallCtx *cc)
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

Value *f_prefix(CallCtx *cc) { return affix(cc, "prefix", 1); }
Value *f_suffix(CallCtx *cc) { return affix(cc, "suffix", 0); }

/* str2bool(s) - booleans pass; strings by Ruby's line-anchored patterns. */
Value *f_str2bool(CallCtx *cc)
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
Value *f_any2array(CallCtx *cc)
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
Value *f_shell_escape(CallCtx *cc)
{
    check_count(cc, "shell_escape", 1, 1);
    Buf b = BUF_INIT;
    sh_escape(&b, rb_to_s(cc, cc->args[0]));
    Value *r = val_str(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return r;
}

/* shell_join(array) - each element's to_s escaped, joined by spaces. */
Value *f_shell_join(CallCtx *cc)
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
Value *f_union(CallCtx *cc)
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
Value *f_intersection(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 2) ev_fail(cc, "intersection(): Wrong number of arguments given (%zu for 2)", cc->nargs);
    Value *a = cc->args[0], *b = cc->args[1];
    if (a->kind != V_ARRAY || b->kind != V_ARRAY)
        ev_fail(cc, "intersection(): Requires 2 arrays, got %s and %s", rv_class(A, a, RV_FN3), rv_class(A, b, RV_FN3));
    ValVec out = VV_ARENA(A);
    for (size_t i = 0; i < a->arr.n; i++) {
        Value *x = a->arr.items[i];
        if (rb_includes(b->arr.items, b->arr.n, x) && !rb_includes(out.v, out.n, x)) vv_push(&out, x);
    }
    return vv_array(cc, &out);
}

/* difference(a, b) - Array#-: a's elements not in b, repeats kept. */
Value *f_difference(CallCtx *cc)
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
Value *f_zip(CallCtx *cc)
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
Value *f_values_at(CallCtx *cc)
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
Value *f_deprecation(CallCtx *cc)
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

/* range() builds its whole array: a result longer than this is refused
 * with an error naming the limit (Puppet has none; never a silent cut). */
enum { RANGE_MAX = 10000000 };

static void range_too_long(CallCtx *cc)
{
    ev_fail(cc, "range(): the range has more than %d elements (mcomp's limit)", RANGE_MAX);
}

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
    while (strcmp(cur, after_end) != 0) {
        if (out.n >= RANGE_MAX) range_too_long(cc);
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
Value *f_range(CallCtx *cc)
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
        if (excl ? b < e : b <= e) {
            uint64_t span = (uint64_t)e - (uint64_t)b - (excl ? 1 : 0);
            if (span / (uint64_t)step >= RANGE_MAX) range_too_long(cc);
        }
        for (int64_t i = b; excl ? i < e : i <= e; i += step) {
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
Value *f_enclose_ipv6(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 1) ev_fail(cc, "enclose_ipv6(): Wrong number of arguments given %zu for 1", cc->nargs);
    Value *arg = cc->args[0];
    if (arg->kind != V_STR && arg->kind != V_ARRAY)
        ev_fail(cc, "enclose_ipv6(): Wrong argument type given %s expected String or Array", rv_class(A, arg, RV_FN3));
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

static int rb_absolute_path(const Value *v);

/* ---- the is_* family ---- */

/* Ruby's String#to_f: the longest decimal prefix ("1.5x" is 1.5, ".5"
 * 0.5), 0.0 when there is none; underscores between digits are skipped. */
static double rb_str_to_f(const char *s)
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
static const char *rb_float_s(CallCtx *cc, double d)
{
    Buf b = BUF_INIT;
    rv_to_s(&b, val_float(A, d), RV_FN);
    const char *s = arena_strndup(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return s;
}

/* The message of a 3.x is_* function given the wrong number of arguments;
 * paren: "(N for 1)" rather than "N for 1". */
static void is_count(CallCtx *cc, const char *fn, int exact, int paren)
{
    size_t n = cc->nargs;
    if (exact ? n == 1 : n >= 1) return;
    ev_fail(cc, paren ? "%s(): Wrong number of arguments given (%zu for 1)" : "%s(): Wrong number of arguments given %zu for 1", fn, n);
}

/* is_array(v), is_hash(v), is_bool(v): the value's class. */
Value *f_is_array(CallCtx *cc)
{
    is_count(cc, "is_array", 0, 1);
    return val_bool(cc->args[0]->kind == V_ARRAY);
}

Value *f_is_hash(CallCtx *cc)
{
    v3_args(cc);
    is_count(cc, "is_hash", 1, 1);
    return val_bool(cc->args[0]->kind == V_HASH);
}

Value *f_is_bool(CallCtx *cc)
{
    is_count(cc, "is_bool", 1, 1);
    return val_bool(cc->args[0]->kind == V_BOOL);
}

/* is_string(v): a string (or undef) that is not what to_f.to_s or
 * to_i.to_s would print. */
Value *f_is_string(CallCtx *cc)
{
    is_count(cc, "is_string", 0, 1);
    Value *v = cc->args[0];
    if (v->kind == V_UNDEF) return VAL_TRUE;
    if (v->kind != V_STR) return VAL_FALSE;
    if (strlen(v->str.s) != v->str.len) return VAL_TRUE;
    if (!strcmp(v->str.s, rb_float_s(cc, rb_str_to_f(v->str.s)))) return VAL_FALSE;
    if (!strcmp(v->str.s, arena_printf(A, "%lld", (long long)rb_str_to_i(v->str.s)))) return VAL_FALSE;
    return VAL_TRUE;
}

/* is_integer(v): an Integer, or a string some line of which is a decimal
 * integer without leading zeros (Ruby's ^ and $ are line anchors). */
Value *f_is_integer(CallCtx *cc)
{
    v3_args(cc);
    is_count(cc, "is_integer", 1, 0);
    Value *v = cc->args[0];
    return val_bool(v->kind == V_INT || (v->kind == V_STR && rb_matches("^-?(?:(?:[1-9]\\d*)|0)$", v->str.s, v->str.len)));
}

/* is_numeric(v): a number, or a string with a line like -1.5e3. */
Value *f_is_numeric(CallCtx *cc)
{
    is_count(cc, "is_numeric", 1, 0);
    Value *v = cc->args[0];
    return val_bool(is_num(v) || (v->kind == V_STR && rb_matches("^-?(?:(?:[1-9]\\d*)|0)(?:\\.\\d+)?(?:[eE]-?\\d+)?$",
                                                                v->str.s, v->str.len)));
}

/* is_float(v): a Float, or a string that is its own to_f.to_s. */
Value *f_is_float(CallCtx *cc)
{
    is_count(cc, "is_float", 1, 0);
    Value *v = cc->args[0];
    if (v->kind == V_FLOAT) return VAL_TRUE;
    if (v->kind != V_STR) return VAL_FALSE;
    return val_bool(strlen(v->str.s) == v->str.len && !strcmp(v->str.s, rb_float_s(cc, rb_str_to_f(v->str.s))));
}

/* is_absolute_path(path): a POSIX or Windows absolute path (arity 1). */
Value *f_is_absolute_path(CallCtx *cc)
{
    if (cc->nargs != 1) ev_fail(cc, "is_absolute_path(): Wrong number of arguments given (%zu for 1)", cc->nargs);
    return val_bool(rb_absolute_path(cc->args[0]));
}

/* IPAddr.new(v) for any value: 0 when Ruby raises (non-strings too). */
static int ip_of(const Value *v, int *v6)
{
    if (v->kind != V_STR || strlen(v->str.s) != v->str.len) return 0;
    U128 addr, mask;
    char zone[256];
    return ipaddr_parse(v->str.s, 0, v6, &addr, &mask, zone);
}

/* is_ip_address(v), is_ipv4_address(v), is_ipv6_address(v) */
static Value *is_ip(CallCtx *cc, const char *fn, int want)
{
    if (cc->nargs != 1) ev_fail(cc, "%s(): Wrong number of arguments given %zu for 1", fn, cc->nargs);
    int v6;
    if (!ip_of(cc->args[0], &v6)) return VAL_FALSE;
    return val_bool(want < 0 || want == v6);
}

Value *f_is_ip_address(CallCtx *cc) { return is_ip(cc, "is_ip_address", -1); }
Value *f_is_ipv4_address(CallCtx *cc) { return is_ip(cc, "is_ipv4_address", 0); }
Value *f_is_ipv6_address(CallCtx *cc) { return is_ip(cc, "is_ipv6_address", 1); }

/* is_mac_address(v): six or twenty colon-separated hex pairs on a line. */
Value *f_is_mac_address(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 1) ev_fail(cc, "is_mac_address(): Wrong number of arguments given %zu for 1", cc->nargs);
    Value *v = cc->args[0];
    if (v->kind != V_STR) {
        if (v->kind == V_INT || v->kind == V_FLOAT || v->kind == V_BOOL || v->kind == V_ARRAY || v->kind == V_HASH)
            ev_fail(cc, "no implicit conversion of %s into String",
                    v->kind == V_BOOL ? (v->b ? "true" : "false") : rv_class(A, v, RV_FN3));
        return VAL_FALSE;
    }
    return val_bool(rb_matches("(?i:^[a-f0-9]{1,2}(:[a-f0-9]{1,2}){5}$)", v->str.s, v->str.len) ||
                    rb_matches("(?i:^[a-f0-9]{1,2}(:[a-f0-9]{1,2}){19}$)", v->str.s, v->str.len));
}

/* is_email_address(v): the whole string matches stdlib's pattern. */
Value *f_is_email_address(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 1) ev_fail(cc, "is_email_address(): Wrong number of arguments given %zu for 1", cc->nargs);
    Value *v = cc->args[0];
    if (v->kind != V_STR) return VAL_FALSE;
    return val_bool(rb_matches("\\A([\\w+\\-].?)+@[a-z\\d\\-]+(\\.[a-z]+)*\\.[a-z]+\\z", v->str.s, v->str.len));
}

/* is_domain_name(v): labels of 1 to 63 letters, digits and inner dashes,
 * at most 255 characters, a dotted name ending in a letters-only label. */
Value *f_is_domain_name(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 1) ev_fail(cc, "is_domain_name(): Wrong number of arguments given %zu for 1", cc->nargs);
    Value *v = cc->args[0];
    if (v->kind != V_STR) return VAL_FALSE;
    const char *s = v->str.s;
    size_t len = v->str.len;
    if (len == 1 && s[0] == '.') return VAL_TRUE;
    if (len && s[len - 1] == '.') len--;                       /* chomp!('.') */
    if (!len) return VAL_FALSE;
    if (utf8_len(s, len) > 255) return VAL_FALSE;
    if (memchr(s, '.', len) && !rb_matches("\\.[A-Za-z]+$", s, len)) return VAL_FALSE;
    /* String#split('.') drops trailing empty labels; every label must pass */
    size_t end = len;
    while (end && s[end - 1] == '.') end--;
    for (size_t i = 0; i < end;) {
        const char *dot = memchr(s + i, '.', end - i);
        size_t j = dot ? (size_t)(dot - s) : end, n = j - i;
        const char *l = s + i;
        if (n < 1 || utf8_len(l, n) > 63 || l[n - 1] == '-' || l[0] == '-') return VAL_FALSE;
        if (!rb_matches("(?i:^[a-z\\d-]+$)", l, n)) return VAL_FALSE;
        i = j + 1;
    }
    return VAL_TRUE;
}

/* ---- hash, count, join_keys_to_values, grep, dig44, getparam ---- */

/* hash([k, v, ...]) - Hash[*array.flatten]. */
Value *f_hash(CallCtx *cc)
{
    v3_args(cc);
    if (!cc->nargs) ev_fail(cc, "hash(): Wrong number of arguments given (0 for 1)");
    Value *arr = cc->args[0];
    if (arr->kind != V_ARRAY) ev_fail(cc, "hash(): Requires array to work with");
    ValVec flat = VV_ARENA(A);
    flatten_into(&flat, arr);
    if (flat.n % 2) {
        vv_free(&flat);
        ev_fail(cc, "hash(): Unable to compute hash from array given");
    }
    ValVec ks = VV_ARENA(A), vs = VV_ARENA(A);
    for (size_t i = 0; i < flat.n; i += 2) {
        size_t j;
        for (j = 0; j < ks.n; j++)
            if (rb_equal(ks.v[j], flat.v[i], 1)) break;
        if (j < ks.n) vs.v[j] = flat.v[i + 1];
        else vv_push(&ks, flat.v[i]), vv_push(&vs, flat.v[i + 1]);
    }
    vv_free(&flat);
    return hash_of(cc, &ks, &vs);
}

/* count(collection [, item]) - Ruby's count: of item (==), or of the
 * elements that are neither nil nor ''. */
Value *f_count(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs > 2) ev_fail(cc, "count(): Wrong number of arguments given %zu for 1 or 2.", cc->nargs);
    if (!cc->nargs) ev_fail(cc, "count(): Wrong number of arguments given (0 for minimum 1)");    /* arity -2 */
    Value *coll = cc->args[0], *item = cc->nargs > 1 && val_truthy(cc->args[1]) ? cc->args[1] : NULL;
    int64_t n = 0;
    if (coll->kind == V_ARRAY) {
        for (size_t i = 0; i < coll->arr.n; i++) {
            Value *x = coll->arr.items[i];
            if (item ? rb_equal(x, item, 0) : x->kind != V_UNDEF && !is_empty_str(x)) n++;
        }
    } else if (coll->kind == V_HASH) {
        for (size_t i = 0; i < coll->hash.n; i++) {
            if (!item) n++;
            else if (item->kind == V_ARRAY && item->arr.n == 2 && rb_equal(coll->hash.keys[i], item->arr.items[0], 0) &&
                     rb_equal(coll->hash.vals[i], item->arr.items[1], 0))
                n++;
        }
    } else if (coll->kind == V_STR) {
        /* String#count(set): the characters of coll that are in the set */
        if (!item) ev_fail(cc, "wrong number of arguments (given 0, expected 1+)");
        if (item->kind != V_STR) ev_fail(cc, "no implicit conversion of %s into String", rv_class(A, item, RV_FN3));
        for (size_t i = 0; i < coll->str.len; i++)
            if (memchr(item->str.s, coll->str.s[i], item->str.len)) n++;
    } else {
        fail_no_method(cc, "count", coll);
    }
    return val_int(A, n);
}

/* join_keys_to_values(hash, separator) - "key<sep>value" for each entry,
 * one per element of an array value, the bare key for a value 'undef'. */
Value *f_join_keys_to_values(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 2)
        ev_fail(cc, "join_keys_to_values(): Takes exactly two arguments, but %zu given.", cc->nargs);
    Value *h = cc->args[0], *sep = cc->args[1];
    if (h->kind != V_HASH)
        ev_fail(cc, "join_keys_to_values(): The first argument must be a hash, but a %s was given.", rv_class(A, h, RV_FN3));
    if (sep->kind != V_STR)
        ev_fail(cc, "join_keys_to_values(): The second argument must be a string, but a %s was given.", rv_class(A, sep, RV_FN3));
    ValVec out = VV_ARENA(A);
    for (size_t i = 0; i < h->hash.n; i++) {
        const char *k = rb_to_s(cc, h->hash.keys[i]);
        Value *v = h->hash.vals[i];
        if (v->kind == V_ARRAY) {
            for (size_t j = 0; j < v->arr.n; j++)
                vv_push(&out, val_cstr(A, arena_printf(A, "%s%s%s", k, sep->str.s, rb_to_s(cc, v->arr.items[j]))));
            continue;
        }
        const char *vs = rb_to_s(cc, v);
        vv_push(&out, val_cstr(A, !strcmp(vs, "undef") ? k : arena_printf(A, "%s%s%s", k, sep->str.s, vs)));
    }
    return vv_array(cc, &out);
}

/* grep(array, pattern) - Array#grep(Regexp.new(pattern)): the strings
 * that match. */
Value *f_grep(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 2) ev_fail(cc, "grep(): Wrong number of arguments given %zu for 2", cc->nargs);
    Value *arr = cc->args[0], *pat = cc->args[1];
    if (pat->kind != V_STR) ev_fail(cc, "no implicit conversion of %s into String", rv_class(A, pat, RV_FN3));
    const char *err = NULL;
    Regex *re = re_get(pat->str.s, &err);
    if (!re) ev_fail(cc, "%s", err ? err : "invalid regular expression");
    if (arr->kind != V_ARRAY && arr->kind != V_HASH) fail_no_method(cc, "grep", arr);
    if (arr->kind == V_HASH) return val_array(A, NULL, 0);
    ValVec out = VV_ARENA(A);
    for (size_t i = 0; i < arr->arr.n; i++) {
        Value *x = arr->arr.items[i];
        int caps[2], ncap = 1;
        if (x->kind == V_STR && re_search(re, x->str.s, x->str.len, 0, caps, &ncap)) vv_push(&out, x);
    }
    return vv_array(cc, &out);
}

/* dig44(data, path [, default]) - walks hashes and arrays (array keys
 * through Integer()); the default when a step finds nil. */
Value *f_dig44(CallCtx *cc)
{
    v3_args(cc);
    if (!cc->nargs) ev_fail(cc, "dig44(): Wrong number of arguments given (0 for minimum 1)");     /* arity -2 */
    if (cc->nargs < 2) ev_fail(cc, "dig44(): Wrong number of arguments given (%zu for at least 2)", cc->nargs);
    Value *data = cc->args[0], *path = cc->args[1], *dflt = cc->nargs > 2 ? cc->args[2] : VAL_UNDEF;
    if (data->kind != V_HASH && data->kind != V_ARRAY)
        ev_fail(cc, "dig44(): first argument must be a hash or an array, given %s", rv_class(A, data, RV_FN3));
    if (path->kind != V_ARRAY) ev_fail(cc, "dig44(): second argument must be an array, given %s", rv_class(A, path, RV_FN3));
    Value *v = data;
    for (size_t i = 0; i < path->arr.n; i++) {
        Value *key = path->arr.items[i], *next = NULL;
        if (v->kind == V_HASH) {
            long slot = rb_hash_find(v, key);
            next = slot >= 0 ? v->hash.vals[slot] : NULL;
        } else if (v->kind == V_ARRAY) {
            int64_t idx;
            if (key->kind == V_INT) idx = key->i;
            else if (key->kind == V_FLOAT && isfinite(key->f)) idx = (int64_t)key->f;
            else if (key->kind != V_STR || strlen(key->str.s) != key->str.len || !rv_integer(key->str.s, 0, &idx)) return dflt;
            if (idx < 0) idx += (int64_t)v->arr.n;
            next = idx >= 0 && idx < (int64_t)v->arr.n ? v->arr.items[idx] : NULL;
        } else {
            return dflt;
        }
        if (!next || next->kind == V_UNDEF) return dflt;
        v = next;
    }
    return v;
}

/* getparam(reference, name) - a declared resource's parameter, or ''. */
Value *f_getparam(CallCtx *cc)
{
    v3_args(cc);
    Value *ref = cc->nargs ? cc->args[0] : VAL_UNDEF, *param = cc->nargs > 1 ? cc->args[1] : VAL_UNDEF;
    if (!val_truthy(ref)) ev_fail(cc, "Must specify a reference");
    if (param->kind != V_STR) ev_fail(cc, "Must specify name of a parameter");
    if (!param->str.len) return empty_str(cc);
    const char *type, *title, *text = rb_to_s(cc, ref);
    if (!val_is_resref(ref) && !split_ref(text, &type, &title, A))
        ev_fail(cc, "No title provided and %s is not a valid resource reference", rb_inspect(cc, val_cstr(A, text)));
    Resource *r = res_find_ref(cc->c, val_is_resref(ref) ? ref : val_cstr(A, text));
    Value *v = r ? res_get(r, param->str.s) : NULL;
    return v && v->kind != V_UNDEF ? v : empty_str(cc);
}

/* get_module_path(name) - the directory of the module on the modulepath. */
Value *f_get_module_path(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 1) ev_fail(cc, "get_module_path(): Wrong number of arguments, expects one");
    const char *name = rb_to_s(cc, cc->args[0]);
    const char *p = cc->args[0]->kind == V_STR ? module_path(cc->c, name, "", "") : NULL;
    if (!p) ev_fail(cc, "Could not find module %s in environment production", name);
    size_t len = strlen(p);
    while (len > 1 && p[len - 1] == '/') len--;
    if (p[0] != '/') {                                   /* Puppet expands the modulepath */
        char cwd[4096];
        if (getcwd(cwd, sizeof cwd)) p = arena_printf(A, "%s/%.*s", cwd, (int)len, p), len = strlen(p);
    }
    return val_str(A, p, len);
}

/* ---- bool2num, num2bool, any2bool ---- */

/* str2bool([v]) as a 3.x function calls another. */
static Value *call_str2bool(CallCtx *cc, Value *v)
{
    CallCtx sub = *cc;
    sub.args = &v;
    sub.nargs = 1;
    return f_str2bool(&sub);
}

/* bool2num(v) - str2bool(v) as 1 or 0. */
Value *f_bool2num(CallCtx *cc)
{
    v3_args(cc);
    if (!cc->nargs) ev_fail(cc, "bool2num(): Wrong number of arguments given (0 for 1)");
    return val_int(A, call_str2bool(cc, cc->args[0])->b ? 1 : 0);
}

/* num2bool(v) - a number (or a string Float() reads) above 0 once
 * truncated; anything else through to_s.to_i. */
Value *f_num2bool(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 1) ev_fail(cc, "num2bool(): Wrong number of arguments given (%zu for 1)", cc->nargs);
    Value *v = cc->args[0];
    if (v->kind == V_INT) return val_bool(v->i > 0);
    if (v->kind == V_FLOAT) return val_bool(isnan(v->f) ? 0 : v->f >= 1.0);
    if (v->kind == V_STR) {
        double d;
        if (strlen(v->str.s) != v->str.len || !rv_float(v->str.s, &d))
            ev_fail(cc, "num2bool(): '%s' does not look like a number: invalid value for Float(): %s", v->str.s, rb_inspect(cc, v));
        return val_bool(d >= 1.0);
    }
    return val_bool(rb_str_to_i(rb_to_s(cc, v)) > 0);
}

/* any2bool(v) - booleans as they are, numbers by num2bool, strings by
 * num2bool when Float() reads them, else by str2bool; anything else true. */
Value *f_any2bool(CallCtx *cc)
{
    v3_args(cc);
    if (!cc->nargs) ev_fail(cc, "any2bool(): Wrong number of arguments given (0 for 1)");
    Value *v = cc->args[0];
    if (v->kind == V_BOOL) return v;
    if (v->kind == V_UNDEF) return VAL_FALSE;
    if (is_num(v)) return f_num2bool(&(CallCtx){.c = cc->c, .scope = cc->scope, .call = cc->call, .arena = A, .args = &v, .nargs = 1});
    if (v->kind == V_STR) {
        double d;
        if (strlen(v->str.s) == v->str.len && rv_float(v->str.s, &d)) return val_bool(d >= 1.0);
        return call_str2bool(cc, v);
    }
    return VAL_TRUE;
}

/* ---- fqdn_rotate, base64, uriescape ---- */

/* fqdn_rotate(array | string [, seed...]) - rotated left by
 * Random.new(MD5 of "<fqdn>:<seeds>").rand(size), the same for a node. */
Value *f_fqdn_rotate(CallCtx *cc)
{
    v3_args(cc);
    if (!cc->nargs) ev_fail(cc, "fqdn_rotate(): Wrong number of arguments given (0 for 1)");
    Value *v = cc->args[0];
    if (v->kind != V_ARRAY && v->kind != V_STR) ev_fail(cc, "fqdn_rotate(): Requires either array or string to work with");
    /* the elements: an array's, or a string's characters */
    size_t n;
    Value **items;
    if (v->kind == V_ARRAY) {
        n = v->arr.n, items = v->arr.items;
    } else {
        n = utf8_len(v->str.s, v->str.len);
        items = ARENA_NEWN(A, Value *, n ? n : 1);
        for (size_t i = 0, off = 0; i < n; i++) {
            size_t l = utf8_prefix(v->str.s + off, v->str.len - off, 1);
            items[i] = val_str(A, v->str.s + off, l);
            off += l;
        }
    }
    if (n <= 1) return v;
    Value *fqdn = scope_find(cc->c, cc->scope, "::fqdn", NULL);
    Value *seed = val_array(A, cc->args + 1, cc->nargs - 1);
    Value *parts[2] = {fqdn ? fqdn : VAL_UNDEF, seed};
    Buf b = BUF_INIT;
    int first = 1;
    for (int i = 0; i < 2; i++) {
        if (parts[i]->kind == V_ARRAY && !parts[i]->arr.n) {     /* [x, []].join(':') is "x:" */
            if (!first) buf_addc(&b, ':');
            first = 0;
            continue;
        }
        join_elem(cc, &b, parts[i], &first);
    }
    unsigned char digest[16];
    md5(b.s ? b.s : "", b.len, digest);
    buf_free(&b);
    Mt *m = ARENA_NEW(A, Mt);
    mt_seed_bignum(m, digest);
    size_t off = (size_t)mt_limited(m, (uint64_t)n - 1);
    Value **out = ARENA_NEWN(A, Value *, n);
    for (size_t i = 0; i < n; i++) out[i] = items[(i + off) % n];
    if (v->kind == V_ARRAY) return val_array(A, out, n);
    Buf s = BUF_INIT;
    for (size_t i = 0; i < n; i++) buf_add(&s, out[i]->str.s, out[i]->str.len);
    Value *r = val_str(A, buf_cstr(&s), s.len);
    buf_free(&s);
    return r;
}

static const char b64_chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static int b64_value(unsigned char ch)
{
    const char *p = ch ? strchr(b64_chars, ch) : NULL;
    return p ? (int)(p - b64_chars) : -1;
}

/* pack("m") (wrap: 60 characters a line, each ended by "\n") or "m0". */
static void b64_encode(Buf *b, const unsigned char *s, size_t len, int wrap)
{
    size_t col = 0;
    for (size_t i = 0; i < len; i += 3) {
        uint32_t w = (uint32_t)s[i] << 16 | (i + 1 < len ? (uint32_t)s[i + 1] << 8 : 0) | (i + 2 < len ? s[i + 2] : 0);
        char q[4] = {b64_chars[w >> 18 & 63], b64_chars[w >> 12 & 63], i + 1 < len ? b64_chars[w >> 6 & 63] : '=',
                     i + 2 < len ? b64_chars[w & 63] : '='};
        buf_add(b, q, 4);
        col += 4;
        if (wrap && col == 60) buf_addc(b, '\n'), col = 0;
    }
    if (wrap && col) buf_addc(b, '\n');
}

/* unpack("m"): characters outside the alphabet are skipped, '=' ends. */
static void b64_decode_loose(Buf *b, const char *s, size_t len)
{
    const char *p = s, *end = s + len;
    int a = -1, bb = -1, c = -1, d = -1;
    while (p < end) {
        a = bb = c = d = -1;
        while (p < end && (a = b64_value((unsigned char)*p)) == -1) p++;
        if (p >= end) break;
        p++;
        while (p < end && (bb = b64_value((unsigned char)*p)) == -1) p++;
        if (p >= end) break;
        p++;
        while (p < end && (c = b64_value((unsigned char)*p)) == -1 && *p != '=') p++;
        if (p >= end || *p == '=') break;
        p++;
        while (p < end && (d = b64_value((unsigned char)*p)) == -1 && *p != '=') p++;
        if (p >= end || *p == '=') break;
        p++;
        buf_addc(b, (char)(a << 2 | bb >> 4));
        buf_addc(b, (char)(bb << 4 | c >> 2));
        buf_addc(b, (char)(c << 6 | d));
        a = -1;
    }
    if (a != -1 && bb != -1) {
        buf_addc(b, (char)(a << 2 | bb >> 4));
        if (c != -1) buf_addc(b, (char)(bb << 4 | c >> 2));
    }
}

/* unpack("m0"): 0 for anything but canonical padded base64. */
static int b64_decode_strict(Buf *b, const char *s, size_t len)
{
    if (len % 4) return 0;
    for (size_t i = 0; i < len; i += 4) {
        int a = b64_value((unsigned char)s[i]), bb = b64_value((unsigned char)s[i + 1]);
        if (a < 0 || bb < 0) return 0;
        if (s[i + 2] == '=') {
            if (i + 4 != len || s[i + 3] != '=' || (bb & 0xf)) return 0;
            buf_addc(b, (char)(a << 2 | bb >> 4));
            return 1;
        }
        int c = b64_value((unsigned char)s[i + 2]);
        if (c < 0) return 0;
        if (s[i + 3] == '=') {
            if (i + 4 != len || (c & 3)) return 0;
            buf_addc(b, (char)(a << 2 | bb >> 4));
            buf_addc(b, (char)(bb << 4 | c >> 2));
            return 1;
        }
        int d = b64_value((unsigned char)s[i + 3]);
        if (d < 0) return 0;
        buf_addc(b, (char)(a << 2 | bb >> 4));
        buf_addc(b, (char)(bb << 4 | c >> 2));
        buf_addc(b, (char)(c << 6 | d));
    }
    return 1;
}

/* base64('encode' | 'decode', string [, 'default' | 'strict' | 'urlsafe']) */
Value *f_base64(CallCtx *cc)
{
    v3_args(cc);
    Value **a = cc->args;
    if (cc->nargs < 2) ev_fail(cc, "base64(): Wrong number of arguments (%zu; must be >= 2)", cc->nargs);
    int enc = a[0]->kind == V_STR && !strcmp(a[0]->str.s, "encode");
    if (!enc && !(a[0]->kind == V_STR && !strcmp(a[0]->str.s, "decode")))
        ev_fail(cc, "base64(): the first argument must be one of 'encode' or 'decode'");
    if (a[1]->kind != V_STR) ev_fail(cc, "base64(): the second argument must be a string to base64");
    const char *method = cc->nargs > 2 ? (a[2]->kind == V_STR ? a[2]->str.s : "") : "default";
    int m = !strcmp(method, "default") ? 0 : !strcmp(method, "strict") ? 1 : !strcmp(method, "urlsafe") ? 2 : -1;
    if (m < 0 || (cc->nargs > 2 && a[2]->kind != V_STR))
        ev_fail(cc, "base64(): the third argument must be one of 'default', 'strict', or 'urlsafe'");
    const char *s = a[1]->str.s;
    size_t len = a[1]->str.len;
    Buf b = BUF_INIT;
    int ok = 1;
    if (enc) {
        b64_encode(&b, (const unsigned char *)s, len, m == 0);
        if (m == 2)
            for (size_t i = 0; i < b.len; i++) b.s[i] = b.s[i] == '+' ? '-' : b.s[i] == '/' ? '_' : b.s[i];
    } else if (m == 0) {
        b64_decode_loose(&b, s, len);
    } else {
        char *t = arena_alloc(A, len + 4);
        memcpy(t, s, len);
        size_t tl = len;
        if (m == 2) {
            if (!(len && s[len - 1] == '=') && len % 4)           /* unpadded: padded first */
                while (tl % 4) t[tl++] = '=';
            for (size_t i = 0; i < tl; i++) t[i] = t[i] == '-' ? '+' : t[i] == '_' ? '/' : t[i];
        }
        ok = b64_decode_strict(&b, t, tl);
    }
    Value *r = ok ? val_str(A, buf_cstr(&b), b.len) : NULL;
    buf_free(&b);
    if (!r) ev_fail(cc, "invalid base64");
    if (memchr(r->str.s, 0, r->str.len)) ev_fail(cc, CMP_NUL_MSG " (in the string base64('decode') made)");
    return r;
}

/* URI::DEFAULT_PARSER.escape: every byte outside RFC 2396's unreserved
 * and reserved characters as %XX. */
static Value *uri_escape(CallCtx *cc, const Value *v)
{
    Buf b = BUF_INIT;
    for (size_t i = 0; i < v->str.len; i++) {
        unsigned char ch = (unsigned char)v->str.s[i];
        if (isalnum(ch) || strchr("-_.!~*'();/?:@&=+$,[]", ch)) buf_addc(&b, (char)ch);
        else buf_printf(&b, "%%%02X", ch);
    }
    Value *r = val_str(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return r;
}

/* uriescape(string | array) - an array's strings escaped, the rest kept. */
Value *f_uriescape(CallCtx *cc)
{
    v3_args(cc);
    if (!cc->nargs) ev_fail(cc, "uriescape(): Wrong number of arguments given (0 for 1)");
    Value *v = cc->args[0];
    if (v->kind == V_STR) return uri_escape(cc, v);
    if (v->kind != V_ARRAY) ev_fail(cc, "uriescape(): Requires either array or string to work with");
    Value **out = ARENA_NEWN(A, Value *, v->arr.n ? v->arr.n : 1);
    for (size_t i = 0; i < v->arr.n; i++)
        out[i] = v->arr.items[i]->kind == V_STR ? uri_escape(cc, v->arr.items[i]) : v->arr.items[i];
    return val_array(A, out, v->arr.n);
}

/* ---- the deprecated validate_* functions ---- */

/* Their 4.x wrappers hand the 3.x bodies Puppet's values unconverted
 * (undef is nil); the deprecation warnings they log are not reproduced.
 * Each body is a check: NULL when the values pass, else the message of the
 * Puppet::ParseError it raises; *other is set when Ruby would raise
 * something else (a TypeError, a RegexpError), which validate_legacy does
 * not take for a rejection. */
typedef const char *(*Check)(CallCtx *cc, Value **a, size_t n, int *other);

static const char *raw_inspect_s(CallCtx *cc, const Value *v)
{
    Buf b = BUF_INIT;
    rv_inspect(&b, v, RV_FN);
    const char *s = arena_strndup(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return s;
}

/* Puppet::Util.absolute_path? for :posix or :windows. */
static int rb_absolute_path(const Value *v)
{
    if (v->kind != V_STR) return 0;
    return rb_matches("^/", v->str.s, v->str.len) ||
           rb_matches("(?i:^(?:(?:[A-Z]:[\\\\/])|(?:[\\\\/][\\\\/][^\\\\/]+[\\\\/][^\\\\/]+)|(?:[\\\\/][\\\\/]\\?[\\\\/][^\\\\/]+)))",
                      v->str.s, v->str.len);
}

static const char *ck_validate_absolute_path(CallCtx *cc, Value **a, size_t n, int *other)
{
    (void)other;
    if (!n) return "validate_absolute_path(): wrong number of arguments (0; must be > 0)";
    for (size_t i = 0; i < n; i++) {
        Value *arg = a[i];
        Value **items = arg->kind == V_ARRAY ? arg->arr.items : &arg;
        size_t m = arg->kind == V_ARRAY ? arg->arr.n : 1;
        for (size_t j = 0; j < m; j++)
            if (!rb_absolute_path(items[j])) return arena_printf(A, "%s is not an absolute path.", raw_inspect_s(cc, items[j]));
    }
    return NULL;
}

/* validate_bool, validate_hash, validate_array, validate_string: every
 * argument of one kind (validate_string also takes undef). */
static const char *check_kind(CallCtx *cc, Value **a, size_t n, const char *fn, ValueKind kind, const char *what)
{
    if (!n) return arena_printf(A, "%s(): wrong number of arguments (0; must be > 0)", fn);
    for (size_t i = 0; i < n; i++) {
        Value *arg = a[i];
        if (arg->kind == kind || (kind == V_STR && arg->kind == V_UNDEF)) continue;
        return arena_printf(A, "%s is not %s.  It looks to be a %s", raw_inspect_s(cc, arg), what, rv_class(A, arg, RV_FN3));
    }
    return NULL;
}

static const char *ck_validate_bool(CallCtx *cc, Value **a, size_t n, int *other)
{
    (void)other;
    return check_kind(cc, a, n, "validate_bool", V_BOOL, "a boolean");
}

static const char *ck_validate_hash(CallCtx *cc, Value **a, size_t n, int *other)
{
    (void)other;
    return check_kind(cc, a, n, "validate_hash", V_HASH, "a Hash");
}

static const char *ck_validate_array(CallCtx *cc, Value **a, size_t n, int *other)
{
    (void)other;
    return check_kind(cc, a, n, "validate_array", V_ARRAY, "an Array");
}

static const char *ck_validate_string(CallCtx *cc, Value **a, size_t n, int *other)
{
    (void)other;
    return check_kind(cc, a, n, "validate_string", V_STR, "a string");
}

/* Tries the regexps of r (arrays flattened to any depth, as Ruby's
 * [re].flatten) on s in order: 1 at the first match, 0 for none, -1 with
 * *err set for a value that is no regexp. */
static int validate_re_any(CallCtx *cc, const Value *s, const Value *r, const char **err, int *other)
{
    if (r->kind == V_ARRAY) {
        for (size_t i = 0; i < r->arr.n; i++) {
            int k = validate_re_any(cc, s, r->arr.items[i], err, other);
            if (k) return k;
        }
        return 0;
    }
    *other = 1;
    if (r->kind != V_STR && r->kind != V_REGEX) {
        *err = arena_printf(A, "no implicit conversion of %s into String", rv_class(A, r, RV_FN3));
        return -1;
    }
    Regex *re = re_get(r->kind == V_STR ? r->str.s : r->regex.src, err);
    if (!re) {
        if (!*err) *err = "invalid regular expression";
        return -1;
    }
    *other = 0;
    int caps[2], ncap = 1;
    return re_search(re, s->str.s, s->str.len, 0, caps, &ncap) ? 1 : 0;
}

/* validate_re(s, re | [re...][, message]) */
static const char *ck_validate_re(CallCtx *cc, Value **a, size_t n, int *other)
{
    if (n < 2 || n > 3) return arena_printf(A, "validate_re(): wrong number of arguments (%zu; must be 2 or 3)", n);
    if (a[0]->kind != V_STR) return arena_printf(A, "validate_re(): input needs to be a String, not a %s", rv_class(A, a[0], RV_FN3));
    const char *err = NULL;
    int k = validate_re_any(cc, a[0], a[1], &err, other);
    if (k > 0) return NULL;
    if (k < 0) return err;
    if (n == 3 && val_truthy(a[2])) return rb_to_s(cc, a[2]);
    return arena_printf(A, "validate_re(): %s does not match %s", raw_inspect_s(cc, a[0]), raw_inspect_s(cc, a[1]));
}

/* validate_ip_address, validate_ipv4_address, validate_ipv6_address:
 * strings IPAddr reads, of the family asked (-1: either). */
static const char *check_ip(CallCtx *cc, Value **a, size_t n, const char *fn, int want, const char *what)
{
    if (!n) return arena_printf(A, "%s(): wrong number of arguments (0; must be > 0)", fn);
    for (size_t i = 0; i < n; i++) {
        int v6;
        if (a[i]->kind != V_STR) return arena_printf(A, "%s is not a string.", raw_inspect_s(cc, a[i]));
        if (!ip_of(a[i], &v6) || (want >= 0 && v6 != want))
            return arena_printf(A, "%s is not a valid %s address.", raw_inspect_s(cc, a[i]), what);
    }
    return NULL;
}

static const char *ck_validate_ip_address(CallCtx *cc, Value **a, size_t n, int *other)
{
    (void)other;
    return check_ip(cc, a, n, "validate_ip_address", -1, "IP");
}

static const char *ck_validate_ipv4_address(CallCtx *cc, Value **a, size_t n, int *other)
{
    (void)other;
    return check_ip(cc, a, n, "validate_ipv4_address", 0, "IPv4");
}

static const char *ck_validate_ipv6_address(CallCtx *cc, Value **a, size_t n, int *other)
{
    (void)other;
    return check_ip(cc, a, n, "validate_ipv6_address", 1, "IPv6");
}

/* Kernel#Integer(v) (as_float: Float(v)) of an unconverted value: strings
 * by Ruby's rules, numbers as they are; 0 when Ruby raises. */
static int rb_number(const Value *v, int as_float, double *d, int64_t *i)
{
    if (v->kind == V_INT) {
        *i = v->i, *d = (double)v->i;
        return 1;
    }
    if (v->kind == V_FLOAT) {
        if (!isfinite(v->f)) return as_float ? (*d = v->f, 1) : 0;
        *d = v->f, *i = (int64_t)v->f;
        return 1;
    }
    if (v->kind != V_STR || strlen(v->str.s) != v->str.len) return 0;
    if (as_float) return rv_float(v->str.s, d);
    if (!rv_integer(v->str.s, 0, i)) return 0;
    *d = (double)*i;
    return 1;
}

/* validate_integer and validate_numeric (num: Float instead of Integer):
 * (input [, max [, min]]), input a number or an array of numbers, read
 * from their to_s; '' for max with a min means no maximum. */
static const char *check_number(CallCtx *cc, Value **a, size_t n, int num)
{
    const char *fn = num ? "validate_numeric" : "validate_integer";
    const char *kind = num ? "a Numeric" : "an Integer";
    if (!n || n > 3) return arena_printf(A, "%s(): Wrong number of arguments; must be 1, 2 or 3, got %zu", fn, n);
    double dmax = 0, dmin = 0, d;
    int64_t imax = 0, imin = 0, iv;
    int has_max = 0, has_min = 0;
#define NUM_S(dv, iv) (num ? rb_float_s(cc, dv) : arena_printf(A, "%lld", (long long)(iv)))
    if (n > 1) {
        const char *ms = rb_to_s(cc, a[1]);
        if (!(n > 2 && !*ms)) {
            if (!rb_number(val_cstr(A, ms), num, &dmax, &imax))
                return arena_printf(A, "%s(): Expected second argument to be unset or %s, got %s:String", fn, kind, ms);
            has_max = 1;
        }
    }
    if (n > 2) {
        if (!rb_number(val_cstr(A, rb_to_s(cc, a[2])), num, &dmin, &imin))
            return arena_printf(A, "%s(): Expected third argument to be unset or %s, got %s:%s", fn, kind, rb_to_s(cc, a[2]),
                                rv_class(A, a[2], RV_FN3));
        has_min = 1;
    }
    if (has_min && has_max && (num ? dmin > dmax : imin > imax))
        return arena_printf(A, "%s(): Expected second argument to be larger than third argument, got %s < %s", fn,
                            NUM_S(dmax, imax), NUM_S(dmin, imin));
    Value *input = a[0];
    Value **items = input->kind == V_ARRAY ? input->arr.items : &input;
    size_t m = input->kind == V_ARRAY ? input->arr.n : 1;
    if (input->kind == V_HASH)
        return arena_printf(A, "validate_integer(): Expected first argument to be %s or Array, got Hash", kind);
    for (size_t i = 0; i < m; i++) {
        Value *x = items[i];
        if (x->kind == V_HASH || !rb_number(val_cstr(A, rb_to_s(cc, x)), num, &d, &iv)) {
            if (input->kind == V_ARRAY)
                return arena_printf(A, "%s(): Expected element at array position %zu to be %s, got %s", fn, i, kind, rv_class(A, x, RV_FN3));
            return arena_printf(A, "%s(): Expected first argument to be %s or Array, got %s", fn, kind, rv_class(A, x, RV_FN3));
        }
        /* the message shows the whole input; a single one as its number */
        const char *shown = input->kind == V_ARRAY ? raw_inspect_s(cc, input) : NUM_S(d, iv);
        if (has_max && (num ? d > dmax : iv > imax))
            return arena_printf(A, "%s(): Expected %s to be smaller or equal to %s, got %s.", fn, shown, NUM_S(dmax, imax), shown);
        if (has_min && (num ? d < dmin : iv < imin))
            return arena_printf(A, "%s(): Expected %s to be greater or equal to %s, got %s.", fn, shown, NUM_S(dmin, imin), shown);
    }
#undef NUM_S
    return NULL;
}

static const char *ck_validate_integer(CallCtx *cc, Value **a, size_t n, int *other)
{
    (void)other;
    return check_number(cc, a, n, 0);
}

static const char *ck_validate_numeric(CallCtx *cc, Value **a, size_t n, int *other)
{
    (void)other;
    return check_number(cc, a, n, 1);
}

/* validate_slength(input, max [, min]): the length of a string, or of
 * each string of an array, within [min, max]. */
static const char *ck_validate_slength(CallCtx *cc, Value **a, size_t n, int *other)
{
    (void)other;
    if (n != 2 && n != 3) return arena_printf(A, "validate_slength(): Wrong number of arguments (%zu; must be 2 or 3)", n);
    double d;
    int64_t max, min = 0;
    if (!rb_number(a[1], 0, &d, &max) || max <= 0)
        return arena_printf(A, "validate_slength(): Expected second argument to be a positive Numeric, got %s:%s", rb_to_s(cc, a[1]),
                            rv_class(A, a[1], RV_FN3));
    if (n > 2 && val_truthy(a[2]) && (!rb_number(a[2], 0, &d, &min) || min < 0))
        return arena_printf(A, "validate_slength(): Expected third argument to be unset or a positive Numeric, got %s:%s",
                            rb_to_s(cc, a[2]), rv_class(A, a[2], RV_FN3));
    if (max < min) return "validate_slength(): Expected second argument to be equal to or larger than third argument";
    Value *input = a[0];
    if (input->kind != V_STR && input->kind != V_ARRAY)
        return arena_printf(A, "validate_slength(): Expected first argument to be a String or Array, got %s", rv_class(A, input, RV_FN3));
    Value **items = input->kind == V_ARRAY ? input->arr.items : &input;
    size_t m = input->kind == V_ARRAY ? input->arr.n : 1;
    for (size_t i = 0; i < m; i++) {
        if (items[i]->kind != V_STR)
            return arena_printf(A, "validate_slength(): Expected element at array position %zu to be a String, got %s", i,
                                rv_class(A, items[i], RV_FN3));
        int64_t len = (int64_t)utf8_len(items[i]->str.s, items[i]->str.len);
        if (len > max || len < min) {
            int64_t shown = input->kind == V_ARRAY ? (int64_t)input->arr.n : len;
            return arena_printf(A, "validate_slength(): Expected length of %s to be between %lld and %lld, was %lld",
                                raw_inspect_s(cc, input), (long long)min, (long long)max, (long long)shown);
        }
    }
    return NULL;
}

static const struct { const char *name; Check check; } checks[] = {
    {"validate_absolute_path", ck_validate_absolute_path},
    {"validate_array", ck_validate_array},
    {"validate_bool", ck_validate_bool},
    {"validate_hash", ck_validate_hash},
    {"validate_integer", ck_validate_integer},
    {"validate_ip_address", ck_validate_ip_address},
    {"validate_ipv4_address", ck_validate_ipv4_address},
    {"validate_ipv6_address", ck_validate_ipv6_address},
    {"validate_numeric", ck_validate_numeric},
    {"validate_re", ck_validate_re},
    {"validate_slength", ck_validate_slength},
    {"validate_string", ck_validate_string},
};

static Check check_find(const char *name)
{
    for (size_t i = 0; i < ARRAY_LEN(checks); i++)
        if (!strcmp(checks[i].name, name)) return checks[i].check;
    return NULL;
}

/* validate_X(args...) as a function: its check's message is the error. */
static Value *run_check(CallCtx *cc, const char *name)
{
    int other = 0;
    const char *msg = check_find(name)(cc, cc->args, cc->nargs, &other);
    if (msg) ev_fail(cc, "%s", msg);
    return VAL_UNDEF;
}

Value *f_validate_absolute_path(CallCtx *cc) { return run_check(cc, "validate_absolute_path"); }
Value *f_validate_array(CallCtx *cc) { return run_check(cc, "validate_array"); }
Value *f_validate_bool(CallCtx *cc) { return run_check(cc, "validate_bool"); }
Value *f_validate_hash(CallCtx *cc) { return run_check(cc, "validate_hash"); }
Value *f_validate_integer(CallCtx *cc) { return run_check(cc, "validate_integer"); }
Value *f_validate_ip_address(CallCtx *cc) { return run_check(cc, "validate_ip_address"); }
Value *f_validate_ipv4_address(CallCtx *cc) { return run_check(cc, "validate_ipv4_address"); }
Value *f_validate_ipv6_address(CallCtx *cc) { return run_check(cc, "validate_ipv6_address"); }
Value *f_validate_numeric(CallCtx *cc) { return run_check(cc, "validate_numeric"); }
Value *f_validate_re(CallCtx *cc) { return run_check(cc, "validate_re"); }
Value *f_validate_slength(CallCtx *cc) { return run_check(cc, "validate_slength"); }
Value *f_validate_string(CallCtx *cc) { return run_check(cc, "validate_string"); }

/* ---- validate_legacy ---- */

/* The first error the parser reports while validate_legacy reads a type
 * string. */
static void first_error(void *ctx, DiagLevel lvl, SrcLoc loc, const char *msg)
{
    (void)loc;
    const char **first = ctx;
    if (lvl == DIAG_ERROR && !*first) *first = strdup(msg);
}

/* TypeParser#parse(s): the type a string names, in the calling scope. */
static Value *parse_type_string(CallCtx *cc, const Value *s)
{
    Compiler *c = cc->c;
    SrcFile *f = diag_file_from_string("validate_legacy", s->str.s, s->str.len);
    c->files = xrealloc(c->files, (c->nfiles + 1) * sizeof *c->files);    /* freed with the compile's files */
    c->files[c->nfiles++] = f;
    const char *err = NULL;
    DiagSink saved = diag_sink;
    void *saved_ctx = diag_sink_ctx;
    diag_sink = first_error, diag_sink_ctx = &err;
    Node *n = parse_expr_range(A, f, 0, (uint32_t)s->str.len, 0);
    diag_sink = saved, diag_sink_ctx = saved_ctx;
    if (err) {
        const char *msg = arena_strdup(A, err);
        free((void *)err);
        ev_fail(cc, "%s", msg);
    }
    /* Puppet 7.23 hands stdlib's TypeParser the scope for a loader, so a
     * name that is not one of Puppet's own types fails to load. */
    for (const char *p = s->str.s; *p; p++) {
        if (*p == '\'' || *p == '"' || (*p == '/' && p > s->str.s && strchr("[, ", p[-1]))) {
            const char *q = strchr(p + 1, *p);
            while (q && q[-1] == '\\') q = strchr(q + 1, *p);
            if (!q) break;
            p = q;
            continue;
        }
        if (!isupper((unsigned char)*p) || (p > s->str.s && (isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == ':')))
            continue;
        const char *e = p;
        while (isalnum((unsigned char)*e) || *e == '_' || (e[0] == ':' && e[1] == ':')) e++;
        if (!val_is_data_type_name(arena_strndup(A, p, (size_t)(e - p))))
            ev_fail(cc, "private method `load' called for Scope(%s):Puppet::Parser::Scope",
                    cc->scope->label ? cc->scope->label : "Class[main]");
        p = e - 1;
    }
    Value *t = n ? ev_expr(c, cc->scope, n) : NULL;
    if (!t || t->kind != V_TYPE) ev_fail(cc, "The expression <%s> is not a valid type specification.", s->str.s);
    return t;
}

/* validate_legacy(Type | 'Type', 'validate_fn', value, args...) - the
 * type decides.  A value it accepts passes (a notice when the old
 * function would have refused it); one it refuses fails with the type's
 * mismatch, unless the old function accepted it, which is only a
 * deprecation.  The old function runs as a 3.x call, unconverted values. */
Value *f_validate_legacy(CallCtx *cc)
{
    Value **a = cc->args;
    size_t n = cc->nargs;
    if (n < 3) ev_fail(cc, "'validate_legacy' expects at least 4 arguments, got %zu", n + 1);
    if ((a[0]->kind != V_TYPE && a[0]->kind != V_STR) || a[1]->kind != V_STR) {
        static const char *const sigs[] = {"Any scope, Type target_type, String function_name, Any value, Any args*",
                                           "Any scope, String type_string, String function_name, Any value, Any args*"};
        const char *why[2];
        why[0] = a[0]->kind != V_TYPE ? arena_printf(A, "parameter 'target_type' expects a Type value, got %s", fn_got_type(cc, a[0]))
                                      : arena_printf(A, "parameter 'function_name' expects a String value, got %s", fn_got_type(cc, a[1]));
        why[1] = a[0]->kind != V_STR ? arena_printf(A, "parameter 'type_string' expects a String value, got %s", fn_got_type(cc, a[0]))
                                     : arena_printf(A, "parameter 'function_name' expects a String value, got %s", fn_got_type(cc, a[1]));
        fn_fail_dispatch(cc, "validate_legacy", sigs, why, 2);
    }
    Value *type = a[0]->kind == V_TYPE ? a[0] : parse_type_string(cc, a[0]);
    const char *fn = arena_strndup(A, a[1]->str.s, a[1]->str.len);
    int fits = cmp_type_match(cc->c, type, a[2]);
    /* previous_validation: did the 3.x function accept the value? */
    int accepted;
    Check check = check_find(fn);
    if (check) {
        int other = 0;
        const char *msg = check(cc, a + 2, n - 2, &other);
        if (msg && other) ev_fail(cc, "%s", msg);
        accepted = !msg;
    } else if (fn_find(fn) && fn_find(fn)->origin != FN_EVAL) {
        ev_call_function(cc->c, cc->scope, cc->call, fn, a + 2, n - 2, NULL);
        accepted = 1;
    } else {
        ev_fail(cc, "undefined method `function_%s' for Scope(%s):Puppet::Parser::Scope", fn,
                cc->scope->label ? cc->scope->label : "Class[main]");
    }
    if (fits) {
        if (!accepted) {
            Buf b = BUF_INIT;
            val_to_s(&b, type);
            fprintf(stderr, "Notice: Accepting previously invalid value for target type '%s'\n", buf_cstr(&b));
            buf_free(&b);
        }
        return VAL_UNDEF;
    }
    const char *why = cmp_mismatch(cc->c, type, a[2], CMP_MM_SUBJECT, NULL, arena_printf(A, "validate_legacy(%s)", fn), NULL);
    if (!accepted) ev_fail(cc, "%s", why);
    return VAL_UNDEF;                        /* deprecation('validate_legacy', why): a warning, not reproduced */
}

/* ---- core Puppet's shellquote, md5, sha1, sha256 and generate (3.x functions) ---- */

/* shellquote(words...) - each word (arrays spliced in) as is when it is
 * all safe characters, else in double quotes, else in single quotes, else
 * in double quotes with \ before the characters unsafe there. */
Value *f_shellquote(CallCtx *cc)
{
    v3_args(cc);
    static const char safe[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%_+=:,./-";
    static const char dangerous[] = "!\"`$\\";
    ValVec words = VV_ARENA(A);
    for (size_t i = 0; i < cc->nargs; i++) flatten_into(&words, cc->args[i]);
    for (size_t i = 0; i < words.n; i++)
        if (words.v[i]->kind != V_STR) {
            Value *w = words.v[i];
            vv_free(&words);
            fail_no_method(cc, "length", w);
        }
    Buf b = BUF_INIT;
    for (size_t i = 0; i < words.n; i++) {
        const char *s = words.v[i]->str.s;
        size_t len = words.v[i]->str.len;
        if (i) buf_addc(&b, ' ');
        int all_safe = len > 0, any_dangerous = 0, any_quote = 0;
        for (size_t k = 0; k < len; k++) {
            char ch = s[k];
            if (!ch || !strchr(safe, ch)) all_safe = 0;
            if (ch && strchr(dangerous, ch)) any_dangerous = 1;
            if (ch == '\'') any_quote = 1;
        }
        if (all_safe) {
            buf_add(&b, s, len);
        } else if (!any_dangerous) {
            buf_addc(&b, '"'), buf_add(&b, s, len), buf_addc(&b, '"');
        } else if (!any_quote) {
            buf_addc(&b, '\''), buf_add(&b, s, len), buf_addc(&b, '\'');
        } else {
            buf_addc(&b, '"');
            for (size_t k = 0; k < len; k++) {
                if (s[k] && strchr(dangerous, s[k])) buf_addc(&b, '\\');
                buf_addc(&b, s[k]);
            }
            buf_addc(&b, '"');
        }
    }
    vv_free(&words);
    Value *r = val_str(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return r;
}

/* md5(string), sha1(string), sha256(string) - Digest's hexdigest. */
static Value *hexdigest(CallCtx *cc, const char *fn)
{
    v3_args(cc);
    if (cc->nargs != 1) ev_fail(cc, "%s(): Wrong number of arguments given (%zu for 1)", fn, cc->nargs);
    Value *s = cc->args[0];
    if (s->kind != V_STR)
        ev_fail(cc, "no implicit conversion of %s into String", s->kind == V_BOOL ? (s->b ? "true" : "false") : rv_class(A, s, RV_FN3));
    unsigned char d[32];
    size_t n;
    if (fn[0] == 'm') {
        md5(s->str.s, s->str.len, d);
        n = 16;
    } else if (!strcmp(fn, "sha1")) {
        Sha1 h;
        sha1_init(&h), sha1_update(&h, s->str.s, s->str.len), sha1_final(&h, d);
        n = 20;
    } else {
        Sha256 h;
        sha256_init(&h), sha256_update(&h, s->str.s, s->str.len), sha256_final(&h, d);
        n = 32;
    }
    char hex[65];
    for (size_t i = 0; i < n; i++) snprintf(hex + 2 * i, 3, "%02x", d[i]);
    return val_str(A, hex, 2 * n);
}

Value *f_md5(CallCtx *cc) { return hexdigest(cc, "md5"); }
Value *f_sha1(CallCtx *cc) { return hexdigest(cc, "sha1"); }
Value *f_sha256(CallCtx *cc) { return hexdigest(cc, "sha256"); }

/* Runs argv in dir with Puppet::Util::Execution's environment (no HOME,
 * USER, LOGNAME, locale variables; LANG and LC_ALL C), stdin from
 * /dev/null, stdout and stderr together into *out (malloc'd).  Returns the
 * exit status (-1: it could not be started, with errno set). */
static int run_generator(char *const *argv, const char *dir, Buf *out)
{
    int fds[2];
    if (pipe(fds)) return -1;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]), close(fds[1]);
        return -1;
    }
    if (!pid) {
        static const char *const unset[] = {"HOME", "USER", "LOGNAME", "LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE",
                                            "LC_COLLATE", "LC_CTYPE", "LC_MONETARY", "LC_NUMERIC", "LC_TIME"};
        for (size_t i = 0; i < ARRAY_LEN(unset); i++) unsetenv(unset[i]);
        setenv("LANG", "C", 1);
        setenv("LC_ALL", "C", 1);
        int null = open("/dev/null", O_RDONLY);
        if (null >= 0) dup2(null, 0), close(null);
        dup2(fds[1], 1);
        dup2(fds[1], 2);
        close(fds[0]), close(fds[1]);
        if (chdir(dir) == 0) execv(argv[0], argv);
        dprintf(2, "Error: Could not execute posix command: %s - %s\n", strerror(errno), argv[0]);
        _exit(1);
    }
    close(fds[1]);
    char chunk[4096];
    for (;;) {
        ssize_t r = read(fds[0], chunk, sizeof chunk);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) break;
        buf_add(out, chunk, (size_t)r);
    }
    close(fds[0]);
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* generate(command, args...) - the output of a fully qualified command,
 * run on the compiling host in the command's directory, with Puppet's
 * checks on its name; a non-zero exit is an error. */
Value *f_generate(CallCtx *cc)
{
    v3_args(cc);
    if (!cc->nargs) ev_fail(cc, "generate(): Wrong number of arguments given (0 for minimum 1)");
    Value *cmd = cc->args[0];
    const char *s = cmd->kind == V_STR ? cmd->str.s : "";
    size_t len = cmd->kind == V_STR ? cmd->str.len : 0;
    if (!rb_matches("^/", s, len)) ev_fail(cc, "Generators must be fully qualified");
    if (!rb_matches("^[-/\\w.+]+$", s, len)) ev_fail(cc, "Generators can only contain alphanumerics, file separators, and dashes");
    if (strstr(s, "..")) ev_fail(cc, "Can not use generators with '..' in them.");
    CallCtx sub = *cc;
    sub.args = &cmd, sub.nargs = 1;
    const char *dir = f_dirname(&sub)->str.s;
    struct stat st;
    int err = stat(dir, &st) ? errno : !S_ISDIR(st.st_mode) ? ENOTDIR : access(dir, X_OK) ? errno : 0;
    if (err) ev_fail(cc, "%s @ dir_chdir - %s", strerror(err), dir);
    /* Execution.execute(args): flattened, each to_s */
    ValVec argv_v = VV_ARENA(A);
    for (size_t i = 0; i < cc->nargs; i++) flatten_into(&argv_v, cc->args[i]);
    char **argv = ARENA_NEWN(A, char *, argv_v.n + 1);
    Buf shown = BUF_INIT;
    for (size_t i = 0; i < argv_v.n; i++) {
        argv[i] = (char *)rb_to_s(cc, argv_v.v[i]);
        if (i) buf_addc(&shown, ' ');
        buf_adds(&shown, argv[i]);
    }
    argv[argv_v.n] = NULL;
    vv_free(&argv_v);
    Buf out = BUF_INIT;
    int rc = run_generator(argv, dir, &out);
    Value *r = val_str(A, buf_cstr(&out), out.len);
    const char *cmdline = arena_strndup(A, buf_cstr(&shown), shown.len);
    buf_free(&out), buf_free(&shown);
    if (rc < 0) ev_fail(cc, "Failed to execute generator %s: %s", s, strerror(errno));
    if (rc) {
        /* output.strip: Ruby strips whitespace and NULs at both ends */
        const char *o = r->str.s, *e = o + r->str.len;
        while (o < e && (isspace((unsigned char)*o) || !*o)) o++;
        while (e > o && (isspace((unsigned char)e[-1]) || !e[-1])) e--;
        ev_fail(cc, "Failed to execute generator %s: Execution of '%s' returned %d: %.*s", s, cmdline, rc, (int)(e - o), o);
    }
    if (memchr(r->str.s, 0, r->str.len)) ev_fail(cc, CMP_NUL_MSG " (in the output of generator %s)", s);
    return r;
}

/* ---- 4.x functions checked by a typed signature ---- */

/* The type a type expression in text names (Puppet's own types only). */
static Value *type_of_text(CallCtx *cc, const char *text)
{
    SrcFile *f = diag_file_from_string("signature", text, strlen(text));
    cc->c->files = xrealloc(cc->c->files, (cc->c->nfiles + 1) * sizeof *cc->c->files);
    cc->c->files[cc->c->nfiles++] = f;
    Node *n = parse_expr_range(A, f, 0, (uint32_t)strlen(text), 0);
    return ev_expr(cc->c, cc->c->top, n);
}

/* A 4.x dispatcher's check of argument i against its declared type:
 * "'fn' parameter 'p' expects ..." (sig: the whole signature, for a
 * message listing several faults). */
static void check_param(CallCtx *cc, const char *fn, const char *param, const char *type, const char *sig, size_t i)
{
    if (i >= cc->nargs) return;
    Value *t = type_of_text(cc, type);
    if (cmp_type_match(cc->c, t, cc->args[i])) return;
    const char *why = cmp_mismatch(cc->c, t, cc->args[i], CMP_MM_SIGNATURE, arena_printf(A, "'%s'", fn),
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

/* ---- to_json_pretty ---- */

typedef struct JsonPretty {
    const char *indent, *space, *space_before, *object_nl, *array_nl;
    int64_t max_nesting;        /* 0: no limit */
    int allow_nan;
    const char *err;            /* set when the generator raised */
} JsonPretty;

static void jp_indent(Buf *b, const JsonPretty *f, int depth)
{
    for (int i = 0; i < depth; i++) buf_adds(b, f->indent);
}

/* JSON.pretty_generate's State#generate (json 2.6): containers laid out
 * with the state's strings, scalars as to_json writes them. */
static int json_pretty(CallCtx *cc, Buf *b, const Value *v, JsonPretty *f, int depth)
{
    if (v->kind == V_FLOAT && !isfinite(v->f) && !f->allow_nan) {
        f->err = arena_printf(A, "1003: %s not allowed in JSON", isnan(v->f) ? "NaN" : v->f > 0 ? "Infinity" : "-Infinity");
        return 0;
    }
    if (v->kind == V_FLOAT && !isfinite(v->f)) {
        buf_adds(b, isnan(v->f) ? "NaN" : v->f > 0 ? "Infinity" : "-Infinity");
        return 1;
    }
    if (v->kind != V_ARRAY && v->kind != V_HASH) {
        if (!json_gen(cc, b, v)) return f->err = "source sequence is illegal/malformed utf-8", 0;
        return 1;
    }
    depth++;
    if (f->max_nesting && depth > f->max_nesting) {
        f->err = arena_printf(A, "nesting of %d is too deep", depth - 1);
        return 0;
    }
    if (v->kind == V_ARRAY) {
        buf_addc(b, '[');
        buf_adds(b, f->array_nl);
        for (size_t i = 0; i < v->arr.n; i++) {
            if (i) buf_addc(b, ','), buf_adds(b, f->array_nl);
            jp_indent(b, f, depth);
            if (!json_pretty(cc, b, v->arr.items[i], f, depth)) return 0;
        }
        buf_adds(b, f->array_nl);
        jp_indent(b, f, depth - 1);
        buf_addc(b, ']');
        return 1;
    }
    buf_addc(b, '{');
    for (size_t i = 0; i < v->hash.n; i++) {
        if (i) buf_addc(b, ',');
        buf_adds(b, f->object_nl);
        jp_indent(b, f, depth);
        const Value *k = v->hash.keys[i];
        Buf t = BUF_INIT;
        if (k->kind == V_STR) buf_add(&t, k->str.s, k->str.len);
        else json_to_s(&t, k);
        int ok = json_str(b, buf_cstr(&t), t.len);
        buf_free(&t);
        if (!ok) return f->err = "source sequence is illegal/malformed utf-8", 0;
        buf_adds(b, f->space_before);
        buf_addc(b, ':');
        buf_adds(b, f->space);
        if (!json_pretty(cc, b, v->hash.vals[i], f, depth)) return 0;
    }
    buf_adds(b, f->object_nl);
    jp_indent(b, f, depth - 1);
    buf_addc(b, '}');
    return 1;
}

/* to_json_pretty(data [, skip_undef [, opts]]) - JSON.pretty_generate
 * plus a newline; skip_undef drops undef values at the top level; opts
 * override the layout (indent, space, space_before, object_nl, array_nl,
 * allow_nan, max_nesting with -1 for no limit). */
Value *f_to_json_pretty(CallCtx *cc)
{
    static const char sig[] = "Variant[Hash, Array] data, Optional[Boolean] skip_undef?, Struct[{indent => Optional[String], "
                              "space => Optional[String], space_before => Optional[String], object_nl => Optional[String], "
                              "array_nl => Optional[String], allow_nan => Optional[Boolean], max_nesting => "
                              "Optional[Integer[-1, default]]}] opts?";
    check_count(cc, "to_json_pretty", 1, 3);
    check_param(cc, "to_json_pretty", "data", "Variant[Hash, Array]", sig, 0);
    check_param(cc, "to_json_pretty", "skip_undef", "Optional[Boolean]", sig, 1);
    check_param(cc, "to_json_pretty", "opts",
                "Struct[{indent => Optional[String], space => Optional[String], space_before => Optional[String], "
                "object_nl => Optional[String], array_nl => Optional[String], allow_nan => Optional[Boolean], "
                "max_nesting => Optional[Integer[-1, default]]}]",
                sig, 2);
    Value *data = cc->args[0];
    JsonPretty f = {"  ", " ", "", "\n", "\n", 100, 0, NULL};
    if (cc->nargs > 2) {
        Value *o = cc->args[2];
        const char **strs[] = {&f.indent, &f.space, &f.space_before, &f.object_nl, &f.array_nl};
        static const char *const names[] = {"indent", "space", "space_before", "object_nl", "array_nl"};
        for (size_t i = 0; i < ARRAY_LEN(names); i++) {
            Value *s = val_hash_gets(o, names[i]);
            if (s && s->kind == V_STR) *strs[i] = s->str.s;
        }
        Value *an = val_hash_gets(o, "allow_nan"), *mn = val_hash_gets(o, "max_nesting");
        if (an && an->kind == V_BOOL) f.allow_nan = an->b;
        if (mn && mn->kind == V_INT) f.max_nesting = mn->i == -1 ? 0 : mn->i;
    }
    if (cc->nargs > 1 && cc->args[1]->kind == V_BOOL && cc->args[1]->b) {
        ValVec ks = VV_ARENA(A), vs = VV_ARENA(A);
        if (data->kind == V_ARRAY) {
            for (size_t i = 0; i < data->arr.n; i++)
                if (data->arr.items[i]->kind != V_UNDEF) vv_push(&ks, data->arr.items[i]);
            data = vv_array(cc, &ks);
            vv_free(&vs);
        } else {
            for (size_t i = 0; i < data->hash.n; i++)
                if (data->hash.vals[i]->kind != V_UNDEF) vv_push(&ks, data->hash.keys[i]), vv_push(&vs, data->hash.vals[i]);
            data = hash_of(cc, &ks, &vs);
        }
    }
    UserAlias *al = NULL;
    alias_collect(cc, data, &al);
    Buf b = BUF_INIT;
    int ok = json_pretty(cc, &b, data, &f, 0);
    if (ok) buf_addc(&b, '\n');
    Value *r = ok ? val_str(A, buf_cstr(&b), b.len) : NULL;
    buf_free(&b);
    if (!r) ev_fail(cc, "%s", f.err);
    return r;
}

/* ---- os_version_gte, type_of, stdlib::start_with / end_with / extname / xml_encode ---- */

/* os_version_gte(os, version) - $facts['operatingsystem'] is os and its
 * major release is at least version (versioncmp). */
Value *f_os_version_gte(CallCtx *cc)
{
    static const char sig[] = "String[1] os, String[1] version";
    check_count(cc, "os_version_gte", 2, 2);
    check_param(cc, "os_version_gte", "os", "String[1]", sig, 0);
    check_param(cc, "os_version_gte", "version", "String[1]", sig, 1);
    Value *facts = scope_find(cc->c, cc->scope, "facts", NULL);
    Value *os = facts && facts->kind == V_HASH ? val_hash_gets(facts, "operatingsystem") : NULL;
    if (!os || !rb_equal(os, cc->args[0], 0)) return VAL_FALSE;
    Value *rel = val_hash_gets(facts, "operatingsystemmajrelease");
    Value *args[2] = {rel ? rel : VAL_UNDEF, cc->args[1]};
    Value *r = ev_call_function(cc->c, cc->scope, cc->call, "versioncmp", args, 2, NULL);
    return val_bool(r->kind == V_INT && r->i >= 0);
}

/* type_of(value) - the type Puppet infers for value. */
Value *f_type_of(CallCtx *cc)
{
    check_count(cc, "type_of", 1, 1);
    return ev_call_function(cc->c, cc->scope, cc->call, "type", cc->args, 1, NULL);
}

/* stdlib::start_with(s, prefix | [prefixes]), stdlib::end_with(s, ...) */
static Value *affix_test(CallCtx *cc, const char *fn, const char *what, int start)
{
    const char *sig = arena_printf(A, "String test_string, Variant[String[1], Array[String[1], 1]] %s", what);
    check_count(cc, fn, 2, 2);
    check_param(cc, fn, "test_string", "String", sig, 0);
    check_param(cc, fn, what, "Variant[String[1], Array[String[1], 1]]", sig, 1);
    Value *s = cc->args[0], *p = cc->args[1];
    Value **items = p->kind == V_ARRAY ? p->arr.items : &p;
    size_t n = p->kind == V_ARRAY ? p->arr.n : 1;
    for (size_t i = 0; i < n; i++) {
        size_t l = items[i]->str.len;
        if (l <= s->str.len && !memcmp(start ? s->str.s : s->str.s + s->str.len - l, items[i]->str.s, l)) return VAL_TRUE;
    }
    return VAL_FALSE;
}

Value *f_start_with(CallCtx *cc) { return affix_test(cc, "stdlib::start_with", "prefixes", 1); }
Value *f_end_with(CallCtx *cc) { return affix_test(cc, "stdlib::end_with", "suffixes", 0); }

/* stdlib::extname(filename) - Ruby's File.extname: the last dot's suffix
 * of the base name ("." for a trailing dot), '' for dot files or no dot. */
Value *f_extname(CallCtx *cc)
{
    check_count(cc, "stdlib::extname", 1, 1);
    check_param(cc, "stdlib::extname", "filename", "String", "String filename", 0);
    Value *base = rb_basename(cc, cc->args[0], NULL);
    const char *s = base->str.s, *e = s + base->str.len;
    const char *p = s;
    while (p < e && *p == '.') p++;                    /* leading dots belong to the name */
    const char *dot = NULL;
    for (; p < e; p++)
        if (*p == '.') dot = p;
    if (!dot) return empty_str(cc);
    return val_str(A, dot, (size_t)(e - dot));             /* Ruby 2.7+: "a." gives "." */
}

/* stdlib::xml_encode(s [, 'text' | 'attr']) - String#encode(xml: type):
 * & < > escaped, and for attributes " too, in double quotes. */
Value *f_xml_encode(CallCtx *cc)
{
    static const char sig[] = "String str, Enum['attr', 'text'] type?";
    check_count(cc, "stdlib::xml_encode", 1, 2);
    check_param(cc, "stdlib::xml_encode", "str", "String", sig, 0);
    check_param(cc, "stdlib::xml_encode", "type", "Enum['text','attr']", sig, 1);
    int attr = cc->nargs > 1 && !strcmp(cc->args[1]->str.s, "attr");
    const Value *s = cc->args[0];
    Buf b = BUF_INIT;
    if (attr) buf_addc(&b, '"');
    for (size_t i = 0; i < s->str.len; i++) {
        char ch = s->str.s[i];
        if (ch == '&') buf_adds(&b, "&amp;");
        else if (ch == '<') buf_adds(&b, "&lt;");
        else if (ch == '>') buf_adds(&b, "&gt;");
        else if (ch == '"' && attr) buf_adds(&b, "&quot;");
        else buf_addc(&b, ch);
    }
    if (attr) buf_addc(&b, '"');
    Value *r = val_str(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return r;
}

/* ---- seeded_rand, seeded_rand_string, fqdn_rand_string ---- */

/* Random.new(n) for the big-endian integer in bytes[0..len) (a multiple
 * of 4), as mt_seed_bignum does for 16 bytes. */
static void mt_seed_bytes(Mt *m, const unsigned char *bytes, size_t len)
{
    uint32_t key[16];
    int words = (int)(len / 4);
    for (int w = 0; w < words; w++) {
        const unsigned char *p = bytes + len - 4 - 4 * (size_t)w;
        key[w] = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
    }
    int n = words;
    while (n > 1 && !key[n - 1]) n--;
    if (n > 1 && key[n - 1] == 1) n--;
    if (n <= 1) mt_init(m, key[0]);
    else mt_init_by_array(m, key, n);
}

/* seeded_rand(max, seed) - Random.new(MD5 of seed).rand(max). */
Value *f_seeded_rand(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 2) ev_fail(cc, "seeded_rand(): Wrong number of arguments given (%zu for 2)", cc->nargs);
    Value *max = cc->args[0], *seed = cc->args[1];
    int is_int = max->kind == V_INT || (max->kind == V_STR && rb_matches("^-?(?:(?:[1-9]\\d*)|0)$", max->str.s, max->str.len));
    if (!is_int || rb_to_i(cc, max) <= 0) ev_fail(cc, "seeded_rand(): first argument must be a positive integer");
    if (seed->kind != V_STR) ev_fail(cc, "seeded_rand(): second argument must be a string");
    unsigned char d[16];
    md5(seed->str.s, seed->str.len, d);
    Mt *m = ARENA_NEW(A, Mt);
    mt_seed_bignum(m, d);
    return val_int(A, (int64_t)mt_limited(m, (uint64_t)rb_to_i(cc, max) - 1));
}

/* The characters of s, each a string. */
static Value **utf8_chars(CallCtx *cc, const char *s, size_t len, size_t *n)
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

/* seeded_rand_string(length, seed [, charset]) - Random.new(SHA-256 of
 * seed) picking length characters of charset. */
Value *f_seeded_rand_string(CallCtx *cc)
{
    static const char sig[] = "Integer[1] length, String seed, String[2] charset?";
    check_count(cc, "seeded_rand_string", 2, 3);
    check_param(cc, "seeded_rand_string", "length", "Integer[1]", sig, 0);
    check_param(cc, "seeded_rand_string", "seed", "String", sig, 1);
    check_param(cc, "seeded_rand_string", "charset", "String[2]", sig, 2);
    const char *cs = cc->nargs > 2 ? cc->args[2]->str.s : "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    size_t n;
    Value **chars = utf8_chars(cc, cs, strlen(cs), &n);
    unsigned char d[32];
    Sha256 h;
    sha256_init(&h);
    sha256_update(&h, cc->args[1]->str.s, cc->args[1]->str.len);
    sha256_final(&h, d);
    Mt *m = ARENA_NEW(A, Mt);
    mt_seed_bytes(m, d, 32);
    Buf b = BUF_INIT;
    for (int64_t i = 0; i < cc->args[0]->i; i++) {
        const Value *ch = chars[mt_limited(m, (uint64_t)n - 1)];
        buf_add(&b, ch->str.s, ch->str.len);
    }
    Value *r = val_str(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return r;
}

/* fqdn_rand_string(length [, charset [, seed...]]) - each character
 * charset[fqdn_rand(charset.size, "<seeds>:<position>")]. */
Value *f_fqdn_rand_string(CallCtx *cc)
{
    v3_args(cc);
    if (!cc->nargs) ev_fail(cc, "fqdn_rand_string(): Wrong number of arguments given (0 for minimum 1)");   /* arity -2 */
    Value *len = cc->args[0], *cs = cc->nargs > 1 ? cc->args[1] : VAL_UNDEF;
    int is_int = len->kind == V_INT || (len->kind == V_STR && rb_matches("^-?(?:(?:[1-9]\\d*)|0)$", len->str.s, len->str.len));
    if (!is_int || rb_to_i(cc, len) <= 0) ev_fail(cc, "fqdn_rand_string(): first argument must be a positive integer");
    if (cs->kind != V_UNDEF && cs->kind != V_STR) ev_fail(cc, "fqdn_rand_string(): second argument must be undef or a string");
    const char *set = cs->kind == V_STR && cs->str.len ? cs->str.s : "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    size_t n;
    Value **chars = utf8_chars(cc, set, strlen(set), &n);
    Buf b = BUF_INIT;
    for (int64_t i = 1; i <= rb_to_i(cc, len); i++) {
        Buf seed = BUF_INIT;
        for (size_t k = 2; k < cc->nargs; k++) buf_adds(&seed, rb_to_s(cc, cc->args[k])), buf_addc(&seed, ':');
        buf_printf(&seed, "%lld", (long long)i);
        Value *args[2] = {val_int(A, (int64_t)n), val_str(A, buf_cstr(&seed), seed.len)};
        buf_free(&seed);
        CallCtx sub = *cc;
        sub.args = args, sub.nargs = 2;
        const Value *ch = chars[f_fqdn_rand(&sub)->i];
        buf_add(&b, ch->str.s, ch->str.len);
    }
    Value *r = val_str(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return r;
}

/* ---- strings and collections: dos2unix, unix2dos, reverse, swapcase,
 * squeeze, regexpescape, delete_values, delete_regex ---- */

/* dos2unix(s): CRLF to LF; unix2dos(s): any run of CRs before an LF, or
 * none, to CRLF. */
static Value *line_ends(CallCtx *cc, const char *fn, int to_dos)
{
    v3_args(cc);
    if (cc->nargs != 1) ev_fail(cc, "%s(): Wrong number of arguments given (%zu for 1)", fn, cc->nargs);
    Value *v = cc->args[0];
    if (v->kind != V_STR) ev_fail(cc, "%s(): Requires string as argument", fn);
    Buf b = BUF_INIT;
    const char *s = v->str.s, *e = s + v->str.len;
    for (const char *p = s; p < e; p++) {
        if (to_dos && *p == '\r') {
            const char *q = p;
            while (q < e && *q == '\r') q++;
            if (q < e && *q == '\n') {
                buf_adds(&b, "\r\n");
                p = q;
                continue;
            }
            buf_add(&b, p, (size_t)(q - p));
            p = q - 1;
        } else if (to_dos && *p == '\n') {
            buf_adds(&b, "\r\n");
        } else if (!to_dos && *p == '\r' && p + 1 < e && p[1] == '\n') {
            buf_addc(&b, '\n');
            p++;
        } else {
            buf_addc(&b, *p);
        }
    }
    Value *r = val_str(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return r;
}

Value *f_dos2unix(CallCtx *cc) { return line_ends(cc, "dos2unix", 0); }
Value *f_unix2dos(CallCtx *cc) { return line_ends(cc, "unix2dos", 1); }

/* reverse(array | string) */
Value *f_reverse(CallCtx *cc)
{
    v3_args(cc);
    if (!cc->nargs) ev_fail(cc, "reverse(): Wrong number of arguments given (0 for 1)");
    Value *v = cc->args[0];
    if (v->kind != V_ARRAY && v->kind != V_STR) ev_fail(cc, "reverse(): Requires either array or string to work with");
    size_t n;
    Value **items = v->kind == V_ARRAY ? (n = v->arr.n, v->arr.items) : utf8_chars(cc, v->str.s, v->str.len, &n);
    Value **out = ARENA_NEWN(A, Value *, n ? n : 1);
    for (size_t i = 0; i < n; i++) out[i] = items[n - 1 - i];
    if (v->kind == V_ARRAY) return val_array(A, out, n);
    Buf b = BUF_INIT;
    for (size_t i = 0; i < n; i++) buf_add(&b, out[i]->str.s, out[i]->str.len);
    Value *r = val_str(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return r;
}

/* String#swapcase for ASCII letters (Ruby swaps Unicode case too). */
static Value *rb_swapcase(CallCtx *cc, const Value *v)
{
    char *s = arena_strndup(A, v->str.s, v->str.len);
    for (size_t i = 0; i < v->str.len; i++)
        if (isupper((unsigned char)s[i])) s[i] = (char)tolower((unsigned char)s[i]);
        else if (islower((unsigned char)s[i])) s[i] = (char)toupper((unsigned char)s[i]);
    return val_str(A, s, v->str.len);
}

/* Regexp.escape: \ before the characters special in a regexp; blanks as
 * \n \t \r \f \v and "\\ ". */
static Value *rb_regexp_escape(CallCtx *cc, const Value *v)
{
    Buf b = BUF_INIT;
    for (size_t i = 0; i < v->str.len; i++) {
        char ch = v->str.s[i];
        switch (ch) {
        case '\n': buf_adds(&b, "\\n"); break;
        case '\t': buf_adds(&b, "\\t"); break;
        case '\r': buf_adds(&b, "\\r"); break;
        case '\f': buf_adds(&b, "\\f"); break;
        case '\v': buf_adds(&b, "\\v"); break;
        case ' ': buf_adds(&b, "\\ "); break;
        default:
            if (strchr("[]{}()|-*.\\?+^$#", ch) && ch) buf_addc(&b, '\\');
            buf_addc(&b, ch);
        }
    }
    Value *r = val_str(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return r;
}

/* swapcase(v) and regexpescape(v): a string, or an array's strings. */
static Value *map_strings(CallCtx *cc, const char *fn, Value *(*f)(CallCtx *, const Value *))
{
    v3_args(cc);
    if (!cc->nargs) ev_fail(cc, "%s(): Wrong number of arguments given (0 for 1)", fn);
    Value *v = cc->args[0];
    if (v->kind == V_STR) return f(cc, v);
    if (v->kind != V_ARRAY) ev_fail(cc, "%s(): Requires either array or string to work with", fn);
    Value **out = ARENA_NEWN(A, Value *, v->arr.n ? v->arr.n : 1);
    for (size_t i = 0; i < v->arr.n; i++) out[i] = v->arr.items[i]->kind == V_STR ? f(cc, v->arr.items[i]) : v->arr.items[i];
    return val_array(A, out, v->arr.n);
}

Value *f_swapcase(CallCtx *cc) { return map_strings(cc, "swapcase", rb_swapcase); }
Value *f_regexpescape(CallCtx *cc) { return map_strings(cc, "regexpescape", rb_regexp_escape); }

/* String#squeeze([set]): runs of one character (of set) become one. */
static Value *rb_squeeze(CallCtx *cc, const Value *v, const Value *set)
{
    if (v->kind != V_STR) fail_no_method(cc, "squeeze", v);
    if (set && set->kind != V_STR) ev_fail(cc, "no implicit conversion of %s into String", rv_class(A, set, RV_FN3));
    Buf b = BUF_INIT;
    for (size_t i = 0; i < v->str.len; i++) {
        char ch = v->str.s[i];
        if (b.len && b.s[b.len - 1] == ch && (!set || memchr(set->str.s, ch, set->str.len))) continue;
        buf_addc(&b, ch);
    }
    Value *r = val_str(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return r;
}

/* squeeze(string | array [, set]) */
Value *f_squeeze(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 1 && cc->nargs != 2) ev_fail(cc, "squeeze(): Wrong number of arguments given %zu for 2 or 1", cc->nargs);
    Value *v = cc->args[0], *set = cc->nargs > 1 && val_truthy(cc->args[1]) ? cc->args[1] : NULL;
    if (v->kind != V_ARRAY) return rb_squeeze(cc, v, set);
    Value **out = ARENA_NEWN(A, Value *, v->arr.n ? v->arr.n : 1);
    for (size_t i = 0; i < v->arr.n; i++) out[i] = rb_squeeze(cc, v->arr.items[i], set);
    return val_array(A, out, v->arr.n);
}

/* delete_values(hash, value) - the entries whose value is not == value. */
Value *f_delete_values(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 2) ev_fail(cc, "delete_values(): Wrong number of arguments given (%zu of 2)", cc->nargs);
    Value *h = cc->args[0];
    if (h->kind != V_HASH)
        ev_fail(cc, "delete_values(): First argument must be a Hash. Given an argument of class %s.", rv_class(A, h, RV_FN3));
    ValVec ks = VV_ARENA(A), vs = VV_ARENA(A);
    for (size_t i = 0; i < h->hash.n; i++)
        if (!rb_equal(cc->args[1], h->hash.vals[i], 0)) vv_push(&ks, h->hash.keys[i]), vv_push(&vs, h->hash.vals[i]);
    return hash_of(cc, &ks, &vs);
}

/* ---- is_function_available ---- */

/* is_function_available(name) - whether Puppet's 3.x function loader
 * finds name: one of Puppet's own 3.x functions, one of stdlib's (built
 * in here), or a module's lib/puppet/parser/functions/NAME.rb on the
 * modulepath; 4.x and Puppet-language functions do not count. */
Value *f_is_function_available(CallCtx *cc)
{
    static const char *const core[] = {
    "alert", "assert_type", "binary_file", "break", "contain", "create_resources", "crit", "debug", "defined",
    "dig", "digest", "each", "emerg", "epp", "err", "fail", "file", "filter", "find_file", "fqdn_rand",
    "generate", "hiera", "hiera_array", "hiera_hash", "hiera_include", "include", "info", "inline_epp",
    "inline_template", "lest", "lookup", "map", "match", "md5", "new", "next", "notice", "realize", "reduce",
    "regsubst", "require", "return", "reverse_each", "scanf", "sha1", "sha256", "shellquote", "slice", "split",
    "sprintf", "step", "strftime", "tag", "tagged", "template", "then", "type", "versioncmp", "warning",
    "with",
    };
    v3_args(cc);
    if (cc->nargs != 1) ev_fail(cc, "is_function_available?(): Wrong number of arguments given %zu for 1", cc->nargs);
    Value *v = cc->args[0];
    if (v->kind != V_STR || strlen(v->str.s) != v->str.len || !v->str.len) return VAL_FALSE;
    const char *name = v->str.s;
    /* stdlib's functions that have no 3.x version */
    static const char *const only4[] = {"fact", "is_a", "os_version_gte", "seeded_rand_string", "shell_escape", "to_json",
                                        "to_json_pretty", "to_yaml", "type_of", "validate_legacy"};
    for (size_t i = 0; i < ARRAY_LEN(core); i++)
        if (!strcmp(core[i], name)) return VAL_TRUE;
    int builtin = fn_find(name) && fn_find(name)->origin == FN_STDLIB;   /* stdlib's own, built in here */
    for (size_t i = 0; i < ARRAY_LEN(only4); i++)
        if (!strcmp(only4[i], name)) builtin = 0;
    if (builtin && !strchr(name, ':')) return VAL_TRUE;
    if (strchr(name, '/') || strchr(name, '*') || strchr(name, '?') || strchr(name, '[')) return VAL_FALSE;
    for (size_t i = 0; i < cc->c->nmodulepath; i++) {
        glob_t g;
        const char *pat = arena_printf(A, "%s/*/lib/puppet/parser/functions/%s.rb", cc->c->modulepath[i], name);
        int found = glob(pat, 0, NULL, &g) == 0 && g.gl_pathc > 0;
        globfree(&g);
        if (found) return VAL_TRUE;
    }
    return VAL_FALSE;
}

/* ---- reject, clamp, convert_base, to_bytes ---- */

/* reject(array, pattern) - the elements that do not match
 * Regexp.new(pattern) (only strings can match). */
Value *f_reject(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 2) ev_fail(cc, "reject(): Wrong number of arguments given %zu for 2", cc->nargs);
    Value *arr = cc->args[0], *pat = cc->args[1];
    if (pat->kind != V_STR) ev_fail(cc, "no implicit conversion of %s into String", rv_class(A, pat, RV_FN3));
    const char *err = NULL;
    Regex *re = re_get(pat->str.s, &err);
    if (!re) ev_fail(cc, "%s", err ? err : "invalid regular expression");
    if (arr->kind != V_ARRAY) fail_no_method(cc, "reject", arr);
    ValVec out = VV_ARENA(A);
    for (size_t i = 0; i < arr->arr.n; i++) {
        Value *x = arr->arr.items[i];
        int caps[2], ncap = 1;
        if (!(x->kind == V_STR && re_search(re, x->str.s, x->str.len, 0, caps, &ncap))) vv_push(&out, x);
    }
    return vv_array(cc, &out);
}

/* clamp(min, value, max) in any order (arrays flattened) - the middle
 * one once all are to_i'd; strings must be digits. */
Value *f_clamp(CallCtx *cc)
{
    v3_args(cc);
    ValVec all = VV_ARENA(A);
    for (size_t i = 0; i < cc->nargs; i++) flatten_into(&all, cc->args[i]);
    size_t n = all.n;
    Value *v[3] = {n > 0 ? all.v[0] : NULL, n > 1 ? all.v[1] : NULL, n > 2 ? all.v[2] : NULL};
    vv_free(&all);
    if (n != 3) ev_fail(cc, "clamp(): Wrong number of arguments, need three to clamp");
    for (int i = 0; i < 3; i++) {
        if (v[i]->kind == V_STR && !rb_matches("^\\d+$", v[i]->str.s, v[i]->str.len))
            ev_fail(cc, "clamp(): Required explicit numeric (%s:String)", v[i]->str.s);
        if (v[i]->kind == V_HASH) ev_fail(cc, "clamp(): The Hash type is not allowed (%s)", rb_to_s(cc, v[i]));
    }
    int64_t x[3];
    for (int i = 0; i < 3; i++) x[i] = rb_to_i(cc, v[i]);
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2 - i; j++)
            if (x[j] > x[j + 1]) {
                int64_t t = x[j];
                x[j] = x[j + 1], x[j + 1] = t;
            }
    return val_int(A, x[1]);
}

/* convert_base(number, base) - Integer#to_s(base) of a base-10 number. */
Value *f_convert_base(CallCtx *cc)
{
    v3_args(cc);
    Value **a = cc->args;
    if (cc->nargs < 1 || (a[0]->kind != V_INT && a[0]->kind != V_STR))
        ev_fail(cc, "convert_base(): First argument must be either a string or an integer");
    if (cc->nargs < 2 || (a[1]->kind != V_INT && a[1]->kind != V_STR))
        ev_fail(cc, "convert_base(): Second argument must be either a string or an integer");
    for (int i = 0; i < 2; i++)
        if (a[i]->kind == V_STR && !rb_matches("^[0-9]+$", a[i]->str.s, a[i]->str.len))
            ev_fail(cc, "convert_base(): First argument must be an integer or a string corresponding to an integer in base 10");
    int64_t num = rb_to_i(cc, a[0]), base = rb_to_i(cc, a[1]);
    if (base < 2 || base > 36) ev_fail(cc, "convert_base(): base must be at least 2 and must not be greater than 36");
    char buf[72], *p = buf + sizeof buf - 1;
    *p = 0;
    uint64_t u = num < 0 ? -(uint64_t)num : (uint64_t)num;
    do *--p = "0123456789abcdefghijklmnopqrstuvwxyz"[u % (uint64_t)base]; while (u /= (uint64_t)base);
    if (num < 0) *--p = '-';
    return val_cstr(A, p);
}

/* to_bytes(v) - a number as it is; "<number> <prefix>" (k M G T P E,
 * powers of 1024; a trailing b or B ignored) to an Integer. */
Value *f_to_bytes(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 1) ev_fail(cc, "to_bytes(): Wrong number of arguments given (%zu for 1)", cc->nargs);
    Value *v = cc->args[0];
    if (is_num(v)) return v;
    if (v->kind != V_STR) ev_fail(cc, "no implicit conversion of %s into String", v->kind == V_BOOL ? (v->b ? "true" : "false") : rv_class(A, v, RV_FN3));
    const char *s = v->str.s, *p = s;
    while (*p && strchr("0123456789.e+-", *p)) p++;
    const char *num = arena_strndup(A, s, (size_t)(p - s));
    while (*p == ' ' || (*p >= '\t' && *p <= '\r')) p++;
    char prefix = *p && *p != 'b' && *p != 'B' ? *p : 0;
    double d = rb_str_to_f(num);
    static const char units[] = "kMGTPE";
    int shift = 0;
    if (prefix) {
        const char *u = strchr(units, prefix);
        if (!u) ev_fail(cc, "to_bytes(): Unknown prefix %s", arena_strndup(A, p, utf8_prefix(p, strlen(p), 1)));
        shift = 10 * (int)(u - units + 1);
    }
    double r = ldexp(d, shift);
    if (!isfinite(r)) ev_fail(cc, "%s", isnan(r) ? "NaN" : r < 0 ? "-Infinity" : "Infinity");
    if (r >= 9.2233720368547758e18 || r < -9.2233720368547758e18) return val_float(A, trunc(r));   /* a Bignum in Ruby */
    return val_int(A, (int64_t)r);
}

/* ---- shell_split, batch_escape, powershell_escape ---- */

/* shell_split(s) - Shellwords.shellsplit of s.to_s: words split on blanks,
 * with '...', "..." (backslash escapes only $ ` " \ and newline) and \x. */
Value *f_shell_split(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 1) ev_fail(cc, "shell_split(): Wrong number of arguments given (%zu for 1)", cc->nargs);
    const char *line = rb_to_s(cc, cc->args[0]), *p = line;
    ValVec words = VV_ARENA(A);
    Buf field = BUF_INIT;
    int have = 0;
    for (;;) {
        while (isspace((unsigned char)*p)) p++;
        if (!*p) break;
        if (*p == '\'') {
            const char *e = strchr(p + 1, '\'');
            if (!e) goto unmatched;
            buf_add(&field, p + 1, (size_t)(e - p - 1));
            p = e + 1;
        } else if (*p == '"') {
            const char *q = p + 1;
            Buf t = BUF_INIT;
            while (*q && *q != '"') {
                if (*q == '\\' && q[1]) {
                    if (!strchr("$`\"\\\n", q[1])) buf_addc(&t, '\\');
                    buf_addc(&t, q[1]);
                    q += 2;
                } else {
                    buf_addc(&t, *q++);
                }
            }
            if (!*q) {
                buf_free(&t);
                goto unmatched;
            }
            buf_add(&field, t.s ? t.s : "", t.len);
            buf_free(&t);
            p = q + 1;
        } else if (*p == '\\') {
            if (p[1]) buf_addc(&field, p[1]), p += 2;
            else buf_addc(&field, '\\'), p++;               /* a lone \ at the end stays */
        } else {
            while (*p && !isspace((unsigned char)*p) && !strchr("\\'\"", *p)) buf_addc(&field, *p++);
        }
        have = 1;
        if (!*p || isspace((unsigned char)*p)) {
            vv_push(&words, val_str(A, buf_cstr(&field), field.len));
            field.len = 0;
            have = 0;
        }
    }
    (void)have;
    buf_free(&field);
    return vv_array(cc, &words);
unmatched:
    buf_free(&field);
    vv_free(&words);
    ev_fail(cc, "Unmatched quote: %s", rb_inspect(cc, val_cstr(A, line)));
}

/* batch_escape(v) - v.to_s in double quotes for cmd.exe: " doubled, $
 * and \ backslashed. */
Value *f_batch_escape(CallCtx *cc)
{
    check_count(cc, "batch_escape", 1, 1);
    const char *s = rb_to_s(cc, cc->args[0]);
    Buf b = BUF_INIT;
    buf_addc(&b, '"');
    for (; *s; s++) {
        if (*s == '"') buf_adds(&b, "\"\"");
        else if (*s == '$' || *s == '\\') buf_addc(&b, '\\'), buf_addc(&b, *s);
        else buf_addc(&b, *s);
    }
    buf_addc(&b, '"');
    Value *r = val_str(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return r;
}

/* powershell_escape(v) - v.to_s with a backtick before space ' ` | $ and
 * newline, and \` before ". */
Value *f_powershell_escape(CallCtx *cc)
{
    check_count(cc, "powershell_escape", 1, 1);
    const char *s = rb_to_s(cc, cc->args[0]);
    Buf b = BUF_INIT;
    for (; *s; s++) {
        if (strchr(" '`|\n$", *s)) buf_addc(&b, '`'), buf_addc(&b, *s);
        else if (*s == '"') buf_adds(&b, "\\`\"");
        else buf_addc(&b, *s);
    }
    Value *r = val_str(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return r;
}

/* ---- validate_domain_name, validate_email_address ---- */

static const char *check_by(CallCtx *cc, Value **a, size_t n, const char *fn, Value *(*is)(CallCtx *), const char *what)
{
    if (!n) return arena_printf(A, "%s(): wrong number of arguments (0; must be > 0)", fn);
    for (size_t i = 0; i < n; i++) {
        if (a[i]->kind != V_STR) return arena_printf(A, "%s is not a string.", raw_inspect_s(cc, a[i]));
        CallCtx sub = *cc;
        sub.args = &a[i], sub.nargs = 1;
        if (!is(&sub)->b) return arena_printf(A, "%s %s", raw_inspect_s(cc, a[i]), what);
    }
    return NULL;
}

Value *f_validate_domain_name(CallCtx *cc)
{
    v3_args(cc);
    const char *msg = check_by(cc, cc->args, cc->nargs, "validate_domain_name", f_is_domain_name, "is not a syntactically correct domain name");
    if (msg) ev_fail(cc, "%s", msg);
    return VAL_UNDEF;
}

Value *f_validate_email_address(CallCtx *cc)
{
    v3_args(cc);
    const char *msg = check_by(cc, cc->args, cc->nargs, "validate_email_address", f_is_email_address, "is not a valid email address");
    if (msg) ev_fail(cc, "%s", msg);
    return VAL_UNDEF;
}

/* ---- has_interface_with, has_ip_address, has_ip_network ---- */

/* A top-scope variable (a legacy fact) by name, or NULL. */
static Value *top_var(CallCtx *cc, const char *name)
{
    Value *v = scope_find(cc->c, cc->scope, arena_printf(A, "::%s", name), NULL);
    return v && v->kind != V_UNDEF ? v : NULL;
}

/* has_interface_with(name) or (kind, value): the interfaces fact names
 * the interface, or the fact kind (or kind_<interface> of one) is value. */
static Value *has_interface_with(CallCtx *cc, Value **a, size_t n)
{
    Value *ifs = top_var(cc, "interfaces");
    if (!ifs) return VAL_FALSE;
    const char *list = rb_to_s(cc, ifs);
    if (n == 1) {
        for (const char *p = list; *p;) {
            const char *e = strchr(p, ',');
            size_t l = e ? (size_t)(e - p) : strlen(p);
            if (a[0]->kind == V_STR && a[0]->str.len == l && !memcmp(p, a[0]->str.s, l)) return VAL_TRUE;
            if (!e) break;
            p = e + 1;
        }
        return VAL_FALSE;
    }
    const char *kind = rb_to_s(cc, a[0]);
    Value *fv = top_var(cc, kind);
    if (fv && rb_equal(fv, a[1], 0)) return VAL_TRUE;
    for (const char *p = list; *p;) {
        const char *e = strchr(p, ',');
        size_t l = e ? (size_t)(e - p) : strlen(p);
        char *iface = arena_strndup(A, p, l);
        for (char *q = iface; *q; q++) *q = (char)tolower((unsigned char)*q);
        fv = top_var(cc, arena_printf(A, "%s_%s", kind, iface));
        if (fv && rb_equal(a[1], fv, 0)) return VAL_TRUE;
        if (!e) break;
        p = e + 1;
    }
    return VAL_FALSE;
}

Value *f_has_interface_with(CallCtx *cc)
{
    v3_args(cc);
    if (!cc->nargs || cc->nargs > 2)
        ev_fail(cc, "has_interface_with(): Wrong number of arguments given (%zu for 1 or 2)", cc->nargs);
    return has_interface_with(cc, cc->args, cc->nargs);
}

static Value *has_fact_value(CallCtx *cc, const char *fn, const char *kind)
{
    v3_args(cc);
    if (cc->nargs != 1) ev_fail(cc, "%s(): Wrong number of arguments given (%zu for 1)", fn, cc->nargs);
    Value *a[2] = {val_cstr(A, kind), cc->args[0]};
    return has_interface_with(cc, a, 2);
}

Value *f_has_ip_address(CallCtx *cc) { return has_fact_value(cc, "has_ip_address", "ipaddress"); }
Value *f_has_ip_network(CallCtx *cc) { return has_fact_value(cc, "has_ip_network", "network"); }

/* ---- stdlib::ip_in_range, stdlib::str2resource, private ---- */

/* stdlib::ip_in_range(ip, range | [ranges]) - IPAddr#include?. */
Value *f_ip_in_range(CallCtx *cc)
{
    static const char sig[] = "String ipaddress, Variant[String, Array] range";
    check_count(cc, "stdlib::ip_in_range", 2, 2);
    check_param(cc, "stdlib::ip_in_range", "ipaddress", "String", sig, 0);
    check_param(cc, "stdlib::ip_in_range", "range", "Variant[String, Array]", sig, 1);
    int v6, r6;
    U128 addr, mask, raddr, rmask;
    char zone[256];
    const Value *ip = cc->args[0], *rg = cc->args[1];
    if (!ipaddr_parse(ip->str.s, 0, &v6, &addr, &mask, zone)) ev_fail(cc, "invalid address: %s", ip->str.s);
    const Value *const *items = rg->kind == V_ARRAY ? (const Value *const *)rg->arr.items : &rg;
    size_t n = rg->kind == V_ARRAY ? rg->arr.n : 1;
    int hit = 0;
    for (size_t i = 0; i < n; i++) {
        const Value *r = items[i];
        if (r->kind != V_STR || !ipaddr_parse(r->str.s, 0, &r6, &raddr, &rmask, zone))
            ev_fail(cc, "invalid address: %s", rb_to_s(cc, r));
        if (!hit && r6 == v6 && (addr & rmask) == raddr) hit = 1;
    }
    return val_bool(hit);
}

/* stdlib::str2resource('Type[title]') - the reference to a resource
 * declared already. */
Value *f_str2resource(CallCtx *cc)
{
    check_count(cc, "stdlib::str2resource", 1, 1);
    check_param(cc, "stdlib::str2resource", "res_string", "String", "String res_string", 0);
    const char *type, *title;
    if (!split_ref(cc->args[0]->str.s, &type, &title, A))
        ev_fail(cc, "No title provided and %s is not a valid resource reference", rb_inspect(cc, cc->args[0]));
    const char *ctype = cat_capitalize_type(A, type);
    Value *ref = ev_resref(cc->c, ctype, title);
    if (!res_find_ref(cc->c, ref))
        ev_fail(cc, "stdlib::str2resource(): could not find %s[%s], this is parse order dependent and values should not be quoted",
                ctype, title);
    return ref;
}

/* private([message]) - the deprecated assert_private. */
Value *f_private(CallCtx *cc)
{
    v3_args(cc);
    ev_log(cc, "Warning",
           "private() DEPRECATED: This function will cease to function on Puppet 4; please use assert_private() before "
           "upgrading to puppet 4 for backwards-compatibility, or migrate to the new parser's typing system.");
    CallCtx sub = *cc;
    sub.nargs = cc->nargs ? 1 : 0;
    return f_assert_private(&sub);
}

/* ---- loadyaml, loadjson, load_module_metadata ---- */

/* The text of a file, or NULL (a warning logged) when there is none. */
static const char *read_data_file(CallCtx *cc, const char *path, size_t *len)
{
    struct stat st;
    if (stat(path, &st)) {
        ev_log(cc, "Warning", arena_printf(A, "Can't load '%s' File does not exist!", path));
        return NULL;
    }
    SrcFile *f = diag_file_read(path);
    if (!f) return NULL;
    char *text = arena_strndup(A, f->text, f->len);
    *len = f->len;
    diag_file_free(f);
    return text;
}

/* loadyaml(path [, default]) / loadjson(path [, default]): a local file's
 * data (http and https sources are not fetched: the default); the default
 * for a missing file, an empty or false document, or an error. */
static Value *load_data(CallCtx *cc, int json)
{
    v3_args(cc);
    if (!cc->nargs) ev_fail(cc, "%s(): Wrong number of arguments given (0 for minimum 1)", json ? "loadjson" : "loadyaml");
    Value *dflt = cc->nargs > 1 ? cc->args[1] : VAL_UNDEF, *p = cc->args[0];
    if (p->kind != V_STR) fail_no_method(cc, "start_with?", p);
    if (!strncmp(p->str.s, "http://", 7) || !strncmp(p->str.s, "https://", 8)) {
        if (!val_truthy(dflt)) ev_fail(cc, "%s: fetching data over the network is not supported", p->str.s);
        return dflt;
    }
    size_t len = 0;
    const char *text = read_data_file(cc, p->str.s, &len);
    if (!text) return dflt;
    const char *msg = NULL;
    Value *v = NULL;
    if (json) v = json_parse_rb(cc, val_str(A, text, len), &msg);
    else if (!hiera_parse_yaml(cc->c, p->str.s, text, len, &v, &msg)) v = NULL;
    const char *nul = v && !msg ? cmp_nul_path(cc->c, v) : NULL;
    if (nul) ev_fail(cc, CMP_NUL_MSG " (at %s in %s, read by %s())", *nul ? nul : "the top", p->str.s, json ? "loadjson" : "loadyaml");
    if (msg) {
        if (!strncmp(msg, "(", 1) && strstr(msg, "): Tried to load")) msg = strstr(msg, "): Tried") + 3;
        if (!val_truthy(dflt)) ev_fail(cc, "%s", msg);
        return dflt;
    }
    return v && val_truthy(v) ? v : dflt;
}

Value *f_loadyaml(CallCtx *cc) { return load_data(cc, 0); }
Value *f_loadjson(CallCtx *cc) { return load_data(cc, 1); }

/* load_module_metadata(module [, allow_empty]) - its metadata.json. */
Value *f_load_module_metadata(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 1 && cc->nargs != 2) ev_fail(cc, "load_module_metadata(): Wrong number of arguments, expects one or two");
    CallCtx sub = *cc;
    sub.nargs = 1;
    const char *dir = f_get_module_path(&sub)->str.s;
    const char *path = arena_printf(A, "%s/metadata.json", dir);
    SrcFile *f = diag_file_read(path);
    if (!f) {
        if (!(cc->nargs > 1 && val_truthy(cc->args[1])))
            ev_fail(cc, "load_module_metadata(): No metadata.json file for module %s", rb_to_s(cc, cc->args[0]));
        return val_hash(A, NULL, NULL, 0);
    }
    Value *text = val_str(A, f->text, f->len);
    diag_file_free(f);
    const char *msg = NULL;
    Value *v = json_parse_rb(cc, text, &msg);
    if (!v) ev_fail(cc, "%s", msg ? msg : "invalid metadata.json");
    return v;
}

/* ---- fqdn_uuid ---- */

/* fqdn_uuid(name) - the RFC 4122 version 5 UUID of name in the DNS
 * namespace. */
Value *f_fqdn_uuid(CallCtx *cc)
{
    v3_args(cc);
    if (!cc->nargs) ev_fail(cc, "fqdn_uuid: No arguments given");
    if (cc->nargs != 1) ev_fail(cc, "fqdn_uuid: Too many arguments given (%zu)", cc->nargs);
    Value *v = cc->args[0];
    if (v->kind != V_STR)
        ev_fail(cc, "no implicit conversion of %s into String", v->kind == V_BOOL ? (v->b ? "true" : "false") : rv_class(A, v, RV_FN3));
    static const unsigned char dns_ns[16] = {0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1,
                                             0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8};
    Sha1 h;
    unsigned char d[20];
    sha1_init(&h);
    sha1_update(&h, dns_ns, sizeof dns_ns);
    sha1_update(&h, v->str.s, v->str.len);
    sha1_final(&h, d);
    d[6] = (unsigned char)((d[6] & 0x0f) | 0x50);
    d[8] = (unsigned char)((d[8] & 0x3f) | 0x80);
    char out[37], *o = out;
    for (int i = 0; i < 16; i++) {
        if (i == 4 || i == 6 || i == 8 || i == 10) *o++ = '-';
        o += snprintf(o, 3, "%02x", d[i]);
    }
    return val_str(A, out, 36);
}

/* ---- type3x, sprintf_hash ---- */

/* type3x(v) - the deprecated 3.x type name: 'string' (or 'integer' /
 * 'float' for a string that is its own to_i / to_f), 'array', 'hash',
 * 'integer', 'float', 'boolean'. */
Value *f_type3x(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 1) ev_fail(cc, "type3x(): Wrong number of arguments given (%zu for 1)", cc->nargs);
    Value *v = cc->args[0];
    switch (v->kind) {
    case V_BOOL: return val_cstr(A, "boolean");
    case V_INT: return val_cstr(A, "integer");
    case V_FLOAT: return val_cstr(A, "float");
    case V_ARRAY: return val_cstr(A, "array");
    case V_HASH: return val_cstr(A, "hash");
    case V_STR:
        if (strlen(v->str.s) == v->str.len) {
            if (!strcmp(v->str.s, arena_printf(A, "%lld", (long long)rb_str_to_i(v->str.s)))) return val_cstr(A, "integer");
            if (!strcmp(v->str.s, rb_float_s(cc, rb_str_to_f(v->str.s)))) return val_cstr(A, "float");
        }
        return val_cstr(A, "string");
    default: ev_fail(cc, "type3x(): Unknown type");
    }
}

/* sprintf_hash(format, hash) - the deprecated sprintf with named
 * references (%<name>s), which Puppet's sprintf does itself. */
Value *f_sprintf_hash(CallCtx *cc)
{
    static const char sig[] = "String format, Hash arguments";
    check_count(cc, "sprintf_hash", 2, 2);
    check_param(cc, "sprintf_hash", "format", "String", sig, 0);
    check_param(cc, "sprintf_hash", "arguments", "Hash", sig, 1);
    return ev_call_function(cc->c, cc->scope, cc->call, "sprintf", cc->args, 2, NULL);
}

/* ---- stdlib::ensure ---- */

/* stdlib::ensure(ensure, resource) - stdlib's Puppet-language function:
 * true/'present' and false/'absent' as the ensure value of a resource
 * kind ('package': installed/absent, 'service': running/stopped, others
 * the kind itself or 'absent'). */
Value *f_stdlib_ensure(CallCtx *cc)
{
    static const char sig[] = "Variant[Boolean, Enum['absent', 'present']] ensure, "
                              "Enum['directory', 'file', 'link', 'mounted', 'package', 'service'] resource";
    check_count(cc, "stdlib::ensure", 2, 2);
    check_param(cc, "stdlib::ensure", "ensure", "Variant[Boolean, Enum['present', 'absent']]", sig, 0);
    check_param(cc, "stdlib::ensure", "resource", "Enum['directory', 'link', 'mounted', 'service', 'file', 'package']", sig, 1);
    Value *e = cc->args[0];
    int present = e->kind == V_BOOL ? e->b : !strcmp(e->str.s, "present");
    const char *res = cc->args[1]->str.s;
    if (!strcmp(res, "package")) return val_cstr(A, present ? "installed" : "absent");
    if (!strcmp(res, "service")) return val_cstr(A, present ? "running" : "stopped");
    return present ? cc->args[1] : val_cstr(A, "absent");
}

/* ---- glob ---- */

/* Ruby's sorted Dir.glob order: path by path component, bytewise. */
static int path_order(const void *a, const void *b)
{
    const char *x = *(const char *const *)a, *y = *(const char *const *)b;
    for (;;) {
        size_t lx = strcspn(x, "/"), ly = strcspn(y, "/");
        int r = memcmp(x, y, lx < ly ? lx : ly);
        if (r) return r;
        if (lx != ly) return lx < ly ? -1 : 1;
        if (!x[lx] || !y[ly]) return !x[lx] && !y[ly] ? 0 : !x[lx] ? -1 : 1;
        x += lx + 1, y += ly + 1;
    }
}

/* Ruby's brace expansion: "a{b,c{d,e}}f" becomes abf, acdf, acef, in
 * that order (a backslash escapes a brace). */
static void brace_expand(CallCtx *cc, const char *pat, ValVec *out)
{
    const char *open = NULL, *close = NULL;
    int depth = 0;
    for (const char *p = pat; *p; p++) {
        if (*p == '\\' && p[1]) p++;
        else if (*p == '{' && !depth++ && !open) open = p;
        else if (*p == '}' && depth && !--depth && open) {
            close = p;
            break;
        }
    }
    if (!close) {
        vv_push(out, val_cstr(A, pat));
        return;
    }
    const char *start = open + 1;
    depth = 0;
    for (const char *p = open + 1; p <= close; p++) {
        if (*p == '\\' && p < close) p++;
        else if (*p == '{') depth++;
        else if (*p == '}' && p < close) depth--;
        else if ((*p == ',' && !depth) || p == close) {
            brace_expand(cc, arena_printf(A, "%.*s%.*s%s", (int)(open - pat), pat, (int)(p - start), start, close + 1), out);
            start = p + 1;
        }
    }
}

/* glob(pattern | [patterns]) - Dir.glob: the paths that match (*, ?,
 * [...], {a,b}; not Ruby's recursive **), sorted, pattern by pattern. */
Value *f_glob(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 1) ev_fail(cc, "glob(): Wrong number of arguments given (%zu for 1)", cc->nargs);
    Value *v = cc->args[0];
    if (v->kind != V_STR && v->kind != V_ARRAY) ev_fail(cc, "glob(): Requires either array or string to work");
    Value **pats = v->kind == V_ARRAY ? v->arr.items : &v;
    size_t n = v->kind == V_ARRAY ? v->arr.n : 1;
    for (size_t i = 0; i < n; i++)
        if (pats[i]->kind != V_STR) ev_fail(cc, "no implicit conversion of %s into String", rv_class(A, pats[i], RV_FN3));
    ValVec out = VV_ARENA(A), expanded = VV_ARENA(A);
    for (size_t i = 0; i < n; i++) brace_expand(cc, pats[i]->str.s, &expanded);
    for (size_t i = 0; i < expanded.n; i++) {
        glob_t g;
        if (glob(expanded.v[i]->str.s, GLOB_NOSORT, NULL, &g) == 0) {
            const char **paths = ARENA_NEWN(A, const char *, g.gl_pathc);
            for (size_t k = 0; k < g.gl_pathc; k++) paths[k] = arena_strdup(A, g.gl_pathv[k]);
            qsort(paths, g.gl_pathc, sizeof *paths, path_order);
            for (size_t k = 0; k < g.gl_pathc; k++) vv_push(&out, val_cstr(A, paths[k]));
        }
        globfree(&g);
    }
    vv_free(&expanded);
    return vv_array(cc, &out);
}

/* ---- try_get_value ---- */

/* try_get_value(data, 'a/b/0' [, default [, separator]]) - the deprecated
 * walk that stdlib hands to dig44 (all-digit keys become Integers). */
Value *f_try_get_value(CallCtx *cc)
{
    v3_args(cc);
    ev_log(cc, "Warning", "try_get_value() DEPRECATED: this function is deprecated, please use dig() instead.");
    Value **a = cc->args;
    size_t n = cc->nargs;
    Value *data = n > 0 ? a[0] : VAL_UNDEF, *path = n > 1 && val_truthy(a[1]) ? a[1] : empty_str(cc);
    Value *dflt = n > 2 ? a[2] : VAL_UNDEF;
    if ((data->kind != V_HASH && data->kind != V_ARRAY) || is_empty_str(path)) return val_truthy(dflt) ? dflt : data;
    Value *sep = n > 3 && val_truthy(a[3]) ? a[3] : val_cstr(A, "/");
    if (path->kind != V_STR) fail_no_method(cc, "split", path);
    if (sep->kind != V_STR) ev_fail(cc, "wrong argument type %s (expected Regexp)", rv_class(A, sep, RV_FN3));
    /* String#split(sep): trailing empty fields dropped; a single space splits on blank runs */
    ValVec keys = VV_ARENA(A);
    const char *p = path->str.s, *end = p + path->str.len;
    int awk = sep->str.len == 1 && sep->str.s[0] == ' ';
    if (awk) while (p < end && isspace((unsigned char)*p)) p++;
    while (p < end) {
        const char *hit = awk ? p : sep->str.len ? memmem(p, (size_t)(end - p), sep->str.s, sep->str.len) : p + 1;
        if (awk) while (hit < end && !isspace((unsigned char)*hit)) hit++;
        if (!hit || hit > end) hit = end;
        Value *k = val_str(A, p, (size_t)(hit - p));
        if (has_digit_line(k->str.s, k->str.len)) k = val_int(A, rb_str_to_i(k->str.s));
        vv_push(&keys, k);
        if (hit == end) break;
        p = hit + (awk ? 0 : sep->str.len ? sep->str.len : 0);
        if (awk) while (p < end && isspace((unsigned char)*p)) p++;
    }
    while (keys.n && keys.v[keys.n - 1]->kind == V_STR && !keys.v[keys.n - 1]->str.len) keys.n--;
    ev_log(cc, "Warning", "dig() DEPRECATED: This function has been replaced in Puppet 4.5.0, please use dig44() for "
                          "backwards compatibility or use the new version.");
    Value *args[3] = {data, vv_array(cc, &keys), dflt};
    CallCtx sub = *cc;
    sub.args = args, sub.nargs = 3;
    return f_dig44(&sub);
}

/* ---- to_ruby, to_python ---- */

/* The literal for v after Puppet's ToDataConverter (rich data): Ruby's
 * inspect of strings and numbers, nil/true/false (Python: None, True,
 * False), and {"__ptype" => ...} hashes for default, regexps, Sensitive
 * and hashes with keys other than strings.  0 for a data type (Puppet
 * writes its Pcore form, which is not reproduced). */
static int rich_literal(CallCtx *cc, Buf *b, const Value *v, int py)
{
    const char *arrow = py ? ": " : " => ";
    switch (v->kind) {
    case V_UNDEF: buf_adds(b, py ? "None" : "nil"); return 1;
    case V_BOOL: buf_adds(b, v->b ? (py ? "True" : "true") : (py ? "False" : "false")); return 1;
    case V_INT:
    case V_FLOAT:
    case V_STR: rv_inspect(b, v, RV_FN3); return 1;
    case V_DEFAULT: buf_printf(b, "{\"__ptype\"%s\"Default\"}", arrow); return 1;
    case V_REGEX:
        buf_printf(b, "{\"__ptype\"%s\"Regexp\", \"__pvalue\"%s", arrow, arrow);
        rv_inspect(b, val_cstr(A, v->regex.src), RV_FN3);
        buf_addc(b, '}');
        return 1;
    case V_SENSITIVE:
        buf_printf(b, "{\"__ptype\"%s\"Sensitive\", \"__pvalue\"%s", arrow, arrow);
        if (!rich_literal(cc, b, v->sensitive, py)) return 0;
        buf_addc(b, '}');
        return 1;
    case V_ARRAY:
        buf_addc(b, '[');
        for (size_t i = 0; i < v->arr.n; i++) {
            if (i) buf_adds(b, ", ");
            if (!rich_literal(cc, b, v->arr.items[i], py)) return 0;
        }
        buf_addc(b, ']');
        return 1;
    case V_HASH: {
        int plain = 1;
        for (size_t i = 0; i < v->hash.n; i++) plain &= v->hash.keys[i]->kind == V_STR;
        if (!plain) buf_printf(b, "{\"__ptype\"%s\"Hash\", \"__pvalue\"%s[", arrow, arrow);
        else buf_addc(b, '{');
        for (size_t i = 0; i < v->hash.n; i++) {
            if (i) buf_adds(b, ", ");
            if (!rich_literal(cc, b, v->hash.keys[i], py)) return 0;
            buf_adds(b, plain ? arrow : ", ");
            if (!rich_literal(cc, b, v->hash.vals[i], py)) return 0;
        }
        buf_adds(b, plain ? "}" : "]}");
        return 1;
    }
    default: return 0;
    }
}

static Value *to_literal(CallCtx *cc, const char *fn, int py)
{
    check_count(cc, fn, 1, 1);
    Buf b = BUF_INIT;
    int ok = rich_literal(cc, &b, cc->args[0], py);
    Value *r = ok ? val_str(A, buf_cstr(&b), b.len) : NULL;
    buf_free(&b);
    if (!r) ev_fail(cc, "%s(): a data type or resource reference in the value is not supported", fn);
    return r;
}

Value *f_to_ruby(CallCtx *cc) { return to_literal(cc, "to_ruby", 0); }
Value *f_to_python(CallCtx *cc) { return to_literal(cc, "to_python", 1); }

/* ---- Hiera 3's functions ---- */

/* Puppet 7's hiera functions live with the rest of Hiera (hiera.c). */
#define HIERA_CALLER(name) \
    Value *f_##name##_call(CallCtx *cc) \
    { \
        return hiera_v3_fn(cc->c, cc->scope, cc->call, #name, cc->args, cc->nargs, cc->lambda); \
    }
HIERA_CALLER(hiera)
HIERA_CALLER(hiera_array)
HIERA_CALLER(hiera_hash)
HIERA_CALLER(hiera_include)
