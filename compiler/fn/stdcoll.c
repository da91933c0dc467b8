/*
 * stdcoll.c - puppetlabs-stdlib's collection functions, built in: pick,
 * member, delete, concat, has_key, merge, deep_merge, union, intersection,
 * difference, zip, values_at, hash, count, grep, dig44, bool2num,
 * num2bool, any2bool, reverse, reject, clamp, convert_base, to_bytes,
 * try_get_value and their kin, each with stdlib's own checks and messages
 * (legacy.c's 3.x converter first for the 3.x ones).  Results live in
 * cc->arena.
 */
#define _GNU_SOURCE
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

/* ---- pick, pick_default, member, bool2str, is_a ---- */

/* pick(v...) - the first argument that is neither undef nor ''. */
Value *f_pick(CallCtx *cc)
{
    v3_args(cc);
    for (size_t i = 0; i < cc->nargs; i++)
        if (!v3_is_empty_str(cc->args[i])) return cc->args[i];
    ev_fail(cc, "pick(): must receive at least one non empty value");
}

/* pick_default(v..., default) - as pick, else the last argument. */
Value *f_pick_default(CallCtx *cc)
{
    v3_args(cc);
    if (!cc->nargs) ev_fail(cc, "Must receive at least one argument.");
    for (size_t i = 0; i + 1 < cc->nargs; i++)
        if (!v3_is_empty_str(cc->args[i])) return cc->args[i];
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
            if (v3_equal(items[i], a[0]->arr.items[j], 1)) break;
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
                if (!v3_equal(coll->arr.items[i], item, 0)) val_vec_push(&keep, coll->arr.items[i]);
            if (keep.n != coll->arr.n) coll = val_vec_to_array(A, &keep);
            val_vec_free(&keep);
        } else if (coll->kind == V_HASH) {
            long slot = v3_hash_find(coll, item);
            if (slot >= 0) {
                ValVec ks = VV_ARENA(A), vs = VV_ARENA(A);
                for (size_t i = 0; i < coll->hash.n; i++)
                    if ((long)i != slot) val_vec_push(&ks, coll->hash.keys[i]), val_vec_push(&vs, coll->hash.vals[i]);
                coll = v3_hash_of(cc, &ks, &vs);
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
    int64_t i = v3_to_i(cc, idx), size = (int64_t)arr->arr.n;
    if (i > size - 1) ev_fail(cc, "delete_at(): Given index exceeds size of array given");
    if (i < 0) i += size;
    if (i < 0) return arr;
    ValVec keep = VV_ARENA(A);
    for (int64_t k = 0; k < size; k++)
        if (k != i) val_vec_push(&keep, arr->arr.items[k]);
    Value *r = val_vec_to_array(A, &keep);
    val_vec_free(&keep);
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
            if (v->hash.vals[i]->kind != V_UNDEF) val_vec_push(&ks, v->hash.keys[i]), val_vec_push(&vs, v->hash.vals[i]);
        return v3_hash_of(cc, &ks, &vs);
    }
    if (v->kind == V_ARRAY) {
        ValVec keep = VV_ARENA(A);
        for (size_t i = 0; i < v->arr.n; i++)
            if (v->arr.items[i]->kind != V_UNDEF) val_vec_push(&keep, v->arr.items[i]);
        Value *r = val_vec_to_array(A, &keep);
        val_vec_free(&keep);
        return r;
    }
    ev_fail(cc, "delete_undef_values(): expected an array or hash, got %s type  %s ", v3_to_s(cc, v), rv_class(A, v, RV_FN3));
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
            for (size_t j = 0; j < x->arr.n; j++) val_vec_push(&out, x->arr.items[j]);
        else
            val_vec_push(&out, x);
    }
    Value *r = val_vec_to_array(A, &out);
    val_vec_free(&out);
    return r;
}

/* has_key(hash, key) - Hash#key? (eql?: 'a' is not 'A', 1 is not 1.0). */
Value *f_has_key(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 2) ev_fail(cc, "has_key(): wrong number of arguments (%zu; must be 2)", cc->nargs);
    Value *h = cc->args[0];
    if (h->kind != V_HASH)
        ev_fail(cc, "has_key(): expects the first argument to be a hash, got %s which is of type %s", v3_inspect(cc, h),
                rv_class(A, h, RV_FN3));
    return val_bool(v3_hash_find(h, cc->args[1]) >= 0);
}

/* ---- merge, deep_merge, stdlib::nested_values ---- */

