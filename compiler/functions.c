/*
 * functions.c - Puppet's pure built-in functions: iteration (each, map,
 * filter, reduce, with), strings (split, join, sprintf, regsubst, upcase,
 * strip, ...), collections (sort, unique, flatten, keys, values, length,
 * empty) and numbers (abs, min, max, ceiling, floor, round, versioncmp).
 *
 * Puppet implements these in Ruby, so their results are whatever Ruby's
 * String, Array and Kernel#format do with the values Puppet hands them.  The
 * one idea here is to model that Ruby layer faithfully instead of inventing
 * a Puppet-level rule: rv_to_s() and rv_inspect() (catalog/rubyval.h) give
 * Ruby's string forms (join and sprintf use them), rv_cmp() is Ruby's <=>
 * (sort), and
 * split/regsubst follow Ruby's String#split and #sub/#gsub loops over
 * Oniguruma matches.  Error texts are Puppet's, minus the "Error while
 * evaluating a Function Call" prefix the evaluator adds.
 *
 * Memory: results live in cc->arena.  ev_yield() and ev_fail() may unwind
 * with longjmp, so any scratch space that is live across a lambda call or a
 * possible failure lives in the arena too, never in malloc'd memory.
 */
#include "compiler/fn/fnapi.h"
#include "compiler/regex.h"
#include "compiler/stdlib.h"
#include "base/util.h"
#include "catalog/rubyval.h"
#include "base/utf8.h"
#include <ctype.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wctype.h>

#define A (cc->arena)


/* Widths and precisions past this are refused (Ruby: "width too big"). */
#define SPRINTF_MAX_WIDTH 1000000L

/* ---- small value helpers ---- */

static Value *mk_array(CallCtx *cc, Value **items, size_t n)
{
    Value *v = ARENA_NEW(A, Value);
    v->kind = V_ARRAY;
    v->arr.items = items;
    v->arr.n = n;
    return v;
}

static Value *mk_str(CallCtx *cc, Buf *b)
{
    return val_str(A, buf_cstr(b), b->len);
}

static Value *pair(CallCtx *cc, Value *k, Value *v)
{
    Value **items = ARENA_NEWN(A, Value *, 2);
    items[0] = k;
    items[1] = v;
    return mk_array(cc, items, 2);
}

static int is_num(const Value *v) { return v->kind == V_INT || v->kind == V_FLOAT; }
static double num(const Value *v) { return v->kind == V_INT ? (double)v->i : v->f; }

/* A growable list in the arena: safe to hold across ev_yield(). */
typedef struct AVec { Value **v; size_t n, cap; } AVec;

static void av_push(CallCtx *cc, AVec *av, Value *x)
{
    if (av->n == av->cap) {
        size_t cap = av->cap ? av->cap * 2 : 8;
        Value **nv = ARENA_NEWN(A, Value *, cap);
        if (av->n) memcpy(nv, av->v, av->n * sizeof *nv);
        av->v = nv;
        av->cap = cap;
    }
    av->v[av->n++] = x;
}

static Value *av_array(CallCtx *cc, AVec *av) { return mk_array(cc, av->v, av->n); }

/* ---- UTF-8 ---- */

/* The characters of a string as one-character string values. */
static Value **u8_chars(CallCtx *cc, const Value *s, size_t *n)
{
    size_t cnt = utf8_len(s->str.s, s->str.len), k = 0;
    Value **items = ARENA_NEWN(A, Value *, cnt ? cnt : 1);
    long cp;
    for (size_t i = 0; i < s->str.len; k++) {
        size_t l = utf8_decode(s->str.s + i, s->str.len - i, &cp);
        items[k] = val_str(A, s->str.s + i, l);
        i += l;
    }
    *n = cnt;
    return items;
}

/* ---- Puppet's type names in messages ---- */

/* The generalised type Puppet reports after "got": a non-empty array is a
 * Tuple, a non-empty hash with only string keys a Struct. */
static const char *got_type(CallCtx *cc, const Value *v)
{
    switch (v->kind) {
    case V_ARRAY: return v->arr.n ? "Tuple" : "Array";
    case V_HASH:
        if (!v->hash.n) return "Hash";
        for (size_t i = 0; i < v->hash.n; i++)
            if (v->hash.keys[i]->kind != V_STR) return "Hash";
        return "Struct";
    case V_TYPE:
        if (val_is_resref(v)) return strcmp(v->type.name, "Class") == 0 ? "Type[Class]" : "Type[Resource]";
        return arena_printf(A, "Type[%s]", v->type.name);
    case V_SENSITIVE: return arena_printf(A, "Sensitive[%s]", val_type_name(v->sensitive));
    default: return val_type_name(v);
    }
}

/* "a String value", "an Array value" */
static const char *a_value(CallCtx *cc, const char *type)
{
    return arena_printf(A, "%s %s value", strchr("AEIOU", type[0]) ? "an" : "a", type);
}

/* 'fn' parameter 'param' expects <expect>, got <type> */
_Noreturn static void fail_param(CallCtx *cc, const char *fn, const char *param, const char *expect, const Value *v)
{
    ev_fail(cc, "'%s' parameter '%s' expects %s, got %s", fn, param, expect, got_type(cc, v));
}

/* Puppet's message when no signature of a function accepts the call: each
 * signature with why it was rejected (a reason may hold several
 * "rejected:" lines, or be NULL when Puppet prints none). */
_Noreturn static void fail_dispatch(CallCtx *cc, const char *fn, const char *const *sigs,
                                    const char *const *why, size_t n)
{
    Buf b = BUF_INIT;
    buf_printf(&b, "The function '%s' was called with arguments it does not accept. It expects one of:", fn);
    for (size_t i = 0; i < n; i++) {
        buf_printf(&b, "\n  (%s)", sigs[i]);
        if (why[i]) buf_printf(&b, "\n    rejected: %s", why[i]);
    }
    const char *msg = arena_strndup(A, buf_cstr(&b), b.len);
    buf_free(&b);
    ev_fail(cc, "%s", msg);
}

/* "'fn' block expects 2 arguments, got 1" unless the lambda declares
 * between lo and hi parameters. */
static int check_block(CallCtx *cc, const char *fn, int lo, int hi)
{
    int np = ev_lambda_params(cc);
    if (np >= lo && np <= hi) return np;
    const char *got = np == 0 ? "none" : arena_printf(A, "%d", np);
    if (lo == 0 && hi == 0) ev_fail(cc, "'%s' block expects no arguments, got %s", fn, got);
    if (lo == hi) ev_fail(cc, "'%s' block expects %d argument%s, got %s", fn, lo, lo == 1 ? "" : "s", got);
    ev_fail(cc, "'%s' block expects between %d and %d arguments, got %s", fn, lo, hi, got);
}

/* Puppet.warn_once for the deprecations the functions report; one flag per
 * message for the whole run, as Puppet keys them. */
enum { DEP_ABS, DEP_CEILING, DEP_FLOOR, DEP_MIN_NUM, DEP_MIN_ANY, DEP_MAX_NUM, DEP_MAX_ANY, DEP_COUNT };
static int warned[DEP_COUNT];

static void deprecate(CallCtx *cc, int which, const char *msg)
{
    if (warned[which]) return;
    warned[which] = 1;
    ev_log(cc, "Warning", msg);
}

/* ---- iteration: what Puppet's Iterable covers ---- */

typedef struct Iter {
    Value **items;          /* the elements (for a hash or a range: NULL) */
    size_t n;
    const Value *h;         /* the hash, when iterating one */
    int range;              /* an integer range lo, lo+1, ...: made one at a time */
    int64_t lo;
} Iter;

/* Fills it for an Iterable value (array, hash, string, non-negative
 * integer n meaning 0..n-1, Integer[a, b], Enum[...]); 0 when not one. */
static int iter_of(CallCtx *cc, const Value *v, Iter *it)
{
    memset(it, 0, sizeof *it);
    switch (v->kind) {
    case V_ARRAY: it->items = v->arr.items; it->n = v->arr.n; return 1;
    case V_HASH: it->h = v; it->n = v->hash.n; return 1;
    case V_STR: it->items = u8_chars(cc, v, &it->n); return 1;
    case V_INT:
        if (v->i < 0) return 0;
        it->n = (size_t)v->i;
        it->range = 1;
        it->lo = 0;
        return 1;
    case V_TYPE:
        if (strcmp(v->type.name, "Integer") == 0 && v->type.n == 2 && v->type.params[0]->kind == V_INT &&
            v->type.params[1]->kind == V_INT && v->type.params[1]->i >= v->type.params[0]->i) {
            int64_t lo = v->type.params[0]->i, hi = v->type.params[1]->i;
            it->n = (size_t)((uint64_t)hi - (uint64_t)lo) + 1;
            if (it->n == 0) it->n = SIZE_MAX;          /* the whole int64 range */
            it->range = 1;
            it->lo = lo;
            return 1;
        }
        if (strcmp(v->type.name, "Enum") == 0) {
            it->items = v->type.params;
            it->n = v->type.n;
            return 1;
        }
        return 0;
    default: return 0;
    }
}

/* Element i as a single value (a hash entry is a [key, value] pair). */
static Value *iter_at(CallCtx *cc, const Iter *it, size_t i)
{
    if (it->range) return val_int(A, (int64_t)((uint64_t)it->lo + i));
    return it->h ? pair(cc, it->h->hash.keys[i], it->h->hash.vals[i]) : it->items[i];
}

/* each, map and filter share their four signatures and their messages. */
static void iter_args(CallCtx *cc, const char *fn, Iter *it, int *np)
{
    Value *v = cc->args[0];
    if (!iter_of(cc, v, it)) {
        const char *t = got_type(cc, v);
        const char *sigs[] = {"Hash hash, Callable[2, 2] block", "Hash hash, Callable[1, 1] block",
                              "Iterable enumerable, Callable[2, 2] block", "Iterable enumerable, Callable[1, 1] block"};
        const char *h = arena_printf(A, "parameter 'hash' expects a Hash value, got %s", t);
        const char *e = arena_printf(A, "parameter 'enumerable' expects an Iterable value, got %s", t);
        const char *why[] = {h, h, e, e};
        if (v->kind == V_INT) {
            /* A negative Integer passes the Iterable type check and fails
             * later, so Puppet names only the block mismatch (or nothing). */
            int bp = ev_lambda_params(cc);
            why[2] = bp == 2 ? NULL : arena_printf(A, "block expects 2 arguments, got %d", bp);
            why[3] = bp == 1 ? NULL : arena_printf(A, "block expects 1 argument, got %d", bp);
        }
        fail_dispatch(cc, fn, sigs, why, 4);
    }
    *np = check_block(cc, fn, 1, 2);
}

/* Yields element i the way a 1- or 2-parameter block takes it: a hash entry
 * as (key, value) or [key, value]; any other element as (index, value) or
 * value. */
static Value *yield_elem(CallCtx *cc, const Iter *it, size_t i, int np)
{
    Value *args[2];
    if (np == 2) {
        if (it->h) {
            args[0] = it->h->hash.keys[i];
            args[1] = it->h->hash.vals[i];
        } else {
            args[0] = val_int(A, (int64_t)i);
            args[1] = iter_at(cc, it, i);
        }
        return ev_yield(cc, args, 2);
    }
    args[0] = iter_at(cc, it, i);
    return ev_yield(cc, args, 1);
}

/* The state of an iteration that break() may stop (see ev_breakable):
 * what the loop has made so far. */
typedef struct Loop {
    Iter it;
    int np;
    size_t i;               /* the element being yielded */
    Value **out;            /* map: results of elements 0..i-1 */
    AVec keys, vals;        /* filter: kept entries */
    Value *memo;            /* reduce */
} Loop;

static void each_loop(CallCtx *cc, void *state)
{
    Loop *lp = state;
    for (lp->i = 0; lp->i < lp->it.n; lp->i++) yield_elem(cc, &lp->it, lp->i, lp->np);
}

/* each(iterable) |$x| / |$k, $v| - runs the block per element, returns
 * the receiver (also after a break()). */
Value *fn_each(CallCtx *cc)
{
    Loop lp = {0};
    iter_args(cc, "each", &lp.it, &lp.np);
    ev_breakable(cc, each_loop, &lp);
    return cc->args[0];
}

static void map_loop(CallCtx *cc, void *state)
{
    Loop *lp = state;
    for (lp->i = 0; lp->i < lp->it.n; lp->i++) {
        Value *r = yield_elem(cc, &lp->it, lp->i, lp->np);
        lp->out[lp->i] = r;
    }
}

/* map(iterable) |...| - an array of the block's results; after a break(),
 * those made before it. */
Value *fn_map(CallCtx *cc)
{
    Loop lp = {0};
    iter_args(cc, "map", &lp.it, &lp.np);
    lp.out = ARENA_NEWN(A, Value *, lp.it.n ? lp.it.n : 1);
    ev_breakable(cc, map_loop, &lp);
    return mk_array(cc, lp.out, lp.i);
}

static void filter_loop(CallCtx *cc, void *state)
{
    Loop *lp = state;
    for (lp->i = 0; lp->i < lp->it.n; lp->i++) {
        if (!val_truthy(yield_elem(cc, &lp->it, lp->i, lp->np))) continue;
        if (lp->it.h) {
            av_push(cc, &lp->keys, lp->it.h->hash.keys[lp->i]);
            av_push(cc, &lp->vals, lp->it.h->hash.vals[lp->i]);
        } else {
            av_push(cc, &lp->vals, iter_at(cc, &lp->it, lp->i));
        }
    }
}

