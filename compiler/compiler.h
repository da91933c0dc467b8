/*
 * compiler.h - evaluation: manifests in, catalog out.  The compiler
 * evaluates main's statements in order, then the matching node, then loops
 * over collectors and pending define bodies until nothing new appears (as
 * Puppet's evaluate_generators does), then applies overrides, relationship
 * arrows and resource defaults, and validates references.  Evaluation
 * errors unwind through a jmp_buf: the first one ends the compile, as in
 * Puppet, and no partial catalog is written.
 */
#ifndef COMPILER_COMPILER_H
#define COMPILER_COMPILER_H
#include "catalog/catalog.h"
#include "types/types.h"
#include "compiler/fn/fnapi.h"
#include "parser/ast.h"
#include "lexer/lexer.h"
#include <setjmp.h>

typedef struct Defaults {            /* one "Type { attrs }" statement */
    const char *type_key;            /* lowercase type name */
    const Node *stmt;                /* ND_RES_DEFAULTS */
    Value **vals;                    /* evaluated attribute values, parallel to stmt->kids */
    struct Defaults *next;
} Defaults;

struct Scope {
    Scope *parent;                   /* lexical parent: where variables are looked up next */
    Scope *dyn;                      /* dynamic parent: where resource defaults come from */
    Map vars;                        /* name -> Value* (malloc'd map, freed with the compiler) */
    Resource *resource;              /* the container: Class[...], define instance, Node */
    const char *class_name;          /* "foo::bar" for class scopes, NULL otherwise */
    const char *label;               /* "Class[main]", "Foo[x]" for log lines */
    Defaults *defaults;              /* declared in this scope */
    Value *matches;                  /* $0..$n from the last match in this scope, or NULL */
};

typedef struct Collector Collector;
typedef struct Chain Chain;
typedef struct Override Override;

typedef struct CompileOptions {
    const char *manifest;            /* path of site.pp */
    const char *modulepath;          /* "dir:dir", or NULL */
    const char *facts_file;          /* facter --json output, or NULL: gather */
    const char *certname;            /* node name, or NULL: the fqdn fact */
    const char *environment;         /* default "production" */
    int strict_variables;            /* unknown variables are errors */
    const char *hiera_config;        /* environment-layer hiera.yaml, or NULL: beside the manifest */
    const char *datadir;             /* the environment layer's data directory, or NULL */
    const char *external_facts;      /* "dir:dir" of facts.d directories to read too, or NULL */
    int print_facts;                 /* print the facts as facter --json does, compile nothing */
    int noop;                        /* the clientnoop fact */
    /* Set from the environment (compiler/options.c); all may be NULL. */
    const char *code;                /* manifest text to compile instead of reading manifest (-e, stdin) */
    size_t code_len;
    const char *code_name;           /* what messages call it ("-e", "<stdin>"); its resources' file is "" */
    const char *global_hiera_config; /* Hiera's global layer: this hiera.yaml, or when it does not
                                        exist Puppet's default (common.yaml under its directory's data/) */
    const char *config_version;      /* a command whose output is the catalog's version */
    const char *storeconfigs;        /* --storeconfigs: the store of exported resources (an SQLite
                                        file), or NULL: @@ exports and <<| |>> collects nothing */
    const struct StorePdbConfig *puppetdb; /* --puppetdb: the store is PuppetDB (wins over
                                        storeconfigs), which gets the node's facts and catalog */
    const char *transaction_uuid;    /* the run's (mapply: its report's), or NULL: a new one */
    int keep_deferred;               /* the catalog keeps Deferred values for the node to resolve
                                        (mapply): no "converted to the String" warnings for them */
} CompileOptions;