static int is_scalar(const Value *v)
{
    return v->kind == V_STR || fn_is_num(v) || v->kind == V_BOOL || v->kind == V_REGEX;
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
            int ok = h->kind == V_UNDEF || v3_is_empty_str(h), detailed = h->kind == V_STR;
            if (h->kind == V_HASH) {
                ok = 1;
                for (size_t j = 0; j < h->hash.n && ok; j++) ok = is_scalar(h->hash.keys[j]);
                detailed = !ok;
            }
            if (!ok) {
                val_vec_free(&ks);
                val_vec_free(&vs);
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
                for (size_t j = 0; j < h->hash.n; j++) val_vec_push(&ks, h->hash.keys[j]), val_vec_push(&vs, h->hash.vals[j]);
        }
        return v3_hash_of(cc, &ks, &vs);
    }
    int np = ev_lambda_params(cc);
    const char *bad = NULL;
    for (size_t i = 0; i < n && !bad; i++) {
        size_t cnt;
        if (fn_iterable_items(cc, a[i], &cnt)) continue;
        if (a[i]->kind != V_UNDEF && !v3_is_empty_str(a[i])) fail_merge_args(cc, a[i]);
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
        for (size_t j = 0; j < acc->hash.n; j++) val_vec_push(&ks, acc->hash.keys[j]), val_vec_push(&vs, acc->hash.vals[j]);
        for (size_t j = 0; j < r->hash.n; j++) val_vec_push(&ks, r->hash.keys[j]), val_vec_push(&vs, r->hash.vals[j]);
        acc = v3_hash_of(cc, &ks, &vs);
    }
    return acc;
}

/* Hash#merge with a block that merges two hashes found under one key. */
static Value *deep_merge2(CallCtx *cc, Value *h1, Value *h2)
{
    ValVec ks = VV_ARENA(A), vs = VV_ARENA(A);
    for (size_t i = 0; i < h1->hash.n; i++) val_vec_push(&ks, h1->hash.keys[i]), val_vec_push(&vs, h1->hash.vals[i]);
    for (size_t i = 0; i < h2->hash.n; i++) {
        Value *k = h2->hash.keys[i], *v = h2->hash.vals[i];
        long slot = v3_hash_find(h1, k);
        if (slot >= 0 && h1->hash.vals[slot]->kind == V_HASH && v->kind == V_HASH)
            v = deep_merge2(cc, h1->hash.vals[slot], v);
        val_vec_push(&ks, k), val_vec_push(&vs, v);
    }
    return v3_hash_of(cc, &ks, &vs);
}

/* deep_merge(hash, hash...) */
Value *f_deep_merge(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs < 2) ev_fail(cc, "deep_merge(): wrong number of arguments (%zu; must be at least 2)", cc->nargs);
    Value *r = val_hash(A, NULL, NULL, 0);
    for (size_t i = 0; i < cc->nargs; i++) {
        Value *h = cc->args[i];
        if (v3_is_empty_str(h)) continue;
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
        else val_vec_push(out, v);
    }
}

/* stdlib::nested_values(hash) - every value, hashes opened recursively. */
Value *f_nested_values(CallCtx *cc)
{
    Value *h = cc->args[0];
    if (h->kind != V_HASH)
        ev_fail(cc, "'stdlib::nested_values' parameter 'hash' expects a Hash value, got %s", fn_got_type(cc, h));
    ValVec out = VV_ARENA(A);
    nested_values(h, &out);
    Value *r = val_vec_to_array(A, &out);
    val_vec_free(&out);
    return r;
}

