/*
 * control.c - Puppet's functions that steer the evaluation rather than
 * compute a value: fail(), the logging functions (notice, warning, err,
 * alert, crit, emerg; info and debug print nothing at the default level),
 * break(), next() and return(), which unwind through the evaluator
 * (ev_unwind) to what catches them, and call(), which calls a function by
 * name.  Messages live in cc->arena.
 */
#include "compiler/fn/fnaux.h"
#include "base/util.h"
#include "catalog/rubyval.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define A (cc->arena)

Value *f_fail(CallCtx *cc)
{ FN_ARGS(a, n, l);
    Buf b = BUF_INIT;
    for (size_t i = 0; i < n; i++) {
        if (i) buf_addc(&b, ' ');
        val_to_s(&b, a[i]);             /* a 3.x function: references as File[/x], Class[Foo] */
    }
    const char *msg = arena_strdup(A, buf_cstr(&b));
    buf_free(&b);
    ev_fail(cc, "%s", msg);
}

static Value *log_fn(CallCtx *cc, Value **a, size_t n, const Node *l, const char *fn, const char *level)
{
    if (l) ev_fail(cc, "'%s' does not expect a block", fn);
    Buf b = BUF_INIT;
    for (size_t i = 0; i < n; i++) {
        if (i) buf_addc(&b, ' ');
        val_to_string(&b, a[i]);
    }
    ev_log(cc, level, buf_cstr(&b));
    buf_free(&b);
    return VAL_UNDEF;
}

Value *f_notice(CallCtx *cc) { FN_ARGS(a, n, l); return log_fn(cc, a, n, l, "notice", "Notice"); }
Value *f_warning(CallCtx *cc) { FN_ARGS(a, n, l); return log_fn(cc, a, n, l, "warning", "Warning"); }
Value *f_err(CallCtx *cc) { FN_ARGS(a, n, l); return log_fn(cc, a, n, l, "err", "Error"); }
/* info and debug print nothing at the default log level. */
Value *f_info(CallCtx *cc)
{ FN_ARGS(a, n, l);
    if (l) ev_fail(cc, "'info' does not expect a block");
    return VAL_UNDEF;
}
Value *f_debug(CallCtx *cc)
{ FN_ARGS(a, n, l);
    if (l) ev_fail(cc, "'debug' does not expect a block");
    return VAL_UNDEF;
}
Value *f_alert(CallCtx *cc) { FN_ARGS(a, n, l); return log_fn(cc, a, n, l, "alert", "Alert"); }
Value *f_crit(CallCtx *cc) { FN_ARGS(a, n, l); return log_fn(cc, a, n, l, "crit", "Critical"); }
Value *f_emerg(CallCtx *cc) { FN_ARGS(a, n, l); return log_fn(cc, a, n, l, "emerg", "Emergency"); }

/* break() / next([value]) / return([value]): see the evaluator's ev_jump. */
static void jump_arity(CallCtx *cc, const char *name, size_t n, size_t max)
{
    if (n <= max) return;
    if (max == 0) ev_fail(cc, "'%s' expects no arguments, got %zu", name, n);
    ev_fail(cc, "'%s' expects at most %zu argument%s, got %zu", name, max, max == 1 ? "" : "s", n);
}

Value *f_break(CallCtx *cc)
{ FN_ARGS(a, n, l);
    jump_arity(cc, "break", n, 0);
    ev_unwind(cc, EV_JUMP_BREAK, NULL);
}

Value *f_next(CallCtx *cc)
{ FN_ARGS(a, n, l);
    jump_arity(cc, "next", n, 1);
    ev_unwind(cc, EV_JUMP_NEXT, n ? a[0] : NULL);
}

Value *f_return(CallCtx *cc)
{ FN_ARGS(a, n, l);
    jump_arity(cc, "return", n, 1);
    ev_unwind(cc, EV_JUMP_RETURN, n ? a[0] : NULL);
}

/* call(name, args...) [|...|] - calls the function called name. */
Value *f_call(CallCtx *cc)
{ FN_ARGS(a, n, l);
    if (n < 1) ev_fail(cc, "'call' expects at least 1 argument, got none");
    if (a[0]->kind != V_STR)
        ev_fail(cc, "'call' parameter 'function_name' expects a String value, got %s", val_type_name(a[0]));
    const char *name = arena_strndup(A, a[0]->str.s, a[0]->str.len);
    if (!ev_function_known(cc, name)) ev_fail(cc, "Unknown function '%s'", name);
    return ev_call(cc, name, a + 1, n - 1, l);
}

