/*
 * internal.h - what the files of compiler/hiera/ share: the Hiera state
 * (configurations, levels, data files, caches), one lookup invocation
 * (Look), merge strategies, and the few functions one file calls in
 * another.  Nothing outside compiler/hiera/ includes it: the compiler sees
 * compiler/hiera.h.
 *
 * The files, in the order a lookup runs through them:
 *   lookup.c  entry points (lookup(), hiera*(), class parameters), keys,
 *             the provider stack and lookup_options, errors, small helpers
 *   config.c  hiera.yaml (v5, v4, Puppet's default) into Config and Level
 *   data.c    a level's locations (paths, globs, mapped_paths) and the data
 *             files they name, read once per compile
 *   interp.c  %{...} interpolation of data values and hiera.yaml paths
 *   merge.c   the merge strategies and the fold over variants
 *
 * Ownership: everything here lives in the compile arena, except the Maps
 * in Hiera, which hiera_cleanup() frees.
 */
#ifndef COMPILER_HIERA_INTERNAL_H
#define COMPILER_HIERA_INTERNAL_H
#include "compiler/compiler.h"
#include "compiler/regex.h"
#include "base/util.h"

#define A (c->arena)

typedef struct Hiera Hiera;

enum { BK_YAML, BK_JSON, BK_OTHER };
enum { LOC_NONE, LOC_PATHS, LOC_GLOBS, LOC_MAPPED, LOC_URIS };

typedef struct DataFile {
    const char *path;
    int state;                   /* 0 not read yet, 1 read, 2 missing */
    Value *data;                 /* the file's hash, when read */
    Value *symbol_keys;          /* V_ARRAY of top keys whose value holds a Ruby Symbol, or NULL */
    int module_checked;          /* module layer: key qualification warned about */
} DataFile;

typedef struct Level {           /* one hierarchy entry */
    const char *name;
    int line;                    /* of its "name:" line in hiera.yaml, 0 unknown */
    int backend;                 /* BK_YAML, BK_JSON, BK_OTHER (fn_kind/fn_name say which) */
    const char *fn_kind, *fn_name;  /* "data_hash", "yaml_data" */
    const char *datadir;         /* the entry's own datadir, or NULL: the config's */
    int loc_kind;                /* LOC_* */
    Value **locs;                /* declared paths/globs (strings); mapped_paths: its 3 */
    size_t nlocs;
    const char *ext;             /* hiera.yaml v4: appended to paths lacking it */
    int fixed;                   /* nothing interpolates: files resolved once */
    DataFile **files;            /* the resolved files when fixed */
    size_t nfiles;
} Level;

typedef struct Config {          /* one hiera.yaml (or Puppet's default one) */
    const char *path;            /* the file, or NULL for the default configuration */
    const char *root;            /* its directory: relative datadirs start here */
    const char *module;          /* NULL: the environment layer */
    SrcFile *src;                /* the file's text, for error locations */
    const char *datadir;         /* datadir of levels that name none */
    Level *levels, *dlevels;     /* hierarchy and (modules) default_hierarchy */
    size_t nlevels, ndlevels;
    int has_default_hierarchy;
    int version;                 /* 4 or 5 (the hiera functions use only a version 5 environment layer) */
    int global;                  /* the global layer's */
} Config;

typedef struct Options {         /* lookup_options, compiled */
    Value *keys;                 /* V_HASH key -> options, or NULL */
    Regex **pats;                /* keys that start with '^', as regexes, in order */
    Value **pvals;
    size_t npats;
} Options;

struct Hiera {
    Config *global;              /* the global layer (CONFDIR/hiera.yaml, or Puppet's default), or NULL */
    Config *env;                 /* the environment layer, or NULL */
    Map modules;                 /* module name -> Config*, or &no_config */
    Map files;                   /* path -> DataFile*; "\1" pattern -> GlobList* */
    Map options;                 /* module name ("" for none) -> Options* */
    Map dflt_options;            /* module name -> Options* of its default_hierarchy */
    Map warned;                  /* variables already reported undefined */
    int env_opts_done;
    Value *env_opts;             /* the global and environment layers' lookup_options, or NULL */
    Value *global_opts;          /* the global layer's alone, or NULL */
    const char **stack;          /* keys being looked up (Puppet's name stack) */
    size_t nstack, capstack;
    const Node *at;              /* the lookup in progress (for configuration type errors) */
    unsigned v3_warned;          /* hiera functions whose deprecation was reported (bit per function) */
};

