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

static const Builtin builtins[] = {
#ifdef FN_TABLE_DATA_ONLY
#define FN(name, impl, min, max, lambda, origin) FN_ROW_##origin(name, impl, min, max, lambda)
#define FN_ROW_FN_DATA(name, impl, min, max, lambda) {name, impl, min, max, lambda, FN_DATA},
#define FN_ROW_FN_EVAL(name, impl, min, max, lambda)
#define FN_ROW_FN_STDLIB(name, impl, min, max, lambda)
#else
#define FN(name, impl, min, max, lambda, origin) {name, impl, min, max, lambda, origin},
#endif
#include "compiler/fn/builtins.def"
#undef FN
};

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
    int n = (int)cc->nargs;
    if (b->min_args >= 0 && (n < b->min_args || (b->max_args >= 0 && n > b->max_args))) {
        char got[32];
        if (n) snprintf(got, sizeof got, "%d", n);
        else strcpy(got, "none");
        if (b->min_args == b->max_args)
            ev_fail(cc, "'%s' expects %d argument%s, got %s", b->name, b->min_args, b->min_args == 1 ? "" : "s", got);
        if (b->max_args < 0)
            ev_fail(cc, "'%s' expects at least %d argument%s, got %s", b->name, b->min_args, b->min_args == 1 ? "" : "s", got);
        ev_fail(cc, "'%s' expects between %d and %d arguments, got %s", b->name, b->min_args, b->max_args, got);
    }
    if (b->lambda == 2 && !cc->lambda) ev_fail(cc, "'%s' expects a block", b->name);
    if (b->lambda == 0 && cc->lambda) ev_fail(cc, "'%s' does not expect a block", b->name);
    return b->fn(cc);
}