/* filter(iterable) |...| - the elements the block is truthy for; a hash
 * filters to a hash.  break() stops an array's filter (those kept so far),
 * not a hash's (Ruby's Hash#select does not rescue StopIteration). */
Value *fn_filter(CallCtx *cc)
{
    Loop lp = {0};
    iter_args(cc, "filter", &lp.it, &lp.np);
    if (lp.it.h) filter_loop(cc, &lp);
    else ev_breakable(cc, filter_loop, &lp);
    if (lp.it.h) return val_hash(A, lp.keys.v, lp.vals.v, lp.keys.n);
    return av_array(cc, &lp.vals);
}

static void reduce_loop(CallCtx *cc, void *state)
{
    Loop *lp = state;
    for (; lp->i < lp->it.n; lp->i++) {
        Value *args[2] = {lp->memo, iter_at(cc, &lp->it, lp->i)};
        Value *r = ev_yield(cc, args, 2);
        lp->memo = r;
    }
}

/* reduce(iterable[, memo]) |$memo, $x| - folds; without a memo the first
 * element starts it, and an empty iterable gives undef.  break() gives the
 * memo so far. */
Value *fn_reduce(CallCtx *cc)
{
    Loop lp = {0};
    if (!iter_of(cc, cc->args[0], &lp.it)) {
        const char *sigs[] = {"Iterable enumerable, Callable[2, 2] block",
                              "Iterable enumerable, Any memo, Callable[2, 2] block"};
        const char *e = arena_printf(A, "parameter 'enumerable' expects an Iterable value, got %s",
                                     got_type(cc, cc->args[0]));
        const char *why[] = {cc->nargs == 1 ? e : "expects 1 argument, got 2",
                             cc->nargs == 2 ? e : "expects 2 arguments, got 1"};
        fail_dispatch(cc, "reduce", sigs, why, 2);
    }
    check_block(cc, "reduce", 2, 2);
    if (cc->nargs == 2) lp.memo = cc->args[1];
    else if (lp.it.n == 0) return VAL_UNDEF;
    else lp.memo = iter_at(cc, &lp.it, lp.i++);
    ev_breakable(cc, reduce_loop, &lp);
    return lp.memo;
}

/* any(iterable) |...| / all(iterable) |...| - whether the block is truthy
 * for some / every element (stops at the first that decides).  Ruby's
 * any?/all? do not rescue StopIteration, so break() is not theirs. */
static Value *any_all(CallCtx *cc, const char *fn, int want)
{
    Iter it;
    int np;
    iter_args(cc, fn, &it, &np);
    for (size_t i = 0; i < it.n; i++)
        if (val_truthy(yield_elem(cc, &it, i, np)) == want) return val_bool(want);
    return val_bool(!want);
}

Value *fn_any(CallCtx *cc) { return any_all(cc, "any", 1); }
Value *fn_all(CallCtx *cc) { return any_all(cc, "all", 0); }

/* index(iterable) |...| - the index (a hash: the key) of the first element
 * the block is truthy for; index(iterable, value) of the first element
 * equal to value (Ruby's ==: strings case-sensitive); index(string,
 * string or regexp) the character offset of the first match; else undef. */
Value *fn_index(CallCtx *cc)
{
    Value *v = cc->args[0];
    Iter it;
    if (cc->lambda) {
        int np;
        if (cc->nargs != 1) ev_fail(cc, "'index' expects 1 argument, got %zu", cc->nargs);
        iter_args(cc, "index", &it, &np);
        for (size_t i = 0; i < it.n; i++) {
            Value *r;
            if (it.h && np == 1) r = ev_yield(cc, &it.h->hash.vals[i], 1);   /* a hash's value only */
            else r = yield_elem(cc, &it, i, np);
            if (val_truthy(r)) return it.h ? it.h->hash.keys[i] : val_int(A, (int64_t)i);
        }
        return VAL_UNDEF;
    }
    if (cc->nargs != 2) ev_fail(cc, "'index' expects 2 arguments, got %zu", cc->nargs);
    Value *m = cc->args[1];
    if (v->kind == V_STR && (m->kind == V_STR || m->kind == V_REGEX)) {
        size_t off = 0;
        if (m->kind == V_STR) {
            while (off + m->str.len <= v->str.len && memcmp(v->str.s + off, m->str.s, m->str.len) != 0) off++;
            if (off + m->str.len > v->str.len) return VAL_UNDEF;
        } else {
            const char *err = NULL;
            Regex *re = re_get(m->regex.src, &err);
            int caps[2], ncap = 1;
            if (!re) ev_fail(cc, "%s", err ? err : "bad regular expression");
            if (!re_search(re, v->str.s, v->str.len, 0, caps, &ncap)) return VAL_UNDEF;
            off = (size_t)caps[0];
        }
        return val_int(A, (int64_t)utf8_len(v->str.s, off));
    }
    if (!iter_of(cc, v, &it))
        ev_fail(cc, "'index' parameter 'enumerable' expects an Iterable value, got %s", got_type(cc, v));
    for (size_t i = 0; i < it.n; i++) {
        if (it.h) {
            if (val_identical(it.h->hash.vals[i], m)) return it.h->hash.keys[i];
        } else if (val_identical(iter_at(cc, &it, i), m)) {
            return val_int(A, (int64_t)i);
        }
    }
    return VAL_UNDEF;
}

/* group_by(collection) |$x| / |$k, $v| (|$i, $x| for an array) - a hash
 * of the block's results to the elements that gave them, in first-seen
 * order; a hash's elements are [key, value] pairs.  partition(...) -
 * [elements the block is truthy for, the others]. */
static Value *group_or_partition(CallCtx *cc, const char *fn, int partition)
{
    Value *v = cc->args[0];
    Iter it;
    if ((v->kind != V_ARRAY && v->kind != V_HASH) || !iter_of(cc, v, &it))
        ev_fail(cc, "'%s' parameter 'collection' expects a Collection value, got %s", fn, got_type(cc, v));
    int np = check_block(cc, fn, 1, 2);
    AVec keys = {0}, groups = {0}, yes = {0}, no = {0};
    for (size_t i = 0; i < it.n; i++) {
        Value *elem = iter_at(cc, &it, i);
        Value *r = yield_elem(cc, &it, i, np);
        if (partition) {
            av_push(cc, val_truthy(r) ? &yes : &no, elem);
            continue;
        }
        size_t g = 0;
        while (g < keys.n && !val_identical(keys.v[g], r)) g++;
        if (g == keys.n) {
            av_push(cc, &keys, r);
            av_push(cc, &groups, NULL);
            groups.v[g] = mk_array(cc, NULL, 0);
        }
        Value *grp = groups.v[g];
        Value **items = ARENA_NEWN(A, Value *, grp->arr.n + 1);
        if (grp->arr.n) memcpy(items, grp->arr.items, grp->arr.n * sizeof *items);
        items[grp->arr.n] = elem;
        groups.v[g] = mk_array(cc, items, grp->arr.n + 1);
    }
    if (partition) return pair(cc, av_array(cc, &yes), av_array(cc, &no));
    return val_hash(A, keys.v, groups.v, keys.n);
}

Value *fn_group_by(CallCtx *cc) { return group_or_partition(cc, "group_by", 0); }
Value *fn_partition(CallCtx *cc) { return group_or_partition(cc, "partition", 1); }

/* reverse_each(iterable) |$x| / step(iterable, n) |$x| - yields the
 * elements backwards / the first and every nth after it; a hash's as
 * [key, value].  With a block: undef (break() stops it); without one,
 * Puppet gives an Iterator, which is made an Array here. */
typedef struct StepLoop { Iter it; size_t step; int reverse; AVec out; } StepLoop;

static void step_loop(CallCtx *cc, void *state)
{
    StepLoop *sl = state;
    for (size_t k = 0; k < sl->it.n; k += sl->step) {
        Value *e = iter_at(cc, &sl->it, sl->reverse ? sl->it.n - 1 - k : k);
        if (cc->lambda) ev_yield(cc, &e, 1);
        else av_push(cc, &sl->out, e);
    }
}

static Value *step_fn(CallCtx *cc, const char *fn, size_t step, int reverse)
{
    StepLoop sl = {.step = step, .reverse = reverse};
    if (!iter_of(cc, cc->args[0], &sl.it))
        ev_fail(cc, "'%s' parameter 'iterable' expects an Iterable value, got %s", fn, got_type(cc, cc->args[0]));
    if (cc->lambda) check_block(cc, fn, 1, 1);
    if (!cc->lambda) {
        step_loop(cc, &sl);
        return av_array(cc, &sl.out);
    }
    ev_breakable(cc, step_loop, &sl);
    return VAL_UNDEF;
}

Value *fn_reverse_each(CallCtx *cc) { return step_fn(cc, "reverse_each", 1, 1); }

Value *fn_step(CallCtx *cc)
{
    Value *n = cc->args[1];
    if (n->kind != V_INT || n->i < 1)
        ev_fail(cc, "'step' parameter 'step' expects %s, got %s",
                n->kind == V_INT ? "an Integer[1] value" : "an Integer value",
                n->kind == V_INT ? arena_printf(A, "Integer[%lld, %lld]", (long long)n->i, (long long)n->i) : got_type(cc, n));
    return step_fn(cc, "step", (size_t)n->i, 0);
}

/* match(string or array of strings, pattern) - the match and its groups
 * (unset groups undef) as an array, or undef; for an array, one such per
 * string.  The pattern is a string, regexp, Regexp/Pattern type or an
 * array of those (the first that matches). */
static Value *match_one(CallCtx *cc, const Value *s, const Value *p)
{
    switch (p->kind) {
    case V_STR: case V_REGEX: {
        const char *src = p->kind == V_STR ? arena_strndup(A, p->str.s, p->str.len) : p->regex.src;
        const char *err = NULL;
        Regex *re = re_get(src, &err);
        if (!re) ev_fail(cc, "%s", err ? err : "bad regular expression");
        int caps[2 * 32], ncap = 32;
        if (!re_search(re, s->str.s, s->str.len, 0, caps, &ncap)) return NULL;
        if (ncap > 32) ncap = 32;
        Value **out = ARENA_NEWN(A, Value *, (size_t)ncap);
        for (int g = 0; g < ncap; g++)
            out[g] = caps[2 * g] < 0 ? VAL_UNDEF : val_str(A, s->str.s + caps[2 * g], (size_t)(caps[2 * g + 1] - caps[2 * g]));
        return mk_array(cc, out, (size_t)ncap);
    }
    case V_ARRAY:
        for (size_t i = 0; i < p->arr.n; i++) {
            Value *r = match_one(cc, s, p->arr.items[i]);
            if (r) return r;
        }
        return NULL;
    case V_TYPE:
        if ((strcmp(p->type.name, "Regexp") == 0 || strcmp(p->type.name, "Pattern") == 0) && p->type.n) {
            if (strcmp(p->type.name, "Regexp") == 0 && p->type.n > 1) break;
            for (size_t i = 0; i < p->type.n; i++) {
                Value *r = match_one(cc, s, p->type.params[i]);
                if (r) return r;
            }
            return NULL;
        }
        if (strcmp(p->type.name, "Regexp") == 0) ev_fail(cc, "Given Regexp Type has no regular expression");
        break;
    default: break;
    }
    ev_fail(cc, "match() expects pattern of T, where T is String, Regexp, Regexp[r], Pattern[p], or Array[T]. Got %s",
            p->kind == V_INT ? "Integer" : p->kind == V_FLOAT ? "Float" : p->kind == V_HASH ? "Hash" :
            p->kind == V_BOOL ? (p->b ? "TrueClass" : "FalseClass") : p->kind == V_UNDEF ? "NilClass" : val_type_name(p));
}

Value *fn_match(CallCtx *cc)
{
    Value *s = cc->args[0], *p = cc->args[1];
    if (s->kind == V_STR) {
        Value *r = match_one(cc, s, p);
        return r ? r : VAL_UNDEF;
    }
    int ok = s->kind == V_ARRAY;
    for (size_t i = 0; ok && i < s->arr.n; i++) ok = s->arr.items[i]->kind == V_STR;
    if (!ok) {
        const char *sigs[] = {"String string, Variant[Any, Type] pattern", "Array[String] string, Variant[Any, Type] pattern"};
        const char *why[] = {arena_printf(A, "parameter 'string' expects a String value, got %s", got_type(cc, s)),
                             arena_printf(A, "parameter 'string' expects an Array value, got %s", got_type(cc, s))};
        if (s->kind == V_ARRAY) why[1] = NULL;
        fail_dispatch(cc, "match", sigs, why, 2);
    }
    Value **out = ARENA_NEWN(A, Value *, s->arr.n ? s->arr.n : 1);
    for (size_t i = 0; i < s->arr.n; i++) {
        Value *r = match_one(cc, s->arr.items[i], p);
        out[i] = r ? r : VAL_UNDEF;
    }
    return mk_array(cc, out, s->arr.n);
}

/* slice(iterable, n) [|...|] - the elements in chunks of n (a hash's as
 * [key, value] pairs); without a block an array of the chunks, with one
 * the receiver, the block taking a chunk (one parameter) or its n elements
 * (n parameters; a short last chunk padded with undef, a hash's with []).
 * break() stops it. */
typedef struct SliceLoop { Iter it; size_t size; int serve; AVec out; } SliceLoop;

