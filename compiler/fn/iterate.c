/*
 * iterate.c - Puppet's iteration functions: each, map, filter, reduce, any,
 * all, index, group_by, partition, reverse_each, step, slice, with, over
 * what Puppet's Iterable covers (arrays, hashes as [key, value] pairs,
 * strings' characters, integers and Integer ranges, Enum values).  Loops
 * Puppet lets break() stop run through ev_breakable.
 */
#include "compiler/fn/fnaux.h"
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

/* ---- iteration: what Puppet's Iterable covers ---- */

/* Fills it for an Iterable value (array, hash, string, non-negative
 * integer n meaning 0..n-1, Integer[a, b], Enum[...]); 0 when not one. */
int fn_iter_of(CallCtx *cc, const Value *v, Iter *it)
{
    memset(it, 0, sizeof *it);
    switch (v->kind) {
    case V_ARRAY: it->items = v->arr.items; it->n = v->arr.n; return 1;
    case V_HASH: it->h = v; it->n = v->hash.n; return 1;
    case V_STR: it->items = fn_u8_chars(cc, v, &it->n); return 1;
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

/* Element i as a single value (a hash entry is a [key, value] fn_pair). */
Value *fn_iter_at(CallCtx *cc, const Iter *it, size_t i)
{
    if (it->range) return val_int(A, (int64_t)((uint64_t)it->lo + i));
    return it->h ? fn_pair(cc, it->h->hash.keys[i], it->h->hash.vals[i]) : it->items[i];
}

/* each, map and filter share their four signatures and their messages. */
static void iter_args(CallCtx *cc, const char *fn, Iter *it, int *np)
{
    Value *v = cc->args[0];
    if (!fn_iter_of(cc, v, it)) {
        const char *t = fn_got_type(cc, v);
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
        fn_fail_dispatch(cc, fn, sigs, why, 4);
    }
    *np = fn_check_block(cc, fn, 1, 2);
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
            args[1] = fn_iter_at(cc, it, i);
        }
        return ev_yield(cc, args, 2);
    }
    args[0] = fn_iter_at(cc, it, i);
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
Value *f_each(CallCtx *cc)
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
Value *f_map(CallCtx *cc)
{
    Loop lp = {0};
    iter_args(cc, "map", &lp.it, &lp.np);
    lp.out = ARENA_NEWN(A, Value *, lp.it.n ? lp.it.n : 1);
    ev_breakable(cc, map_loop, &lp);
    return fn_mk_array(cc, lp.out, lp.i);
}

static void filter_loop(CallCtx *cc, void *state)
{
    Loop *lp = state;
    for (lp->i = 0; lp->i < lp->it.n; lp->i++) {
        if (!val_truthy(yield_elem(cc, &lp->it, lp->i, lp->np))) continue;
        if (lp->it.h) {
            fn_av_push(cc, &lp->keys, lp->it.h->hash.keys[lp->i]);
            fn_av_push(cc, &lp->vals, lp->it.h->hash.vals[lp->i]);
        } else {
            fn_av_push(cc, &lp->vals, fn_iter_at(cc, &lp->it, lp->i));
        }
    }
}

/* filter(iterable) |...| - the elements the block is truthy for; a hash
 * filters to a hash.  break() stops an array's filter (those kept so far),
 * not a hash's (Ruby's Hash#select does not rescue StopIteration). */
Value *f_filter(CallCtx *cc)
{
    Loop lp = {0};
    iter_args(cc, "filter", &lp.it, &lp.np);
    if (lp.it.h) filter_loop(cc, &lp);
    else ev_breakable(cc, filter_loop, &lp);
    if (lp.it.h) return val_hash(A, lp.keys.v, lp.vals.v, lp.keys.n);
    return fn_av_array(cc, &lp.vals);
}

static void reduce_loop(CallCtx *cc, void *state)
{
    Loop *lp = state;
    for (; lp->i < lp->it.n; lp->i++) {
        Value *args[2] = {lp->memo, fn_iter_at(cc, &lp->it, lp->i)};
        Value *r = ev_yield(cc, args, 2);
        lp->memo = r;
    }
}

/* reduce(iterable[, memo]) |$memo, $x| - folds; without a memo the first
 * element starts it, and an empty iterable gives undef.  break() gives the
 * memo so far. */
Value *f_reduce(CallCtx *cc)
{
    Loop lp = {0};
    if (!fn_iter_of(cc, cc->args[0], &lp.it)) {
        const char *sigs[] = {"Iterable enumerable, Callable[2, 2] block",
                              "Iterable enumerable, Any memo, Callable[2, 2] block"};
        const char *e = arena_printf(A, "parameter 'enumerable' expects an Iterable value, got %s",
                                     fn_got_type(cc, cc->args[0]));
        const char *why[] = {cc->nargs == 1 ? e : "expects 1 argument, got 2",
                             cc->nargs == 2 ? e : "expects 2 arguments, got 1"};
        fn_fail_dispatch(cc, "reduce", sigs, why, 2);
    }
    fn_check_block(cc, "reduce", 2, 2);
    if (cc->nargs == 2) lp.memo = cc->args[1];
    else if (lp.it.n == 0) return VAL_UNDEF;
    else lp.memo = fn_iter_at(cc, &lp.it, lp.i++);
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

Value *f_any(CallCtx *cc) { return any_all(cc, "any", 1); }
Value *f_all(CallCtx *cc) { return any_all(cc, "all", 0); }

/* index(iterable) |...| - the index (a hash: the key) of the first element
 * the block is truthy for; index(iterable, value) of the first element
 * equal to value (Ruby's ==: strings case-sensitive); index(string,
 * string or regexp) the character offset of the first match; else undef. */
Value *f_index(CallCtx *cc)
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
            Regex *re = rx_get(m->regex.src, &err);
            int caps[2], ncap = 1;
            if (!re) ev_fail(cc, "%s", err ? err : "bad regular expression");
            if (!rx_search(re, v->str.s, v->str.len, 0, caps, &ncap)) return VAL_UNDEF;
            off = (size_t)caps[0];
        }
        return val_int(A, (int64_t)utf8_len(v->str.s, off));
    }
    if (!fn_iter_of(cc, v, &it))
        ev_fail(cc, "'index' parameter 'enumerable' expects an Iterable value, got %s", fn_got_type(cc, v));
    for (size_t i = 0; i < it.n; i++) {
        if (it.h) {
            if (val_identical(it.h->hash.vals[i], m)) return it.h->hash.keys[i];
        } else if (val_identical(fn_iter_at(cc, &it, i), m)) {
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
    if ((v->kind != V_ARRAY && v->kind != V_HASH) || !fn_iter_of(cc, v, &it))
        ev_fail(cc, "'%s' parameter 'collection' expects a Collection value, got %s", fn, fn_got_type(cc, v));
    int np = fn_check_block(cc, fn, 1, 2);
    AVec keys = {0}, groups = {0}, yes = {0}, no = {0};
    for (size_t i = 0; i < it.n; i++) {
        Value *elem = fn_iter_at(cc, &it, i);
        Value *r = yield_elem(cc, &it, i, np);
        if (partition) {
            fn_av_push(cc, val_truthy(r) ? &yes : &no, elem);
            continue;
        }
        size_t g = 0;
        while (g < keys.n && !val_identical(keys.v[g], r)) g++;
        if (g == keys.n) {
            fn_av_push(cc, &keys, r);
            fn_av_push(cc, &groups, NULL);
            groups.v[g] = fn_mk_array(cc, NULL, 0);
        }
        Value *grp = groups.v[g];
        Value **items = ARENA_NEWN(A, Value *, grp->arr.n + 1);
        if (grp->arr.n) memcpy(items, grp->arr.items, grp->arr.n * sizeof *items);
        items[grp->arr.n] = elem;
        groups.v[g] = fn_mk_array(cc, items, grp->arr.n + 1);
    }
    if (partition) return fn_pair(cc, fn_av_array(cc, &yes), fn_av_array(cc, &no));
    return val_hash(A, keys.v, groups.v, keys.n);
}

Value *f_group_by(CallCtx *cc) { return group_or_partition(cc, "group_by", 0); }
Value *f_partition(CallCtx *cc) { return group_or_partition(cc, "partition", 1); }

/* reverse_each(iterable) |$x| / step(iterable, n) |$x| - yields the
 * elements backwards / the first and every nth after it; a hash's as
 * [key, value].  With a block: undef (break() stops it); without one,
 * Puppet gives an Iterator, which is made an Array here. */
typedef struct StepLoop { Iter it; size_t step; int reverse; AVec out; } StepLoop;

static void step_loop(CallCtx *cc, void *state)
{
    StepLoop *sl = state;
    for (size_t k = 0; k < sl->it.n; k += sl->step) {
        Value *e = fn_iter_at(cc, &sl->it, sl->reverse ? sl->it.n - 1 - k : k);
        if (cc->lambda) ev_yield(cc, &e, 1);
        else fn_av_push(cc, &sl->out, e);
    }
}

static Value *step_fn(CallCtx *cc, const char *fn, size_t step, int reverse)
{
    StepLoop sl = {.step = step, .reverse = reverse};
    if (!fn_iter_of(cc, cc->args[0], &sl.it))
        ev_fail(cc, "'%s' parameter 'iterable' expects an Iterable value, got %s", fn, fn_got_type(cc, cc->args[0]));
    if (cc->lambda) fn_check_block(cc, fn, 1, 1);
    if (!cc->lambda) {
        step_loop(cc, &sl);
        return fn_av_array(cc, &sl.out);
    }
    ev_breakable(cc, step_loop, &sl);
    return VAL_UNDEF;
}

Value *f_reverse_each(CallCtx *cc) { return step_fn(cc, "reverse_each", 1, 1); }

Value *f_step(CallCtx *cc)
{
    Value *n = cc->args[1];
    if (n->kind != V_INT || n->i < 1)
        ev_fail(cc, "'step' parameter 'step' expects %s, got %s",
                n->kind == V_INT ? "an Integer[1] value" : "an Integer value",
                n->kind == V_INT ? arena_printf(A, "Integer[%lld, %lld]", (long long)n->i, (long long)n->i) : fn_got_type(cc, n));
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
        Regex *re = rx_get(src, &err);
        if (!re) ev_fail(cc, "%s", err ? err : "bad regular expression");
        int caps[2 * 32], ncap = 32;
        if (!rx_search(re, s->str.s, s->str.len, 0, caps, &ncap)) return NULL;
        if (ncap > 32) ncap = 32;
        Value **out = ARENA_NEWN(A, Value *, (size_t)ncap);
        for (int g = 0; g < ncap; g++)
            out[g] = caps[2 * g] < 0 ? VAL_UNDEF : val_str(A, s->str.s + caps[2 * g], (size_t)(caps[2 * g + 1] - caps[2 * g]));
        return fn_mk_array(cc, out, (size_t)ncap);
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

Value *f_match(CallCtx *cc)
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
        const char *why[] = {arena_printf(A, "parameter 'string' expects a String value, got %s", fn_got_type(cc, s)),
                             arena_printf(A, "parameter 'string' expects an Array value, got %s", fn_got_type(cc, s))};
        if (s->kind == V_ARRAY) why[1] = NULL;
        fn_fail_dispatch(cc, "match", sigs, why, 2);
    }
    Value **out = ARENA_NEWN(A, Value *, s->arr.n ? s->arr.n : 1);
    for (size_t i = 0; i < s->arr.n; i++) {
        Value *r = match_one(cc, s->arr.items[i], p);
        out[i] = r ? r : VAL_UNDEF;
    }
    return fn_mk_array(cc, out, s->arr.n);
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
            items[j] = j < k ? fn_iter_at(cc, &sl->it, i + j) : sl->it.h ? fn_mk_array(cc, NULL, 0) : VAL_UNDEF;
        if (!cc->lambda) fn_av_push(cc, &sl->out, fn_mk_array(cc, items, k));
        else if (sl->serve == 1) ev_yield(cc, (Value *[]){fn_mk_array(cc, items, k)}, 1);
        else ev_yield(cc, items, m);
    }
}

Value *f_slice(CallCtx *cc)
{
    SliceLoop sl = {0};
    Value *n = cc->args[1];
    if (!fn_iter_of(cc, cc->args[0], &sl.it))
        ev_fail(cc, "'slice' parameter 'enumerable' expects an Iterable value, got %s", fn_got_type(cc, cc->args[0]));
    if (n->kind != V_INT || n->i < 1)
        ev_fail(cc, "'slice' parameter 'slice_size' expects %s, got %s",
                n->kind == V_INT ? "an Integer[1] value" : "an Integer value",
                n->kind == V_INT ? arena_printf(A, "Integer[%lld, %lld]", (long long)n->i, (long long)n->i) : fn_got_type(cc, n));
    sl.size = (size_t)n->i;
    if (!cc->lambda) {
        slice_loop(cc, &sl);
        return fn_av_array(cc, &sl.out);
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
Value *f_with(CallCtx *cc) { return ev_yield(cc, cc->args, cc->nargs); }
