/*
 * table.c - the built-in function table: fn_find() looks a name up in the
 * rows of builtins.def, fn_invoke() checks the call against the row
 * (argument count, block) with Puppet's messages and calls the function.
 * Compiled a second time with FN_TABLE_DATA_ONLY for the unit test of the
 * data functions, which links without the evaluator: that table holds
 * only the FN_DATA rows.
 */
#include "compiler/fn/fnapi.h"
#include "base/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A 3.x function's arity as Puppet's newfunction takes it: n >= 0 exactly
 * n arguments, -n-1 at least n; it takes a block (and ignores it). */
#define FN3_MIN(arity) ((arity) >= 0 ? (arity) : -(arity) - 1)
#define FN3_MAX(arity) ((arity) >= 0 ? (arity) : -1)
static const Builtin builtins[] = {
#ifdef FN_TABLE_DATA_ONLY
#define FN(name, impl, min, max, lambda, origin) FN_ROW_##origin(name, impl, min, max, lambda)
#define FN_ROW_FN_DATA(name, impl, min, max, lambda) {name, impl, min, max, lambda, FN_DATA, 0},
#define FN_ROW_FN_EVAL(name, impl, min, max, lambda)
#define FN_ROW_FN_STDLIB(name, impl, min, max, lambda)
#define FN3(name, impl, arity, origin)
#else
#define FN(name, impl, min, max, lambda, origin) {name, impl, min, max, lambda, origin, 0},
#define FN3(name, impl, arity, origin) {name, impl, FN3_MIN(arity), FN3_MAX(arity), 1, origin, 1},
#endif
#include "compiler/fn/builtins.def"
#undef FN
#undef FN3
};

/* Puppet's TypeMismatchDescriber#range_to_s of lo..hi (hi -1: unbounded). */
static const char *range_to_s(char *buf, size_t size, int lo, int hi, const char *zero)
{
    if (lo == hi && lo == 0) return zero;
    if (lo == hi) snprintf(buf, size, "%d", lo);
    else if (lo == 0) snprintf(buf, size, "at most %d", hi);     /* (0..unbounded never fails) */
    else if (hi < 0) snprintf(buf, size, "at least %d", lo);
    else snprintf(buf, size, "between %d and %d", lo, hi);
    return buf;
}

static int builtin_cmp(const void *key, const void *elem)
{
    return strcmp(key, ((const Builtin *)elem)->name);
}

const Builtin *fn_find(const char *name)
{
    return bsearch(name, builtins, ARRAY_LEN(builtins), sizeof builtins[0], builtin_cmp);
}

Value *fn_invoke(const Builtin *b, CallCtx *cc)
{
    int n = (int)cc->nargs, lo = b->min_args, hi = b->max_args;
    if (lo >= 0 && (n < lo || (hi >= 0 && n > hi))) {
        if (b->v3 && hi < 0) ev_fail(cc, "%s(): Wrong number of arguments given (%d for minimum %d)", b->name, n, lo);
        if (b->v3) ev_fail(cc, "%s(): Wrong number of arguments given (%d for %d)", b->name, n, lo);
        char want[64], got[32];
        const char *suffix = (lo == 1 && (hi == 1 || hi < 0)) || (lo == 0 && hi == 1) ? "" : "s";
        ev_fail(cc, "'%s' expects %s argument%s, got %s", b->name, range_to_s(want, sizeof want, lo, hi, "no"), suffix,
                range_to_s(got, sizeof got, n, n, "none"));
    }
    if (b->lambda == 2 && !cc->lambda) ev_fail(cc, "'%s' expects a block", b->name);
    if (b->lambda == 0 && cc->lambda) ev_fail(cc, "'%s' does not expect a block", b->name);
    return b->fn(cc);
}
