/*
 * aux.c - what the data functions share, as Lua's lauxlib is to its
 * libraries: building arrays and strings in the call's arena, Puppet's
 * type names in messages ("got Tuple"), the "expects ..." and "does not
 * accept" failures, the block-arity check, once-only deprecation warnings.
 *
 * Memory: results live in cc->arena.  ev_yield() and ev_fail() may unwind
 * with longjmp, so any scratch space that is live across a lambda call or a
 * possible failure lives in the arena too, never in malloc'd memory.
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

/* ---- small value helpers ---- */

Value *fn_mk_array(CallCtx *cc, Value **items, size_t n)
{
    Value *v = ARENA_NEW(A, Value);
    v->kind = V_ARRAY;
    v->arr.items = items;
    v->arr.n = n;
    return v;
}

Value *fn_mk_str(CallCtx *cc, Buf *b)
{
    return val_str(A, buf_cstr(b), b->len);
}

Value *fn_pair(CallCtx *cc, Value *k, Value *v)
{
    Value **items = ARENA_NEWN(A, Value *, 2);
    items[0] = k;
    items[1] = v;
    return fn_mk_array(cc, items, 2);
}

int fn_is_num(const Value *v) { return v->kind == V_INT || v->kind == V_FLOAT; }
double fn_num(const Value *v) { return v->kind == V_INT ? (double)v->i : v->f; }

void fn_av_push(CallCtx *cc, AVec *av, Value *x)
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

Value *fn_av_array(CallCtx *cc, AVec *av) { return fn_mk_array(cc, av->v, av->n); }

/* ---- UTF-8 ---- */

/* The characters of a string as one-character string values. */
Value **fn_u8_chars(CallCtx *cc, const Value *s, size_t *n)
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
const char *fn_got_type(CallCtx *cc, const Value *v)
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
const char *fn_a_value(CallCtx *cc, const char *type)
{
    return arena_printf(A, "%s %s value", strchr("AEIOU", type[0]) ? "an" : "a", type);
}

/* 'fn' parameter 'param' expects <expect>, got <type> */
_Noreturn void fn_fail_param(CallCtx *cc, const char *fn, const char *param, const char *expect, const Value *v)
{
    ev_fail(cc, "'%s' parameter '%s' expects %s, got %s", fn, param, expect, fn_got_type(cc, v));
}

/* Puppet's message when no signature of a function accepts the call: each
 * signature with why it was rejected (a reason may hold several
 * "rejected:" lines, or be NULL when Puppet prints none). */
_Noreturn void fn_fail_dispatch(CallCtx *cc, const char *fn, const char *const *sigs,
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
int fn_check_block(CallCtx *cc, const char *fn, int lo, int hi)
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
static int warned[DEP_COUNT];

void fn_deprecate(CallCtx *cc, int which, const char *msg)
{
    if (warned[which]) return;
    warned[which] = 1;
    ev_log(cc, "Warning", msg);
}

/* ---- for the evaluator and the other families ---- */

Value **fn_iterable_items(CallCtx *cc, const Value *v, size_t *n)
{
    Iter it;
    if (!fn_iter_of(cc, v, &it)) return NULL;
    if (it.n > ((size_t)1 << 24)) ev_fail(cc, "Iterating over %zu elements is not supported", it.n);
    Value **items = ARENA_NEWN(A, Value *, it.n ? it.n : 1);
    for (size_t i = 0; i < it.n; i++) items[i] = fn_iter_at(cc, &it, i);
    *n = it.n;
    return items;
}