typedef struct GlobList { DataFile **files; size_t n; } GlobList;

typedef struct Look {            /* one invocation: Puppet's Lookup::Invocation */
    Compiler *c;
    Hiera *h;
    Scope *scope;                /* where interpolated variables are read */
    const Node *at;              /* the call or declaration, for messages */
    Value *override;             /* lookup()'s override hash, or NULL */
    Value *defaults;             /* lookup()'s default_values_hash, or NULL */
    Config *cfg_errors;          /* while interpolating hiera.yaml text: errors point there */
    int global_only;             /* a hiera function without a version 5 environment layer: no data */
} Look;

typedef struct Binding { const char *name; Value *val; } Binding;   /* mapped_paths' variable */

typedef enum { M_FIRST, M_UNIQUE, M_HASH, M_DEEP, M_REVERSE_DEEP } MergeKind;
typedef struct Strategy {
    MergeKind kind;
    const char *knockout;        /* deep: knockout_prefix, or NULL */
    int sort_merged_arrays, merge_hash_arrays;
} Strategy;

/* A string built in the arena, so an error that unwinds leaks nothing. */
typedef struct Str { char *s; size_t len, cap; Arena *a; } Str;

/* One variant of a merge walk (a layer, a level, a file): 1 with *out
 * when it finds the key, 0 when not. */
typedef int (*VariantFn)(Look *lk, void *ctx, size_t i, Value **out);

/* lookup.c */
/* Errors unwind through the compile's fail jump; a config error points at
 * line of cfg's hiera.yaml (0: the file), a lookup error at the call. */
_Noreturn void hiera_fail_in_config(Compiler *c, Config *cfg, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
_Noreturn void hiera_fail_at(Look *lk, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void hiera_str_add(Str *b, const char *p, size_t n);
void hiera_str_adds(Str *b, const char *s);
const char *hiera_str_cstr(Str *b);
Value *hiera_str_value(Compiler *c, const char *s);
/* A hash of k and v (arena); frees both vectors. */
Value *hiera_hash_of_vv(Compiler *c, ValVec *k, ValVec *v);
void hiera_stack_push(Look *lk, const char *name);
void hiera_stack_pop(Look *lk);
int hiera_split_key(Compiler *c, const char *key, ValVec *out);
int hiera_dig(Look *lk, const char *key, Value **segs, size_t n, Value *v, Value **out);
Value *hiera_lookup_names(Look *lk, Value *name, Value *type, Value *merge, Value *dflt, int has_default, const Node *lambda);

/* A YAML file's error, reported where a lookup error is (the call, or
 * hiera.yaml while its text is interpolated; at is the call when lk is
 * NULL), followed by notes at the places of the file the reader names. */
struct YmlErrorPos;
_Noreturn void hiera_fail_yaml(Compiler *c, Look *lk, const Node *at, SrcFile *f, const struct YmlErrorPos *pos,
                            const char *msg);

/* config.c */
const char *hiera_path_join(Compiler *c, const char *base, const char *rel);
void hiera_register_src(Compiler *c, SrcFile *f);
Hiera *hiera_get(Compiler *c, const Node *at);
Config *hiera_module_config(Compiler *c, Hiera *h, const char *name);

/* data.c */
Value *hiera_data_hash(Look *lk, Config *cfg, Level *lv, DataFile *df);
size_t hiera_level_files(Look *lk, Config *cfg, Level *lv, DataFile ***out);

/* interp.c */
Value *hiera_interp_scope(Look *lk, const char *key, const char *subject, const Binding *bind);
Value *hiera_interp_value(Look *lk, Value *v, int methods, const Binding *bind);
const char *hiera_interp_text(Look *lk, Config *cfg, const char *text, const Binding *bind);

/* merge.c */
Value *hiera_merge_values(Look *lk, const Strategy *st, Value *e1, Value *e2);
int hiera_merge_lookup(Look *lk, const Strategy *st, size_t n, VariantFn fn, void *ctx, Value **out);
void hiera_parse_strategy(Look *lk, Value *merge, Strategy *st);
#endif