static void slice_loop(CallCtx *cc, void *state)
{
    SliceLoop *sl = state;
    for (size_t i = 0; i < sl->it.n; i += sl->size) {
        size_t k = sl->it.n - i < sl->size ? sl->it.n - i : sl->size;
        size_t m = sl->serve > 1 ? (size_t)sl->serve : k;
        Value **items = ARENA_NEWN(A, Value *, m);
        for (size_t j = 0; j < m; j++)
            items[j] = j < k ? iter_at(cc, &sl->it, i + j) : sl->it.h ? mk_array(cc, NULL, 0) : VAL_UNDEF;
        if (!cc->lambda) av_push(cc, &sl->out, mk_array(cc, items, k));
        else if (sl->serve == 1) ev_yield(cc, (Value *[]){mk_array(cc, items, k)}, 1);
        else ev_yield(cc, items, m);
    }
}

Value *fn_slice(CallCtx *cc)
{
    SliceLoop sl = {0};
    Value *n = cc->args[1];
    if (!iter_of(cc, cc->args[0], &sl.it))
        ev_fail(cc, "'slice' parameter 'enumerable' expects an Iterable value, got %s", got_type(cc, cc->args[0]));
    if (n->kind != V_INT || n->i < 1)
        ev_fail(cc, "'slice' parameter 'slice_size' expects %s, got %s",
                n->kind == V_INT ? "an Integer[1] value" : "an Integer value",
                n->kind == V_INT ? arena_printf(A, "Integer[%lld, %lld]", (long long)n->i, (long long)n->i) : got_type(cc, n));
    sl.size = (size_t)n->i;
    if (!cc->lambda) {
        slice_loop(cc, &sl);
        return av_array(cc, &sl.out);
    }
    sl.serve = ev_lambda_params(cc);
    if (sl.serve == 0) ev_fail(cc, "slice(): block must define at least one parameter. Block has 0.");
    if (sl.serve != 1 && (size_t)sl.serve != sl.size) {
        Buf names = BUF_INIT;
        for (const Node *p = cc->lambda->kids; p; p = p->next) buf_printf(&names, "%s%s", names.len ? ", " : "", p->text);
        const char *pn = arena_strdup(A, buf_cstr(&names));
        buf_free(&names);
        ev_fail(cc, "slice(): block must define one parameter, or the same number of parameters as the given size of "
                "the slice (%zu). Block has %d; %s", sl.size, sl.serve, pn);
    }
    ev_breakable(cc, slice_loop, &sl);
    return cc->args[0];
}

/* with(args...) |...| - calls the block once with the arguments. */
Value *fn_with(CallCtx *cc) { return ev_yield(cc, cc->args, cc->nargs); }

/* ---- regex helpers ---- */

/* The capture offsets of one search; grows past the inline room when a
 * pattern has many groups. */
typedef struct Match {
    int inline_caps[2 * 32];
    int *caps;
    int n;              /* groups + 1 */
} Match;

static Regex *compile(CallCtx *cc, const char *src, const char *shown)
{
    const char *err = NULL;
    Regex *re = re_get(src, &err);
    if (!re) ev_fail(cc, "%s: /%s", err ? err : "invalid pattern", shown);
    return re;
}

static int search(CallCtx *cc, Regex *re, const char *s, size_t len, size_t start, Match *m)
{
    m->caps = m->inline_caps;
    m->n = 32;
    if (!re_search(re, s, len, start, m->caps, &m->n)) return 0;
    if (m->n > 32) {
        int room = m->n;
        m->caps = ARENA_NEWN(A, int, 2 * (size_t)room);
        re_search(re, s, len, start, m->caps, &m->n);
    }
    return 1;
}

/* The pattern source of a Regexp value or a Type[Regexp] (Regexp alone
 * is the empty pattern); NULL for anything else. */
static const char *regexp_src(const Value *v)
{
    if (v->kind == V_REGEX) return v->regex.src;
    if (v->kind == V_TYPE && strcmp(v->type.name, "Regexp") == 0) {
        if (v->type.n == 0) return "";
        const Value *p = v->type.params[0];
        if (p->kind == V_REGEX) return p->regex.src;
        if (p->kind == V_STR) return p->str.s;
    }
    return NULL;
}

/* split(str, pattern) - Ruby's String#split with a regexp: captured groups
 * are kept, an empty match splits between characters, trailing empty
 * strings are dropped.  A string pattern is a regexp too (so "." splits
 * everywhere and " " has no awk-style special case). */
Value *fn_split(CallCtx *cc)
{
    Value *s = cc->args[0], *p = cc->args[1];
    if (s->kind != V_STR) fail_param(cc, "split", "str", a_value(cc, "String"), s);
    const char *src = p->kind == V_STR ? p->str.s : regexp_src(p);
    if (!src) fail_param(cc, "split", "pattern", "a value of type String, Regexp, or Type[Regexp]", p);
    Regex *re = compile(cc, src, arena_printf(A, "%s/", src));
    const char *str = s->str.s;
    size_t len = s->str.len, start = 0, beg = 0;
    int last_null = 0;
    AVec out = {0};
    if (len == 0) return mk_array(cc, NULL, 0);
    Match m;
    while (start <= len && search(cc, re, str, len, start, &m)) {
        size_t mb = (size_t)m.caps[0], me = (size_t)m.caps[1];
        if (start == mb && mb == me) {
            long cp;
            if (last_null) {
                av_push(cc, &out, val_str(A, str + beg, utf8_decode(str + beg, len - beg, &cp)));
                beg = start;
            } else {
                start += start == len ? 1 : utf8_decode(str + start, len - start, &cp);
                last_null = 1;
                continue;
            }
        } else {
            av_push(cc, &out, val_str(A, str + beg, mb - beg));
            beg = start = me;
        }
        last_null = 0;
        for (int g = 1; g < m.n; g++) {
            if (m.caps[2 * g] < 0) continue;
            av_push(cc, &out, val_str(A, str + m.caps[2 * g], (size_t)(m.caps[2 * g + 1] - m.caps[2 * g])));
        }
    }
    if (len > beg) av_push(cc, &out, val_str(A, str + beg, len - beg));
    while (out.n && out.v[out.n - 1]->str.len == 0) out.n--;
    return av_array(cc, &out);
}

/* ---- join, flatten, keys, values, length, empty ---- */

/* A nested array is joined recursively and counts as one element, so an
 * empty one still gets its separators: [[1], []] joins to "1/". */
static void join_into(Buf *b, const Value *arr, const char *sep, size_t seplen)
{
    for (size_t i = 0; i < arr->arr.n; i++) {
        const Value *e = arr->arr.items[i];
        if (i) buf_add(b, sep, seplen);
        if (e->kind == V_ARRAY) join_into(b, e, sep, seplen);
        else rv_to_s(b, e, RV_FN);
    }
}

/* join(array[, sep]) - Ruby's Array#join: nested arrays joined too, undef
 * as "", other values by their Ruby to_s (a hash prints {"a"=>1}). */
Value *fn_join(CallCtx *cc)
{
    Value *a = cc->args[0];
    if (a->kind != V_ARRAY) fail_param(cc, "join", "arg", a_value(cc, "Array"), a);
    const char *sep = "";
    size_t seplen = 0;
    if (cc->nargs > 1) {
        Value *d = cc->args[1];
        if (d->kind != V_STR) fail_param(cc, "join", "delimiter", a_value(cc, "String"), d);
        sep = d->str.s;
        seplen = d->str.len;
    }
    Buf b = BUF_INIT;
    join_into(&b, a, sep, seplen);
    Value *r = mk_str(cc, &b);
    buf_free(&b);
    return r;
}

static void flatten_into(CallCtx *cc, AVec *out, Value *v)
{
    if (v->kind != V_ARRAY) {
        av_push(cc, out, v);
        return;
    }
    for (size_t i = 0; i < v->arr.n; i++) flatten_into(cc, out, v->arr.items[i]);
}

/* flatten(args...) - all arguments, nested arrays spliced in. */
Value *fn_flatten(CallCtx *cc)
{
    AVec out = {0};
    for (size_t i = 0; i < cc->nargs; i++) flatten_into(cc, &out, cc->args[i]);
    return av_array(cc, &out);
}

Value *fn_keys(CallCtx *cc)
{
    Value *h = cc->args[0];
    if (h->kind != V_HASH) fail_param(cc, "keys", "hsh", a_value(cc, "Hash"), h);
    return val_array(A, h->hash.keys, h->hash.n);
}

Value *fn_values(CallCtx *cc)
{
    Value *h = cc->args[0];
    if (h->kind != V_HASH) fail_param(cc, "values", "hsh", a_value(cc, "Hash"), h);
    return val_array(A, h->hash.vals, h->hash.n);
}

/* length(x) / size(x) - characters of a string, entries of a collection. */
static Value *length_of(CallCtx *cc, const char *fn)
{
    Value *v = cc->args[0];
    switch (v->kind) {
    case V_STR: return val_int(A, (int64_t)utf8_len(v->str.s, v->str.len));
    case V_ARRAY: return val_int(A, (int64_t)v->arr.n);
    case V_HASH: return val_int(A, (int64_t)v->hash.n);
    default: fail_param(cc, fn, "arg", "a value of type Collection, String, or Binary", v);
    }
}

Value *fn_length(CallCtx *cc) { return length_of(cc, "length"); }
Value *fn_size(CallCtx *cc) { return length_of(cc, "size"); }

/* empty(x) - true for "", [], {}, undef; a number is never empty (and
 * deprecated, warned once per call site as Puppet does). */
Value *fn_empty(CallCtx *cc)
{
    static const Node *warned_sites[64];
    static size_t nwarned;
    Value *v = cc->args[0];
    switch (v->kind) {
    case V_STR: return val_bool(v->str.len == 0);
    case V_ARRAY: return val_bool(v->arr.n == 0);
    case V_HASH: return val_bool(v->hash.n == 0);
    case V_UNDEF: return VAL_TRUE;
    case V_SENSITIVE:
        if (v->sensitive->kind == V_STR) return val_bool(v->sensitive->str.len == 0);
        break;
    case V_INT: case V_FLOAT: {
        size_t i;
        for (i = 0; i < nwarned; i++)
            if (warned_sites[i] == cc->call) break;
        if (i == nwarned && nwarned < ARRAY_LEN(warned_sites)) {
            warned_sites[nwarned++] = cc->call;
            ev_log(cc, "Warning", "Calling function empty() with Numeric value is deprecated.");
        }
        return VAL_FALSE;
    }
    default: break;
    }
    const char *t = got_type(cc, v);
    const char *sigs[] = {"Collection coll", "Sensitive[String] str", "String str", "Numeric num",
                          "Binary bin", "Undef x"};
    const char *why[] = {
        arena_printf(A, "parameter 'coll' expects a Collection value, got %s", t),
        arena_printf(A, "parameter 'str' expects a Sensitive[String] value, got %s", t),
        arena_printf(A, "parameter 'str' expects a String value, got %s", t),
        arena_printf(A, "parameter 'num' expects a Numeric value, got %s", t),
        arena_printf(A, "parameter 'bin' expects a Binary value, got %s", t),
        arena_printf(A, "parameter 'x' expects an Undef value, got %s", t),
    };
    fail_dispatch(cc, "empty", sigs, why, 6);
}

/* ---- Ruby's <=>: sort, and the comparisons behind min and max ---- */

/* Ruby's rb_cmperr: "comparison of Integer with String failed"; the right
 * side is shown by inspect when Ruby holds it as an immediate (nil, true,
 * false, a small Integer, a Symbol) or it is a Float. */
_Noreturn static void fail_cmp(CallCtx *cc, const Value *a, const Value *b)
{
    Buf t = BUF_INIT;
    if (b->kind == V_UNDEF || b->kind == V_BOOL || b->kind == V_FLOAT || b->kind == V_INT || b->kind == V_DEFAULT)
        rv_inspect(&t, b, RV_FN);
    else buf_adds(&t, rv_class(A, b, RV_FN));
    const char *bs = arena_strndup(A, buf_cstr(&t), t.len);
    buf_free(&t);
    ev_fail(cc, "comparison of %s with %s failed", rv_class(A, a, RV_FN), bs);
}

static int sign(double d) { return d < 0 ? -1 : d > 0; }

/* Ruby's rb_cmpint on a block's answer: a number by its sign; nil fails
 * as a failed comparison of the two elements; anything else fails when Ruby
 * compares it with 0. */
static int block_sign(CallCtx *cc, const Value *r, const Value *a, const Value *b)
{
    if (is_num(r)) return sign(num(r));
    if (r->kind == V_UNDEF) fail_cmp(cc, a, b);
    ev_fail(cc, "comparison of %s with 0 failed", rv_class(A, r, RV_FN));
}

typedef struct Sorter {
    CallCtx *cc;
    int use_block;
} Sorter;

/* The comparison for sort(): the block's answer (a number, by its sign)
 * or Ruby's <=>. */
static int sort_cmp(Sorter *st, Value *a, Value *b)
{
    CallCtx *cc = st->cc;
    if (st->use_block) {
        Value *args[2] = {a, b};
        return block_sign(cc, ev_yield(cc, args, 2), a, b);
    }
    int r = rv_cmp(a, b);
    if (r == 2) fail_cmp(cc, a, b);
    return r;
}

/* A stable merge sort; the scratch array is in the arena since the
 * comparison may unwind. */
static void merge_sort(Sorter *st, Value **v, Value **tmp, size_t n)
{
    if (n < 2) return;
    size_t h = n / 2;
    merge_sort(st, v, tmp, h);
    merge_sort(st, v + h, tmp, n - h);
    size_t i = 0, j = h, k = 0;
    while (i < h && j < n) tmp[k++] = sort_cmp(st, v[i], v[j]) <= 0 ? v[i++] : v[j++];
    while (i < h) tmp[k++] = v[i++];
    while (j < n) tmp[k++] = v[j++];
    memcpy(v, tmp, n * sizeof *v);
}

