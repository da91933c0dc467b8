/*
 * fnapi.h - the one calling convention of the built-in function library
 * (compiler/fn/), as lauxlib.h is Lua's libraries' view of the interpreter.
 * Every built-in is `Value *f(CallCtx *cc)` and has one row in the one
 * table, compiler/fn/builtins.def, that records its arity and block use;
 * the evaluator looks a name up with fn_find() and calls it through
 * fn_invoke(), which checks the argument count and the block with Puppet's
 * messages.  A function that takes a block calls ev_yield() to run it.
 * Errors go through ev_fail(), which reports "file:line:col: error: ..." at
 * the call and unwinds the compile (it does not return).
 */
#ifndef COMPILER_FN_FNAPI_H
#define COMPILER_FN_FNAPI_H
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

/* Where a built-in comes from, which decides what some questions answer
 * (stdlib's function_available() knows only stdlib's and the data ones). */
typedef enum {
    FN_EVAL,        /* Puppet's functions that need the compiler (include, lookup, epp, ...) */
    FN_STDLIB,      /* puppetlabs-stdlib's functions, built in */
    FN_DATA,        /* Puppet's pure data functions (each, split, sort, ...) */
} FnOrigin;

typedef struct Builtin {
    const char *name;
    BuiltinFn fn;
    int min_args, max_args;     /* max -1: any number; min -1: the function counts its arguments itself */
    int lambda;                 /* 0 none, 1 optional, 2 required */
    FnOrigin origin;
} Builtin;

/* The row of the built-in table (builtins.def) called name, or NULL when
 * name is not built in. */
const Builtin *fn_find(const char *name);
/* Checks cc's argument count and block against b's row ("'split' expects
 * 2 arguments, got 1", "'each' expects a block") and calls b. */
Value *fn_invoke(const Builtin *b, CallCtx *cc);

/* Every built-in's prototype, from the table. */
#define FN(name, impl, min, max, lambda, origin) Value *impl(CallCtx *cc);
#include "compiler/fn/builtins.def"
#undef FN

/* For built-ins written with the evaluator's older argument list: names
 * the parts of the call as locals (compiler, scope, call node, arguments,
 * count, block). */
#define FN_UNPACK(c, s, at, a, n, l) \
    Compiler *c = cc->c; Scope *s = cc->scope; const Node *at = cc->call; \
    Value **a = cc->args; size_t n = cc->nargs; const Node *l = cc->lambda; \
    (void)c; (void)s; (void)at; (void)a; (void)n; (void)l

/* The evaluator's side of the interface (eval.c). */
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
