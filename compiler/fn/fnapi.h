/*
 * fnapi.h - the one calling convention of the built-in function library
 * (compiler/fn/), as lauxlib.h is Lua's libraries' view of the interpreter.
 * Every built-in is `Value *f(CallCtx *cc)` and has one row in the one
 * table, compiler/fn/builtins.def, that records its arity and block use
 * (a 4.x function's signatures, or a 3.x function's declared :arity); the
 * evaluator looks a name up with fn_find() and calls it through
 * fn_invoke(), which checks the argument count and the block with Puppet's
 * messages.  A function that takes a block calls ev_yield() to run it.
 * Errors go through ev_fail(), which reports "file:line:col: error: ..." at
 * the call and unwinds the compile (it does not return).  Whatever else a
 * function needs from the compile it asks through the ev_* services below
 * (compiler/fnhost.c); the files of compiler/fn/ include nothing of the
 * evaluator but this header.
 */
#ifndef COMPILER_FN_FNAPI_H
#define COMPILER_FN_FNAPI_H
#include "catalog/catalog.h"
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
    int v3;                     /* a 3.x function (FN3 row): counts refused in the words of Puppet's
                                   3.x arity check, "f(): Wrong number of arguments given (1 for 2)" */
} Builtin;

/* The row of the built-in table (builtins.def) called name, or NULL when
 * name is not built in. */
const Builtin *fn_find(const char *name);
/* Checks cc's argument count and block against b's row, in the words of
 * Puppet's 4.x dispatcher ("'split' expects 2 arguments, got 1", "'next'
 * expects at most 1 argument, got 2", "'each' expects a block") or for a
 * 3.x function its arity check ("md5(): Wrong number of arguments given
 * (2 for 1)", "tagged(): ... (0 for minimum 1)"), and calls b. */
Value *fn_invoke(const Builtin *b, CallCtx *cc);

/* Every built-in's prototype, from the table. */
#define FN(name, impl, min, max, lambda, origin) Value *impl(CallCtx *cc);
#define FN3(name, impl, arity, origin) Value *impl(CallCtx *cc);
#include "compiler/fn/builtins.def"
#undef FN
#undef FN3

/* For the few built-ins that live on the evaluator's side (epp.c's
 * internal ones, strftime in timestamp.c, the Ruby templates): names the
 * parts of the call as locals (compiler, scope, call node, arguments,
 * count, block). */
#define FN_UNPACK(c, s, at, a, n, l) \
    Compiler *c = cc->c; Scope *s = cc->scope; const Node *at = cc->call; \
    Value **a = cc->args; size_t n = cc->nargs; const Node *l = cc->lambda; \
    (void)c; (void)s; (void)at; (void)a; (void)n; (void)l
/* The same for the arguments, their count and the block only. */
#define FN_ARGS(a, n, l) \
    Value **a = cc->args; size_t n = cc->nargs; const Node *l = cc->lambda; (void)a; (void)n; (void)l

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

/* ---- What else the evaluator lends the functions (compiler/fnhost.c) ----
 * The few services built-ins need from the compile, each at the call in
 * cc: nothing here hands out the compiler's or a scope's internals.
 * Values and strings returned live in the compile arena. */