static Value **sorted(CallCtx *cc, Value **items, size_t n)
{
    Sorter st = {cc, cc->lambda != NULL};
    if (st.use_block) check_block(cc, "sort", 2, 2);
    Value **v = ARENA_NEWN(A, Value *, n ? n : 1);
    if (n) memcpy(v, items, n * sizeof *v);
    merge_sort(&st, v, ARENA_NEWN(A, Value *, n ? n : 1), n);
    return v;
}

/* sort(array or string) [|$a, $b| ...] - Ruby's Array#sort (a string sorts
 * its characters); mixed kinds fail as Ruby does. */
Value *fn_sort(CallCtx *cc)
{
    Value *v = cc->args[0];
    if (v->kind == V_ARRAY) return mk_array(cc, sorted(cc, v->arr.items, v->arr.n), v->arr.n);
    if (v->kind == V_STR) {
        size_t n;
        Value **chars = u8_chars(cc, v, &n);
        chars = sorted(cc, chars, n);
        Buf b = BUF_INIT;
        for (size_t i = 0; i < n; i++) buf_add(&b, chars[i]->str.s, chars[i]->str.len);
        Value *r = mk_str(cc, &b);
        buf_free(&b);
        return r;
    }
    const char *t = got_type(cc, v);
    const char *sigs[] = {"String string_value, Callable[2, 2] block?", "Array array_value, Callable[2, 2] block?"};
    const char *why[] = {arena_printf(A, "parameter 'string_value' expects a String value, got %s", t),
                         arena_printf(A, "parameter 'array_value' expects an Array value, got %s", t)};
    fail_dispatch(cc, "sort", sigs, why, 2);
}

/* ---- unique ---- */

static void uniq_key(Buf *b, const Value *v);

static int cmp_cstr(const void *x, const void *y) { return strcmp(*(char *const *)x, *(char *const *)y); }

/* A hash's entries in a canonical order, since Ruby's eql? on hashes
 * ignores order (lengths prefix each entry, so sorting is unambiguous). */
static void uniq_hash_key(Buf *b, const Value *v)
{
    size_t n = v->hash.n;
    char **parts = xmalloc((n ? n : 1) * sizeof *parts);
    for (size_t i = 0; i < n; i++) {
        Buf e = BUF_INIT;
        uniq_key(&e, v->hash.keys[i]);
        uniq_key(&e, v->hash.vals[i]);
        parts[i] = buf_detach(&e);
    }
    qsort(parts, n, sizeof *parts, cmp_cstr);
    buf_printf(b, "%zu{", n);
    for (size_t i = 0; i < n; i++) {
        buf_printf(b, "%zu:", strlen(parts[i]));
        buf_adds(b, parts[i]);
        free(parts[i]);
    }
    free(parts);
    buf_addc(b, '}');
}

/* A text that is equal for two values exactly when Ruby's eql? holds (1
 * and 1.0 differ, "a" and "A" differ, hashes ignore entry order). */
static void uniq_key(Buf *b, const Value *v)
{
    buf_printf(b, "%c", 'a' + v->kind);
    switch (v->kind) {
    case V_STR: buf_printf(b, "%zu:", v->str.len); buf_add(b, v->str.s, v->str.len); break;
    case V_ARRAY:
        buf_printf(b, "%zu[", v->arr.n);
        for (size_t i = 0; i < v->arr.n; i++) uniq_key(b, v->arr.items[i]);
        buf_addc(b, ']');
        break;
    case V_HASH: uniq_hash_key(b, v); break;
    case V_FLOAT: buf_printf(b, "%a;", v->f); break;
    case V_SENSITIVE: case V_TIMESTAMP: case V_TIMESPAN: buf_printf(b, "%p;", (const void *)v); break;   /* no eql? */
    default: {
        Buf t = BUF_INIT;
        val_to_s(&t, v);
        buf_printf(b, "%zu:", t.len);
        buf_add(b, t.s, t.len);
        buf_free(&t);
    }
    }
}

/* The indexes of the first element of each distinct key, in order.  Keys
 * are computed up front (the block may unwind), then deduplicated through
 * a map in one pass; the map's keys live in the arena. */
static size_t uniq_indexes(CallCtx *cc, Value **items, size_t n, size_t *keep)
{
    Value **keys = items;
    if (cc->lambda) {
        check_block(cc, "unique", 1, 1);
        keys = ARENA_NEWN(A, Value *, n ? n : 1);
        for (size_t i = 0; i < n; i++) keys[i] = ev_yield(cc, &items[i], 1);
    }
    Map seen;
    map_init(&seen);
    Buf b = BUF_INIT;
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        buf_clear(&b);
        uniq_key(&b, keys[i]);
        if (map_get(&seen, buf_cstr(&b), b.len)) continue;
        map_put(&seen, arena_strndup(A, buf_cstr(&b), b.len), b.len, (void *)1);
        keep[m++] = i;
    }
    buf_free(&b);
    map_free(&seen);
    return m;
}

static Value *uniq_array(CallCtx *cc, Value **items, size_t n)
{
    size_t *keep = ARENA_NEWN(A, size_t, n ? n : 1);
    size_t m = uniq_indexes(cc, items, n, keep);
    Value **out = ARENA_NEWN(A, Value *, m ? m : 1);
    for (size_t i = 0; i < m; i++) out[i] = items[keep[i]];
    return mk_array(cc, out, m);
}

/* unique(x) [|$v| key] - an array or iterable without repeats (first wins);
 * a string without repeated characters; a hash inverted to
 * {[keys with that value] => [value]}. */
Value *fn_unique(CallCtx *cc)
{
    Value *v = cc->args[0];
    if (v->kind == V_STR) {
        size_t n;
        Value **chars = u8_chars(cc, v, &n);
        Value *a = uniq_array(cc, chars, n);
        Buf b = BUF_INIT;
        for (size_t i = 0; i < a->arr.n; i++) buf_add(&b, a->arr.items[i]->str.s, a->arr.items[i]->str.len);
        Value *r = mk_str(cc, &b);
        buf_free(&b);
        return r;
    }
    if (v->kind == V_HASH) {
        /* Group the keys by the (block's) value, then keep one value per group. */
        size_t n = v->hash.n;
        Value **by = v->hash.vals;
        if (cc->lambda) {
            check_block(cc, "unique", 1, 1);
            by = ARENA_NEWN(A, Value *, n ? n : 1);
            for (size_t i = 0; i < n; i++) by[i] = ev_yield(cc, &v->hash.vals[i], 1);
        }
        size_t *group = ARENA_NEWN(A, size_t, n ? n : 1);   /* entry -> group */
        size_t ngroups = 0;
        Map seen;
        map_init(&seen);
        Buf b = BUF_INIT;
        for (size_t i = 0; i < n; i++) {
            buf_clear(&b);
            uniq_key(&b, by[i]);
            void *g = map_get(&seen, buf_cstr(&b), b.len);
            if (!g) {
                g = (void *)(++ngroups);
                map_put(&seen, arena_strndup(A, buf_cstr(&b), b.len), b.len, g);
            }
            group[i] = (size_t)g - 1;
        }
        buf_free(&b);
        map_free(&seen);
        AVec *gk = ARENA_NEWN(A, AVec, ngroups ? ngroups : 1), *gv = ARENA_NEWN(A, AVec, ngroups ? ngroups : 1);
        for (size_t i = 0; i < n; i++) {
            av_push(cc, &gk[group[i]], v->hash.keys[i]);
            av_push(cc, &gv[group[i]], v->hash.vals[i]);
        }
        Value **ks = ARENA_NEWN(A, Value *, ngroups ? ngroups : 1), **vs = ARENA_NEWN(A, Value *, ngroups ? ngroups : 1);
        for (size_t g = 0; g < ngroups; g++) {
            ks[g] = av_array(cc, &gk[g]);
            size_t *keep = ARENA_NEWN(A, size_t, gv[g].n);
            CallCtx plain = *cc;
            plain.lambda = NULL;
            size_t m = uniq_indexes(&plain, gv[g].v, gv[g].n, keep);
            Value **out = ARENA_NEWN(A, Value *, m);
            for (size_t i = 0; i < m; i++) out[i] = gv[g].v[keep[i]];
            vs[g] = mk_array(cc, out, m);
        }
        return val_hash(A, ks, vs, ngroups);
    }
    Iter it;
    if (v->kind == V_ARRAY || iter_of(cc, v, &it)) {
        if (v->kind == V_ARRAY) return uniq_array(cc, v->arr.items, v->arr.n);
        if (it.range) {                 /* a range has no repeats */
            if (it.n > 100000000) ev_fail(cc, "unique() of a range this large is not supported");
            Value **items = ARENA_NEWN(A, Value *, it.n ? it.n : 1);
            for (size_t i = 0; i < it.n; i++) items[i] = iter_at(cc, &it, i);
            return val_array(A, items, it.n);
        }
        return uniq_array(cc, it.items, it.n);
    }
    const char *t = got_type(cc, v);
    const char *sigs[] = {"String string, Callable[String] block?", "Hash hash, Callable[Any] block?",
                          "Array array, Callable[Any] block?", "Iterable iterable, Callable[Any] block?"};
    const char *why[] = {arena_printf(A, "parameter 'string' expects a String value, got %s", t),
                         arena_printf(A, "parameter 'hash' expects a Hash value, got %s", t),
                         arena_printf(A, "parameter 'array' expects an Array value, got %s", t),
                         arena_printf(A, "parameter 'iterable' expects an Iterable value, got %s", t)};
    fail_dispatch(cc, "unique", sigs, why, 4);
}

/* ---- Kernel#format ---- */

/* sprintf's arguments went through Puppet's 3.x conversion: a top-level
 * undef is "", a regexp is the string "/src/". */
static void sp_to_s(Buf *b, const Value *v)
{
    if (v->kind == V_REGEX) buf_printf(b, "/%s/", v->regex.src);
    else if (v->kind == V_ARRAY || v->kind == V_HASH) rv_inspect(b, v, RV_FN3);
    else rv_to_s(b, v, RV_FN);
}

static void sp_inspect(Buf *b, const Value *v)
{
    if (v->kind == V_UNDEF) buf_adds(b, "\"\"");
    else rv_inspect(b, v, RV_FN3);
}

