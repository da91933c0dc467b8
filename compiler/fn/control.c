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

/* notice(values...) and its kin: the values' strings, space-separated, in
 * a log line of the level (the table refuses a block). */
static Value *log_fn(CallCtx *cc, const char *level)
{
    Buf b = BUF_INIT;
    for (size_t i = 0; i < cc->nargs; i++) {
        if (i) buf_addc(&b, ' ');
        val_to_string(&b, cc->args[i]);
    }
    ev_log(cc, level, buf_cstr(&b));
    buf_free(&b);
    return VAL_UNDEF;
}

Value *f_notice(CallCtx *cc) { return log_fn(cc, "Notice"); }
Value *f_warning(CallCtx *cc) { return log_fn(cc, "Warning"); }
Value *f_err(CallCtx *cc) { return log_fn(cc, "Error"); }
Value *f_alert(CallCtx *cc) { return log_fn(cc, "Alert"); }
Value *f_crit(CallCtx *cc) { return log_fn(cc, "Critical"); }
Value *f_emerg(CallCtx *cc) { return log_fn(cc, "Emergency"); }
/* info and debug print nothing at the default log level. */
Value *f_info(CallCtx *cc) { return VAL_UNDEF; }
Value *f_debug(CallCtx *cc) { return VAL_UNDEF; }

/* break() / next([value]) / return([value]): see the evaluator's ev_jump. */

Value *f_break(CallCtx *cc)
{ FN_ARGS(a, n, l);
    ev_unwind(cc, EV_JUMP_BREAK, NULL);
}

Value *f_next(CallCtx *cc)
{ FN_ARGS(a, n, l);
    ev_unwind(cc, EV_JUMP_NEXT, n ? a[0] : NULL);
}

Value *f_return(CallCtx *cc)
{ FN_ARGS(a, n, l);
    ev_unwind(cc, EV_JUMP_RETURN, n ? a[0] : NULL);
}

/* call(name, args...) [|...|] - calls the function called name. */
Value *f_call(CallCtx *cc)
{ FN_ARGS(a, n, l);
    if (a[0]->kind != V_STR)
        ev_fail(cc, "'call' parameter 'function_name' expects a String value, got %s", val_type_name(a[0]));
    const char *name = arena_strndup(A, a[0]->str.s, a[0]->str.len);
    if (!ev_function_known(cc, name)) ev_fail(cc, "Unknown function '%s'", name);
    return ev_call(cc, name, a + 1, n - 1, l);
}


/* puppetdb_query(Variant[String[1], Array[Data, 1]] $query): puppetdb-termini's
 * function, PuppetDB's answer as data */
Value *f_puppetdb_query(CallCtx *cc)
{
    const Value *q = cc->args[0];
    if (q->kind == V_STR && q->str.len) return ev_puppetdb_query(cc, q);
    if (q->kind == V_ARRAY && q->arr.n) return ev_puppetdb_query(cc, q);
    if (q->kind == V_STR || q->kind == V_ARRAY)
        ev_fail(cc, "'puppetdb_query' parameter 'query' expects a value of type String[1] or Array[Data, 1], got %s",
                fn_got_type(cc, q));
    ev_fail(cc, "'puppetdb_query' parameter 'query' expects a value of type String or Array, got %s", fn_got_type(cc, q));
}