/* ---- union, intersection, difference, zip, values_at, deprecation ---- */

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
            if (!v3_includes(out.v, out.n, x)) val_vec_push(&out, x);
        }
    return v3_array(cc, &out);
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
        if (v3_includes(b->arr.items, b->arr.n, x) && !v3_includes(out.v, out.n, x)) val_vec_push(&out, x);
    }
    return v3_array(cc, &out);
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
        if (!v3_includes(b->arr.items, b->arr.n, a->arr.items[i])) val_vec_push(&out, a->arr.items[i]);
    return v3_array(cc, &out);
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
    v3_flatten_into(&out, r);
    return v3_array(cc, &out);
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
    v3_flatten_into(&idx, cc->args[1]);
    if (!idx.n) {
        val_vec_free(&idx);
        ev_fail(cc, "values_at(): You must provide at least one positive index to collect");
    }
    int64_t size = (int64_t)arr->arr.n;
    ValVec out = VV_ARENA(A);
    Regex *range = rx_get("^(\\d+)(\\.\\.\\.?|\\-)(\\d+)$", NULL);
    const char *why = NULL;
    for (size_t k = 0; k < idx.n && !why; k++) {
        const char *s = v3_to_s(cc, idx.v[k]);
        size_t len = strlen(s);
        int caps[8], ncap = 4;
        if (range && rx_search(range, s, len, 0, caps, &ncap)) {
            int64_t start = v3_str_to_i(s + caps[2]), stop = v3_str_to_i(s + caps[6]);
            int excl = caps[5] - caps[4] == 3;
            if (start > stop) why = "values_at(): Stop index in given indices range is smaller than the start index";
            else if (stop > size - 1) why = "values_at(): Stop index in given indices range exceeds array size";
            else
                for (int64_t i = start; excl ? i < stop : i <= stop; i++)
                    if (arr->arr.items[i]->kind != V_UNDEF) val_vec_push(&out, arr->arr.items[i]);
        } else if (!v3_matches("^\\d+$", s, len)) {
            why = "values_at(): Unknown format of given index";
        } else {
            int64_t i = v3_str_to_i(s);
            if (i > size - 1) why = "values_at(): Given index exceeds array size";
            else if (arr->arr.items[i]->kind != V_UNDEF) val_vec_push(&out, arr->arr.items[i]);
        }
    }
    val_vec_free(&idx);
    if (why) {
        val_vec_free(&out);
        ev_fail(cc, "%s", why);
    }
    return v3_array(cc, &out);
}

/* deprecation(key, message) - a 4.x function; with Puppet's default
 * strict=warning it only logs, which is not reproduced. */
Value *f_deprecation(CallCtx *cc)
{
    static const char *const names[] = {"key", "message"};
    for (size_t i = 0; i < 2; i++)
        if (cc->args[i]->kind != V_STR)
            ev_fail(cc, "'deprecation' parameter '%s' expects a String value, got %s", names[i], fn_got_type(cc, cc->args[i]));
    return VAL_UNDEF;
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
    v3_flatten_into(&flat, arr);
    if (flat.n % 2) {
        val_vec_free(&flat);
        ev_fail(cc, "hash(): Unable to compute hash from array given");
    }
    ValVec ks = VV_ARENA(A), vs = VV_ARENA(A);
    for (size_t i = 0; i < flat.n; i += 2) {
        size_t j;
        for (j = 0; j < ks.n; j++)
            if (v3_equal(ks.v[j], flat.v[i], 1)) break;
        if (j < ks.n) vs.v[j] = flat.v[i + 1];
        else val_vec_push(&ks, flat.v[i]), val_vec_push(&vs, flat.v[i + 1]);
    }
    val_vec_free(&flat);
    return v3_hash_of(cc, &ks, &vs);
}

/* count(collection [, item]) - Ruby's count: of item (==), or of the
 * elements that are neither nil nor ''. */