static const char *sp_inspect_cstr(CallCtx *cc, const Value *v)
{
    Buf b = BUF_INIT;
    sp_inspect(&b, v);
    const char *s = arena_strndup(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return s;
}

static const char *conv_class(const Value *v)
{
    switch (v->kind) {
    case V_BOOL: return v->b ? "true" : "false";
    case V_DEFAULT: return "Symbol";
    case V_ARRAY: return "Array";
    case V_HASH: return "Hash";
    default: return "Object";
    }
}

typedef struct Fmt {
    CallCtx *cc;
    Value **args;       /* the arguments after the format */
    size_t nargs;
    size_t next;        /* next unnumbered argument */
    int mode;           /* 0 unset, 1 unnumbered, 2 numbered, 3 named */
    Buf out;            /* the result so far (malloc'd: freed before failing) */
} Fmt;

/* Fails the sprintf call, releasing its output buffer first. */
_Noreturn static void fmt_fail(Fmt *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
_Noreturn static void fmt_fail(Fmt *f, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    buf_free(&f->out);
    ev_fail(f->cc, "%s", msg);
}

static int64_t sp_int(Fmt *f, const Value *v)
{
    int64_t i;
    switch (v->kind) {
    case V_INT: return v->i;
    case V_FLOAT:
        if (!isfinite(v->f)) fmt_fail(f, "%s", isnan(v->f) ? "NaN" : v->f < 0 ? "-Infinity" : "Infinity");
        return (int64_t)v->f;
    case V_STR: case V_UNDEF: case V_REGEX: {
        Buf b = BUF_INIT;
        sp_to_s(&b, v);
        int ok = rv_integer(buf_cstr(&b), 0, &i);
        buf_free(&b);
        if (!ok) fmt_fail(f, "invalid value for Integer(): %s", sp_inspect_cstr(f->cc, v));
        return i;
    }
    default: fmt_fail(f, "can't convert %s into Integer", conv_class(v));
    }
}

static double sp_float(Fmt *f, const Value *v)
{
    double d;
    switch (v->kind) {
    case V_INT: return (double)v->i;
    case V_FLOAT: return v->f;
    case V_STR: case V_UNDEF: case V_REGEX: {
        Buf b = BUF_INIT;
        sp_to_s(&b, v);
        int ok = rv_float(buf_cstr(&b), &d);
        buf_free(&b);
        if (!ok) fmt_fail(f, "invalid value for Float(): %s", sp_inspect_cstr(f->cc, v));
        return d;
    }
    default: fmt_fail(f, "can't convert %s into Float", conv_class(v));
    }
}

enum { F_SPACE = 1, F_SHARP = 2, F_PLUS = 4, F_MINUS = 8, F_ZERO = 16 };

/* Pads body (len bytes, chars characters) to width with spaces. */
static void pad(Buf *out, const char *body, size_t len, size_t chars, int width, int flags)
{
    size_t fill = width > 0 && (size_t)width > chars ? (size_t)width - chars : 0;
    if (!(flags & F_MINUS)) for (size_t i = 0; i < fill; i++) buf_addc(out, ' ');
    buf_add(out, body, len);
    if (flags & F_MINUS) for (size_t i = 0; i < fill; i++) buf_addc(out, ' ');
}

/* %d %i %u %x %X %o %b %B: a negative number in a non-decimal base without
 * '+' or ' ' prints Ruby's two's-complement form, "..f01". */
static void fmt_int(Buf *out, int64_t v, char conv, int flags, int width, int prec)
{
    int base = 10;
    const char *digits = "0123456789abcdef";
    switch (conv) {
    case 'x': base = 16; break;
    case 'X': base = 16; digits = "0123456789ABCDEF"; break;
    case 'o': base = 8; break;
    case 'b': case 'B': base = 2; break;
    default: break;
    }
    char num[80];
    int n = 0;
    const char *sgn = "";
    int twos = 0;
    if (v < 0 && base != 10 && !(flags & (F_PLUS | F_SPACE))) {
        /* Digits of the sign-extended value until only ones remain. */
        int shift = base == 16 ? 4 : base == 8 ? 3 : 1;
        int64_t x = v;
        while (x != -1) {
            num[n++] = digits[x & (base - 1)];
            x >>= shift;              /* arithmetic shift keeps the sign */
        }
        num[n++] = digits[base - 1];
        twos = 1;
    } else {
        uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
        if (v < 0) sgn = "-";
        else if (flags & F_PLUS) sgn = "+";
        else if (flags & F_SPACE) sgn = " ";
        do {
            num[n++] = digits[u % (uint64_t)base];
            u /= (uint64_t)base;
        } while (u);
    }
    const char *prefix = "";
    if ((flags & F_SHARP) && v != 0) {
        switch (conv) {
        case 'x': prefix = "0x"; break;
        case 'X': prefix = "0X"; break;
        case 'b': prefix = "0b"; break;
        case 'B': prefix = "0B"; break;
        case 'o': prefix = "0"; break;
        default: break;
        }
    }
    Buf body = BUF_INIT;
    buf_adds(&body, sgn);
    buf_adds(&body, prefix);
    if (twos) buf_adds(&body, "..");
    int len = (int)body.len + n;
    char fillc = twos ? digits[base - 1] : '0';
    int zeros = 0;
    if (prec >= 0 && !twos) zeros = prec > n ? prec - n : 0;
    else if ((flags & F_ZERO) && !(flags & F_MINUS) && prec < 0 && width > len) zeros = width - len;
    for (int i = 0; i < zeros; i++) buf_addc(&body, fillc);
    for (int i = n - 1; i >= 0; i--) buf_addc(&body, num[i]);
    pad(out, body.s, body.len, body.len, width, flags);
    buf_free(&body);
}

/* Ruby's dtoa, for up to 14 digits, first tries plain floating point; when
 * that cannot tell whether the part after the last digit is above or below
 * one half, Ruby rounds the last digit to even instead of asking the exact
 * value - so Ruby's sprintf("%.2f", 2.675) is 2.68 where C prints 2.67.
 * This repeats that estimate (mode 2: ndigits significant digits; mode 3:
 * ndigits after the point) and returns the decimal Ruby would print, or d
 * itself when Ruby's digits are the correctly rounded ones C prints. */
static double ruby_dtoa_round(double d, int mode, int ndigits)
{
    static const double tens[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    static const double bigtens[] = {1e16, 1e32, 1e64, 1e128, 1e256};
    if (!isfinite(d) || d == 0) return d;
    double x = fabs(d);
    int k = (int)floor(log10(x));
    if (k >= 0 && k <= 22 && x < tens[k]) k--;
    int ilim = mode == 3 ? ndigits + k + 1 : ndigits <= 0 ? 1 : ndigits;
    if (ilim <= 0 || ilim > 14) return d;
    int ieps = 2, i = 0;                  /* scale x into [1, 10) as dtoa does */
    if (k > 0) {
        double ds = tens[k & 0xf];
        int j = k >> 4;
        if (j & 0x10) {
            j &= 0xf;
            x /= bigtens[4];
            ieps++;
        }
        for (; j; j >>= 1, i++)
            if (j & 1) {
                ieps++;
                ds *= bigtens[i];
            }
        x /= ds;
    } else if (k < 0) {
        int j1 = -k;
        x *= tens[j1 & 0xf];
        for (int j = j1 >> 4; j; j >>= 1, i++)
            if (j & 1) {
                ieps++;
                x *= bigtens[i];
            }
    }
    if (x < 1.0) {
        if (mode == 3) ilim--;
        if (ilim <= 0) return d;
        k--;
        x *= 10.0;
        ieps++;
    }
    double eps = (ieps * x + 7.0) * 0x1p-52 * tens[ilim - 1];
    char dig[24];
    int n = 0;
    for (i = 1;; i++, x *= 10.0) {
        long digit = (long)x;
        x -= (double)digit;
        dig[n++] = (char)('0' + digit);
        if (x == 0) return d;
        if (i == ilim) {
            if (x > 0.5 + eps || x < 0.5 - eps) return d;
            break;
        }
    }
    if ((dig[n - 1] - '0') & 1) {         /* odd: round up, carrying */
        int q = n - 1;
        while (q >= 0 && dig[q] == '9') dig[q--] = '0';
        if (q < 0) {
            dig[0] = '1';
            k++;
        } else {
            dig[q]++;
        }
    }
    char buf[64];
    snprintf(buf, sizeof buf, "%c.%.*se%d", dig[0], n - 1, dig + 1, k);
    double r = strtod(buf, NULL);
    return d < 0 ? -r : r;
}

/* %f %e %E %g %G %a %A through C's printf with Ruby's rounding (above),
 * and Ruby's "Inf" and "NaN".  The C format is built from checked pieces, so
 * the non-literal format warning is silenced here only. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
static void fmt_float(Buf *out, double d, char conv, int flags, int width, int prec)
{
    if (!isfinite(d)) {
        const char *s = isnan(d) ? "NaN" : d < 0 ? "-Inf" : (flags & F_PLUS) ? "+Inf" : (flags & F_SPACE) ? " Inf" : "Inf";
        pad(out, s, strlen(s), strlen(s), width, flags);
        return;
    }
    int digits = prec < 0 ? 6 : prec;
    if (conv == 'f') {
        d = ruby_dtoa_round(d, 3, digits);
    } else if (conv == 'e' || conv == 'E') {
        d = ruby_dtoa_round(d, 2, digits + 1);
    } else if (conv == 'g' || conv == 'G') {
        if (digits == 0) digits = 1;
        d = ruby_dtoa_round(d, 2, digits);
        if (flags & F_SHARP) {
            /* Round first: glibc's %#g drops a kept zero when rounding
             * carries (99.95 -> "1.e+02"; Ruby prints "1.0e+02"). */
            char tmp[64];
            snprintf(tmp, sizeof tmp, "%.*e", digits - 1, d);
            d = strtod(tmp, NULL);
        }
    }
    char spec[32], *p = spec;
    *p++ = '%';
    if (flags & F_SPACE) *p++ = ' ';
    if (flags & F_SHARP) *p++ = '#';
    if (flags & F_PLUS) *p++ = '+';
    if (flags & F_MINUS) *p++ = '-';
    if (flags & F_ZERO) *p++ = '0';
    *p++ = '*';
    if (prec >= 0) *p++ = '.', *p++ = '*';
    *p++ = conv;
    *p = '\0';
    char small[512];
    int n = prec >= 0 ? snprintf(small, sizeof small, spec, width, prec, d) : snprintf(small, sizeof small, spec, width, d);
    if (n < (int)sizeof small) {
        buf_add(out, small, (size_t)n);
        return;
    }
    char *big = xmalloc((size_t)n + 1);
    if (prec >= 0) snprintf(big, (size_t)n + 1, spec, width, prec, d);
    else snprintf(big, (size_t)n + 1, spec, width, d);
    buf_add(out, big, (size_t)n);
    free(big);
}
#pragma GCC diagnostic pop

/* Truncates s to prec characters (prec >= 0) and pads to width. */
static void fmt_str(Buf *out, const char *s, size_t len, int flags, int width, int prec)
{
    size_t chars = 0, i = 0;
    long cp;
    while (i < len && (prec < 0 || chars < (size_t)prec)) {
        i += utf8_decode(s + i, len - i, &cp);
        chars++;
    }
    pad(out, s, i, chars, width, flags);
}


static Value *fmt_next(Fmt *f)
{
    if (f->mode == 2) fmt_fail(f, "unnumbered(%zu) mixed with numbered", f->next + 1);
    if (f->mode == 3) fmt_fail(f, "unnumbered(%zu) mixed with named", f->next + 1);
    f->mode = 1;
    if (f->next >= f->nargs) fmt_fail(f, "too few arguments");
    return f->args[f->next++];
}

static Value *fmt_nth(Fmt *f, long n)
{
    if (f->mode == 1) fmt_fail(f, "numbered(%ld) after unnumbered(%zu)", n, f->next);
    if (f->mode == 3) fmt_fail(f, "numbered(%ld) after named", n);
    f->mode = 2;
    if (n < 1) fmt_fail(f, "invalid index - %ld$", n);
    if ((size_t)n > f->nargs) fmt_fail(f, "too few arguments");
    return f->args[n - 1];
}

/* %<name>s and %{name}: the single hash argument's entry (Puppet retries
 * with symbol keys, so string keys are found). */
static Value *fmt_named(Fmt *f, const char *name, size_t len, char open, char close)
{
    CallCtx *cc = f->cc;
    if (f->mode == 1) fmt_fail(f, "named%c%.*s%c after unnumbered(%zu)", open, (int)len, name, close, f->next);
    if (f->mode == 2) fmt_fail(f, "named%c%.*s%c after numbered", open, (int)len, name, close);
    f->mode = 3;
    if (f->nargs != 1 || f->args[0]->kind != V_HASH) fmt_fail(f, "one hash required");
    Value key = {.kind = V_STR};
    key.str.s = arena_strndup(A, name, len);
    key.str.len = len;
    Value *v = val_hash_get(f->args[0], &key);
    if (!v) fmt_fail(f, "key%c%.*s%c not found", open, (int)len, name, close);
    return v;
}

/* sprintf(format, args...) - Ruby's Kernel#format. */
Value *fn_sprintf(CallCtx *cc)
{
    Value *fv = cc->args[0];
    if (fv->kind == V_UNDEF) return val_cstr(A, "");
    if (fv->kind != V_STR) ev_fail(cc, "no implicit conversion of %s into String", rv_class(A, fv, RV_FN));
    Fmt fs = {cc, cc->args + 1, cc->nargs - 1, 0, 0, BUF_INIT}, *f = &fs;
    const char *s = fv->str.s, *end = s + fv->str.len;
    while (s < end) {
        if (*s != '%') {
            buf_addc(&f->out, *s++);
            continue;
        }
        s++;
        int flags = 0, width = -1, prec = -1;
        int seen = 0;           /* what came after '%': 0 nothing, 1 a flag, 2 a width, precision or name */
        Value *arg = NULL;
        for (;;) {
            if (s >= end) {
                if (seen == 0) fmt_fail(f, "incomplete format specifier; use %%%% (double %%) instead");
                if (seen == 1) fmt_fail(f, "invalid format character - %%");
                fmt_fail(f, "malformed format string - %%*[0-9]");
            }
            char c = *s;
            seen = seen > 1 ? seen : c == ' ' || c == '#' || c == '+' || c == '-' || (c == '0' && width < 0) ? 1 : 2;
            if (c == ' ' || c == '#' || c == '+' || c == '-' || (c == '0' && width < 0)) {
                if (width >= 0 && c != '0') fmt_fail(f, "flag after width");
                flags |= c == ' ' ? F_SPACE : c == '#' ? F_SHARP : c == '+' ? F_PLUS : c == '-' ? F_MINUS : F_ZERO;
                s++;
            } else if (isdigit((unsigned char)c)) {
                long n = 0;
                while (s < end && isdigit((unsigned char)*s)) {
                    n = n * 10 + (*s++ - '0');
                    if (n > SPRINTF_MAX_WIDTH) fmt_fail(f, "width too big");
                }
                if (s < end && *s == '$') {
                    s++;
                    if (arg) fmt_fail(f, "value given twice - %ld$", n);
                    arg = fmt_nth(f, n);
                } else {
                    width = (int)n;
                }
            } else if (c == '<' || c == '{') {
                char close = c == '<' ? '>' : '}';
                const char *name = ++s;
                while (s < end && *s != close) s++;
                if (s >= end) fmt_fail(f, "malformed name - unmatched parenthesis");
                arg = fmt_named(f, name, (size_t)(s - name), c, close);
                s++;
                if (c == '{') {             /* %{name}: to_s, no conversion */
                    Buf t = BUF_INIT;
                    sp_to_s(&t, arg);
                    fmt_str(&f->out, t.s ? t.s : "", t.len, flags, width, -1);
                    buf_free(&t);
                    break;
                }
            } else if (c == '*') {
                s++;
                Value *w = fmt_next(f);
                long long wv = sp_int(f, w);
                if (wv > SPRINTF_MAX_WIDTH || wv < -SPRINTF_MAX_WIDTH) fmt_fail(f, "width too big");
                width = (int)wv;
                if (width < 0) flags |= F_MINUS, width = -width;
            } else if (c == '.') {
                s++;
                prec = 0;
                if (s < end && *s == '*') {
                    s++;
                    long long pv = sp_int(f, fmt_next(f));
                    if (pv > SPRINTF_MAX_WIDTH || pv < -SPRINTF_MAX_WIDTH) fmt_fail(f, "precision too big");
                    prec = (int)pv;
                } else {
                    while (s < end && isdigit((unsigned char)*s)) {
                        prec = prec * 10 + (*s++ - '0');
                        if (prec > SPRINTF_MAX_WIDTH) fmt_fail(f, "precision too big");
                    }
                }
            } else if (c == '%') {
                s++;
                buf_addc(&f->out, '%');
                break;
            } else {
                s++;
                if (!strchr("csp" "diu" "xXobB" "feEgGaA", c)) fmt_fail(f, "malformed format string - %%%c", c);
                if (!arg) arg = fmt_next(f);
                Buf t = BUF_INIT;
                switch (c) {
                case 's': sp_to_s(&t, arg); fmt_str(&f->out, t.s ? t.s : "", t.len, flags, width, prec); break;
                case 'p': sp_inspect(&t, arg); fmt_str(&f->out, t.s, t.len, flags, width, prec); break;
                case 'c':
                    if (arg->kind == V_STR || arg->kind == V_UNDEF) {
                        sp_to_s(&t, arg);
                        if (utf8_len(buf_cstr(&t), t.len) != 1) {
                            buf_free(&t);
                            fmt_fail(f, "%%c requires a character");
                        }
                    } else {
                        int64_t cp = sp_int(f, arg);
                        if (cp < 0 || cp > 0x10ffff) {
                            buf_free(&t);
                            fmt_fail(f, "invalid character");
                        }
                        if (cp == 0) fmt_fail(f, "A string may not contain a NUL byte (%%c of 0)");
                        utf8_encode(&t, (long)cp);
                    }
                    fmt_str(&f->out, t.s, t.len, flags, width, -1);
                    break;
                case 'd': case 'i': case 'u': case 'x': case 'X': case 'o': case 'b': case 'B': {
                    int64_t iv = sp_int(f, arg);
                    fmt_int(&f->out, iv, c, flags, width, prec);
                    break;
                }
                default: fmt_float(&f->out, sp_float(f, arg), c, flags, width, prec); break;
                }
                buf_free(&t);
                break;
            }
        }
    }
    Value *r = mk_str(cc, &f->out);
    buf_free(&f->out);
    return r;
}

