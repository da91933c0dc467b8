/*
 * functions.h - the calling convention for built-in functions.  The
 * evaluator looks a name up with fn_find() and calls it with evaluated
 * arguments; a function that takes a block calls ev_yield() to run it.
 * Errors go through ev_fail(), which reports "file:line:col: error: ..." at
 * the call and unwinds the compile (it does not return).
 */
#ifndef COMPILER_FUNCTIONS_H
#define COMPILER_FUNCTIONS_H
#include "catalog/value.h"
#include "parser/ast.h"

typedef struct Compiler Compiler;
typedef struct Scope Scope;

typedef struct CallCtx {
    Compiler *c;
    Scope *scope;           /* the calling scope */
    const Node *call;       /* the call node, for locations */
    Arena *arena;           /* where results live (the compile arena) */
    Value **args;           /* evaluated arguments */
    size_t nargs;
    const Node *lambda;     /* the attached block (ND_LAMBDA) or NULL */
} CallCtx;

typedef Value *(*BuiltinFn)(CallCtx *cc);
typedef struct Builtin {
    const char *name;
    BuiltinFn fn;
    int min_args, max_args;     /* max -1: any number */
    int lambda;                 /* 0 none, 1 optional, 2 required */
} Builtin;

/* The built-in table, or NULL when name is not built in. */
const Builtin *fn_find(const char *name);

/* Provided by the evaluator (eval.c). */
_Noreturn void ev_fail(CallCtx *cc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Runs cc->lambda with the given arguments; returns its value. */
Value *ev_yield(CallCtx *cc, Value **args, size_t n);
/* Runs loop(cc, state) and returns 0, or 1 when a break() in the block
 * (or in anything it calls) stopped it: the iteration built-ins that
 * Puppet lets break() stop (each, map, array filter, reduce, ...) run
 * their loop through this and keep what they need for a partial result
 * in *state, which must not be the loop's locals. */
int ev_breakable(CallCtx *cc, void (*loop)(CallCtx *cc, void *state), void *state);
/* Number of parameters the lambda declares (-1: none attached). */
int ev_lambda_params(CallCtx *cc);
/* Logs a function's message (notice, warning, ...) as Puppet does:
 * "Notice: Scope(Class[main]): msg" on stdout/stderr. */
void ev_log(CallCtx *cc, const char *level, const char *msg);
#endif