struct Compiler {
    Arena *arena;                    /* everything of this compile */
    /* Evaluation scratch that dies before the function that made it returns
     * (argument vectors, attribute lists, flattened titles): used as a
     * stack (arena_mark/arena_release), released after each statement, so
     * it never holds a value, a string or anything else that is kept. */
    Arena scratch;
    /* The nodes of the manifests' syntax trees (their texts are in arena):
     * freed when the compile ends, before the catalog is written, as
     * nothing the catalog holds points into them (resources' and
     * parameters' origins are only read while compiling). */
    Arena ast;
    const Node *discard;             /* a resource statement whose value nobody uses (ev_statements) */
    Map type_names;                  /* type name as written -> its capitalised form (ev_type_name) */
    Map type_values;                 /* capitalised type name -> its Type value, shared (values are immutable) */
    Map name_values;                 /* a bare word's text (the pointer's bytes) -> its String value, shared */
    struct { const Value **keys; uint64_t *w; size_t n, cap; } weights;  /* ev_value_weight's memo */
    Catalog *cat;
    struct ObjAnnotation *annotations; /* annotate(): (annotation type, object) -> annotation (compiler/object.c) */
    int typeset_args;                /* evaluating TypeSet[...]'s parameters: its types' names are not references */
    CompileOptions opt;
    char **modulepath;               /* split opt.modulepath */
    size_t nmodulepath;
    Value *facts;                    /* V_HASH */
    const char *certname;
    Map classes, defines, functions, aliases;  /* lowercase name -> Node* */
    Node **nodes;                    /* node definitions in source order */
    size_t nnodes;
    Map loaded;                      /* file path -> 1 (loaded) or 2 (looked for, not there) */
    SrcFile **files;                 /* every file read (freed at the end) */
    size_t nfiles;
    Scope **scopes;                  /* every scope (their maps are freed at the end) */
    size_t nscopes;
    Scope *top, *node_scope;
    Map class_scopes;                /* class name -> Scope* */
    Map file_names;                  /* SrcFile* (as bytes) -> its abspath in the arena */
    Map file_modules;                /* SrcFile* (as bytes) -> module name, for files autoloaded from
                                        <module>/manifests/ ($module_name of what they define) */
    Map epp_parsed;                  /* template (see epp.c) -> its parsed form, in the arena */
    Collector *collectors, *collectors_tail;
    Chain *chains, *chains_tail;
    Override *overrides, *overrides_tail;
    Resource *stage_main, *class_main;
    struct ResState *rs;             /* resource.c's state */
    Buf *epp_out;                    /* output of the EPP template being rendered */
    int epp_sensitive;               /* it rendered a Sensitive value: the result is Sensitive */
    jmp_buf *fail;                   /* where an evaluation error unwinds to */
    int depth;                       /* ev_expr nesting, bounded (see eval.c) */
    int call_depth;                  /* Puppet-language function calls in progress */
    int type_depth;                  /* type alias expansion in progress */
    int warnings;
    struct Store *store;             /* --storeconfigs or --puppetdb: the store of exported resources, or NULL */
    struct Hiera *hiera;             /* Hiera 5 state (compiler/hiera/), made on first use */
    int jump;                        /* the return()/next()/break() unwinding now (EV_JUMP_*), or 0 */
    Value *jump_value;               /* its value */
    const char *missing_class;       /* the class "Could not find class" failed on (for a hint), or NULL */
    int catch_next, catch_return, catch_break;  /* active catchers of each jump (see eval.c) */
};

/* Compiles opt.manifest into c (initialised by the caller).  Returns 0, or
 * 1 after reporting manifest errors, or 2 on I/O errors. */
int cmp_compile(const CompileOptions *opt, Arena *arena, Catalog *cat);