/* ---- regsubst ---- */

/* The group number of the last group named name that matched (Oniguruma
 * numbers only named groups once a pattern has any), found by scanning
 * the pattern's source for (?<name>...) and (?'name'...); -1 if none is
 * named so, 0 if none of those matched. */
static int named_group(const char *src, const char *name, size_t len, const Match *m)
{
    int n = 0, found = -1;
    for (size_t i = 0; src[i]; i++) {
        if (src[i] == '\\') {
            if (src[i + 1]) i++;
        } else if (src[i] == '[') {             /* skip a (possibly nested) class */
            int depth = 1;
            i++;
            if (src[i] == '^') i++;
            if (src[i] == ']') i++;
            for (; src[i] && depth; i++) {
                if (src[i] == '\\' && src[i + 1]) i++;
                else if (src[i] == '[') depth++;
                else if (src[i] == ']') depth--;
            }
            i--;
        } else if (src[i] == '(' && src[i + 1] == '?' &&
                   ((src[i + 2] == '<' && src[i + 3] != '=' && src[i + 3] != '!') || src[i + 2] == '\'')) {
            char close = src[i + 2] == '<' ? '>' : '\'';
            const char *b = src + i + 3, *e = strchr(b, close);
            n++;
            if (e && (size_t)(e - b) == len && memcmp(b, name, len) == 0) {
                if (found < 0) found = 0;
                if (n < m->n && m->caps[2 * n] >= 0) found = n;
            }
        }
    }
    return found;
}

/* Ruby's replacement text: \0-\9 and \& groups, \k<name> a named group,
 * \` before the match, \' after it, \+ the last group that matched, \\ a
 * backslash; any other backslash stays as written. */
static void expand_repl(CallCtx *cc, Buf *out, const Value *repl, const char *src, const char *s, size_t len,
                        const Match *m)
{
    const char *r = repl->str.s;
    size_t rl = repl->str.len;
    for (size_t i = 0; i < rl; i++) {
        if (r[i] != '\\' || i + 1 >= rl) {
            buf_addc(out, r[i]);
            continue;
        }
        char c = r[++i];
        int g = -1;
        if (c >= '0' && c <= '9') g = c - '0';
        else if (c == '&') g = 0;
        else if (c == 'k' && i + 1 < rl && r[i + 1] == '<') {
            const char *nb = r + i + 2, *ne = memchr(nb, '>', rl - (i + 2));
            if (!ne || ne == nb) {
                buf_free(out);
                ev_fail(cc, "invalid group name reference format");
            }
            g = named_group(src, nb, (size_t)(ne - nb), m);
            if (g < 0) {
                const char *nm = arena_strndup(A, nb, (size_t)(ne - nb));
                buf_free(out);
                ev_fail(cc, "undefined group name reference: %s", nm);
            }
            i = (size_t)(ne - r);
            if (g == 0) continue;
        } else if (c == '+') {
            for (g = m->n - 1; g > 0 && m->caps[2 * g] < 0; g--) {}
            if (g == 0) continue;
        } else if (c == '`') {
            buf_add(out, s, (size_t)m->caps[0]);
            continue;
        } else if (c == '\'') {
            buf_add(out, s + m->caps[1], len - (size_t)m->caps[1]);
            continue;
        } else if (c == '\\') {
            buf_addc(out, '\\');
            continue;
        } else {
            buf_addc(out, '\\');
            buf_addc(out, c);
            continue;
        }
        if (g < m->n && m->caps[2 * g] >= 0)
            buf_add(out, s + m->caps[2 * g], (size_t)(m->caps[2 * g + 1] - m->caps[2 * g]));
    }
}

static void replace_match(CallCtx *cc, Buf *out, const Value *repl, const char *src, const char *s, size_t len,
                          const Match *m)
{
    if (repl->kind == V_STR) {
        expand_repl(cc, out, repl, src, s, len, m);
        return;
    }
    /* A hash replacement maps the matched text to its replacement. */
    Value key = {.kind = V_STR};
    key.str.s = arena_strndup(A, s + m->caps[0], (size_t)(m->caps[1] - m->caps[0]));
    key.str.len = (size_t)(m->caps[1] - m->caps[0]);
    Value *v = val_hash_get(repl, &key);
    if (v) rv_to_s(out, v, RV_FN);
}

/* String#sub / #gsub: after an empty match the next character is copied
 * and the search moves past it. */
static Value *subst(CallCtx *cc, Regex *re, const char *src, const Value *target, const Value *repl, int global)
{
    const char *s = target->str.s;
    size_t len = target->str.len, pos = 0, last = 0;
    Buf out = BUF_INIT;
    Match m;
    while (pos <= len && search(cc, re, s, len, pos, &m)) {
        size_t mb = (size_t)m.caps[0], me = (size_t)m.caps[1];
        buf_add(&out, s + last, mb - last);
        replace_match(cc, &out, repl, src, s, len, &m);
        last = pos = me;
        if (!global) break;
        if (mb == me) {
            if (me >= len) break;
            long cp;
            size_t l = utf8_decode(s + me, len - me, &cp);
            buf_add(&out, s + me, l);
            last = pos = me + l;
        }
    }
    buf_add(&out, s + last, len - last);
    Value *r = mk_str(cc, &out);
    buf_free(&out);
    return r;
}

static const char *const regsubst_sigs[] = {
    "Variant[Array[String], String] target, String pattern, Variant[String, Hash[String, String]] replacement, "
    "Pattern[/^[GEIM]*$/] flags?, Enum['E', 'N', 'S', 'U'] encoding?",
    "Variant[Array[String], String] target, Variant[Regexp, Type[Regexp]] pattern, "
    "Variant[String, Hash[String, String]] replacement, Pattern[/^G?$/] flags?",
};

/* regsubst(target, pattern, replacement[, flags[, encoding]]) - replaces
 * the first (flag G: every) match in a string or in each string of an
 * array.  Flags I, E, M make a string pattern case-insensitive, extended,
 * multiline (dot matches newline); the encoding is ignored. */
Value *fn_regsubst(CallCtx *cc)
{
    Value *target = cc->args[0], *pat = cc->args[1], *repl = cc->args[2];
    Value *flags = cc->nargs > 3 ? cc->args[3] : VAL_UNDEF;
    const char *tt = got_type(cc, target);
    if (target->kind == V_ARRAY) {
        for (size_t i = 0; i < target->arr.n; i++) {
            if (target->arr.items[i]->kind == V_STR) continue;
            const char *w = arena_printf(A, "parameter 'target' variant 0 index %zu expects a String value, got %s\n"
                                         "    rejected: parameter 'target' variant 1 expects a String value, got %s",
                                         i, got_type(cc, target->arr.items[i]), tt);
            const char *why[] = {w, w};
            fail_dispatch(cc, "regsubst", regsubst_sigs, why, 2);
        }
    } else if (target->kind != V_STR) {
        fail_param(cc, "regsubst", "target", "a value of type Array or String", target);
    }
    const char *src = pat->kind == V_STR ? pat->str.s : regexp_src(pat);
    if (!src) fail_param(cc, "regsubst", "pattern", "a value of type String, Regexp, or Type[Regexp]", pat);
    int by_string = pat->kind == V_STR;
    const char *pat_why = by_string
        ? arena_printf(A, "parameter 'pattern' expects a value of type Regexp or Type[Regexp], got %s", got_type(cc, pat))
        : arena_printf(A, "parameter 'pattern' expects a String value, got %s", got_type(cc, pat));
    int repl_ok = repl->kind == V_STR;
    if (repl->kind == V_HASH) {
        repl_ok = 1;
        for (size_t i = 0; i < repl->hash.n; i++)
            if (repl->hash.keys[i]->kind != V_STR || repl->hash.vals[i]->kind != V_STR) repl_ok = 0;
    }
    if (!repl_ok) {
        const char *rw;
        if (repl->kind != V_HASH) {
            rw = arena_printf(A, "parameter 'replacement' expects a value of type String or Hash, got %s", got_type(cc, repl));
        } else {
            size_t i = 0;
            while (repl->hash.keys[i]->kind == V_STR && repl->hash.vals[i]->kind == V_STR) i++;
            const Value *k = repl->hash.keys[i];
            rw = repl->hash.keys[i]->kind != V_STR
                ? arena_printf(A, "parameter 'replacement' variant 0 expects a String value, got %s\n"
                               "    rejected: parameter 'replacement' variant 1 expects a Hash[String, String] value, got %s",
                               got_type(cc, repl), got_type(cc, repl))
                : arena_printf(A, "parameter 'replacement' variant 0 expects a String value, got %s\n"
                               "    rejected: parameter 'replacement' variant 1 entry '%s' expects a String value, got %s",
                               got_type(cc, repl), k->str.s, got_type(cc, repl->hash.vals[i]));
        }
        const char *why[] = {by_string ? rw : pat_why, by_string ? pat_why : rw};
        fail_dispatch(cc, "regsubst", regsubst_sigs, why, 2);
    }
    int global = 0;
    char opts[8], *o = opts;
    if (by_string) {
        if (flags->kind != V_UNDEF) {
            int ok = flags->kind == V_STR && strspn(flags->str.s, "GEIM") == flags->str.len;
            if (!ok) {
                const char *fv = flags->kind == V_STR ? arena_printf(A, "'%s'", flags->str.s) : got_type(cc, flags);
                const char *why[] = {
                    arena_printf(A, "parameter 'flags' expects an undef value or a match for Pattern[/^[GEIM]*$/], got %s", fv),
                    pat_why};
                fail_dispatch(cc, "regsubst", regsubst_sigs, why, 2);
            }
            global = strchr(flags->str.s, 'G') != NULL;
            if (strchr(flags->str.s, 'I')) *o++ = 'i';
            if (strchr(flags->str.s, 'M')) *o++ = 'm';
            if (strchr(flags->str.s, 'E')) *o++ = 'x';
        }
    } else if (cc->nargs > 3) {
        int ok = flags->kind == V_STR && (flags->str.len == 0 || strcmp(flags->str.s, "G") == 0);
        if (!ok || cc->nargs > 4) {
            const char *fv = flags->kind == V_STR ? arena_printf(A, "'%s'", flags->str.s) : got_type(cc, flags);
            const char *why[] = {pat_why,
                                 cc->nargs > 4 ? "expects between 3 and 4 arguments, got 5"
                                               : arena_printf(A, "parameter 'flags' expects a match for Pattern[/^G?$/], got %s", fv)};
            fail_dispatch(cc, "regsubst", regsubst_sigs, why, 2);
        }
        global = flags->str.len == 1;
    }
    *o = '\0';
    /* Ruby shows a bad pattern with its options: /(/mi */
    char shown_opts[4], *so = shown_opts;
    if (strchr(opts, 'm')) *so++ = 'm';
    if (strchr(opts, 'i')) *so++ = 'i';
    if (strchr(opts, 'x')) *so++ = 'x';
    *so = '\0';
    Regex *re = compile(cc, opts[0] ? arena_printf(A, "(?%s)%s", opts, src) : src,
                        arena_printf(A, "%s/%s", src, shown_opts));
    if (target->kind == V_STR) return subst(cc, re, src, target, repl, global);
    Value **out = ARENA_NEWN(A, Value *, target->arr.n ? target->arr.n : 1);
    for (size_t i = 0; i < target->arr.n; i++) out[i] = subst(cc, re, src, target->arr.items[i], repl, global);
    return mk_array(cc, out, target->arr.n);
}

/* ---- case and whitespace ---- */

/* Case mapping: ASCII directly; other characters through the C library's
 * Unicode tables (C.UTF-8) when that locale exists, else passed through
 * unchanged.  Ruby's special casings that change length (German sharp s
 * upcasing to "SS") and title case are not done. */
static locale_t utf8_locale(void)
{
    static locale_t loc;
    static int tried;
    if (!tried) {
        tried = 1;
        loc = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
    }
    return loc;
}