/* A warning at the call, as the compiler words its own. */
void ev_warn(CallCtx *cc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Calls the function name (built in, Puppet language or Ruby) with args
 * and lambda (or NULL), from the calling scope. */
Value *ev_call(CallCtx *cc, const char *name, Value **args, size_t n, const Node *lambda);
/* Whether a function called name exists (built in, Puppet language, or a
 * module's Ruby function, which is loaded). */
int ev_function_known(CallCtx *cc, const char *name);
/* return(), next() and break(): unwinds with kind (EV_JUMP_*) and value v
 * (or NULL) to what catches it, or fails as Puppet does when nothing would. */
enum { EV_JUMP_NEXT = 1, EV_JUMP_RETURN = 2, EV_JUMP_BREAK = 4 };
_Noreturn void ev_unwind(CallCtx *cc, int kind, Value *v);
/* The variable name ("x", "::x", "cls::x") as the calling scope sees it,
 * or NULL when there is none. */
Value *ev_var(CallCtx *cc, const char *name);
/* One of the variables every class, define and node scope sets
 * (module_name, caller_module_name) as the calling scope sees it; NULL
 * when unset (caller_module_name at top scope). */
Value *ev_builtin_var(CallCtx *cc, const char *name);
/* Whether defined('$name') holds: a built-in variable, or one set in the
 * calling scope, its parents or (for ::name) the top scope. */
int ev_var_defined(CallCtx *cc, const char *name);
/* Whether lname (lowercase) names a resource type, a class, a define or
 * a Puppet-language function (loading it when needed), as defined('name')
 * asks. */
int ev_name_defined(CallCtx *cc, const char *lname);
/* Whether the type name (as written; lname lowercase) is a data type, a
 * resource type or a define, as defined(Type) asks. */
int ev_type_defined(CallCtx *cc, const char *name, const char *lname);
/* puppetdb_query(): PuppetDB's answer to query (a PQL string or an AST
 * array), as data; fails at the call when the compile has no PuppetDB or
 * PuppetDB cannot answer. */
Value *ev_puppetdb_query(CallCtx *cc, const Value *query);
/* lookup(): Hiera 5 on cc's arguments and block. */
Value *ev_lookup(CallCtx *cc);
/* EPP text (named name in messages) rendered in a scope of its own with
 * params (a hash or NULL). */
Value *ev_epp(CallCtx *cc, const char *name, const char *text, size_t len, Value *params);
/* Timestamp.new / Timespan.new (span) and String.new on args. */
Value *ev_new_time(CallCtx *cc, int span, Value **args, size_t n);
Value *ev_new_string(CallCtx *cc, Value **args, size_t n);
/* type.new(args) when type is a user-defined Object type (its instance,
 * or ev_fail); NULL when it is not one. */
Value *ev_new_object(CallCtx *cc, const Value *type, Value **args, size_t n);
/* Ruby's <=> of a Timestamp or Timespan t with o (*r: -1, 0, 1); NULL, or
 * why they do not compare. */
const char *ev_time_cmp(const Value *t, const Value *o, int *r);
/* The node's facts ($facts, a hash). */
Value *ev_facts(CallCtx *cc);
/* The calling scope's label for messages: "Class[main]", "Foo[x]". */
const char *ev_scope_label(CallCtx *cc);
/* The class or define whose code is running (lambdas count as their
 * definer's): a class's name ("" at top or node scope), or with *is_define
 * set the define's lowercase type name. */
const char *ev_owner(CallCtx *cc, int *is_define);
/* The module directories on the modulepath, in order (*n of them). */
char *const *ev_modulepath(CallCtx *cc, size_t *n);
/* The directory of module name on the modulepath, or NULL. */
const char *ev_module_dir(CallCtx *cc, const char *name);
/* <module dir>/<dir>/<rest>, whether or not it exists; NULL when the
 * module has none. */
const char *ev_module_path(CallCtx *cc, const char *module, const char *dir, const char *rest);

/* Whether v is an instance of type. */
int ev_type_match(CallCtx *cc, Value *type, Value *v);
/* Why v is not an instance of type, in Puppet's words (call only after
 * ev_type_match said no); style, label, head and sig as for the
 * compiler's mismatch describer (CMP_MM_*). */
enum { CMP_MM_PARAMS, CMP_MM_SIGNATURE, CMP_MM_SUBJECT };
const char *ev_mismatch(CallCtx *cc, Value *type, Value *v, int style, const char *label, const char *head, const char *sig);
/* The type a user type alias (name as written, "Mymod::Path") stands
 * for, loading it as Puppet autoloads aliases; NULL when name is one of
 * Puppet's own types or no alias.  A file that fails to load ends the
 * compile. */
Value *ev_alias_type(CallCtx *cc, const char *name);
/* Parses text (named label in messages) as one expression; with err, a
 * parse error is not reported but its first message put in *err (then
 * the result may be NULL).  The node lives as long as the compile. */
const Node *ev_parse_expr(CallCtx *cc, const char *label, const char *text, size_t len, const char **err);
/* Evaluates an expression node in the calling scope, or with top in the
 * top scope. */
Value *ev_eval(CallCtx *cc, const Node *n, int top);

/* Refuses (at the call) a value too big to copy or print. */
void ev_check_weight(CallCtx *cc, const Value *v);
/* The path of the first string in v holding a NUL byte ("" for v
 * itself), or NULL: data read from outside is refused with CMP_NUL_MSG. */
const char *ev_nul_path(CallCtx *cc, const Value *v);
#define CMP_NUL_MSG "A string may not contain a NUL byte"
/* YAML text as Hiera's loader reads it (Psych.safe_load): 1 and *out,
 * or 0 and *err (Psych's message; name is the file for it). */
int ev_parse_yaml(CallCtx *cc, const char *name, const char *text, size_t len, Value **out, const char **err);
/* Runs Hiera 3's function fn (hiera, hiera_array, hiera_hash,
 * hiera_include) on cc's arguments and block. */
Value *ev_hiera3(CallCtx *cc, const char *fn);

/* The catalog being built. */
Catalog *ev_catalog(CallCtx *cc);
/* The resource whose code calls: the class, define or node, or
 * Class[main]. */
Resource *ev_container(CallCtx *cc);
/* The resource a reference (a Type['title'] value or a "Type[title]"
 * string) names, or NULL when none is declared. */
Resource *ev_find_resource(CallCtx *cc, const Value *ref);
/* A reference value Type['title'] (class titles capitalised). */
Value *ev_ref(CallCtx *cc, const char *type, const char *title);
/* Whether lname (lowercase) is a resource type, a define or a class
 * (loading it when needed). */
int ev_type_exists(CallCtx *cc, const char *lname);
/* Declares type[title] with the parameters of hash params, as
 * create_resources does (a title that is no String becomes its string
 * form and sets the namevar). */
void ev_declare(CallCtx *cc, const char *type, Value *title, Value *params, int is_virtual);
/* include / require / contain of n classes: all class resources first,
 * then their bodies; out[i] receives each class resource. */
typedef enum { CLASS_INCLUDE, CLASS_REQUIRE, CLASS_CONTAIN, CLASS_RESOURCE } ClassMode;
void ev_declare_classes(CallCtx *cc, const char **names, size_t n, ClassMode mode, Resource **out);
/* realize() of a reference or an array of them. */
void ev_realize(CallCtx *cc, Value *refs);
/* Whether r, or the resource whose scope declared it, and so on up, is
 * tagged with tag (lowercase): Puppet's raw_tagged?. */
int ev_tagged_in_scope(CallCtx *cc, Resource *r, const char *tag);
#endif