Value *f_count(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs > 2) ev_fail(cc, "count(): Wrong number of arguments given %zu for 1 or 2.", cc->nargs);
    Value *coll = cc->args[0], *item = cc->nargs > 1 && val_truthy(cc->args[1]) ? cc->args[1] : NULL;
    int64_t n = 0;
    if (coll->kind == V_ARRAY) {
        for (size_t i = 0; i < coll->arr.n; i++) {
            Value *x = coll->arr.items[i];
            if (item ? v3_equal(x, item, 0) : x->kind != V_UNDEF && !v3_is_empty_str(x)) n++;
        }
    } else if (coll->kind == V_HASH) {
        for (size_t i = 0; i < coll->hash.n; i++) {
            if (!item) n++;
            else if (item->kind == V_ARRAY && item->arr.n == 2 && v3_equal(coll->hash.keys[i], item->arr.items[0], 0) &&
                     v3_equal(coll->hash.vals[i], item->arr.items[1], 0))
                n++;
        }
    } else if (coll->kind == V_STR) {
        /* String#count(set): the characters of coll that are in the set */
        if (!item) ev_fail(cc, "wrong number of arguments (given 0, expected 1+)");
        if (item->kind != V_STR) ev_fail(cc, "no implicit conversion of %s into String", rv_class(A, item, RV_FN3));
        for (size_t i = 0; i < coll->str.len; i++)
            if (memchr(item->str.s, coll->str.s[i], item->str.len)) n++;
    } else {
        v3_no_method(cc, "count", coll);
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
        const char *k = v3_to_s(cc, h->hash.keys[i]);
        Value *v = h->hash.vals[i];
        if (v->kind == V_ARRAY) {
            for (size_t j = 0; j < v->arr.n; j++)
                val_vec_push(&out, val_cstr(A, arena_printf(A, "%s%s%s", k, sep->str.s, v3_to_s(cc, v->arr.items[j]))));
            continue;
        }
        const char *vs = v3_to_s(cc, v);
        val_vec_push(&out, val_cstr(A, !strcmp(vs, "undef") ? k : arena_printf(A, "%s%s%s", k, sep->str.s, vs)));
    }
    return v3_array(cc, &out);
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
    Regex *re = rx_get(pat->str.s, &err);
    if (!re) ev_fail(cc, "%s", err ? err : "invalid regular expression");
    if (arr->kind != V_ARRAY && arr->kind != V_HASH) v3_no_method(cc, "grep", arr);
    if (arr->kind == V_HASH) return val_array(A, NULL, 0);
    ValVec out = VV_ARENA(A);
    for (size_t i = 0; i < arr->arr.n; i++) {
        Value *x = arr->arr.items[i];
        int caps[2], ncap = 1;
        if (x->kind == V_STR && rx_search(re, x->str.s, x->str.len, 0, caps, &ncap)) val_vec_push(&out, x);
    }
    return v3_array(cc, &out);
}

/* dig44(data, path [, default]) - walks hashes and arrays (array keys
 * through Integer()); the default when a step finds nil. */
Value *f_dig44(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs < 2) ev_fail(cc, "dig44(): Wrong number of arguments given (%zu for at least 2)", cc->nargs);
    Value *data = cc->args[0], *path = cc->args[1], *dflt = cc->nargs > 2 ? cc->args[2] : VAL_UNDEF;
    if (data->kind != V_HASH && data->kind != V_ARRAY)
        ev_fail(cc, "dig44(): first argument must be a hash or an array, given %s", rv_class(A, data, RV_FN3));
    if (path->kind != V_ARRAY) ev_fail(cc, "dig44(): second argument must be an array, given %s", rv_class(A, path, RV_FN3));
    Value *v = data;
    for (size_t i = 0; i < path->arr.n; i++) {
        Value *key = path->arr.items[i], *next = NULL;
        if (v->kind == V_HASH) {
            long slot = v3_hash_find(v, key);
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
            ev_fail(cc, "num2bool(): '%s' does not look like a number: invalid value for Float(): %s", v->str.s, v3_inspect(cc, v));
        return val_bool(d >= 1.0);
    }
    return val_bool(v3_str_to_i(v3_to_s(cc, v)) > 0);
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
    if (fn_is_num(v)) return f_num2bool(&(CallCtx){.c = cc->c, .scope = cc->scope, .call = cc->call, .arena = A, .args = &v, .nargs = 1});
    if (v->kind == V_STR) {
        double d;
        if (strlen(v->str.s) == v->str.len && rv_float(v->str.s, &d)) return val_bool(d >= 1.0);
        return call_str2bool(cc, v);
    }
    return VAL_TRUE;
}

/* ---- strings and collections: dos2unix, unix2dos, reverse, swapcase,
 * squeeze, regexpescape, delete_values, delete_regex ---- */

/* dos2unix(s): CRLF to LF; unix2dos(s): any run of CRs before an LF, or
 * none, to CRLF. */
static Value *line_ends(CallCtx *cc, const char *fn, int to_dos)
{
    v3_args(cc);
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
    Value **items = v->kind == V_ARRAY ? (n = v->arr.n, v->arr.items) : v3_utf8_chars(cc, v->str.s, v->str.len, &n);
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
    if (v->kind != V_STR) v3_no_method(cc, "squeeze", v);
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
        if (!v3_equal(cc->args[1], h->hash.vals[i], 0)) val_vec_push(&ks, h->hash.keys[i]), val_vec_push(&vs, h->hash.vals[i]);
    return v3_hash_of(cc, &ks, &vs);
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
    Regex *re = rx_get(pat->str.s, &err);
    if (!re) ev_fail(cc, "%s", err ? err : "invalid regular expression");
    if (arr->kind != V_ARRAY) v3_no_method(cc, "reject", arr);
    ValVec out = VV_ARENA(A);
    for (size_t i = 0; i < arr->arr.n; i++) {
        Value *x = arr->arr.items[i];
        int caps[2], ncap = 1;
        if (!(x->kind == V_STR && rx_search(re, x->str.s, x->str.len, 0, caps, &ncap))) val_vec_push(&out, x);
    }
    return v3_array(cc, &out);
}