enum { CASE_UP, CASE_DOWN, CASE_CAPITAL };

static void map_case(Buf *out, const char *s, size_t len, int mode)
{
    int first = 1;
    for (size_t i = 0; i < len;) {
        long cp;
        size_t l = utf8_decode(s + i, len - i, &cp);
        int up = mode == CASE_UP || (mode == CASE_CAPITAL && first);
        first = 0;
        if (cp >= 0 && cp < 0x80) {
            buf_addc(out, (char)(up ? toupper((int)cp) : tolower((int)cp)));
        } else if (cp >= 0 && utf8_locale()) {
            wint_t w = up ? towupper_l((wint_t)cp, utf8_locale()) : towlower_l((wint_t)cp, utf8_locale());
            utf8_encode(out, (long)w);
        } else {
            buf_add(out, s + i, l);
        }
        i += l;
    }
}

static Value *case_str(CallCtx *cc, const Value *v, int mode)
{
    Buf b = BUF_INIT;
    map_case(&b, v->str.s, v->str.len, mode);
    Value *r = mk_str(cc, &b);
    buf_free(&b);
    return r;
}

/* StringData = Variant[String, Numeric, Array[StringData], Hash[StringData, StringData]] */
static int is_string_data(const Value *v)
{
    switch (v->kind) {
    case V_STR: case V_INT: case V_FLOAT: return 1;
    case V_ARRAY:
        for (size_t i = 0; i < v->arr.n; i++)
            if (!is_string_data(v->arr.items[i])) return 0;
        return 1;
    case V_HASH:
        for (size_t i = 0; i < v->hash.n; i++)
            if (!is_string_data(v->hash.keys[i]) || !is_string_data(v->hash.vals[i])) return 0;
        return 1;
    default: return 0;
    }
}

static Value *case_deep(CallCtx *cc, Value *v, int mode)
{
    switch (v->kind) {
    case V_STR: return case_str(cc, v, mode);
    case V_ARRAY: {
        Value **out = ARENA_NEWN(A, Value *, v->arr.n ? v->arr.n : 1);
        for (size_t i = 0; i < v->arr.n; i++) out[i] = case_deep(cc, v->arr.items[i], mode);
        return mk_array(cc, out, v->arr.n);
    }
    case V_HASH: {
        size_t n = v->hash.n;
        Value **ks = ARENA_NEWN(A, Value *, n ? n : 1), **vs = ARENA_NEWN(A, Value *, n ? n : 1);
        for (size_t i = 0; i < n; i++) {
            ks[i] = case_deep(cc, v->hash.keys[i], mode);
            vs[i] = case_deep(cc, v->hash.vals[i], mode);
        }
        return val_hash(A, ks, vs, n);
    }
    default: return v;
    }
}

/* upcase / downcase: numbers unchanged, strings mapped, arrays and hashes
 * (keys too) mapped all the way down. */
static Value *updown(CallCtx *cc, const char *fn, int mode)
{
    Value *v = cc->args[0];
    if (v->kind == V_STR || is_num(v)) return case_deep(cc, v, mode);
    if ((v->kind == V_ARRAY || v->kind == V_HASH) && is_string_data(v)) return case_deep(cc, v, mode);
    if (v->kind != V_ARRAY && v->kind != V_HASH)
        fail_param(cc, fn, "arg", "a value of type Numeric, String, Array, or Hash", v);
    static const char sd[] = "StringData = Variant[String, Numeric, Array[StringData], Hash[StringData, StringData]]";
    const char *t = got_type(cc, v);
    const char *sigs[] = {"Numeric arg", "String arg", "Array[StringData] arg", "Hash[StringData, StringData] arg"};
    const char *deep;
    if (v->kind == V_ARRAY) {
        size_t i = 0;
        while (is_string_data(v->arr.items[i])) i++;
        deep = arena_printf(A, "parameter 'arg' index %zu expects a %s value, got %s", i, sd, got_type(cc, v->arr.items[i]));
    } else {
        size_t i = 0;
        while (is_string_data(v->hash.keys[i]) && is_string_data(v->hash.vals[i])) i++;
        Buf k = BUF_INIT;
        val_to_s(&k, v->hash.keys[i]);
        deep = arena_printf(A, "parameter 'arg' entry '%s' expects a %s value, got %s", buf_cstr(&k), sd,
                            got_type(cc, is_string_data(v->hash.keys[i]) ? v->hash.vals[i] : v->hash.keys[i]));
        buf_free(&k);
    }
    const char *why[] = {
        arena_printf(A, "parameter 'arg' expects a Numeric value, got %s", t),
        arena_printf(A, "parameter 'arg' expects a String value, got %s", t),
        v->kind == V_ARRAY ? deep : arena_printf(A, "parameter 'arg' expects an Array value, got %s", t),
        v->kind == V_HASH ? deep : arena_printf(A, "parameter 'arg' expects a Hash value, got %s", t),
    };
    fail_dispatch(cc, fn, sigs, why, 4);
}

Value *fn_upcase(CallCtx *cc) { return updown(cc, "upcase", CASE_UP); }
Value *fn_downcase(CallCtx *cc) { return updown(cc, "downcase", CASE_DOWN); }

/* Ruby's whitespace for strip: NUL, \t \n \v \f \r and space. */
static int ruby_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r') || c == '\0'; }

enum { OP_CAPITALIZE, OP_STRIP, OP_LSTRIP, OP_RSTRIP, OP_CHOMP, OP_CHOP, OP_CAMELCASE };

static Value *str_op(CallCtx *cc, Value *v, int op)
{
    if (v->kind != V_STR) return v;
    const char *s = v->str.s;
    size_t b = 0, e = v->str.len;
    switch (op) {
    case OP_CAPITALIZE: return case_str(cc, v, CASE_CAPITAL);
    case OP_STRIP: case OP_LSTRIP: case OP_RSTRIP:
        if (op != OP_RSTRIP) while (b < e && ruby_space(s[b])) b++;
        if (op != OP_LSTRIP) while (e > b && ruby_space(s[e - 1])) e--;
        break;
    case OP_CHOMP:          /* one trailing \r\n, \n or \r */
        if (e && s[e - 1] == '\n') e -= e > 1 && s[e - 2] == '\r' ? 2 : 1;
        else if (e && s[e - 1] == '\r') e--;
        break;
    case OP_CHOP:           /* Ruby's String#chop: a trailing \r\n, or the last character */
        if (e >= 2 && s[e - 1] == '\n' && s[e - 2] == '\r') e -= 2;
        else while (e && (s[--e] & 0xC0) == 0x80) {}
        break;
    case OP_CAMELCASE: {    /* Ruby's s.split('_').map(&:capitalize).join */
        Buf out = BUF_INIT;
        for (size_t i = 0; i <= e;) {
            const char *u = memchr(s + i, '_', e - i);
            size_t j = u ? (size_t)(u - s) : e;
            Value *w = case_str(cc, val_str(A, s + i, j - i), CASE_CAPITAL);
            buf_add(&out, w->str.s, w->str.len);
            i = j + 1;
        }
        Value *r = mk_str(cc, &out);
        buf_free(&out);
        return r;
    }
    }
    return b == 0 && e == v->str.len ? v : val_str(A, s + b, e - b);
}

/* capitalize / strip / lstrip / rstrip / chomp: a number unchanged, a
 * string changed, an Iterable[Variant[String, Numeric]] mapped.  Puppet 7
 * rejects an array mixing strings and numbers (its type check fails on the
 * mixed tuple and prints no reason), so that is an error here too. */
static Value *string_fn(CallCtx *cc, const char *fn, int op)
{
    Value *v = cc->args[0];
    if (v->kind == V_STR || is_num(v)) return str_op(cc, v, op);
    if (v->kind == V_ARRAY) {
        size_t strs = 0, nums = 0;
        for (size_t i = 0; i < v->arr.n; i++) {
            if (v->arr.items[i]->kind == V_STR) strs++;
            else if (is_num(v->arr.items[i])) nums++;
        }
        if (strs + nums == v->arr.n) {
            if (strs && nums) {
                const char *sigs[] = {"Numeric arg", "String arg", "Iterable[Variant[String, Numeric]] arg"};
                const char *why[] = {"parameter 'arg' expects a Numeric value, got Tuple",
                                     "parameter 'arg' expects a String value, got Tuple", NULL};
                fail_dispatch(cc, fn, sigs, why, 3);
            }
            Value **out = ARENA_NEWN(A, Value *, v->arr.n ? v->arr.n : 1);
            for (size_t i = 0; i < v->arr.n; i++) out[i] = str_op(cc, v->arr.items[i], op);
            return mk_array(cc, out, v->arr.n);
        }
    }
    /* Puppet shortens the element type when the value is no collection. */
    fail_param(cc, fn, "arg", v->kind == V_ARRAY || v->kind == V_HASH
               ? "a value of type Numeric, String, or Iterable[Variant[String, Numeric]]"
               : "a value of type Numeric, String, or Iterable[Variant]", v);
}

Value *fn_capitalize(CallCtx *cc) { return string_fn(cc, "capitalize", OP_CAPITALIZE); }
Value *fn_strip(CallCtx *cc) { return string_fn(cc, "strip", OP_STRIP); }
Value *fn_lstrip(CallCtx *cc) { return string_fn(cc, "lstrip", OP_LSTRIP); }
Value *fn_rstrip(CallCtx *cc) { return string_fn(cc, "rstrip", OP_RSTRIP); }
Value *fn_chomp(CallCtx *cc) { return string_fn(cc, "chomp", OP_CHOMP); }
Value *fn_chop(CallCtx *cc) { return string_fn(cc, "chop", OP_CHOP); }
Value *fn_camelcase(CallCtx *cc) { return string_fn(cc, "camelcase", OP_CAMELCASE); }

/* ---- numbers ---- */

/* A Float's ceil/floor/round as an Integer (clamped to 64 bits). */
static Value *int_of(CallCtx *cc, double d)
{
    if (d >= 9.2233720368547758e18) return val_int(A, INT64_MAX);
    if (d <= -9.2233720368547758e18) return val_int(A, INT64_MIN);
    return val_int(A, (int64_t)d);
}

/* Ruby's /^-?\d+$/ and /^-?(?:\d+)(?:\.\d+){1}$/ as abs() uses them. */
static int all_digits(const char *s, size_t n)
{
    if (!n) return 0;
    for (size_t i = 0; i < n; i++)
        if (!isdigit((unsigned char)s[i])) return 0;
    return 1;
}

/* abs(n) - also takes a numeric string (deprecated). */
Value *fn_abs(CallCtx *cc)
{
    Value *v = cc->args[0];
    if (v->kind == V_INT && v->i == INT64_MIN)
        ev_fail(cc, "An abs() expression resulted in a value outside of Puppet Integer max range, got '+0x8000000000000000'");
    if (v->kind == V_INT) return v->i < 0 ? val_int(A, -v->i) : v;
    if (v->kind == V_FLOAT) return val_float(A, fabs(v->f));
    if (v->kind != V_STR) fail_param(cc, "abs", "val", "a value of type Numeric or String", v);
    deprecate(cc, DEP_ABS, "The abs() function's auto conversion of String to Numeric is deprecated - "
                           "change to convert input before calling");
    const char *s = v->str.s, *dot;
    size_t n = v->str.len;
    if (n && *s == '-') s++, n--;
    if ((dot = memchr(s, '.', n)) && all_digits(s, (size_t)(dot - s)) && all_digits(dot + 1, n - (size_t)(dot - s) - 1))
        return val_float(A, fabs(strtod(v->str.s, NULL)));
    if (all_digits(s, n)) {
        int64_t i = strtoll(v->str.s, NULL, 10);
        return val_int(A, i < 0 ? -i : i);
    }
    ev_fail(cc, "abs(): Requires float or integer to work with - was given non decimal string");
}

static Value *ceil_floor(CallCtx *cc, const char *fn, int dep, int up)
{
    Value *v = cc->args[0];
    if (v->kind == V_INT) return v;
    if (v->kind == V_FLOAT) return int_of(cc, up ? ceil(v->f) : floor(v->f));
    if (v->kind != V_STR) fail_param(cc, fn, "val", "a value of type Numeric or String", v);
    deprecate(cc, dep, arena_printf(A, "The %s() function's auto conversion of String to Float is deprecated - "
                                       "change to convert input before calling", fn));
    double d;
    if (!rv_float(v->str.s, &d))
        ev_fail(cc, "%s(): cannot convert given value to a floating point value.", fn);
    return int_of(cc, up ? ceil(d) : floor(d));
}

Value *fn_ceiling(CallCtx *cc) { return ceil_floor(cc, "ceiling", DEP_CEILING, 1); }
Value *fn_floor(CallCtx *cc) { return ceil_floor(cc, "floor", DEP_FLOOR, 0); }

/* round(n) - halves away from zero: Integer(x + 0.5) or Integer(x - 0.5). */
Value *fn_round(CallCtx *cc)
{
    Value *v = cc->args[0];
    if (v->kind == V_INT) return v;
    if (v->kind != V_FLOAT) fail_param(cc, "round", "val", a_value(cc, "Numeric"), v);
    return int_of(cc, trunc(v->f > 0 ? v->f + 0.5 : v->f - 0.5));
}

/* min() and max() compare the way Puppet 7's Ruby does: numbers by value,
 * strings bytewise unless both look numeric (deprecated), anything else by
 * its string form (deprecated), or by the block. */
typedef struct MinMax {
    CallCtx *cc;
    const char *fn;
    int mode;           /* 0 numeric, 1 string, 2 any, 3 block */
    int dep_num, dep_any;
} MinMax;