/* Internal API shared by the compiler's files. */
_Noreturn void cmp_fail(Compiler *c, const Node *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
_Noreturn void cmp_failv(Compiler *c, const Node *at, const char *fmt, va_list ap);
void cmp_warn(Compiler *c, const Node *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void cmp_vwarn(Compiler *c, const Node *at, const char *fmt, va_list ap);
Scope *ev_scope_new(Compiler *c, Scope *parent, Scope *dyn, Resource *res);
void ev_scope_set(Compiler *c, Scope *s, const char *name, Value *v, const Node *at);
/* The variable called name as seen from s ($1 match variables, $::x top
 * scope, $cls::x a class's), or NULL when there is none; *unevaluated (when
 * not NULL) names the class of a qualified name whose class has no scope. */
Value *ev_scope_find(Compiler *c, Scope *s, const char *name, const char **unevaluated);
Value *ev_scope_lookup(Compiler *c, Scope *s, const char *name, const Node *at);
Value *ev_expr(Compiler *c, Scope *s, const Node *n);
/* cat_capitalize_type(name) for a type's name: one copy per spelling in
 * the compile arena, shared by every resource and reference of the type. */
const char *ev_type_name(Compiler *c, const char *name);
Value *ev_block(Compiler *c, Scope *s, const Node *n);
/* return(), next() and break() unwind through c->fail like an error, with
 * c->jump saying which; a function, lambda, class or define body whose
 * text holds the call catches it (ev_body), an iteration catches break()
 * (ev_breakable in compiler/fn/fnapi.h).  A jump nobody would catch is an error
 * where it is called.  (EV_JUMP_* are there too.) */
/* Evaluates body (a Puppet function's, a lambda's with lambda set, or a
 * class's or define's) in s, catching the next() and return() meant for
 * it: a lambda catches next() only, the others both.  Costs nothing more
 * than ev_block when the body calls neither. */
Value *ev_body(Compiler *c, Scope *s, const Node *body, int lambda);
/* mcomp --nodes: ev_body's memo (which jumps a block may make) written
 * into every block of the tree n now, as ev_body would write it on first
 * use: the parent does it for the shared trees, so that the nodes do not
 * each write it into (and copy) the shared pages. */
void ev_mark_bodies(Node *n);
/* Raises the jump kind with value v at the call at (an error when nothing
 * would catch it, worded as Puppet's). */
_Noreturn void ev_jump(Compiler *c, const Node *at, int kind, Value *v);
Value *ev_call_function(Compiler *c, Scope *s, const Node *at, const char *name, Value **args, size_t nargs, const Node *lambda);
/* Whether a function called name exists (built in, Puppet language, or a
 * module's Ruby function, which is loaded; a file that fails to load ends
 * the compile at at). */
int ev_function_exists(Compiler *c, const Node *at, const char *name);
/* The resource type called name[0..len) (any case): one of the built-in
 * types (types.h), or one a module defines in Ruby
 * (<module>/lib/puppet/type/<name>.rb, looked for once per name), which
 * the embedded Ruby evaluates (compiler/ruby/rbtype.h); NULL when there is
 * none.  Ruby types compile like Puppet's (mapply has no provider for
 * them).  An error loading a Ruby type ends the compile, at at for
 * load_find_type_at. */
const TypeDef *load_find_type(Compiler *c, const char *name, size_t len);
const TypeDef *load_find_type_at(Compiler *c, const Node *at, const char *name, size_t len);
/* The lib directories of the modules on the module path (DIR/MODULE/lib
 * that exist), in Puppet's search order: module path order, then module
 * name; a module name already seen earlier is skipped.  *n gets the count;
 * the array lives in the compile arena. */
const char **load_module_libdirs(Compiler *c, size_t *n);
/* The same for module path modulepath ("DIR:DIR..."), without a compile:
 * the directories one after another, each ended by a NUL byte (*len bytes
 * in all); the caller frees it. */
char *load_libdirs_of(const char *modulepath, size_t *len);
const Node *load_class(Compiler *c, const char *name);
const Node *load_define(Compiler *c, const char *name);
/* The module a class, define or node definition was loaded from, which is
 * Puppet's $module_name in its body: the module whose manifests/ directory
 * held the file, "" for site.pp and any other file (Puppet: the loader's
 * modname).  The string is static or lives in the compile arena. */
const char *load_def_module(Compiler *c, const Node *def);
/* Whether name is one of Puppet's built-in variables (module_name,
 * caller_module_name): always "defined", never an unknown variable. */
int load_builtin_var(const char *name);
int load_file(Compiler *c, const char *path, const Node **out);
/* mcomp --nodes: reads and parses, once for every compile to come in this
 * process (and in the processes it forks), the main manifest of opt and
 * every manifest and EPP template of the modules on opt's module path;
 * load_file and epp_render then take them from memory.  Only files whose
 * parse reports nothing are kept (see loader.c).  Returns 1 when a module
 * has ERB templates or Ruby code (functions, types): Ruby will be wanted. */
int load_share(const CompileOptions *opt);
/* The text of ERB template path as load_share read it (its bytes, *len of
 * them, NUL-terminated, shared: never to be freed or written), or NULL when
 * it was not read there: the caller reads the file itself. */
const char *load_shared_text(const char *path, size_t *len);
/* Calls each(ctx, DIR/REL) for every regular file under dir whose name
 * ends in ext, at any depth, unsorted (hidden entries and symlinked
 * directories skipped, as Puppet's glob of DIR, "**" and "*" EXT): the very paths the
 * autoloader builds.  The path is valid during the call only. */
void load_walk(const char *dir, const char *ext, void (*each)(void *ctx, const char *path), void *ctx);
/* Whether f belongs to the shared parse (never freed by a compile). */
int load_is_shared(const SrcFile *f);
void load_mark_shared(const SrcFile *f);
/* Runs fn(pre, arg) with reports counted, not printed, and pre's failures
 * caught: 1 when it neither reported anything nor failed. */
int load_quietly(Compiler *pre, void (*fn)(Compiler *, void *), void *arg);
/* The same for manifest text given on the command line or on stdin:
 * messages call it name, its resources' file is "" (as Puppet's for code
 * given as a string). */
int load_text(Compiler *c, const char *name, const char *text, size_t len, const Node **out);
/* <module dir>/<dir>/<rest>: load_module_file only when the file exists,
 * load_module_path whether or not (for callers that read it anyway); NULL when
 * the module has no directory.  Paths live in the compile arena. */
const char *load_module_file(Compiler *c, const char *module, const char *dir, const char *rest);
const char *load_module_path(Compiler *c, const char *module, const char *dir, const char *rest);
/* The type alias called lname (lowercase), autoloading Mod::Name from
 * <module>/types/name.pp (Mod::A::B from types/a/b.pp) as Puppet does;
 * NULL when there is none.  A file that fails to load ends the compile. */
const Node *ty_find_alias(Compiler *c, const char *lname, size_t len);
int ty_type_match(Compiler *c, Value *type, Value *v);
/* Type t's parameter i as an integer (a Float truncated), dflt when it is
 * absent or not a number: Integer[1]'s lower bound, String[0, 4]'s maximum.
 * (typesys.c; typemsg.c uses it too.) */
int64_t ty_int_param(const Value *t, size_t i, int64_t dflt);
/* Fails with Puppet's "Resource type not found: X" unless the type
 * reference n (ND_TYPEREF) names a data type, a resource type (built-in,
 * Ruby, define) or a type alias (eval_QualifiedReference); a class name is
 * none of these. */
void ev_check_type_ref(Compiler *c, const Node *n);
int ty_type_assignable(Compiler *c, Value *t, Value *s);
/* Puppet's signature_string of a parameter list (kids of a function or
 * lambda node), types evaluated in s: "String x, Integer y?, Any *rest". */
const char *ty_signature(Compiler *c, Scope *s, const Node *params);
/* Why v is not an instance of type, worded as Puppet's TypeMismatchDescriber
 * words it; call only after ty_type_match() said no.  The walk starts at
 * the path element head ("parameter 'p'", or a subject such as
 * "assert_type():").  style CMP_MM_PARAMS (class, define, EPP parameters):
 * "LABEL: parameter 'p' index 1 expects ...", several faults as
 * "LABEL:\n  parameter 'p' variant 0 ...\n  ...".  CMP_MM_SIGNATURE
 * (functions, lambdas; label "'f'" or "block"): "LABEL parameter 'p' ...",
 * several as "LABEL expects (SIG)\n  rejected: parameter 'p' ...".
 * CMP_MM_SUBJECT (assert_type, Hiera): "HEAD expects ...".  The text
 * lives in the compile arena. */
/* (CMP_MM_* are in fnapi.h) */
const char *ty_mismatch(Compiler *c, Value *type, Value *v, int style, const char *label, const char *head, const char *sig);
/* One signature of a function written in Ruby (a 4.x dispatch, or the
 * signature Puppet makes for a 3.x function): n parameters with their
 * types and names, the argument counts it takes (max INT64_MAX when the
 * last parameter repeats), and its block: the block's type (NULL: it takes
 * none), whether the block may be left out, and its name.  Everything
 * lives in the compile arena. */
typedef struct CmpSig {
    Value **types;
    const char **names;
    size_t n;
    int64_t min, max;
    Value *block;
    int block_optional;
    const char *block_name;
} CmpSig;
/* Whether sig accepts the arguments and the lambda (NULL: none given;
 * its parameter count must fit the block's Callable type). */
int ty_sig_accepts(Compiler *c, const CmpSig *sig, Value **args, size_t n, const Node *lambda);
/* Puppet's signature_string: "String name, Integer n?, Callable block". */
const char *ty_sig_string(Compiler *c, const CmpSig *sig);
/* Why no signature of the function label ("'m::f'") accepts the
 * arguments, worded as Puppet's describe_signatures: one fault
 * ("'f' parameter 'x' expects ..."; counts of every signature merged:
 * "'f' expects between 1 and 2 arguments, got 3"), or each signature with
 * its "rejected:" lines.  Call only when none accepts.  Compile-arena text. */
const char *ty_describe_signatures(Compiler *c, const char *label, const CmpSig *sigs, size_t nsigs,
                                    Value **args, size_t n, const Node *lambda);
/* Puppet's validate_parameters: every fault of one parameter list (a
 * class's, a define's, an EPP template's), collected in Puppet's order
 * (unknown names as given, then each parameter in declaration order) and
 * reported in one message.  Start with a zeroed CmpFaults; its memory is
 * compile-arena memory.  ty_fault adds a line as is ("expects a value for
 * parameter 'p'", "has no parameter named 'q'"), ty_fault_mismatch the
 * lines describing why v is not a type (call only after ty_type_match()
 * said no; head as for ty_mismatch).  ty_faults_message gives
 * "LABEL: fault" or "LABEL:\n  fault\n  fault", or NULL when there is none;
 * the text lives in the compile arena. */
typedef struct CmpFaults { const char **text; size_t n, cap; } CmpFaults;
void ty_fault(Compiler *c, CmpFaults *f, const char *text);
void ty_fault_mismatch(Compiler *c, CmpFaults *f, Value *type, Value *v, const char *head);
const char *ty_faults_message(Compiler *c, const CmpFaults *f, const char *label);
/* While on, val_to_s() and val_to_string() print the type aliases of this
 * compile as Puppet does ("${Mytype}" is "Mytype = Integer[1]"); turned on
 * when a compile starts, off before the compiler goes away. */
void ty_type_printing(Compiler *c, int on);
/* A reference value Type['title'] (class titles capitalised). */
Value *ev_resref(Compiler *c, const char *type, const char *title);
/* Matches pattern against str; with set, stores $0..$n in scope s. */
int ev_regex_match(Compiler *c, Scope *s, const Node *at, const char *pattern, const char *str, size_t len, int set);
/* Case/selector option test: regex, type, or ==. */
int ev_option_match(Compiler *c, Scope *s, const Node *at, Value *test, Value *opt);
#include "compiler/hiera.h"
/* Values an array or hash holds once written out, shared parts counted
 * each time they appear (so [$a, $a] weighs twice $a): linear in the
 * distinct values, memoised; saturates just above CMP_VALUE_WEIGHT_MAX.
 * Array and hash literals and resource parameters heavier than that are
 * refused (ev_check_weight_at), so no later printing or copying can blow up. */
#define CMP_VALUE_WEIGHT_MAX 10000000u
uint64_t ev_value_weight(Compiler *c, const Value *v);
void ev_check_weight_at(Compiler *c, const Node *at, const Value *v);
/* Strings are C strings, so a NUL byte arriving from data (files, Hiera,
 * parsed JSON or YAML, decoded base64, Ruby, commands' output) is refused:
 * the path of the first string or hash key holding one ("" for v itself,
 * "['k'][0]" inside; in the compile arena), or NULL when there is none.
 * Each array and hash is walked once, however often it is shared. */
const char *cmp_nul_path(Compiler *c, const Value *v);
/* (CMP_NUL_MSG is in fnapi.h) */

#endif