/* clamp(min, value, max) in any order (arrays flattened) - the middle
 * one once all are to_i'd; strings must be digits. */
Value *f_clamp(CallCtx *cc)
{
    v3_args(cc);
    ValVec all = VV_ARENA(A);
    for (size_t i = 0; i < cc->nargs; i++) v3_flatten_into(&all, cc->args[i]);
    size_t n = all.n;
    Value *v[3] = {n > 0 ? all.v[0] : NULL, n > 1 ? all.v[1] : NULL, n > 2 ? all.v[2] : NULL};
    val_vec_free(&all);
    if (n != 3) ev_fail(cc, "clamp(): Wrong number of arguments, need three to clamp");
    for (int i = 0; i < 3; i++) {
        if (v[i]->kind == V_STR && !v3_matches("^\\d+$", v[i]->str.s, v[i]->str.len))
            ev_fail(cc, "clamp(): Required explicit numeric (%s:String)", v[i]->str.s);
        if (v[i]->kind == V_HASH) ev_fail(cc, "clamp(): The Hash type is not allowed (%s)", v3_to_s(cc, v[i]));
    }
    int64_t x[3];
    for (int i = 0; i < 3; i++) x[i] = v3_to_i(cc, v[i]);
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
        if (a[i]->kind == V_STR && !v3_matches("^[0-9]+$", a[i]->str.s, a[i]->str.len))
            ev_fail(cc, "convert_base(): First argument must be an integer or a string corresponding to an integer in base 10");
    int64_t num = v3_to_i(cc, a[0]), base = v3_to_i(cc, a[1]);
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
    if (fn_is_num(v)) return v;
    if (v->kind != V_STR) ev_fail(cc, "no implicit conversion of %s into String", v->kind == V_BOOL ? (v->b ? "true" : "false") : rv_class(A, v, RV_FN3));
    const char *s = v->str.s, *p = s;
    while (*p && strchr("0123456789.e+-", *p)) p++;
    const char *num = arena_strndup(A, s, (size_t)(p - s));
    while (*p == ' ' || (*p >= '\t' && *p <= '\r')) p++;
    char prefix = *p && *p != 'b' && *p != 'B' ? *p : 0;
    double d = v3_str_to_f(num);
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

/* ---- try_get_value ---- */

/* try_get_value(data, 'a/b/0' [, default [, separator]]) - the deprecated
 * walk that stdlib hands to dig44 (all-digit keys become Integers). */
Value *f_try_get_value(CallCtx *cc)
{
    v3_args(cc);
    ev_log(cc, "Warning", "try_get_value() DEPRECATED: this function is deprecated, please use dig() instead.");
    Value **a = cc->args;
    size_t n = cc->nargs;
    Value *data = n > 0 ? a[0] : VAL_UNDEF, *path = n > 1 && val_truthy(a[1]) ? a[1] : v3_empty_str(cc);
    Value *dflt = n > 2 ? a[2] : VAL_UNDEF;
    if ((data->kind != V_HASH && data->kind != V_ARRAY) || v3_is_empty_str(path)) return val_truthy(dflt) ? dflt : data;
    Value *sep = n > 3 && val_truthy(a[3]) ? a[3] : val_cstr(A, "/");
    if (path->kind != V_STR) v3_no_method(cc, "split", path);
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
        if (has_digit_line(k->str.s, k->str.len)) k = val_int(A, v3_str_to_i(k->str.s));
        val_vec_push(&keys, k);
        if (hit == end) break;
        p = hit + (awk ? 0 : sep->str.len ? sep->str.len : 0);
        if (awk) while (p < end && isspace((unsigned char)*p)) p++;
    }
    while (keys.n && keys.v[keys.n - 1]->kind == V_STR && !keys.v[keys.n - 1]->str.len) keys.n--;
    ev_log(cc, "Warning", "dig() DEPRECATED: This function has been replaced in Puppet 4.5.0, please use dig44() for "
                          "backwards compatibility or use the new version.");
    Value *args[3] = {data, v3_array(cc, &keys), dflt};
    CallCtx sub = *cc;
    sub.args = args, sub.nargs = 3;
    return f_dig44(&sub);
}