/* /\A-?\d+([._eE]\d+)?\z/ */
static int numeric_text(const char *s, size_t n)
{
    size_t i = 0, d;
    if (i < n && s[i] == '-') i++;
    for (d = i; i < n && isdigit((unsigned char)s[i]); i++) {}
    if (i == d) return 0;
    if (i == n) return 1;
    if (!strchr("._eE", s[i])) return 0;
    for (d = ++i; i < n && isdigit((unsigned char)s[i]); i++) {}
    return i > d && i == n;
}

static double ruby_to_f(const char *s)
{
    char buf[128];
    size_t n = 0;
    for (; *s && n < sizeof buf - 1; s++)
        if (*s != '_') buf[n++] = *s;
    buf[n] = '\0';
    return strtod(buf, NULL);
}

static int text_cmp(MinMax *mm, const char *a, size_t al, const char *b, size_t bl, int any)
{
    if (numeric_text(a, al) && numeric_text(b, bl)) {
        deprecate(mm->cc, mm->dep_num,
                  arena_printf(mm->cc->arena, "The %s() function's auto conversion of String to Numeric is deprecated - "
                                              "change to convert input before calling, or use lambda", mm->fn));
        return sign(ruby_to_f(a) - ruby_to_f(b));
    }
    if (any)
        deprecate(mm->cc, mm->dep_any,
                  arena_printf(mm->cc->arena, "The %s() function's auto conversion of Any to String is deprecated - "
                                              "change to convert input before calling, or use lambda", mm->fn));
    return rv_str_cmp(a, al, b, bl);
}

static int mm_cmp(MinMax *mm, Value *a, Value *b)
{
    CallCtx *cc = mm->cc;
    switch (mm->mode) {
    case 0: return sign(num(a) - num(b));
    case 1: return text_cmp(mm, a->str.s, a->str.len, b->str.s, b->str.len, 0);
    case 2: {
        Buf x = BUF_INIT, y = BUF_INIT;
        rv_to_s(&x, a, RV_FN);
        rv_to_s(&y, b, RV_FN);
        const char *xs = arena_strndup(A, buf_cstr(&x), x.len), *ys = arena_strndup(A, buf_cstr(&y), y.len);
        size_t xl = x.len, yl = y.len;
        buf_free(&x);
        buf_free(&y);
        return text_cmp(mm, xs, xl, ys, yl, 1);
    }
    default: {
        Value *args[2] = {a, b};
        return block_sign(cc, ev_yield(cc, args, 2), a, b);
    }
    }
}

static int all_kind(Value **v, size_t n, int strings)
{
    for (size_t i = 0; i < n; i++)
        if (strings ? v[i]->kind != V_STR : !is_num(v[i])) return 0;
    return 1;
}

static Value *min_max(CallCtx *cc, const char *fn, int want, int dep_num, int dep_any)
{
    MinMax mm = {cc, fn, 2, dep_num, dep_any};
    Value **v = cc->args;
    size_t n = cc->nargs;
    int np = ev_lambda_params(cc);
    if (cc->lambda && np != 2) {
        /* No signature takes the block, so Puppet lists them all. */
        const char *sigs[] = {"Numeric values*", "String values*", "Array[Numeric] values, Callable[2, 2] block?",
                              "Array[String] values, Callable[2, 2] block?", "Array values, Callable[2, 2] block?",
                              "Any values*, Callable[2, 2] block", "Any values*"};
        const char *b = np == 0 ? "block expects 2 arguments, got none"
                                : arena_printf(A, "block expects 2 arguments, got %d", np);
        const char *why[] = {"does not expect a block", "does not expect a block", b, b, b, b,
                             "does not expect a block"};
        fail_dispatch(cc, fn, sigs, why, 7);
    }
    if (n == 1 && v[0]->kind == V_ARRAY) {
        n = v[0]->arr.n;
        v = v[0]->arr.items;
    }
    if (cc->lambda) {
        mm.mode = 3;
        if (!n) return VAL_UNDEF;
    } else {
        if (all_kind(v, n, 0)) mm.mode = 0;
        else if (all_kind(v, n, 1)) mm.mode = 1;
        if (!n) ev_fail(cc, "%s(): Wrong number of arguments need at least one", fn);
    }
    Value *best = v[0];
    for (size_t i = 1; i < n; i++)
        if (mm_cmp(&mm, v[i], best) == want) best = v[i];
    return best;
}

Value *fn_min(CallCtx *cc) { return min_max(cc, "min", -1, DEP_MIN_NUM, DEP_MIN_ANY); }
Value *fn_max(CallCtx *cc) { return min_max(cc, "max", 1, DEP_MAX_NUM, DEP_MAX_ANY); }

/* ---- versioncmp ---- */

/* The next token of /[-.]|\d+|[^-.\d]+/ at *p; its length. */
static size_t version_token(const char *s)
{
    if (*s == '-' || *s == '.') return 1;
    size_t n = 0;
    if (isdigit((unsigned char)*s)) {
        while (isdigit((unsigned char)s[n])) n++;
    } else {
        while (s[n] && s[n] != '-' && s[n] != '.' && !isdigit((unsigned char)s[n])) n++;
    }
    return n;
}

static int upcase_cmp(const char *a, size_t al, const char *b, size_t bl)
{
    for (size_t i = 0; i < al && i < bl; i++) {
        int x = toupper((unsigned char)a[i]), y = toupper((unsigned char)b[i]);
        if (x != y) return x < y ? -1 : 1;
    }
    return al < bl ? -1 : al > bl;
}

/* Puppet::Util::Package.normalize: drop trailing ".0"s (any run of dots
 * and zeros, so "10" becomes "1" - Puppet's own quirk) from the part
 * before the first '-', and any trailing '-' parts that are empty. */
static const char *version_normalize(CallCtx *cc, const char *v)
{
    size_t n = strlen(v);
    while (n && v[n - 1] == '-') n--;                  /* split drops trailing empties */
    const char *dash = memchr(v, '-', n);
    size_t head = dash ? (size_t)(dash - v) : n, h = head;
    while (h && (v[h - 1] == '.' || v[h - 1] == '0')) h--;
    return arena_printf(A, "%.*s%.*s", (int)h, v, (int)(n - head), v + head);
}

/* versioncmp(a, b[, ignore_trailing_zeroes]) - Puppet's package version
 * comparison: -1, 0 or 1. */
Value *fn_versioncmp(CallCtx *cc)
{
    Value *va = cc->args[0], *vb = cc->args[1];
    if (va->kind != V_STR) fail_param(cc, "versioncmp", "a", a_value(cc, "String"), va);
    if (vb->kind != V_STR) fail_param(cc, "versioncmp", "b", a_value(cc, "String"), vb);
    const char *a = va->str.s, *b = vb->str.s;
    if (cc->nargs > 2) {
        Value *z = cc->args[2];
        if (z->kind != V_BOOL) fail_param(cc, "versioncmp", "ignore_trailing_zeroes", a_value(cc, "Boolean"), z);
        if (z->b) {
            a = version_normalize(cc, a);
            b = version_normalize(cc, b);
        }
    }
    const char *pa = a, *pb = b;
    while (*pa && *pb) {
        size_t la = version_token(pa), lb = version_token(pb);
        const char *ta = pa, *tb = pb;
        pa += la;
        pb += lb;
        if (la == lb && memcmp(ta, tb, la) == 0) continue;
        if (*ta == '-') return val_int(A, -1);
        if (*tb == '-') return val_int(A, 1);
        if (*ta == '.') return val_int(A, -1);
        if (*tb == '.') return val_int(A, 1);
        if (isdigit((unsigned char)*ta) && isdigit((unsigned char)*tb)) {
            if (*ta == '0' || *tb == '0') return val_int(A, upcase_cmp(ta, la, tb, lb));
            /* Compare as integers of any length: longer is larger. */
            if (la != lb) return val_int(A, la < lb ? -1 : 1);
            return val_int(A, rv_str_cmp(ta, la, tb, lb));
        }
        return val_int(A, upcase_cmp(ta, la, tb, lb));
    }
    return val_int(A, rv_str_cmp(a, strlen(a), b, strlen(b)));
}

/* ---- then, lest, unwrap, dig ---- */

/* then(x) |$x| - the block's value for x; undef stays undef. */
Value *fn_then(CallCtx *cc)
{
    check_block(cc, "then", 1, 1);
    if (cc->args[0]->kind == V_UNDEF) return VAL_UNDEF;
    return ev_yield(cc, cc->args, 1);
}

/* lest(x) || - x, or the block's value when x is undef. */
Value *fn_lest(CallCtx *cc)
{
    check_block(cc, "lest", 0, 0);
    if (cc->args[0]->kind != V_UNDEF) return cc->args[0];
    return ev_yield(cc, NULL, 0);
}

/* unwrap(x) [|$v|] - a Sensitive's value (anything else as is), or the
 * block's value for it. */
Value *fn_unwrap(CallCtx *cc)
{
    Value *v = cc->args[0]->kind == V_SENSITIVE ? cc->args[0]->sensitive : cc->args[0];
    return cc->lambda ? ev_yield(cc, &v, 1) : v;
}

static Value *infer_type(CallCtx *cc, Value *v);

/* dig(data, keys...) - walks into nested arrays and hashes; undef as soon
 * as a step is undef.  The messages are dig.rb's, with the path walked so
 * far as Ruby prints an array. */
Value *fn_dig(CallCtx *cc)
{
    Value *d = cc->args[0];
    if (d->kind != V_UNDEF && d->kind != V_ARRAY && d->kind != V_HASH)
        fail_param(cc, "dig", "data", "a value of type Undef or Collection", d);
    for (size_t i = 1; i < cc->nargs; i++) {
        Value *k = cc->args[i];
        if (d->kind == V_UNDEF || k->kind == V_UNDEF) return VAL_UNDEF;
        int is_array = d->kind == V_ARRAY;
        if ((!is_array && d->kind != V_HASH) || (is_array && k->kind != V_INT)) {
            /* the walked path holds k only for the index error */
            Buf b = BUF_INIT;
            rv_inspect(&b, mk_array(cc, cc->args + 1, is_array ? i : i - 1), RV_FN);
            buf_adds(&b, ", got '");
            val_type_to_s(&b, infer_type(cc, is_array ? k : d), NULL, 0);   /* TypeFormatter's form */
            buf_addc(&b, '\'');
            const char *msg = arena_strndup(A, buf_cstr(&b), b.len);
            buf_free(&b);
            if (is_array) ev_fail(cc, "The given data requires an Integer index at %s", msg);
            ev_fail(cc, "The given data does not contain a Collection at %s", msg);
        }
        if (is_array) {
            int64_t n = (int64_t)d->arr.n, x = k->i < 0 ? n + k->i : k->i;
            d = x >= 0 && x < n ? d->arr.items[x] : VAL_UNDEF;
        } else {
            Value *r = val_hash_get(d, k);
            d = r ? r : VAL_UNDEF;
        }
    }
    return d;
}

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
        if (j == out->n) av_push(cc, out, t->type.params[i]);
    }
}

/* Integer[a, b] and Integer[c, d] widen to Integer[min, max]; likewise
 * Float.  An unranged one stays unranged. */
static Value *widen(CallCtx *cc, const char *name, const Value *a, const Value *b)
{
    if (a->type.n < 2 || b->type.n < 2) return t0(cc, name);
    Value *lo = num(a->type.params[0]) <= num(b->type.params[0]) ? a->type.params[0] : b->type.params[0];
    Value *hi = num(a->type.params[1]) >= num(b->type.params[1]) ? a->type.params[1] : b->type.params[1];
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
static Value *infer_type(CallCtx *cc, Value *v) { return type_done(cc, infer(cc, v, 0)); }


/* type(v[, 'detailed' | 'reduced' | 'generalized']) - the type Puppet
 * infers for v: infer_set, infer, or infer then generalize. */
Value *fn_type(CallCtx *cc)
{
    int mode = 0;      /* 0 detailed, 1 reduced, 2 generalized */
    if (cc->nargs > 1) {
        Value *m = cc->args[1];
        static const char *const names[] = {"detailed", "reduced", "generalized"};
        mode = -1;
        for (int i = 0; i < 3 && m->kind == V_STR; i++)
            if (!strcmp(m->str.s, names[i])) mode = i;
        if (mode < 0) {
            const char *got = m->kind == V_STR ? arena_printf(A, "'%s'", m->str.s) : got_type(cc, m);
            ev_fail(cc, "'type' parameter 'inference_method' expects a match for Enum['detailed', 'generalized', 'reduced'], got %s", got);
        }
    }
    Value *t = infer(cc, cc->args[0], mode == 0);
    return type_done(cc, mode == 2 ? generalize(cc, t) : t);
}

/* ---- the Ruby layer, shared with stdlib.c (declared in stdlib.h) ---- */

const char *fn_got_type(CallCtx *cc, const Value *v) { return got_type(cc, v); }
_Noreturn void fn_fail_dispatch(CallCtx *cc, const char *fn, const char *const *sigs, const char *const *why, size_t n)
{
    fail_dispatch(cc, fn, sigs, why, n);
}

Value **fn_iterable_items(CallCtx *cc, const Value *v, size_t *n)
{
    Iter it;
    if (!iter_of(cc, v, &it)) return NULL;
    if (it.n > ((size_t)1 << 24)) ev_fail(cc, "Iterating over %zu elements is not supported", it.n);
    Value **items = ARENA_NEWN(A, Value *, it.n ? it.n : 1);
    for (size_t i = 0; i < it.n; i++) items[i] = iter_at(cc, &it, i);
    *n = it.n;
    return items;
}
