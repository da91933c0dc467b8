/*
 * hiera.c - Hiera 5, as Puppet 7's lookup framework (Puppet::Pops::Lookup)
 * does it: lookup() and the automatic lookup of class parameters, over the
 * environment layer (the hiera.yaml of --hiera-config, or the one beside
 * the main manifest) and the module layer (<module>/hiera.yaml, used only
 * for keys in that module's namespace).  Puppet's global layer is not
 * modelled: it is always empty here.
 *
 * The one idea: a lookup is the same merge walk at every level.  Puppet
 * asks a merge strategy to "look up" a list of variants - the layers
 * (global, environment, module), then a layer's hierarchy levels, then a
 * level's locations (files) - and each strategy folds what the variants
 * find in the same way (first found, unique, hash, deep).  merge_lookup()
 * is that fold; the layers, levels and files are three variant callbacks.
 *
 * Everything is lazy and cached for the compile: a hiera.yaml is read when
 * a lookup first needs its layer, a data file when a lookup first reaches
 * its level, each at most once (missing files are remembered too).  Paths
 * and data values are interpolated (%{facts.os.family}, %{lookup('k')},
 * %{alias('k')}, ...) at each lookup, as Puppet does, since they may read
 * variables of the calling scope.  YAML is read with libyaml and typed the
 * way Ruby's Psych types it (yes/no are booleans, 0755 is octal, a date is
 * an error), since that is what Puppet sees.
 */
#include "compiler/compiler.h"
#include "compiler/regex.h"
#include "compiler/stdlib.h"
#include "catalog/rubyval.h"
#include "catalog/jsonparse.h"
#include "parser/parser.h"
#include "base/util.h"
#include <yaml.h>
#include <ctype.h>
#include <errno.h>
#include <glob.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#define A (c->arena)

/* ---- state ---- */

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
} Config;

typedef struct Options {         /* lookup_options, compiled */
    Value *keys;                 /* V_HASH key -> options, or NULL */
    Regex **pats;                /* keys that start with '^', as regexes, in order */
    Value **pvals;
    size_t npats;
} Options;

struct Hiera {
    Config *env;                 /* the environment layer, or NULL */
    Map modules;                 /* module name -> Config*, or &no_config */
    Map files;                   /* path -> DataFile*; "\1" pattern -> GlobList* */
    Map options;                 /* module name ("" for none) -> Options* */
    Map dflt_options;            /* module name -> Options* of its default_hierarchy */
    Map warned;                  /* variables already reported undefined */
    int env_opts_done;
    Value *env_opts;             /* the environment layer's lookup_options, or NULL */
    const char **stack;          /* keys being looked up (Puppet's name stack) */
    size_t nstack, capstack;
    const Node *at;              /* the lookup in progress (for configuration type errors) */
    unsigned v3_warned;          /* hiera functions whose deprecation was reported (bit per function) */
};

typedef struct GlobList { DataFile **files; size_t n; } GlobList;

static Config no_config;

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

/* ---- small helpers ---- */

static _Noreturn void fail_at(Look *lk, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static _Noreturn void fail_in_config(Compiler *c, Config *cfg, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static _Noreturn void fail_in_config(Compiler *c, Config *cfg, int line, const char *fmt, ...)
{
    SrcLoc loc = {0};
    if (cfg && cfg->src) {
        loc.file = cfg->src;
        if (line > 0 && (size_t)line <= cfg->src->nlines) loc.off = cfg->src->line_starts[line - 1];
    }
    va_list ap;
    va_start(ap, fmt);
    int q = diag_quiet_source;
    diag_quiet_source = 1;
    diag_vreport(DIAG_ERROR, loc, fmt, ap);
    diag_quiet_source = q;
    va_end(ap);
    longjmp(*c->fail, 1);
}

/* Errors of a lookup point at its call (or, while hiera.yaml text is
 * being interpolated, at that file, as Puppet's do). */
static _Noreturn void fail_at(Look *lk, const char *fmt, ...)
{
    char msg[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (lk->cfg_errors) fail_in_config(lk->c, lk->cfg_errors, 0, "%s", msg);
    cmp_fail(lk->c, lk->at, "%s", msg);
}

static int is_regular(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* Ruby's Pathname#+: an absolute rel wins; "./" goes, "../" climbs. */
static const char *path_join(Compiler *c, const char *base, const char *rel)
{
    if (rel[0] == '/') return rel;
    size_t bl = strlen(base);
    for (;;) {
        if (rel[0] == '.' && rel[1] == '/') {
            rel += 2;
            while (*rel == '/') rel++;
        } else if (rel[0] == '.' && rel[1] == '\0') {
            rel++;
        } else if (rel[0] == '.' && rel[1] == '.' && (rel[2] == '/' || rel[2] == '\0')) {
            size_t e = bl;
            while (e > 1 && base[e - 1] == '/') e--;
            size_t s = e;
            while (s > 0 && base[s - 1] != '/') s--;
            if (s == e || (e - s == 2 && base[s] == '.' && base[s + 1] == '.')) break;
            bl = s > 1 ? s - 1 : s;
            rel += rel[2] ? 3 : 2;
            while (*rel == '/') rel++;
        } else {
            break;
        }
    }
    if (!*rel) return arena_strndup(A, base, bl);
    return arena_printf(A, "%.*s%s%s", (int)bl, base, bl && base[bl - 1] == '/' ? "" : "/", rel);
}

static const char *absolute_path(Compiler *c, const char *p)
{
    if (p[0] == '/') return p;
    char cwd[4096];
    if (!getcwd(cwd, sizeof cwd)) return p;
    return path_join(c, cwd, p);
}

/* A string built in the arena, so an error that unwinds leaks nothing. */
typedef struct Str { char *s; size_t len, cap; Arena *a; } Str;

static void str_add(Str *b, const char *p, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 64;
        while (cap < b->len + n + 1) cap *= 2;
        char *s = arena_alloc_bytes(b->a, cap);
        if (b->len) memcpy(s, b->s, b->len);
        b->s = s;
        b->cap = cap;
    }
    memcpy(b->s + b->len, p, n);
    b->len += n;
    b->s[b->len] = '\0';
}

static void str_adds(Str *b, const char *s) { str_add(b, s, strlen(s)); }
static const char *str_cstr(Str *b) { return b->s ? b->s : ""; }

static void val_to_str(Compiler *c, Str *b, const Value *v)
{
    Buf t = BUF_INIT;
    val_to_s(&t, v);
    str_add(b, buf_cstr(&t), t.len);
    buf_free(&t);
}

/* Ruby's inspect, for values interpolated inside arrays and hashes. */
static void ruby_inspect(Compiler *c, Str *b, const Value *v)
{
    Buf t = BUF_INIT;
    rv_inspect(&t, v, RV_HIERA);
    str_add(b, buf_cstr(&t), t.len);
    buf_free(&t);
}

/* Ruby's to_s of a value put into a string by interpolation. */
static void ruby_to_s(Compiler *c, Str *b, const Value *v)
{
    switch (v->kind) {
    case V_UNDEF: break;
    case V_STR: str_add(b, v->str.s, v->str.len); break;
    case V_ARRAY: case V_HASH: ruby_inspect(c, b, v); break;
    default: val_to_str(c, b, v); break;
    }
}

/* The class name Ruby gives a value, for "Got String when ..." messages. */
static const char *ruby_class(const Value *v)
{
    switch (v->kind) {
    case V_UNDEF: return "NilClass";
    case V_BOOL: return v->b ? "TrueClass" : "FalseClass";
    case V_INT: return "Integer";
    case V_FLOAT: return "Float";
    case V_STR: return "String";
    case V_ARRAY: return "Array";
    case V_HASH: return "Hash";
    default: return val_type_name(v);
    }
}

static Value *str_value(Compiler *c, const char *s) { return val_cstr(A, s); }

/* The type Puppet names after "got" in a mismatch (Tuple, Struct, ...). */
static const char *got_type(Compiler *c, const Value *v)
{
    CallCtx cc = {.c = c, .arena = A};
    return fn_got_type(&cc, v);
}

static Value *hash_of_vv(Compiler *c, ValVec *k, ValVec *v)
{
    Value *h = val_hash(A, k->v, v->v, k->n);
    vv_free(k);
    vv_free(v);
    return h;
}

/* ---- the name stack: recursion, as Invocation#check reports it ---- */

static const char *stack_text(Look *lk)
{
    Compiler *c = lk->c;
    Str b = {.a = A};
    for (size_t i = 0; i < lk->h->nstack; i++) {
        if (i) str_adds(&b, ", ");
        str_adds(&b, lk->h->stack[i]);
    }
    return str_cstr(&b);
}

/* global: the check is the global layer's, whose errors Puppet wraps in
 * "Lookup of key ... failed" (that layer is asked first, so it is the one
 * that notices). */
static void stack_check(Look *lk, const char *name, const char *top_key, int global)
{
    Hiera *h = lk->h;
    for (size_t i = 0; i < h->nstack; i++)
        if (!strcmp(h->stack[i], name)) {
            if (global) fail_at(lk, "Lookup of key '%s' failed: Recursive lookup detected in [%s]", top_key, stack_text(lk));
            fail_at(lk, "Recursive lookup detected in [%s]", stack_text(lk));
        }
}

static void stack_push(Look *lk, const char *name)
{
    Compiler *c = lk->c;
    Hiera *h = lk->h;
    stack_check(lk, name, name, 0);
    if (h->nstack == h->capstack) {
        size_t cap = h->capstack ? h->capstack * 2 : 16;
        const char **s = ARENA_NEWN(A, const char *, cap);
        if (h->nstack) memcpy(s, h->stack, h->nstack * sizeof *s);
        h->stack = s;
        h->capstack = cap;
    }
    h->stack[h->nstack++] = name;
}

static void stack_pop(Look *lk) { lk->h->nstack--; }

/* ---- keys: "a.b.0", "'x.y'.z" (Puppet's SubLookup#split_key) ---- */

typedef struct Key {
    const char *text;            /* as given */
    const char *root;            /* the first segment: the name looked up in data */
    const char *module;          /* the root's namespace ("ntp" of "ntp::servers"), or NULL */
    Value **segs;                /* the other segments: strings, or integers (array indexes) */
    size_t nsegs;
} Key;

static Value *key_segment(Compiler *c, const char *s, size_t n)
{
    while (n && isspace((unsigned char)*s)) s++, n--;
    while (n && isspace((unsigned char)s[n - 1])) n--;
    if (n >= 2 && (s[0] == '"' || s[0] == '\'')) return val_str(A, s + 1, n - 2);
    size_t i = 0;
    if (i < n && s[i] == ':') i++;
    if (i < n && (s[i] == '+' || s[i] == '-')) i++;
    size_t d = i;
    while (i < n && isdigit((unsigned char)s[i])) i++;
    if (i == n && i > d)                        /* Ruby's to_i: ":5" is 0 */
        return val_int(A, s[0] == ':' ? 0 : strtoll(arena_strndup(A, s, n), NULL, 10));
    return val_str(A, s, n);
}

/* Splits key into segments; 0 on a syntax error. */
static int split_key(Compiler *c, const char *key, ValVec *out)
{
    if (!strpbrk(key, "'\".")) {
        vv_push(out, val_cstr(A, key));
        return 1;
    }
    size_t n = strlen(key), pos = 0;
    for (;;) {
        size_t q = pos, end = 0;
        while (q < n && isspace((unsigned char)key[q])) q++;
        if (q < n && (key[q] == '"' || key[q] == '\'')) {
            const char *close = strchr(key + q + 1, key[q]);
            if (close && close > key + q + 1) {
                end = (size_t)(close - key) + 1;
                while (end < n && isspace((unsigned char)key[end])) end++;
            }
        }
        if (!end) {
            end = pos;
            while (end < n && !strchr("'\".", key[end])) end++;
            if (end == pos) return 0;
        }
        vv_push(out, key_segment(c, key + pos, end - pos));
        if (end == n) return 1;
        if (key[end] != '.' || end + 1 == n) return 0;
        pos = end + 1;
    }
}

static void parse_key(Look *lk, const char *text, Key *k)
{
    Compiler *c = lk->c;
    ValVec segs = VV_ARENA(A);
    if (!split_key(c, text, &segs)) fail_at(lk, "Syntax error in key: '%s'", text);
    k->text = text;
    k->root = segs.v[0]->kind == V_STR ? segs.v[0]->str.s : val_to_cstr(A, segs.v[0]);
    k->nsegs = segs.n - 1;
    k->segs = k->nsegs ? ARENA_NEWN(A, Value *, k->nsegs) : NULL;
    for (size_t i = 1; i < segs.n; i++) k->segs[i - 1] = segs.v[i];
    vv_free(&segs);
    const char *q = strstr(k->root, "::");
    k->module = q && q > k->root ? arena_strndup(A, k->root, (size_t)(q - k->root)) : NULL;
}

/* SubLookup#sub_lookup: digs into value; 0 when a segment is missing. */
static int dig(Look *lk, const char *key, Value **segs, size_t n, Value *v, Value **out)
{
    for (size_t i = 0; i < n; i++) {
        Value *s = segs[i];
        if (v->kind == V_UNDEF) return 0;
        if (s->kind == V_INT && v->kind == V_ARRAY) {
            if (s->i < 0 || (size_t)s->i >= v->arr.n) return 0;
            v = v->arr.items[s->i];
            continue;
        }
        if (v->kind != V_HASH) {
            Compiler *c = lk->c;
            fail_at(lk, "Data Provider type mismatch: Got %s when a hash-like object was expected to access value using '%s' from key '%s'",
                    ruby_class(v), val_to_cstr(A, s), key);
        }
        Value *r = val_hash_get(v, s);
        if (!r) return 0;
        v = r;
    }
    *out = v;
    return 1;
}

/* ---- YAML, typed as Ruby's Psych types it ---- */

typedef struct YLoad {
    Compiler *c;
    yaml_parser_t parser;
    const char *path;
    Map anchors;                 /* anchor -> Value* */
    Str err;                     /* the first error ("" none) */
    int symbol;                  /* a Ruby Symbol value was made */
    int depth;
    ValVec symbol_keys;          /* top keys whose value holds a Symbol */
    int no_aliases;              /* Psych.load's aliases: false: an alias is an error */
} YLoad;

static void y_error(YLoad *y, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void y_error(YLoad *y, const char *fmt, ...)
{
    if (y->err.len) return;
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    str_adds(&y->err, msg);
}

static int y_next(YLoad *y, yaml_event_t *ev)
{
    if (yaml_parser_parse(&y->parser, ev)) return 1;
    /* Psych::SyntaxError: "(file): problem context at line L column C",
     * the position being the context mark's */
    const yaml_parser_t *p = &y->parser;
    y_error(y, "(%s): %s%s%s at line %zu column %zu", y->path, p->problem ? p->problem : "",
            p->context ? " " : "", p->context ? p->context : "", p->context_mark.line + 1, p->context_mark.column + 1);
    return 0;
}

static int is_word(const char *s, size_t n, const char *w)
{
    return strlen(w) == n && strncasecmp(s, w, n) == 0;
}

static int all_digits(const char *s, size_t n) {
    if (!n) return 0;
    for (size_t i = 0; i < n; i++)
        if (!isdigit((unsigned char)s[i])) return 0;
    return 1;
}

/* Psych's first test: /^[^\d.:-]?[[:alpha:]_\s!@#$%\^&*(){}<>|\/\\~;=]+/ or a newline. */
static int psych_wordish(const char *s, size_t n)
{
    if (memchr(s, '\n', n)) return 1;
    #define WORDCH(ch) ((ch) && (isalpha((unsigned char)(ch)) || (unsigned char)(ch) >= 0x80 || (ch) == '_' || \
                                 isspace((unsigned char)(ch)) || strchr("!@#$%^&*(){}<>|/\\~;=", (ch))))
    if (n >= 1 && WORDCH(s[0])) return 1;
    if (n >= 2 && !isdigit((unsigned char)s[0]) && !strchr(".:-", s[0]) && WORDCH(s[1])) return 1;
    #undef WORDCH
    return 0;
}

/* /^-?\d{4}-\d{1,2}-\d{1,2}(?:[Tt]|\s+)\d{1,2}:\d\d:\d\d(?:\.\d*)?(?:\s*(?:Z|[-+]\d{1,2}:?(?:\d\d)?))?$/ */
static int psych_time(const char *s, size_t n)
{
    size_t i = 0, d;
#define DIGITS(min, max) do { d = 0; while (i < n && d < (max) && isdigit((unsigned char)s[i])) i++, d++; if (d < (min)) return 0; } while (0)
    if (i < n && s[i] == '-') i++;
    DIGITS(4, 4);
    if (i >= n || s[i++] != '-') return 0;
    DIGITS(1, 2);
    if (i >= n || s[i++] != '-') return 0;
    DIGITS(1, 2);
    if (i < n && (s[i] == 'T' || s[i] == 't')) i++;
    else {
        size_t sp = i;
        while (i < n && isspace((unsigned char)s[i])) i++;
        if (i == sp) return 0;
    }
    DIGITS(1, 2);
    if (i >= n || s[i++] != ':') return 0;
    DIGITS(2, 2);
    if (i >= n || s[i++] != ':') return 0;
    DIGITS(2, 2);
    if (i < n && s[i] == '.') {
        i++;
        while (i < n && isdigit((unsigned char)s[i])) i++;
    }
    if (i == n) return 1;
    while (i < n && isspace((unsigned char)s[i])) i++;
    if (i < n && s[i] == 'Z') return i + 1 == n;
    if (i < n && (s[i] == '-' || s[i] == '+')) {
        i++;
        DIGITS(1, 2);
        if (i < n && s[i] == ':') i++;
        if (i < n) DIGITS(2, 2);
        return i == n;
    }
    return 0;
#undef DIGITS
}

/* /^\d{4}-(?:1[012]|0\d|\d)-(?:[12]\d|3[01]|0\d|\d)$/; *real: Date.strptime accepts it. */
static int psych_date(const char *s, size_t n, int *real)
{
    if (n < 8 || !all_digits(s, 4) || s[4] != '-') return 0;
    size_t i = 5, ms = i;
    while (i < n && isdigit((unsigned char)s[i])) i++;
    size_t ml = i - ms;
    if (ml < 1 || ml > 2 || i >= n || s[i] != '-') return 0;
    size_t ds = ++i;
    while (i < n && isdigit((unsigned char)s[i])) i++;
    size_t dl = i - ds;
    if (dl < 1 || dl > 2 || i != n) return 0;
    if (ml == 2 && !(s[ms] == '0' || (s[ms] == '1' && s[ms + 1] <= '2'))) return 0;
    if (dl == 2 && !(s[ds] == '0' || s[ds] == '1' || s[ds] == '2' || (s[ds] == '3' && s[ds + 1] <= '1'))) return 0;
    int year = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
    int mon = ml == 2 ? (s[ms] - '0') * 10 + (s[ms + 1] - '0') : s[ms] - '0';
    int day = dl == 2 ? (s[ds] - '0') * 10 + (s[ds + 1] - '0') : s[ds] - '0';
    static const int mdays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    *real = mon >= 1 && mon <= 12 && day >= 1 && day <= mdays[mon - 1] + (mon == 2 && leap);
    return 1;
}

/* Ruby's String#to_i: optional sign, digits with single underscores. */
static long long ruby_to_i(const char *s, size_t n)
{
    size_t i = 0;
    int neg = 0;
    while (i < n && isspace((unsigned char)s[i])) i++;
    if (i < n && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
    long long v = 0;
    for (; i < n; i++) {
        if (isdigit((unsigned char)s[i])) v = v * 10 + (s[i] - '0');
        else if (s[i] == '_' && i + 1 < n && isdigit((unsigned char)s[i + 1]) && i > 0 && isdigit((unsigned char)s[i - 1])) continue;
        else break;
    }
    return neg ? -v : v;
}

/* /^[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}(\.[0-9_]*)?$/: Psych's base 60
 * numbers ("1:30" is 5400); *is_float when the fraction is there. */
static int psych_base60(const char *s, size_t n, int *is_float)
{
    size_t i = 0;
    if (i < n && (s[i] == '-' || s[i] == '+')) i++;
    if (i >= n || !isdigit((unsigned char)s[i])) return 0;
    while (i < n && (isdigit((unsigned char)s[i]) || s[i] == '_')) i++;
    int groups = 0;
    while (i < n && s[i] == ':') {
        i++;
        size_t d = i;
        while (i < n && isdigit((unsigned char)s[i]) && i - d < 2) i++;
        if (i == d || (i - d == 2 && s[d] > '5')) return 0;
        groups++;
    }
    if (groups < 1 || groups > 2) return 0;
    *is_float = 0;
    if (i < n && s[i] == '.') {
        *is_float = 1;
        i++;
        while (i < n && (isdigit((unsigned char)s[i]) || s[i] == '_')) i++;
    }
    return i == n;
}

/* /^[-+]?([0-9][0-9_,]*)?\.[0-9]*([eE][-+][0-9]+)?$/ */
static int psych_float(const char *s, size_t n)
{
    size_t i = 0;
    if (i < n && (s[i] == '-' || s[i] == '+')) i++;
    if (i < n && isdigit((unsigned char)s[i]))
        while (i < n && (isdigit((unsigned char)s[i]) || s[i] == '_' || s[i] == ',')) i++;
    if (i >= n || s[i] != '.') return 0;
    i++;
    while (i < n && isdigit((unsigned char)s[i])) i++;
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i >= n || (s[i] != '-' && s[i] != '+')) return 0;
        i++;
        size_t d = i;
        while (i < n && isdigit((unsigned char)s[i])) i++;
        if (i == d) return 0;
    }
    return i == n;
}

/* Psych's INTEGER_LEGACY; *base the radix Integer() will use. */
static int psych_int(const char *s, size_t n, int *base)
{
    size_t i = 0;
    if (i < n && (s[i] == '-' || s[i] == '+')) i++;
    if (i >= n) return 0;
    const char *r = s + i;
    size_t rn = n - i;
    if (rn > 2 && r[0] == '0' && r[1] == 'b') {
        for (size_t k = 2; k < rn; k++)
            if (!strchr("01_,", r[k])) return 0;
        *base = 2;
        return 1;
    }
    if (rn > 2 && r[0] == '0' && r[1] == 'x') {
        for (size_t k = 2; k < rn; k++)
            if (!isxdigit((unsigned char)r[k]) && r[k] != '_' && r[k] != ',') return 0;
        *base = 16;
        return 1;
    }
    if (rn > 1 && r[0] == '0') {
        for (size_t k = 1; k < rn; k++)
            if (!strchr("01234567_,", r[k])) return 0;
        *base = 8;
        return 1;
    }
    if (rn == 1 && r[0] == '0') {
        *base = 10;
        return 1;
    }
    if (r[0] < '1' || r[0] > '9') return 0;
    for (size_t k = 1; k < rn; k++) {
        if (isdigit((unsigned char)r[k])) continue;
        if ((r[k] == ',' || r[k] == '_') && k + 1 < rn && isdigit((unsigned char)r[k + 1])) continue;
        return 0;
    }
    *base = 10;
    return 1;
}

/* Integer(s.delete(",_")) in the given radix; 0 when Ruby would raise
 * (or the number does not fit 64 bits: such a scalar stays a string). */
static int psych_int_value(const char *s, size_t n, int base, int64_t *out)
{
    char buf[128];
    size_t k = 0;
    for (size_t i = 0; i < n && k + 1 < sizeof buf; i++)
        if (s[i] != ',' && s[i] != '_') buf[k++] = s[i];
    buf[k] = '\0';
    const char *p = buf;
    int neg = 0;
    if (*p == '-' || *p == '+') neg = *p++ == '-';
    if (base == 2 || base == 16) p += 2;
    if (!*p) return 0;
    errno = 0;
    char *end;
    unsigned long long u = strtoull(p, &end, base);
    if (*end || errno || u > (unsigned long long)INT64_MAX + (unsigned long long)neg) return 0;
    *out = neg ? (int64_t)(0 - u) : (int64_t)u;
    return 1;
}

/* ScalarScanner#tokenize: the type of an untagged plain scalar.  NULL with
 * y->err set for what safe_load refuses (Date, Time). */
static Value *psych_tokenize(YLoad *y, const char *s, size_t n)
{
    Compiler *c = y->c;
    if (n == 0) return VAL_UNDEF;
    if (psych_wordish(s, n)) {
        if (n > 5 || !strchr("ytonfYTONF~", s[0])) return val_str(A, s, n);
        if ((n == 1 && s[0] == '~') || is_word(s, n, "null")) return VAL_UNDEF;
        if (is_word(s, n, "yes") || is_word(s, n, "true") || is_word(s, n, "on")) return VAL_TRUE;
        if (is_word(s, n, "no") || is_word(s, n, "false") || is_word(s, n, "off")) return VAL_FALSE;
        return val_str(A, s, n);
    }
    if (psych_time(s, n)) {
        y_error(y, "(%s): Tried to load unspecified class: Time", y->path);
        return NULL;
    }
    int real, base, is_float;
    if (psych_date(s, n, &real)) {
        if (!real) return val_str(A, s, n);
        y_error(y, "(%s): Tried to load unspecified class: Date", y->path);
        return NULL;
    }
    if (is_word(s, n, ".inf") || is_word(s, n, "+.inf")) return val_float(A, INFINITY);
    if (is_word(s, n, "-.inf")) return val_float(A, -INFINITY);
    if (is_word(s, n, ".nan")) return val_float(A, NAN);
    if (s[0] == ':' && n > 1) {
        y->symbol = 1;
        if (n >= 3 && (s[1] == '"' || s[1] == '\'') && s[n - 1] == s[1]) return val_str(A, s + 2, n - 3);
        return val_str(A, s + 1, n - 1);
    }
    if (psych_base60(s, n, &is_float)) {
        const char *p = s, *e = s + n;
        ValVec parts = VV_ARENA(A);
        while (p <= e) {
            const char *q = memchr(p, ':', (size_t)(e - p));
            if (!q) q = e;
            vv_push(&parts, val_str(A, p, (size_t)(q - p)));
            p = q + 1;
        }
        double f = 0;
        int64_t iv = 0;
        for (size_t k = 0; k < parts.n; k++) {
            int ex = (int)k - 2;
            double mul = pow(60, ex < 0 ? -ex : ex);
            const char *ps = parts.v[k]->str.s;
            if (is_float) {
                char buf[64];
                size_t bl = 0;
                for (const char *t = ps; *t && bl + 1 < sizeof buf; t++)
                    if (*t != '_') buf[bl++] = *t;
                buf[bl] = '\0';
                f += strtod(buf, NULL) * mul;
            } else {
                iv += ruby_to_i(ps, strlen(ps)) * (int64_t)mul;
            }
        }
        vv_free(&parts);
        return is_float ? val_float(A, f) : val_int(A, iv);
    }
    if (psych_float(s, n)) {
        size_t i = 0;
        if (s[i] == '-' || s[i] == '+') i++;
        if (n - i == 1) return val_str(A, s, n);           /* "." or "-." */
        char *buf = arena_alloc_bytes(A, n + 1);
        size_t k = 0;
        for (size_t j = 0; j < n; j++)
            if (s[j] != ',' && s[j] != '_') buf[k++] = s[j];
        buf[k] = '\0';
        return val_float(A, strtod(buf, NULL));
    }
    int64_t iv;
    if (psych_int(s, n, &base) && psych_int_value(s, n, base, &iv)) return val_int(A, iv);
    return val_str(A, s, n);
}

static Value *base64_decode(Compiler *c, const char *s, size_t n)
{
    char *out = arena_alloc_bytes(A, n + 1);
    size_t k = 0;
    unsigned acc = 0;
    int bits = 0;
    for (size_t i = 0; i < n; i++) {
        const char *tbl = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        const char *p = s[i] ? strchr(tbl, s[i]) : NULL;
        if (s[i] == '=') break;
        if (!p) continue;
        acc = (acc << 6) | (unsigned)(p - tbl);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[k++] = (char)((acc >> bits) & 0xff);
        }
    }
    out[k] = '\0';
    return val_str_nocopy(A, out, k);
}

static Value *y_scalar(YLoad *y, yaml_event_t *ev)
{
    Compiler *c = y->c;
    const char *s = (const char *)ev->data.scalar.value;
    size_t n = ev->data.scalar.length;
    const char *tag = (const char *)ev->data.scalar.tag;
    if (ev->data.scalar.quoted_implicit) return val_str(A, s, n);
    if (!tag) return psych_tokenize(y, s, n);
    if (!strcmp(tag, "tag:yaml.org,2002:binary") || !strcmp(tag, "!binary")) return base64_decode(c, s, n);
    if (!strcmp(tag, "tag:yaml.org,2002:str") || !strncmp(tag, "!str", 4) || !strncmp(tag, "!ruby/string", 12))
        return val_str(A, s, n);
    if (!strcmp(tag, "tag:yaml.org,2002:float") || !strcmp(tag, "!float")) {
        Value *v = psych_tokenize(y, s, n);
        if (!v) return NULL;
        if (v->kind == V_INT) return val_float(A, (double)v->i);
        if (v->kind == V_FLOAT) return v;
        y_error(y, "invalid value for Float(): \"%.*s\"", (int)n, s);
        return NULL;
    }
    if (!strncmp(tag, "!ruby/sym", 9)) {
        y->symbol = 1;
        return val_str(A, s, n);
    }
    if (!strncmp(tag, "!ruby/object:", 13)) {
        y_error(y, "(%s): Tried to load unspecified class: %s", y->path, tag + 13);
        return NULL;
    }
    if (!strcmp(tag, "!ruby/regexp") || !strcmp(tag, "!ruby/range")) {
        y_error(y, "(%s): Tried to load unspecified class: %s", y->path, tag[6] == 'r' && tag[7] == 'e' ? "Regexp" : "Range");
        return NULL;
    }
    return psych_tokenize(y, s, n);
}

static Value *y_node(YLoad *y, yaml_event_t *ev, int *merge_key);

static const char *y_anchor(YLoad *y, const yaml_char_t *a)
{
    Compiler *c = y->c;
    return a ? arena_strdup(A, (const char *)a) : NULL;
}

static Value *y_mapping(YLoad *y)
{
    Compiler *c = y->c;
    ValVec keys = VV_ARENA(A), vals = VV_ARENA(A);
    y->depth++;
    for (;;) {
        yaml_event_t ev;
        if (!y_next(y, &ev)) return NULL;
        if (ev.type == YAML_MAPPING_END_EVENT) {
            yaml_event_delete(&ev);
            break;
        }
        int merge = 0, sym = y->symbol;
        Value *k = y_node(y, &ev, &merge);
        if (!k) return NULL;
        y->symbol = sym;                 /* a Symbol key becomes a String */
        if (!y_next(y, &ev)) return NULL;
        int is_alias = ev.type == YAML_ALIAS_EVENT || ev.type == YAML_MAPPING_START_EVENT;
        int is_seq = ev.type == YAML_SEQUENCE_START_EVENT;
        Value *v = y_node(y, &ev, NULL);
        if (!v) return NULL;
        if (y->depth == 1 && y->symbol && !sym) {
            vv_push(&y->symbol_keys, k);
            y->symbol = 0;
        }
        /* "<<" merges (Psych's revive_hash): a mapping or an alias of one
         * is merged in; a sequence of mappings merges them, earlier first */
        if (merge && is_alias && v->kind == V_HASH) {
            for (size_t i = 0; i < v->hash.n; i++) vv_push(&keys, v->hash.keys[i]), vv_push(&vals, v->hash.vals[i]);
            continue;
        }
        if (merge && is_seq) {
            int all = 1;
            for (size_t i = 0; i < v->arr.n && all; i++) all = v->arr.items[i]->kind == V_HASH;
            if (all) {
                ValVec hk = VV_ARENA(A), hv = VV_ARENA(A);
                for (size_t i = v->arr.n; i-- > 0;) {
                    Value *m = v->arr.items[i];
                    for (size_t j = 0; j < m->hash.n; j++) vv_push(&hk, m->hash.keys[j]), vv_push(&hv, m->hash.vals[j]);
                }
                Value *h = hash_of_vv(c, &hk, &hv);
                for (size_t i = 0; i < h->hash.n; i++) vv_push(&keys, h->hash.keys[i]), vv_push(&vals, h->hash.vals[i]);
                continue;
            }
        }
        vv_push(&keys, k);
        vv_push(&vals, v);
    }
    y->depth--;
    return hash_of_vv(c, &keys, &vals);
}

/* One node from its first event (deleted here); NULL with y->err set. */
static Value *y_node(YLoad *y, yaml_event_t *ev, int *merge_key)
{
    Compiler *c = y->c;
    Value *v = NULL;
    const char *anchor = NULL;
    switch (ev->type) {
    case YAML_ALIAS_EVENT: {
        const char *name = (const char *)ev->data.alias.anchor;
        v = y->no_aliases ? NULL : map_get(&y->anchors, name, strlen(name));
        if (!v) y_error(y, "Unknown alias: %s", name);
        yaml_event_delete(ev);
        return v;
    }
    case YAML_SCALAR_EVENT:
        anchor = y_anchor(y, ev->data.scalar.anchor);
        if (merge_key) {
            const char *tag = (const char *)ev->data.scalar.tag;
            *merge_key = ev->data.scalar.length == 2 && !memcmp(ev->data.scalar.value, "<<", 2) &&
                         !(tag && !strcmp(tag, "tag:yaml.org,2002:str"));
        }
        v = y_scalar(y, ev);
        yaml_event_delete(ev);
        break;
    case YAML_SEQUENCE_START_EVENT: {
        anchor = y_anchor(y, ev->data.sequence_start.anchor);
        yaml_event_delete(ev);
        ValVec items = VV_ARENA(A);
        y->depth++;
        for (;;) {
            yaml_event_t e;
            if (!y_next(y, &e)) return NULL;
            if (e.type == YAML_SEQUENCE_END_EVENT) {
                yaml_event_delete(&e);
                break;
            }
            Value *x = y_node(y, &e, NULL);
            if (!x) return NULL;
            vv_push(&items, x);
        }
        y->depth--;
        v = vv_to_array(A, &items);
        vv_free(&items);
        break;
    }
    case YAML_MAPPING_START_EVENT:
        anchor = y_anchor(y, ev->data.mapping_start.anchor);
        yaml_event_delete(ev);
        v = y_mapping(y);
        break;
    default:
        yaml_event_delete(ev);
        y_error(y, "(%s): unexpected YAML event", y->path);
        return NULL;
    }
    if (v && anchor) map_put(&y->anchors, anchor, strlen(anchor), v);
    return v;
}

static int yaml_load(Compiler *c, const char *path, const char *text, size_t len, Value **out,
                     Value **symbol_keys, const char **err, int no_aliases);

/* Parses the first document of text.  Returns 1 with *out (NULL for an
 * empty document), or 0 with the error message (arena) in *err. */
static int yaml_to_value(Compiler *c, const char *path, const char *text, size_t len, Value **out,
                         Value **symbol_keys, const char **err)
{
    return yaml_load(c, path, text, len, out, symbol_keys, err, 0);
}

int hiera_parse_yaml(Compiler *c, const char *name, const char *text, size_t len, Value **out, const char **err)
{
    return yaml_load(c, name, text, len, out, NULL, err, 1);
}

/* yaml_to_value's parser; no_aliases: Psych.load's aliases: false, where
 * an alias is an error even when its anchor exists. */
static int yaml_load(Compiler *c, const char *path, const char *text, size_t len, Value **out,
                     Value **symbol_keys, const char **err, int no_aliases)
{
    YLoad y;
    memset(&y, 0, sizeof y);
    y.no_aliases = no_aliases;
    y.c = c;
    y.path = path;
    y.err.a = A;
    y.symbol_keys = (ValVec)VV_ARENA(A);
    map_init(&y.anchors);
    yaml_parser_initialize(&y.parser);
    yaml_parser_set_input_string(&y.parser, (const unsigned char *)text, len);
    *out = NULL;
    yaml_event_t ev;
    int ok = y_next(&y, &ev);                      /* STREAM-START */
    if (ok) {
        yaml_event_delete(&ev);
        ok = y_next(&y, &ev);
    }
    if (ok && ev.type == YAML_DOCUMENT_START_EVENT) {
        yaml_event_delete(&ev);
        ok = y_next(&y, &ev);
        if (ok) *out = y_node(&y, &ev, NULL);
        if (!*out) ok = 0;
    } else if (ok) {
        yaml_event_delete(&ev);
    }
    yaml_parser_delete(&y.parser);
    map_free(&y.anchors);
    if (symbol_keys) *symbol_keys = y.symbol_keys.n ? vv_to_array(A, &y.symbol_keys) : NULL;
    vv_free(&y.symbol_keys);
    if (!ok) {
        *err = y.err.len ? str_cstr(&y.err) : "unknown YAML error";
        return 0;
    }
    return 1;
}

/* ---- data files ---- */

static DataFile *data_file(Compiler *c, Hiera *h, const char *path)
{
    DataFile *df = map_get(&h->files, path, strlen(path));
    if (df) return df;
    df = ARENA_NEW(A, DataFile);
    df->path = arena_strdup(A, path);
    map_put(&h->files, df->path, strlen(df->path), df);
    return df;
}


static void register_src(Compiler *c, SrcFile *f)
{
    c->files = xrealloc(c->files, (c->nfiles + 1) * sizeof *c->files);
    c->files[c->nfiles++] = f;
}

static void warn_in_config(Compiler *c, Config *cfg, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void warn_in_config(Compiler *c, Config *cfg, const char *fmt, ...)
{
    SrcLoc loc = {0};
    if (cfg && cfg->src) loc.file = cfg->src;
    va_list ap;
    va_start(ap, fmt);
    int q = diag_quiet_source;
    diag_quiet_source = 1;
    diag_vreport(DIAG_WARNING, loc, fmt, ap);
    diag_quiet_source = q;
    va_end(ap);
    c->warnings++;
}

/* The hash a level's data_hash function gives for a file (read and parsed
 * once per compile), or NULL when the file does not exist. */
static Value *data_hash(Look *lk, Config *cfg, Level *lv, DataFile *df)
{
    Compiler *c = lk->c;
    if (df->state == 2) return NULL;
    if (df->state == 0) {
        Buf b = BUF_INIT;
        if (buf_read_file(&b, df->path, 0) != 0) {
            buf_free(&b);
            df->state = 2;
            return NULL;
        }
        size_t len = b.len;
        char *text = arena_strndup(A, buf_cstr(&b), len);
        buf_free(&b);
        if (lv->backend == BK_OTHER)          /* Puppet loads the function when it first reads a file */
            fail_in_config(c, cfg, lv->line, "Unable to find '%s' function named '%s'", lv->fn_kind, lv->fn_name);
        Value *v = NULL;
        if (lv->backend == BK_YAML) {
            const char *err;
            if (!yaml_to_value(c, df->path, text, len, &v, &df->symbol_keys, &err)) fail_at(lk, "Unable to parse %s", err);
            if (!v || v->kind != V_HASH) {
                cmp_warn(c, NULL, "%s: file does not contain a valid yaml hash", df->path);
                v = val_hash(A, NULL, NULL, 0);
            }
        } else {
            Buf err = BUF_INIT;
            v = json_parse(A, text, len, &err);
            if (!v) {
                const char *m = arena_strdup(A, buf_cstr(&err));
                buf_free(&err);
                fail_at(lk, "Unable to parse (%s): %s", df->path, m);
            }
            buf_free(&err);
            if (v->kind != V_HASH)
                fail_at(lk, "Value returned from data_hash function '%s', when using location '%s', has wrong type, expects a Hash value, got %s",
                        lv->fn_name, df->path, val_type_name(v));
            /* index it: the JSON reader leaves objects unindexed */
            v = val_hash(A, v->hash.keys, v->hash.vals, v->hash.n);
        }
        const char *nul = cmp_nul_path(c, v);     /* a whole file is refused, whichever key is looked up */
        if (nul) fail_at(lk, CMP_NUL_MSG " (at %s in %s)", *nul ? nul : "a top-level key", df->path);
        df->data = v;
        df->state = 1;
    }
    if (cfg->module && !df->module_checked) {
        /* ModuleDataProvider#validate_data_hash: keys outside the module's
         * namespace are reported (and never found: only keys of the module
         * are looked up in its layer) */
        df->module_checked = 1;
        size_t pl = strlen(cfg->module);
        for (size_t i = 0; i < df->data->hash.n; i++) {
            Value *k = df->data->hash.keys[i];
            if (k->kind == V_STR && (!strcmp(k->str.s, "lookup_options") ||
                                     (!strncmp(k->str.s, cfg->module, pl) && !strncmp(k->str.s + pl, "::", 2))))
                continue;
            cmp_warn(c, NULL, "Module '%s': Value returned from %s function '%s', when using location '%s', must use keys qualified with the name of the module",
                     cfg->module, lv->fn_kind, lv->fn_name, df->path);
        }
    }
    return df->data;
}

/* ---- interpolation: %{var}, %{facts.x.y}, %{lookup('k')}, ... ---- */

static Value *interp_value(Look *lk, Value *v, int methods, const Binding *bind);
static Value *lookup_names(Look *lk, Value *name, Value *type, Value *merge, Value *dflt, int has_default, const Node *lambda);

/* Puppet's Scope#[]: a variable as the scope sees it; 0 when undefined. */
static int scope_var(Compiler *c, Scope *s, const char *name, Value **out)
{
    Value *v = NULL;
    if (name[0] == ':' && name[1] == ':') {
        name += 2;
        s = c->top;
    }
    const char *last = NULL;
    for (const char *p = name; (p = strstr(p, "::")); p += 2) last = p;
    if (last) {
        char *cls = arena_strndup(A, name, (size_t)(last - name));
        for (char *p = cls; *p; p++) *p = (char)tolower((unsigned char)*p);
        Scope *cs = map_get(&c->class_scopes, cls, strlen(cls));
        if (cs) v = map_get(&cs->vars, last + 2, strlen(last + 2));
    } else {
        for (Scope *p = s; p && !v; p = p->parent) v = map_get(&p->vars, name, strlen(name));
    }
    if (!v) return 0;
    *out = v;
    return 1;
}

/* The "scope" interpolation method (also a bare %{name}). */
static Value *interp_scope(Look *lk, const char *key, const char *subject, const Binding *bind)
{
    Compiler *c = lk->c;
    ValVec segs = VV_ARENA(A);
    if (!split_key(c, key, &segs)) fail_at(lk, "Syntax error in string: %s", subject);
    const char *root = segs.v[0]->kind == V_STR ? segs.v[0]->str.s : val_to_cstr(A, segs.v[0]);
    Value *v = NULL;
    if (lk->override && (v = val_hash_gets(lk->override, root))) {
    } else if (bind && !strcmp(bind->name, root)) {
        v = bind->val;
    } else if (!scope_var(c, lk->scope, root, &v)) {
        v = NULL;
        if (!map_get(&lk->h->warned, root, strlen(root))) {
            map_put(&lk->h->warned, root, strlen(root), (void *)1);
            cmp_warn(c, NULL, "Undefined variable '%s'; ", root);
        }
        if (lk->defaults) v = val_hash_gets(lk->defaults, root);
    }
    if (!v) v = VAL_UNDEF;
    if (v->kind != V_UNDEF && segs.n > 1 && !dig(lk, key, segs.v + 1, segs.n - 1, v, &v)) v = VAL_UNDEF;
    vv_free(&segs);
    return v;
}

/* %{lookup('k')}, %{hiera('k')}, %{alias('k')}: a whole lookup whose
 * default is the empty string. */
static Value *interp_lookup(Look *lk, const char *key)
{
    Compiler *c = lk->c;
    Look sub = *lk;
    sub.cfg_errors = NULL;
    return lookup_names(&sub, str_value(c, key), NULL, NULL, str_value(c, ""), 1, NULL);
}

/* /^(\w+)\((?:"([^"]+)"|'([^']+)')\)$/ on expr: 1 with the method and its argument. */
static int method_call(Compiler *c, const char *expr, const char **method, const char **data)
{
    const char *p = expr;
    while (isalnum((unsigned char)*p) || *p == '_') p++;
    if (p == expr || *p != '(') return 0;
    char q = p[1];
    if (q != '"' && q != '\'') return 0;
    const char *start = p + 2, *close = strchr(start, q);
    if (!close || close == start || close[1] != ')' || close[2] != '\0') return 0;
    *method = arena_strndup(A, expr, (size_t)(p - expr));
    *data = arena_strndup(A, start, (size_t)(close - start));
    return 1;
}

static Value *interp_string(Look *lk, Value *subject, int methods, const Binding *bind)
{
    Compiler *c = lk->c;
    const char *s = subject->str.s;
    size_t n = subject->str.len, i = 0;
    Str out = {.a = A};
    for (;;) {
        const char *p = strstr(s + i, "%{");
        const char *close = p ? strchr(p + 2, '}') : NULL;
        if (!close) break;
        str_add(&out, s + i, (size_t)(p - (s + i)));
        const char *e0 = p + 2, *e1 = close;
        while (e0 < e1 && isspace((unsigned char)*e0)) e0++;
        while (e1 > e0 && isspace((unsigned char)e1[-1])) e1--;
        const char *expr = arena_strndup(A, e0, (size_t)(e1 - e0));
        Value *v = VAL_UNDEF;
        static const char *const empty[] = {"", "::", "\"\"", "''", "\"::\"", "'::'"};
        int is_empty = 0;
        for (size_t k = 0; k < ARRAY_LEN(empty); k++) is_empty |= !strcmp(expr, empty[k]);
        if (!is_empty) {
            const char *method = "scope", *data = expr, *check;
            int m = method_call(c, expr, &method, &data);
            if (m && !methods) fail_at(lk, "Interpolation using method syntax is not allowed in this context");
            if (!strcmp(method, "alias")) {
                if (p != s || close + 1 != s + n)
                    fail_at(lk, "'alias' interpolation is only permitted if the expression is equal to the entire string");
                return interp_lookup(lk, data);
            }
            if (!strcmp(method, "scope")) {
                v = interp_scope(lk, data, s, bind);
                check = arena_printf(A, "scope:%s", data);
            } else if (!strcmp(method, "lookup") || !strcmp(method, "hiera")) {
                v = interp_lookup(lk, data);
                check = data;
            } else if (!strcmp(method, "literal")) {
                v = str_value(c, data);
                check = data;
            } else {
                fail_at(lk, "Unknown interpolation method '%s'", method);
            }
            stack_push(lk, check);
            v = interp_value(lk, v, methods, bind);
            stack_pop(lk);
        }
        ruby_to_s(c, &out, v);
        i = (size_t)(close + 1 - s);
    }
    if (i == 0) return subject;
    str_add(&out, s + i, n - i);
    return val_str_nocopy(A, out.s, out.len);
}

/* Interpolates every string in v (hash keys too); v itself when nothing changes. */
static Value *interp_value(Look *lk, Value *v, int methods, const Binding *bind)
{
    Compiler *c = lk->c;
    switch (v->kind) {
    case V_STR:
        return strstr(v->str.s, "%{") ? interp_string(lk, v, methods, bind) : v;
    case V_ARRAY: {
        Value **items = NULL;
        for (size_t i = 0; i < v->arr.n; i++) {
            Value *x = interp_value(lk, v->arr.items[i], methods, bind);
            if (x != v->arr.items[i] && !items) {
                items = ARENA_NEWN(A, Value *, v->arr.n);
                memcpy(items, v->arr.items, v->arr.n * sizeof *items);
            }
            if (items) items[i] = x;
        }
        return items ? val_array(A, items, v->arr.n) : v;
    }
    case V_HASH: {
        Value **keys = NULL, **vals = NULL;
        for (size_t i = 0; i < v->hash.n; i++) {
            Value *k = interp_value(lk, v->hash.keys[i], methods, bind);
            Value *x = interp_value(lk, v->hash.vals[i], methods, bind);
            if ((k != v->hash.keys[i] || x != v->hash.vals[i]) && !keys) {
                keys = ARENA_NEWN(A, Value *, v->hash.n);
                vals = ARENA_NEWN(A, Value *, v->hash.n);
                memcpy(keys, v->hash.keys, v->hash.n * sizeof *keys);
                memcpy(vals, v->hash.vals, v->hash.n * sizeof *vals);
            }
            if (keys) keys[i] = k, vals[i] = x;
        }
        return keys ? val_hash(A, keys, vals, v->hash.n) : v;
    }
    default:
        return v;
    }
}

/* A path or datadir from hiera.yaml, interpolated without methods. */
static const char *interp_text(Look *lk, Config *cfg, const char *text, const Binding *bind)
{
    if (!strstr(text, "%{") && !bind) return text;
    Compiler *c = lk->c;
    Config *save = lk->cfg_errors;
    lk->cfg_errors = cfg;
    Value *v = interp_string(lk, str_value(c, text), 0, bind);
    lk->cfg_errors = save;
    return v->kind == V_STR ? v->str.s : val_to_cstr(A, v);
}

/* ---- locations: a level's files ---- */

typedef struct FileList { DataFile **v; size_t n, cap; } FileList;

static void fl_push(Compiler *c, FileList *fl, DataFile *df)
{
    if (fl->n == fl->cap) {
        size_t cap = fl->cap ? fl->cap * 2 : 8;
        DataFile **v = ARENA_NEWN(A, DataFile *, cap);
        if (fl->n) memcpy(v, fl->v, fl->n * sizeof *v);
        fl->v = v;
        fl->cap = cap;
    }
    fl->v[fl->n++] = df;
}

static int cmp_cstr(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

/* Pathname.glob(pattern), files only, sorted; cached per pattern. */
static GlobList *glob_files(Compiler *c, Hiera *h, const char *pattern)
{
    const char *key = arena_printf(A, "\1%s", pattern);
    GlobList *gl = map_get(&h->files, key, strlen(key));
    if (gl) return gl;
    gl = ARENA_NEW(A, GlobList);
    glob_t g;
    memset(&g, 0, sizeof g);
    if (glob(pattern, GLOB_BRACE | GLOB_NOSORT, NULL, &g) == 0) {
        const char **paths = ARENA_NEWN(A, const char *, g.gl_pathc + 1);
        size_t n = 0;
        for (size_t i = 0; i < g.gl_pathc; i++) {
            struct stat st;
            if (stat(g.gl_pathv[i], &st) == 0 && S_ISDIR(st.st_mode)) continue;
            paths[n++] = arena_strdup(A, g.gl_pathv[i]);
        }
        qsort(paths, n, sizeof *paths, cmp_cstr);
        gl->files = ARENA_NEWN(A, DataFile *, n + 1);
        for (size_t i = 0; i < n; i++) gl->files[i] = data_file(c, h, paths[i]);
        gl->n = n;
    }
    globfree(&g);
    map_put(&h->files, key, strlen(key), gl);
    return gl;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && !strcmp(s + n - m, suffix);
}

/* The files of a level, in order (LocationResolver); resolved once when
 * nothing in them interpolates, else at each lookup. */
static size_t level_files(Look *lk, Config *cfg, Level *lv, DataFile ***out)
{
    if (lv->fixed) {
        *out = lv->files;
        return lv->nfiles;
    }
    Compiler *c = lk->c;
    Hiera *h = lk->h;
    const char *dd = path_join(c, cfg->root, lv->datadir ? lv->datadir : cfg->datadir);
    int dynamic = strstr(dd, "%{") != NULL;
    dd = interp_text(lk, cfg, dd, NULL);
    FileList fl = {0};
    switch (lv->loc_kind) {
    case LOC_PATHS:
    case LOC_GLOBS:
        for (size_t i = 0; i < lv->nlocs; i++) {
            const char *decl = lv->locs[i]->str.s;
            dynamic |= strstr(decl, "%{") != NULL;
            const char *p = interp_text(lk, cfg, decl, NULL);
            if (lv->loc_kind == LOC_GLOBS) {
                GlobList *gl = glob_files(c, h, path_join(c, dd, p));
                for (size_t k = 0; k < gl->n; k++) fl_push(c, &fl, gl->files[k]);
                continue;
            }
            if (lv->ext && !ends_with(p, lv->ext)) p = arena_printf(A, "%s%s", p, lv->ext);
            fl_push(c, &fl, data_file(c, h, path_join(c, dd, p)));
        }
        break;
    case LOC_MAPPED: {
        dynamic = 1;
        Config *save = lk->cfg_errors;
        lk->cfg_errors = cfg;
        Value *var = interp_scope(lk, lv->locs[0]->str.s, "mapped_path[0]", NULL);
        lk->cfg_errors = save;
        ValVec elems = VV_ARENA(A);
        if (var->kind == V_STR && var->str.len) {
            vv_push(&elems, var);
        } else if (var->kind == V_ARRAY) {
            for (size_t i = 0; i < var->arr.n; i++) vv_push(&elems, var->arr.items[i]);
        } else if (var->kind == V_HASH) {
            for (size_t i = 0; i < var->hash.n; i++) {
                Value *pair[2] = {var->hash.keys[i], var->hash.vals[i]};
                vv_push(&elems, val_array(A, pair, 2));
            }
        }
        for (size_t i = 0; i < elems.n; i++) {
            Binding b = {lv->locs[1]->str.s, elems.v[i]};
            const char *p = interp_text(lk, cfg, lv->locs[2]->str.s, &b);
            fl_push(c, &fl, data_file(c, h, path_join(c, dd, p)));
        }
        vv_free(&elems);
        break;
    }
    default:
        fail_at(lk, "'%s' one of 'path', 'paths' 'glob', 'globs' or 'mapped_paths' must be declared in hiera.yaml when using this data_hash function",
                lv->fn_name);
    }
    if (!dynamic) {
        lv->fixed = 1;
        lv->files = fl.v;
        lv->nfiles = fl.n;
    }
    *out = fl.v;
    return fl.n;
}

/* ---- merge strategies (Puppet::Pops::MergeStrategy, DeepMerge) ---- */

static Value *type_named(Compiler *c, const char *name, Value **params, size_t n) { return val_type(A, name, params, n); }

/* The merge's type assertion: "The first element of the merge has wrong type, ...". */
static void merge_assert(Look *lk, const Strategy *st, const char *which, Value *v)
{
    Compiler *c = lk->c;
    if (st->kind == M_HASH) {
        if (v->kind != V_HASH)
            fail_at(lk, "The %s element of the merge has wrong type, expects a Hash value, got %s", which, got_type(c, v));
        Value *kv[2] = {type_named(c, "String", NULL, 0), type_named(c, "Data", NULL, 0)};
        Value *t = type_named(c, "Hash", kv, 2);
        if (!cmp_type_match(c, t, v))
            fail_at(lk, "%s", cmp_mismatch(c, t, v, CMP_MM_SUBJECT, NULL, arena_printf(c->arena, "The %s element of the merge has wrong type,", which), NULL));
    } else if (st->kind == M_UNIQUE) {
        Value *data = type_named(c, "Data", NULL, 0);
        Value *vt[2] = {type_named(c, "Scalar", NULL, 0), type_named(c, "Array", &data, 1)};
        Value *t = type_named(c, "Variant", vt, 2);
        if (!cmp_type_match(c, t, v))
            fail_at(lk, "The %s element of the merge has wrong type, expects a value of type Scalar or Array, got %s", which,
                    got_type(c, v));
    }
}

static void flatten_into(ValVec *out, Value *v)
{
    if (v->kind == V_ARRAY) {
        for (size_t i = 0; i < v->arr.n; i++) flatten_into(out, v->arr.items[i]);
    } else {
        vv_push(out, v);
    }
}

/* Ruby's a | b (and a.uniq with b NULL): eql? elements once, first kept. */
static Value *array_union(Compiler *c, Value **a, size_t na, Value **b, size_t nb)
{
    ValVec out = VV_ARENA(A);
    for (size_t pass = 0; pass < 2; pass++) {
        Value **v = pass ? b : a;
        size_t n = pass ? nb : na;
        for (size_t i = 0; i < n; i++) {
            size_t j;
            for (j = 0; j < out.n; j++)
                if (val_identical(out.v[j], v[i])) break;
            if (j == out.n) vv_push(&out, v[i]);
        }
    }
    Value *r = vv_to_array(A, &out);
    vv_free(&out);
    return r;
}

static Value *unique_convert(Compiler *c, Value *v)
{
    ValVec out = VV_ARENA(A);
    flatten_into(&out, v);
    Value *r = vv_to_array(A, &out);
    vv_free(&out);
    return r;
}

static int ruby_truthy(const Value *v) { return !(v->kind == V_UNDEF || (v->kind == V_BOOL && !v->b)); }

/* s with the knockout prefix removed at each line start (gsub(/^prefix/, "")). */
static const char *strip_prefix_lines(Compiler *c, const char *s, const char *prefix)
{
    size_t pl = strlen(prefix);
    Str out = {.a = A};
    const char *p = s;
    int bol = 1;
    while (*p) {
        if (bol && !strncmp(p, prefix, pl)) {
            p += pl;
            bol = 0;
            continue;
        }
        bol = *p == '\n';
        str_add(&out, p, 1);
        p++;
    }
    return str_cstr(&out);
}

static Value *dm_overwrite(Look *lk, const Strategy *st, Value *src, Value *dest)
{
    Compiler *c = lk->c;
    if (!st->knockout) return src;
    if (src->kind == V_STR) {
        const char *t = strip_prefix_lines(c, src->str.s, st->knockout);
        return strcmp(t, src->str.s) ? str_value(c, "") : src;
    }
    if (src->kind == V_ARRAY) {
        size_t pl = strlen(st->knockout);
        ValVec out = VV_ARENA(A);
        for (size_t i = 0; i < src->arr.n; i++) {
            Value *x = src->arr.items[i];
            if (x->kind == V_STR && !strncmp(x->str.s, st->knockout, pl)) continue;
            vv_push(&out, x);
        }
        Value *r = vv_to_array(A, &out);
        vv_free(&out);
        return r;
    }
    return src;
}

static int ruby_cmp(Look *lk, Value *a, Value *b)
{
    int an = a->kind == V_INT || a->kind == V_FLOAT, bn = b->kind == V_INT || b->kind == V_FLOAT;
    if (an && bn) {
        if (a->kind == V_INT && b->kind == V_INT) return a->i < b->i ? -1 : a->i > b->i;
        double x = a->kind == V_INT ? (double)a->i : a->f, y = b->kind == V_INT ? (double)b->i : b->f;
        return x < y ? -1 : x > y;
    }
    if (a->kind == V_STR && b->kind == V_STR) {
        size_t n = a->str.len < b->str.len ? a->str.len : b->str.len;
        int r = memcmp(a->str.s, b->str.s, n);
        if (r) return r < 0 ? -1 : 1;
        return a->str.len < b->str.len ? -1 : a->str.len > b->str.len;
    }
    if (a->kind == V_ARRAY && b->kind == V_ARRAY) {
        for (size_t i = 0; i < a->arr.n && i < b->arr.n; i++) {
            int r = ruby_cmp(lk, a->arr.items[i], b->arr.items[i]);
            if (r) return r;
        }
        return a->arr.n < b->arr.n ? -1 : a->arr.n > b->arr.n;
    }
    fail_at(lk, "comparison of %s with %s failed", ruby_class(a), ruby_class(b));
}

static void sort_values(Look *lk, Value **v, size_t n)
{
    for (size_t i = 1; i < n; i++) {              /* insertion sort: small arrays, a comparison that may fail */
        Value *x = v[i];
        size_t j = i;
        while (j > 0 && ruby_cmp(lk, v[j - 1], x) > 0) {
            v[j] = v[j - 1];
            j--;
        }
        v[j] = x;
    }
}

static Value *dm(Look *lk, const Strategy *st, Value *src, Value *dest);

/* DeepMerge.deep_merge!(src, dest) without mutation: src is the higher
 * priority value; dest keeps its key order, new keys come after. */
static Value *dm(Look *lk, const Strategy *st, Value *src, Value *dest)
{
    Compiler *c = lk->c;
    if (src->kind == V_UNDEF) return dest;
    if (!ruby_truthy(dest)) return src;
    if (src->kind == V_HASH) {
        if (!src->hash.n) return dest;
        size_t first = 0;
        ValVec keys = VV_ARENA(A), vals = VV_ARENA(A);
        if (dest->kind != V_HASH) {
            /* the first key overwrites dest with src; the others then merge into it */
            dest = dm_overwrite(lk, st, src, dest);
            if (dest->kind != V_HASH) return dest;
            first = 1;
        }
        for (size_t i = 0; i < dest->hash.n; i++) vv_push(&keys, dest->hash.keys[i]), vv_push(&vals, dest->hash.vals[i]);
        for (size_t i = first; i < src->hash.n; i++) {
            Value *k = src->hash.keys[i], *sv = src->hash.vals[i];
            size_t j;
            for (j = 0; j < keys.n; j++)
                if (val_identical(keys.v[j], k)) break;
            if (j < keys.n && ruby_truthy(vals.v[j])) {
                vals.v[j] = dm(lk, st, sv, vals.v[j]);
            } else {
                Value *nv = dm(lk, st, sv, sv);
                if (j < keys.n) vals.v[j] = nv;
                else vv_push(&keys, k), vv_push(&vals, nv);
            }
        }
        return hash_of_vv(c, &keys, &vals);
    }
    if (src->kind == V_ARRAY) {
        ValVec s = VV_ARENA(A);
        for (size_t i = 0; i < src->arr.n; i++) vv_push(&s, src->arr.items[i]);
        if (st->knockout) {
            int has = 0;
            for (size_t i = 0; i < s.n; i++) has |= s.v[i]->kind == V_STR && !strcmp(s.v[i]->str.s, st->knockout);
            if (has) {
                /* clear_or_nil(dest), then the knockout itself goes */
                if (dest->kind == V_ARRAY) dest = val_array(A, NULL, 0);
                else if (dest->kind == V_HASH) dest = val_hash(A, NULL, NULL, 0);
                else if (dest->kind == V_STR) dest = str_value(c, "");
                else dest = VAL_UNDEF;
                size_t k = 0;
                for (size_t i = 0; i < s.n; i++)
                    if (!(s.v[i]->kind == V_STR && !strcmp(s.v[i]->str.s, st->knockout))) s.v[k++] = s.v[i];
                s.n = k;
            }
        }
        if (dest->kind != V_ARRAY) {
            Value *sa = vv_to_array(A, &s);
            vv_free(&s);
            return dm_overwrite(lk, st, sa, dest);
        }
        ValVec d = VV_ARENA(A);
        for (size_t i = 0; i < dest->arr.n; i++) vv_push(&d, dest->arr.items[i]);
        if (st->knockout) {
            size_t k = 0;
            for (size_t i = 0; i < s.n; i++) {
                Value *ko = s.v[i];
                if (ko->kind == V_STR) {
                    const char *item = strip_prefix_lines(c, ko->str.s, st->knockout);
                    if (strcmp(item, ko->str.s)) {
                        size_t m = 0;
                        for (size_t j = 0; j < d.n; j++) {
                            Value *x = d.v[j];
                            if (x->kind == V_STR && (!strcmp(x->str.s, item) || !strcmp(x->str.s, ko->str.s))) continue;
                            d.v[m++] = x;
                        }
                        d.n = m;
                        continue;
                    }
                }
                s.v[k++] = ko;
            }
            s.n = k;
        }
        int all_hashes = st->merge_hash_arrays;
        for (size_t i = 0; i < s.n && all_hashes; i++) all_hashes = s.v[i]->kind == V_HASH;
        for (size_t i = 0; i < d.n && all_hashes; i++) all_hashes = d.v[i]->kind == V_HASH;
        Value *r;
        if (all_hashes) {
            ValVec list = VV_ARENA(A);
            for (size_t i = 0; i < d.n; i++) {
                Value *si = i < s.n && ruby_truthy(s.v[i]) ? s.v[i] : val_hash(A, NULL, NULL, 0);
                vv_push(&list, dm(lk, st, si, d.v[i]));
            }
            for (size_t i = d.n; i < s.n; i++) vv_push(&list, s.v[i]);
            r = vv_to_array(A, &list);
            vv_free(&list);
        } else {
            r = array_union(c, d.v, d.n, s.v, s.n);
        }
        vv_free(&s);
        vv_free(&d);
        if (st->sort_merged_arrays && r->arr.n > 1) {
            Value **items = ARENA_NEWN(A, Value *, r->arr.n);
            memcpy(items, r->arr.items, r->arr.n * sizeof *items);
            sort_values(lk, items, r->arr.n);
            r = val_array(A, items, r->arr.n);
        }
        return r;
    }
    return dm_overwrite(lk, st, src, dest);
}

/* MergeStrategy#merge(e1, e2): e1 was found first (higher priority). */
static Value *merge_values(Look *lk, const Strategy *st, Value *e1, Value *e2)
{
    Compiler *c = lk->c;
    merge_assert(lk, st, "first", e1);
    merge_assert(lk, st, "second", e2);
    switch (st->kind) {
    case M_UNIQUE: {
        Value *a = unique_convert(c, e1), *b = unique_convert(c, e2);
        return array_union(c, a->arr.items, a->arr.n, b->arr.items, b->arr.n);
    }
    case M_HASH: {                              /* e2.merge(e1) */
        ValVec k = VV_ARENA(A), v = VV_ARENA(A);
        for (size_t i = 0; i < e2->hash.n; i++) vv_push(&k, e2->hash.keys[i]), vv_push(&v, e2->hash.vals[i]);
        for (size_t i = 0; i < e1->hash.n; i++) vv_push(&k, e1->hash.keys[i]), vv_push(&v, e1->hash.vals[i]);
        return hash_of_vv(c, &k, &v);
    }
    case M_DEEP:
        if (st->knockout && !*st->knockout) fail_at(lk, "knockout_prefix cannot be an empty string in deep_merge!");
        return dm(lk, st, e1, e2);
    case M_REVERSE_DEEP:
        return dm(lk, st, e2, e1);
    default:
        return e1;
    }
}

typedef int (*VariantFn)(Look *lk, void *ctx, size_t i, Value **out);

/* MergeStrategy#lookup: asks the n variants in order and folds what they
 * find (first: the first found; one variant: merge_single; else the first
 * found converted, merged with each later one).  0: nothing found. */
static int merge_lookup(Look *lk, const Strategy *st, size_t n, VariantFn fn, void *ctx, Value **out)
{
    Compiler *c = lk->c;
    Value *v;
    if (st->kind == M_FIRST) {
        for (size_t i = 0; i < n; i++)
            if (fn(lk, ctx, i, &v)) {
                *out = v;
                return 1;
            }
        return 0;
    }
    if (n == 0) return 0;
    if (n == 1) {
        if (!fn(lk, ctx, 0, &v)) return 0;
        *out = st->kind == M_UNIQUE && v->kind == V_ARRAY ? array_union(c, v->arr.items, v->arr.n, NULL, 0) : v;
        return 1;
    }
    Value *memo = NULL;
    for (size_t i = 0; i < n; i++)
        if (fn(lk, ctx, i, &v)) memo = memo ? merge_values(lk, st, memo, v) : st->kind == M_UNIQUE ? unique_convert(c, v) : v;
    if (!memo) return 0;
    *out = memo;
    return 1;
}

/* MergeStrategy.strategy(merge): a name, or a hash with 'strategy' and options. */
static void parse_strategy(Look *lk, Value *merge, Strategy *st)
{
    Compiler *c = lk->c;
    memset(st, 0, sizeof *st);
    st->kind = M_FIRST;
    if (!merge || merge->kind == V_UNDEF) return;
    Value *name = merge, *opts = NULL;
    if (merge->kind == V_HASH) {
        name = val_hash_gets(merge, "strategy");
        if (!name || name->kind == V_UNDEF)
            fail_at(lk, "The hash given as 'merge' must contain the name of a strategy in string form for the key 'strategy'");
        if (merge->hash.n > 1) opts = merge;
    }
    const char *s = name->kind == V_STR ? name->str.s : val_to_cstr(A, name);
    int unconstrained = 0;
    if (name->kind != V_STR) fail_at(lk, "Unknown merge strategy: '%s'", s);
    else if (!strcmp(s, "first") || !strcmp(s, "default")) st->kind = M_FIRST;
    else if (!strcmp(s, "unique")) st->kind = M_UNIQUE;
    else if (!strcmp(s, "hash")) st->kind = M_HASH;
    else if (!strcmp(s, "deep")) st->kind = M_DEEP;
    else if (!strcmp(s, "unconstrained_deep")) st->kind = M_DEEP, unconstrained = 1;
    else if (!strcmp(s, "reverse_deep")) st->kind = M_REVERSE_DEEP, unconstrained = 1;
    else fail_at(lk, "Unknown merge strategy: '%s'", s);
    if (!opts) return;
    int deep = st->kind == M_DEEP || st->kind == M_REVERSE_DEEP;
    for (size_t i = 0; i < opts->hash.n; i++) {
        const char *k = val_to_cstr(A, opts->hash.keys[i]);
        Value *v = opts->hash.vals[i];
        if (!strcmp(k, "strategy")) continue;
        if (deep && !strcmp(k, "knockout_prefix")) {
            if (v->kind == V_STR) st->knockout = v->str.s;
            else if (v->kind != V_UNDEF && !unconstrained)
                fail_at(lk, "The merge options has wrong type, entry 'knockout_prefix' expects a value of type Undef or String, got %s", val_type_name(v));
        } else if (deep && (!strcmp(k, "sort_merged_arrays") || !strcmp(k, "merge_hash_arrays") || !strcmp(k, "merge_debug"))) {
            if (v->kind != V_BOOL && v->kind != V_UNDEF && !unconstrained)
                fail_at(lk, "The merge options has wrong type, entry '%s' expects a value of type Undef or Boolean, got %s", k, val_type_name(v));
            int on = v->kind == V_BOOL && v->b;
            if (k[0] == 's') st->sort_merged_arrays = on;
            else if (k[6] == 'h') st->merge_hash_arrays = on;
        } else if (!unconstrained) {
            fail_at(lk, "The merge options has wrong type, unrecognized key '%s'", k);
        }
    }
}

/* ---- configurations: hiera.yaml v5 (and v4) ---- */

static const char *const FUNCTION_KEYS[] = {"data_hash", "lookup_key", "data_dig", "hiera3_backend"};
static const char *const LOCATION_KEYS[] = {"path", "paths", "glob", "globs", "uri", "uris", "mapped_paths"};
#define FUNCTION_KEYS_TEXT "data_hash, lookup_key, data_dig, or hiera3_backend"
#define LOCATION_KEYS_TEXT "path, paths, glob, globs, uri, uris, or mapped_paths"

/* HieraConfig#find_line_matching for /(^|\s+)KEY:/ (name non-NULL:
 * /\s+name:\s+['"]?NAME([^\w]|$)/), from line start; 0 when none. */
static int find_line(Config *cfg, const char *key, const char *name, int start)
{
    if (!cfg->src) return 0;
    const SrcFile *f = cfg->src;
    size_t kl = strlen(key), nl = name ? strlen(name) : 0;
    for (size_t ln = (size_t)(start > 1 ? start - 1 : 0); ln < f->nlines; ln++) {
        const char *b = f->text + f->line_starts[ln];
        const char *e = ln + 1 < f->nlines ? f->text + f->line_starts[ln + 1] : f->text + f->len;
        /* the line up to an unquoted '#' */
        const char *end = b;
        char quote = 0;
        for (; end < e && *end != '\n'; end++) {
            if (*end == '"' || *end == '\'') quote = quote == *end ? 0 : quote ? quote : *end;
            else if (*end == '#' && !quote) break;
        }
        for (const char *p = b; p + kl < end; p++) {
            if (strncmp(p, key, kl) || p[kl] != ':') continue;
            int ws_before = p > b && isspace((unsigned char)p[-1]);
            if (!name) {
                if (p == b || ws_before) return (int)ln + 1;
                continue;
            }
            if (!ws_before) continue;
            const char *q = p + kl + 1;
            if (q >= end || !isspace((unsigned char)*q)) continue;
            while (q < end && isspace((unsigned char)*q)) q++;
            if (q < end && (*q == '"' || *q == '\'')) q++;
            if ((size_t)(end - q) < nl || strncmp(q, name, nl)) continue;
            q += nl;
            if (q == end || !(isalnum((unsigned char)*q) || *q == '_')) return (int)ln + 1;
        }
    }
    return 0;
}

static _Noreturn void config_type_error(Compiler *c, Config *cfg, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static _Noreturn void config_type_error(Compiler *c, Config *cfg, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* a type assertion: Puppet reports it at the lookup, not in the file */
    cmp_fail(c, c->hiera ? c->hiera->at : NULL, "The Lookup Configuration at '%s' has wrong type, %s", cfg->path, msg);
}

static const char *nes(Compiler *c, Config *cfg, Value *v, const char *where)
{
    if (v->kind != V_STR || !v->str.len)
        config_type_error(c, cfg, "%s expects a String[1] value, got %s", where, val_type_name(v));
    return v->str.s;
}

static void check_keys(Compiler *c, Config *cfg, Value *h, const char *const *allowed, size_t n, const char *where)
{
    for (size_t i = 0; i < h->hash.n; i++) {
        const char *k = val_to_cstr(A, h->hash.keys[i]);
        size_t j;
        for (j = 0; j < n; j++)
            if (!strcmp(k, allowed[j])) break;
        if (j == n) config_type_error(c, cfg, "%sunrecognized key '%s'", where, k);
    }
}

static size_t count_keys(Value *h, const char *const *keys, size_t n, const char **first)
{
    size_t cnt = 0;
    for (size_t i = 0; i < n; i++)
        if (val_hash_gets(h, keys[i])) {
            if (!cnt && first) *first = keys[i];
            cnt++;
        }
    return cnt;
}

static void check_options(Compiler *c, Config *cfg, Value *opts, const char *level, int line)
{
    if (!opts) return;
    if (opts->kind != V_HASH) config_type_error(c, cfg, "options expects a Hash value, got %s", val_type_name(opts));
    static const char *const reserved[] = {"path", "uri"};
    for (size_t i = 0; i < ARRAY_LEN(reserved); i++)
        if (val_hash_gets(opts, reserved[i])) {
            if (level) fail_in_config(c, cfg, line, "Option key '%s' used in hierarchy '%s' is reserved by Puppet", reserved[i], level);
            fail_in_config(c, cfg, line, "Option key '%s' used in defaults is reserved by Puppet", reserved[i]);
        }
}

static void set_backend(Level *lv, const char *kind, const char *fn)
{
    lv->fn_kind = kind;
    lv->fn_name = fn;
    lv->backend = !strcmp(kind, "data_hash") && !strcmp(fn, "yaml_data")   ? BK_YAML
                  : !strcmp(kind, "data_hash") && !strcmp(fn, "json_data") ? BK_JSON
                                                                           : BK_OTHER;
}

static void check_duplicate(Compiler *c, Config *cfg, Level *levels, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(levels[i].name, name)) {
            int first = find_line(cfg, "name", name, 1);
            int line = first ? find_line(cfg, "name", name, first + 1) : 0;
            if (!line) fail_in_config(c, cfg, first, "Hierarchy name '%s' defined more than once.", name);
            fail_in_config(c, cfg, line, "Hierarchy name '%s' defined more than once. First defined at (line: %d)", name, first);
        }
}

/* One v5 hierarchy (validate_hierarchy and create_configured_data_providers). */
static void parse_levels_v5(Compiler *c, Config *cfg, Value *list, Value *defaults, const char *what, Level **out, size_t *nout)
{
    static const char *const entry_keys[] = {
        "name", "options", "data_hash", "lookup_key", "hiera3_backend", "v4_data_hash", "data_dig", "path", "paths",
        "glob", "globs", "uri", "uris", "mapped_paths", "datadir",
    };
    if (list->kind != V_ARRAY) config_type_error(c, cfg, "entry '%s' expects an Array value, got %s", what, val_type_name(list));
    Level *levels = ARENA_NEWN(A, Level, list->arr.n + 1);
    size_t n = 0;
    for (size_t i = 0; i < list->arr.n; i++) {
        Value *he = list->arr.items[i];
        const char *where = arena_printf(A, "entry '%s' index %zu", what, i);
        if (he->kind != V_HASH) config_type_error(c, cfg, "%s expects a Struct value, got %s", where, val_type_name(he));
        check_keys(c, cfg, he, entry_keys, ARRAY_LEN(entry_keys), arena_printf(A, "%s ", where));
        Value *nv = val_hash_gets(he, "name");
        if (!nv) config_type_error(c, cfg, "%s expects a value for key 'name'", where);
        const char *name = nes(c, cfg, nv, arena_printf(A, "%s entry 'name'", where));
        Level *lv = &levels[n];
        memset(lv, 0, sizeof *lv);
        lv->name = name;
        lv->line = find_line(cfg, "name", name, 1);
        const char *fkey = NULL;
        static const char *const all_fn[] = {"data_hash", "lookup_key", "data_dig", "hiera3_backend", "v4_data_hash"};
        size_t nf = count_keys(he, all_fn, ARRAY_LEN(all_fn), &fkey);
        if (nf == 0) {
            if (!defaults || !count_keys(defaults, FUNCTION_KEYS, ARRAY_LEN(FUNCTION_KEYS), &fkey))
                fail_in_config(c, cfg, 0, "One of " FUNCTION_KEYS_TEXT " must be defined in hierarchy '%s'", name);
            set_backend(lv, fkey, nes(c, cfg, val_hash_gets(defaults, fkey), arena_printf(A, "entry 'defaults' entry '%s'", fkey)));
        } else if (nf > 1) {
            fail_in_config(c, cfg, 0, "Only one of " FUNCTION_KEYS_TEXT " can be defined in hierarchy '%s'", name);
        } else {
            set_backend(lv, fkey, nes(c, cfg, val_hash_gets(he, fkey), arena_printf(A, "%s entry '%s'", where, fkey)));
        }
        if (val_hash_gets(he, "hiera3_backend"))
            fail_in_config(c, cfg, find_line(cfg, "hiera3_backend", NULL, 1), "'hiera3_backend' is only allowed in the global layer");
        const char *lkey = NULL;
        if (count_keys(he, LOCATION_KEYS, ARRAY_LEN(LOCATION_KEYS), &lkey) > 1)
            fail_in_config(c, cfg, 0, "Only one of " LOCATION_KEYS_TEXT " can be defined in hierarchy '%s'", name);
        check_options(c, cfg, val_hash_gets(he, "options"), name, 0);
        Value *dd = val_hash_gets(he, "datadir");
        if (dd) lv->datadir = nes(c, cfg, dd, arena_printf(A, "%s entry 'datadir'", where));
        if (lkey) {
            Value *lv_ = val_hash_gets(he, lkey);
            const char *lw = arena_printf(A, "%s entry '%s'", where, lkey);
            int many = !strcmp(lkey, "paths") || !strcmp(lkey, "globs") || !strcmp(lkey, "uris") || !strcmp(lkey, "mapped_paths");
            if (many) {
                if (lv_->kind != V_ARRAY) config_type_error(c, cfg, "%s expects an Array value, got %s", lw, val_type_name(lv_));
                if (!strcmp(lkey, "mapped_paths") ? lv_->arr.n != 3 : lv_->arr.n < 1)
                    config_type_error(c, cfg, "%s expects size to be %s, got %zu", lw, !strcmp(lkey, "mapped_paths") ? "3" : "at least 1",
                                      lv_->arr.n);
                for (size_t k = 0; k < lv_->arr.n; k++) nes(c, cfg, lv_->arr.items[k], arena_printf(A, "%s index %zu", lw, k));
                lv->locs = lv_->arr.items;
                lv->nlocs = lv_->arr.n;
            } else {
                nes(c, cfg, lv_, lw);
                lv->locs = ARENA_NEWN(A, Value *, 1);
                lv->locs[0] = lv_;
                lv->nlocs = 1;
            }
            lv->loc_kind = !strcmp(lkey, "path") || !strcmp(lkey, "paths")   ? LOC_PATHS
                           : !strcmp(lkey, "glob") || !strcmp(lkey, "globs") ? LOC_GLOBS
                           : !strcmp(lkey, "mapped_paths")                    ? LOC_MAPPED
                                                                              : LOC_URIS;
        }
        check_duplicate(c, cfg, levels, n, name);
        n++;
    }
    *out = levels;
    *nout = n;
}

static void parse_v5(Compiler *c, Config *cfg, Value *doc, const char *datadir_override)
{
    static const char *const top_keys[] = {"version", "defaults", "hierarchy", "plan_hierarchy", "default_hierarchy"};
    static const char *const default_keys[] = {"data_hash", "lookup_key", "data_dig", "datadir", "options"};
    check_keys(c, cfg, doc, top_keys, ARRAY_LEN(top_keys), "");
    Value *defaults = val_hash_gets(doc, "defaults");
    const char *datadir = "data";
    if (!defaults) {
        Value *k[2] = {str_value(c, "datadir"), str_value(c, "data_hash")};
        Value *v[2] = {str_value(c, "data"), str_value(c, "yaml_data")};
        defaults = val_hash(A, k, v, 2);
    }
    if (defaults->kind != V_HASH) config_type_error(c, cfg, "entry 'defaults' expects a Struct value, got %s", val_type_name(defaults));
    check_keys(c, cfg, defaults, default_keys, ARRAY_LEN(default_keys), "entry 'defaults' ");
    if (count_keys(defaults, FUNCTION_KEYS, ARRAY_LEN(FUNCTION_KEYS), NULL) > 1)
        fail_in_config(c, cfg, 0, "Only one of " FUNCTION_KEYS_TEXT " can be defined in defaults");
    check_options(c, cfg, val_hash_gets(defaults, "options"), NULL, 0);
    Value *dd = val_hash_gets(defaults, "datadir");
    if (dd) datadir = nes(c, cfg, dd, "entry 'defaults' entry 'datadir'");
    cfg->datadir = datadir_override ? datadir_override : datadir;
    Value *hier = val_hash_gets(doc, "hierarchy");
    if (!hier) {
        Value *k[2] = {str_value(c, "name"), str_value(c, "path")};
        Value *v[2] = {str_value(c, "Common"), str_value(c, "common.yaml")};
        Value *e = val_hash(A, k, v, 2);
        hier = val_array(A, &e, 1);
    }
    parse_levels_v5(c, cfg, hier, defaults, "hierarchy", &cfg->levels, &cfg->nlevels);
    Value *plan = val_hash_gets(doc, "plan_hierarchy");
    if (plan) {
        Level *pl;
        size_t npl;
        parse_levels_v5(c, cfg, plan, defaults, "plan_hierarchy", &pl, &npl);
    }
    Value *dh = val_hash_gets(doc, "default_hierarchy");
    if (dh) {
        if (!cfg->module)
            fail_in_config(c, cfg, find_line(cfg, "default_hierarchy", NULL, 1), "'default_hierarchy' is only allowed in the module layer");
        parse_levels_v5(c, cfg, dh, defaults, "default_hierarchy", &cfg->dlevels, &cfg->ndlevels);
        cfg->has_default_hierarchy = 1;
    }
}

/* hiera.yaml version 4 (deprecated in Puppet, still read): backends yaml
 * and json, paths defaulting to the level's name. */
static void parse_v4(Compiler *c, Config *cfg, Value *doc, const char *datadir_override)
{
    static const char *const top_keys[] = {"version", "datadir", "hierarchy"};
    static const char *const entry_keys[] = {"backend", "name", "datadir", "path", "paths"};
    check_keys(c, cfg, doc, top_keys, ARRAY_LEN(top_keys), "");
    Value *dd = val_hash_gets(doc, "datadir");
    cfg->datadir = datadir_override ? datadir_override : dd ? nes(c, cfg, dd, "entry 'datadir'") : "data";
    Value *hier = val_hash_gets(doc, "hierarchy");
    if (!hier) {
        Value *k[2] = {str_value(c, "name"), str_value(c, "backend")};
        Value *v[2] = {str_value(c, "common"), str_value(c, "yaml")};
        Value *e = val_hash(A, k, v, 2);
        hier = val_array(A, &e, 1);
    }
    if (hier->kind != V_ARRAY) config_type_error(c, cfg, "entry 'hierarchy' expects an Array value, got %s", val_type_name(hier));
    cfg->levels = ARENA_NEWN(A, Level, hier->arr.n + 1);
    for (size_t i = 0; i < hier->arr.n; i++) {
        Value *he = hier->arr.items[i];
        const char *where = arena_printf(A, "entry 'hierarchy' index %zu", i);
        if (he->kind != V_HASH) config_type_error(c, cfg, "%s expects a Struct value, got %s", where, val_type_name(he));
        check_keys(c, cfg, he, entry_keys, ARRAY_LEN(entry_keys), arena_printf(A, "%s ", where));
        Value *nv = val_hash_gets(he, "name"), *bv = val_hash_gets(he, "backend");
        if (!nv) config_type_error(c, cfg, "%s expects a value for key 'name'", where);
        if (!bv) config_type_error(c, cfg, "%s expects a value for key 'backend'", where);
        const char *name = nes(c, cfg, nv, arena_printf(A, "%s entry 'name'", where));
        const char *backend = nes(c, cfg, bv, arena_printf(A, "%s entry 'backend'", where));
        check_duplicate(c, cfg, cfg->levels, cfg->nlevels, name);
        Level *lv = &cfg->levels[cfg->nlevels++];
        memset(lv, 0, sizeof *lv);
        lv->name = name;
        lv->line = find_line(cfg, "name", name, 1);
        if (strcmp(backend, "yaml") && strcmp(backend, "json"))
            fail_in_config(c, cfg, find_line(cfg, backend, NULL, 1), "No data provider is registered for backend '%s'", backend);
        set_backend(lv, "data_hash", backend[0] == 'y' ? "yaml_data" : "json_data");
        lv->ext = backend[0] == 'y' ? ".yaml" : ".json";
        Value *ed = val_hash_gets(he, "datadir");
        if (ed) lv->datadir = nes(c, cfg, ed, arena_printf(A, "%s entry 'datadir'", where));
        lv->loc_kind = LOC_PATHS;
        Value *paths = val_hash_gets(he, "paths"), *path = val_hash_gets(he, "path");
        if (paths && paths->kind == V_ARRAY) {
            lv->locs = paths->arr.items;
            lv->nlocs = paths->arr.n;
        } else {
            lv->locs = ARENA_NEWN(A, Value *, 1);
            lv->locs[0] = path ? path : nv;
            lv->nlocs = 1;
        }
        for (size_t k = 0; k < lv->nlocs; k++) nes(c, cfg, lv->locs[k], where);
    }
}

static const char *dir_of(Compiler *c, const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash) return ".";
    if (slash == path) return "/";
    return arena_strndup(A, path, (size_t)(slash - path));
}

/* Reads the hiera.yaml at path, or takes f, its text already read
 * (HieraConfig.create); NULL when Puppet would ignore it (version 3
 * outside the global layer). */
static Config *config_load(Compiler *c, const char *path, SrcFile *f, const char *module, const char *datadir_override)
{
    if (!f) f = diag_file_read(path);
    if (!f) cmp_fail(c, NULL, "cannot read %s: %s", path, strerror(errno));
    register_src(c, f);
    Config *cfg = ARENA_NEW(A, Config);
    cfg->path = arena_strdup(A, path);
    cfg->root = dir_of(c, cfg->path);
    cfg->module = module;
    cfg->src = f;
    Value *doc;
    const char *err;
    if (!yaml_to_value(c, path, f->text, f->len, &doc, NULL, &err)) fail_in_config(c, cfg, 0, "%s", err);
    const char *nul = doc ? cmp_nul_path(c, doc) : NULL;
    if (nul) fail_in_config(c, cfg, 0, CMP_NUL_MSG " (at %s in %s)", *nul ? nul : "the top", path);
    const char *where = module ? "module root" : "the environment root";
    Value *ver = doc && doc->kind == V_HASH ? val_hash_gets(doc, "version") : NULL;
    int64_t version = 3;
    if (!doc || doc->kind != V_HASH)
        warn_in_config(c, cfg, "%s: File exists but does not contain a valid YAML hash. Falling back to Hiera version 3 default config", path);
    else if (ver && ver->kind == V_INT) version = ver->i;
    else if (ver && ver->kind == V_FLOAT) version = (int64_t)ver->f;
    else if (ver && ver->kind == V_STR) version = ruby_to_i(ver->str.s, ver->str.len);
    cfg->version = (int)version;
    switch (version) {
    case 3:
        warn_in_config(c, cfg, "hiera.yaml version 3 found at %s was ignored", where);
        return NULL;
    case 4:
        warn_in_config(c, cfg, "%s: Use of 'hiera.yaml' version 4 is deprecated. It should be converted to version 5", path);
        parse_v4(c, cfg, doc, datadir_override);
        return cfg;
    case 5:
        parse_v5(c, cfg, doc, datadir_override);
        return cfg;
    default:
        fail_in_config(c, cfg, 0, "This runtime does not support hiera.yaml version %lld", (long long)version);
    }
}

/* Puppet's default configuration: one level, common.yaml, under datadir. */
static Config *default_config(Compiler *c, const char *datadir)
{
    Config *cfg = ARENA_NEW(A, Config);
    cfg->version = 5;
    cfg->root = datadir;
    cfg->datadir = datadir;
    cfg->levels = ARENA_NEW(A, Level);
    cfg->nlevels = 1;
    Level *lv = &cfg->levels[0];
    lv->name = "Common";
    set_backend(lv, "data_hash", "yaml_data");
    lv->loc_kind = LOC_PATHS;
    lv->locs = ARENA_NEWN(A, Value *, 1);
    lv->locs[0] = str_value(c, "common.yaml");
    lv->nlocs = 1;
    return cfg;
}

/* The Hiera state, made (and the environment layer read) on first use. */
static Hiera *hiera_get_at(Compiler *c, const Node *at)
{
    if (c->hiera) return c->hiera;
    Hiera *h = ARENA_NEW(A, Hiera);
    h->at = at;
    map_init(&h->modules);
    map_init(&h->files);
    map_init(&h->options);
    map_init(&h->dflt_options);
    map_init(&h->warned);
    c->hiera = h;
    const char *dd = c->opt.datadir ? absolute_path(c, c->opt.datadir) : NULL;
    const char *path = c->opt.hiera_config ? absolute_path(c, c->opt.hiera_config) : NULL;
    if (!path) {
        path = path_join(c, dir_of(c, absolute_path(c, c->opt.manifest)), "hiera.yaml");
        if (!is_regular(path)) path = NULL;
    }
    if (path) h->env = config_load(c, path, NULL, NULL, dd);
    else if (dd) h->env = default_config(c, dd);
    return h;
}

/* The module layer of module name (its hiera.yaml), found once. */
static Config *module_config(Compiler *c, Hiera *h, const char *name)
{
    Config *cfg = map_get(&h->modules, name, strlen(name));
    if (cfg) return cfg == &no_config ? NULL : cfg;
    const char *key = arena_strdup(A, name);
    map_put(&h->modules, key, strlen(key), &no_config);
    /* read straight away: a module without one shows as a failed read,
     * with no stat first */
    const char *p = module_path(c, name, "", "hiera.yaml");
    SrcFile *f = p ? diag_file_read(p) : NULL;
    if (!f && p && errno != ENOENT && errno != ENOTDIR && errno != EISDIR)
        cmp_fail(c, NULL, "cannot read %s: %s", p, strerror(errno));
    if (!f) return NULL;
    cfg = config_load(c, p, f, key, NULL);
    if (cfg) map_put(&h->modules, key, strlen(key), cfg);
    return cfg;
}

/* ---- layers ---- */

typedef struct Walk {
    Config *cfg;
    const Key *key;
    const Strategy *st;
    Level *levels;
    Level *lv;
    DataFile **files;
} Walk;

static int file_variant(Look *lk, void *ctx, size_t i, Value **out)
{
    Walk *w = ctx;
    DataFile *df = w->files[i];
    Value *data = data_hash(lk, w->cfg, w->lv, df);
    if (!data) return 0;
    Value *v = val_hash_gets(data, w->key->root);
    if (!v) return 0;
    if (df->symbol_keys)
        for (size_t k = 0; k < df->symbol_keys->arr.n; k++) {
            Value *sk = df->symbol_keys->arr.items[k];
            if (sk->kind == V_STR && !strcmp(sk->str.s, w->key->root))
                fail_at(lk, "Value for key '%s', in hash returned from %s function '%s', when using location '%s', has wrong type, expects Puppet::LookupValue, got Runtime[ruby, 'Symbol']",
                        w->key->root, w->lv->fn_kind, w->lv->fn_name, df->path);
        }
    *out = interp_value(lk, v, 1, NULL);
    return 1;
}

static int level_variant(Look *lk, void *ctx, size_t i, Value **out)
{
    Walk *w = ctx;
    Walk inner = *w;
    inner.lv = &w->levels[i];
    if (inner.lv->backend == BK_OTHER && strcmp(inner.lv->fn_kind, "data_hash"))
        fail_in_config(lk->c, w->cfg, inner.lv->line, "Unable to find '%s' function named '%s'", inner.lv->fn_kind, inner.lv->fn_name);
    size_t n = level_files(lk, w->cfg, inner.lv, &inner.files);
    return merge_lookup(lk, w->st, n, file_variant, &inner, out);
}

/* ConfiguredDataProvider#key_lookup: the levels of one layer. */
static int config_lookup(Look *lk, Config *cfg, const Key *key, const Strategy *st, int default_hierarchy, Value **out)
{
    stack_push(lk, key->text);
    Walk w = {cfg, key, st, default_hierarchy ? cfg->dlevels : cfg->levels, NULL, NULL};
    size_t n = default_hierarchy ? cfg->ndlevels : cfg->nlevels;
    int found = n && merge_lookup(lk, st, n, level_variant, &w, out);
    stack_pop(lk);
    return found;
}

typedef struct StackWalk { const Key *key; const Strategy *st; } StackWalk;

/* The provider stack: global (always empty here), environment, module. */
static int provider_variant(Look *lk, void *ctx, size_t i, Value **out)
{
    StackWalk *w = ctx;
    if (i == 0) {
        stack_check(lk, w->key->text, w->key->text, 1);
        return 0;
    }
    if (i == 1) return lk->h->env ? config_lookup(lk, lk->h->env, w->key, w->st, 0, out) : 0;
    Config *m = w->key->module ? module_config(lk->c, lk->h, w->key->module) : NULL;
    return m ? config_lookup(lk, m, w->key, w->st, 0, out) : 0;
}

/* ---- lookup_options ---- */

static Value *validate_options(Look *lk, Value *opts, const char *module)
{
    Compiler *c = lk->c;
    if (!opts) return NULL;
    if (opts->kind != V_HASH) fail_at(lk, "value of lookup_options must be a hash");
    if (!module) return opts;
    const char *pfx = arena_printf(A, "%s::", module);
    size_t pl = strlen(pfx);
    for (size_t i = 0; i < opts->hash.n; i++) {
        const char *k = val_to_cstr(A, opts->hash.keys[i]);
        if (k[0] == '^') {
            if (strncmp(k + 1, pfx, pl))
                fail_at(lk, "all lookup_options patterns must match a key starting with module name '%s'", module);
        } else if (strncmp(k, pfx, pl)) {
            fail_at(lk, "all lookup_options keys must start with module name '%s'", module);
        }
    }
    return opts;
}

static Options *compile_options(Look *lk, Value *opts)
{
    Compiler *c = lk->c;
    Options *o = ARENA_NEW(A, Options);
    if (!opts) return o;
    ValVec k = VV_ARENA(A), v = VV_ARENA(A);
    o->pats = ARENA_NEWN(A, Regex *, opts->hash.n + 1);
    o->pvals = ARENA_NEWN(A, Value *, opts->hash.n + 1);
    for (size_t i = 0; i < opts->hash.n; i++) {
        Value *key = opts->hash.keys[i];
        if (key->kind == V_STR && key->str.s[0] == '^') {
            const char *err = NULL;
            Regex *re = re_get(key->str.s, &err);
            if (!re) fail_at(lk, "%s: %s", err ? err : "invalid regular expression", key->str.s);
            o->pats[o->npats] = re;
            o->pvals[o->npats++] = opts->hash.vals[i];
        } else {
            vv_push(&k, key);
            vv_push(&v, opts->hash.vals[i]);
        }
    }
    o->keys = k.n ? hash_of_vv(c, &k, &v) : (vv_free(&k), vv_free(&v), NULL);
    return o;
}

static Value *options_of(Options *o, const char *root)
{
    if (!o) return NULL;
    if (o->keys) {
        Value *v = val_hash_gets(o->keys, root);
        if (v && v->kind != V_UNDEF) return v;
    }
    for (size_t i = 0; i < o->npats; i++) {
        int caps[2], ncap = 1;
        if (re_search(o->pats[i], root, strlen(root), 0, caps, &ncap)) return o->pvals[i];
    }
    return NULL;
}

/* The lookup_options that apply to keys of module (NULL: keys of no
 * module): the environment's, over the module's (hash merge); once each. */
static Options *options_for(Look *lk, const char *module)
{
    Compiler *c = lk->c;
    Hiera *h = lk->h;
    const char *mk = module ? module : "";
    Options *o = map_get(&h->options, mk, strlen(mk));
    if (o) return o;
    Strategy hash = {M_HASH, NULL, 0, 0};
    Key k = {"lookup_options", "lookup_options", module, NULL, 0};
    Look meta = *lk;
    meta.override = meta.defaults = NULL;
    if (!h->env_opts_done) {
        h->env_opts_done = 1;
        Value *v;
        if (h->env && config_lookup(&meta, h->env, &k, &hash, 0, &v)) h->env_opts = validate_options(&meta, v, NULL);
    }
    Value *opts = h->env_opts;
    Config *m = module ? module_config(c, h, module) : NULL;
    Value *mv;
    if (m && config_lookup(&meta, m, &k, &hash, 0, &mv)) {
        mv = validate_options(&meta, mv, module);
        opts = opts ? merge_values(&meta, &hash, opts, mv) : mv;
    }
    o = compile_options(&meta, opts);
    mk = arena_strdup(A, mk);
    map_put(&h->options, mk, strlen(mk), o);
    return o;
}

/* LookupAdapter#lookup_default_in_module: a module's default_hierarchy,
 * asked when no layer has the key, with its own lookup_options. */
static int default_in_module(Look *lk, const Key *key, Value **out)
{
    Compiler *c = lk->c;
    Hiera *h = lk->h;
    if (!key->module) return 0;
    Config *m = module_config(c, h, key->module);
    if (!m || !m->has_default_hierarchy) return 0;
    Options *o = map_get(&h->dflt_options, key->module, strlen(key->module));
    if (!o) {
        Strategy hash = {M_HASH, NULL, 0, 0};
        Key k = {"lookup_options", "lookup_options", key->module, NULL, 0};
        Value *v = NULL;
        if (config_lookup(lk, m, &k, &hash, 1, &v)) v = validate_options(lk, v, key->module);
        o = compile_options(lk, v);
        map_put(&h->dflt_options, m->module, strlen(m->module), o);
    }
    Value *ko = options_of(o, key->root);
    Strategy st;
    parse_strategy(lk, ko && ko->kind == V_HASH ? val_hash_gets(ko, "merge") : NULL, &st);
    return config_lookup(lk, m, key, &st, 1, out);
}

/* lookup_options' convert_to: new(Type, value, args...). */
static Value *convert_to(Look *lk, const char *key, Value *conv, Value *v)
{
    Compiler *c = lk->c;
    Value *t = conv, **extra = NULL;
    size_t nextra = 0;
    if (conv->kind == V_ARRAY && conv->arr.n) {
        t = conv->arr.items[0];
        extra = conv->arr.items + 1;
        nextra = conv->arr.n - 1;
    }
    if (t->kind == V_STR) {
        SrcFile *f = diag_file_from_string("lookup_options", t->str.s, t->str.len);
        register_src(c, f);
        Node *n = parse_expr_range(A, f, 0, (uint32_t)t->str.len, 0);
        Value *tv = n ? ev_expr(c, c->top, n) : NULL;
        if (!tv || tv->kind != V_TYPE)
            fail_at(lk, "Invalid data type in lookup_options for key '%s' could not parse '%s', error: 'not a data type'", key, t->str.s);
        t = tv;
    }
    if (t->kind != V_TYPE) fail_at(lk, "The convert_to lookup_option for key '%s' raised error: not a data type", key);
    Value **args = ARENA_NEWN(A, Value *, nextra + 2);
    args[0] = t;
    args[1] = v;
    for (size_t i = 0; i < nextra; i++) args[i + 2] = extra[i];
    return ev_call_function(c, lk->scope, lk->at, "new", args, nextra + 2, NULL);
}

/* LookupAdapter#lookup: one key through every layer, with the merge given
 * or the one lookup_options name; 0 when not found. */
static int search(Look *lk, const char *name, Value *merge, Value **out)
{
    if (!strcmp(name, "lookup_options") || !strncmp(name, "lookup_options.", 15)) return 0;
    Key key;
    parse_key(lk, name, &key);
    Options *o = options_for(lk, key.module);
    Value *ko = options_of(o, key.root);
    if (ko && ko->kind != V_HASH) ko = NULL;
    if (!merge && ko) merge = val_hash_gets(ko, "merge");
    Strategy st;
    parse_strategy(lk, merge, &st);
    StackWalk w = {&key, &st};
    Value *v = NULL;
    int found = merge_lookup(lk, &st, 3, provider_variant, &w, &v) && dig(lk, name, key.segs, key.nsegs, v, &v);
    if (!found) found = default_in_module(lk, &key, &v) && dig(lk, name, key.segs, key.nsegs, v, &v);
    if (!found) return 0;
    Value *conv = ko ? val_hash_gets(ko, "convert_to") : NULL;
    if (conv && conv->kind != V_UNDEF) v = convert_to(lk, key.root, conv, v);
    *out = v;
    return 1;
}

static Value *assert_value(Look *lk, Value *type, Value *v, const char *subject)
{
    if (!type || cmp_type_match(lk->c, type, v)) return v;
    fail_at(lk, "%s", cmp_mismatch(lk->c, type, v, CMP_MM_SUBJECT, NULL, arena_printf(lk->c->arena, "%s has wrong type,", subject), NULL));
}

/* Puppet::Pops::Lookup.lookup: the names in order (override hash first),
 * then default_values_hash, then the block or the default. */
static Value *lookup_names(Look *lk, Value *name, Value *type, Value *merge, Value *dflt, int has_default, const Node *lambda)
{
    Compiler *c = lk->c;
    Value **names = name->kind == V_ARRAY ? name->arr.items : &name;
    size_t n = name->kind == V_ARRAY ? name->arr.n : 1;
    for (size_t i = 0; i < n; i++) {
        const char *key = names[i]->str.s;
        Value *v = lk->override ? val_hash_gets(lk->override, key) : NULL;
        if (v) return assert_value(lk, type, v, arena_printf(A, "Value found for key '%s' in override hash", key));
        if (!lk->global_only && search(lk, key, merge, &v)) return assert_value(lk, type, v, "Found value");
    }
    if (lk->defaults && lk->defaults->hash.n)
        for (size_t i = 0; i < n; i++) {
            const char *key = names[i]->str.s;
            Value *v = val_hash_gets(lk->defaults, key);
            if (v) return assert_value(lk, type, v, arena_printf(A, "Value found for key '%s' in default values hash", key));
        }
    if (lambda) {
        CallCtx cc = {.c = c, .scope = lk->scope, .call = lk->at, .arena = A, .lambda = lambda};
        Value *arg = name;
        return assert_value(lk, type, ev_yield(&cc, &arg, 1), "Value returned from default block");
    }
    if (has_default) return assert_value(lk, type, dflt, "Default value");
    if (n == 1) fail_at(lk, "Function lookup() did not find a value for the name '%s'", names[0]->str.s);
    Str list = {.a = A};
    for (size_t i = 0; i < n; i++) {
        if (i) str_adds(&list, ", ");
        str_adds(&list, "'");
        str_adds(&list, names[i]->str.s);
        str_adds(&list, "'");
    }
    fail_at(lk, "Function lookup() did not find a value for any of the names [%s]", str_cstr(&list));
}

/* ---- entry points ---- */

Value *hiera_lookup_fn(Compiler *c, Scope *s, const Node *at, Value **a, size_t n, const Node *lambda)
{
    Value *name = NULL, *type = NULL, *merge = NULL, *dflt = NULL, *opts = NULL, *override = NULL, *dvh = NULL;
    int has_default = 0;
    if (n == 0) cmp_fail(c, at, "'lookup' expects between 1 and 4 arguments, got none");
    if (n == 1 && a[0]->kind == V_HASH) {
        opts = a[0];
        name = val_hash_gets(opts, "name");
        if (!name) cmp_fail(c, at, "'lookup' parameter 'options_hash' expects a value for key 'name'");
    } else if (n == 2 && a[1]->kind == V_HASH) {
        name = a[0];
        opts = a[1];
        if (val_hash_gets(opts, "name")) cmp_fail(c, at, "'lookup' parameter 'options_hash' unrecognized key 'name'");
    } else {
        if (n > 4) cmp_fail(c, at, "'lookup' expects between 1 and 4 arguments, got %zu", n);
        name = a[0];
        type = n > 1 ? a[1] : NULL;
        merge = n > 2 ? a[2] : NULL;
        if (n > 3) {
            if (lambda) cmp_fail(c, at, "'lookup' does not accept a block together with a default value");
            dflt = a[3];
            has_default = 1;
        }
    }
    if (opts) {
        static const char *const keys[] = {"name", "value_type", "default_value", "override", "default_values_hash", "merge"};
        for (size_t i = 0; i < opts->hash.n; i++) {
            const char *k = val_to_cstr(A, opts->hash.keys[i]);
            size_t j;
            for (j = 0; j < ARRAY_LEN(keys); j++)
                if (!strcmp(k, keys[j])) break;
            if (j == ARRAY_LEN(keys)) cmp_fail(c, at, "'lookup' parameter 'options_hash' unrecognized key '%s'", k);
        }
        type = val_hash_gets(opts, "value_type");
        dflt = val_hash_gets(opts, "default_value");
        has_default = dflt != NULL;
        merge = val_hash_gets(opts, "merge");
        override = val_hash_gets(opts, "override");
        dvh = val_hash_gets(opts, "default_values_hash");
    }
    if (type && type->kind != V_TYPE && (!opts && n < 4)) {
        /* lookup(name, undef[, merge]) matches none of lookup's signatures
         * (only the 4-argument one takes an Optional type) */
        const char *got = val_type_name(type);
        cmp_fail(c, at,
                 "The function 'lookup' was called with arguments it does not accept. It expects one of:\n"
                 "  (NameType = Variant[String, Array[String]] name, ValueType = Type value_type?, MergeType = Variant[String[1], Hash[String, Scalar]] merge?)\n"
                 "    rejected: parameter 'value_type' expects a ValueType = Type value, got %s\n"
                 "  (NameType = Variant[String, Array[String]] name, Optional[ValueType] value_type, Optional[MergeType] merge, DefaultValueType = Any default_value)\n"
                 "    rejected: expects 4 arguments, got %zu\n"
                 "  (NameType = Variant[String, Array[String]] name, ValueType = Type value_type?, MergeType = Variant[String[1], Hash[String, Scalar]] merge?)\n"
                 "    rejected: parameter 'value_type' expects a ValueType = Type value, got %s\n"
                 "  (OptionsWithName = Struct[{'name' => NameType = Variant[String, Array[String]], 'value_type' => Optional[ValueType = Type], 'default_value' => DefaultValueType = Any, 'override' => Optional[Hash[String, Any]], 'default_values_hash' => Optional[Hash[String, Any]], 'merge' => Optional[MergeType = Variant[String[1], Hash[String, Scalar]]]}] options_hash, BlockType = Callable[NameType = Variant[String, Array[String]]] block?)\n"
                 "    rejected: expects 1 argument, got %zu\n"
                 "  (Variant[String, Array[String]] name, OptionsWithoutName = Struct[{'value_type' => Optional[ValueType = Type], 'default_value' => DefaultValueType = Any, 'override' => Optional[Hash[String, Any]], 'default_values_hash' => Optional[Hash[String, Any]], 'merge' => Optional[MergeType = Variant[String[1], Hash[String, Scalar]]]}] options_hash, BlockType = Callable[NameType = Variant[String, Array[String]]] block?)\n"
                 "    rejected: expects 2 arguments, got %zu",
                 got, n, got, n, n);
    }
    if (type && type->kind == V_UNDEF) type = NULL;
    if (type && type->kind != V_TYPE) cmp_fail(c, at, "'lookup' parameter 'value_type' expects a Type value, got %s", val_type_name(type));
    int name_ok = name->kind == V_STR;
    if (name->kind == V_ARRAY) {
        name_ok = 1;
        for (size_t i = 0; i < name->arr.n; i++) name_ok &= name->arr.items[i]->kind == V_STR;
    }
    if (!name_ok) cmp_fail(c, at, "'lookup' parameter 'name' expects a value of type String or Array, got %s", val_type_name(name));
    if (merge && merge->kind == V_UNDEF) merge = NULL;
    if (merge && !(merge->kind == V_STR && merge->str.len) && merge->kind != V_HASH)
        cmp_fail(c, at, "'lookup' parameter 'merge' expects a value of type String or Hash, got %s", val_type_name(merge));
    if (override && override->kind == V_UNDEF) override = NULL;
    if (dvh && dvh->kind == V_UNDEF) dvh = NULL;
    if ((override && override->kind != V_HASH) || (dvh && dvh->kind != V_HASH))
        cmp_fail(c, at, "'lookup' parameter 'options_hash' entry '%s' expects a Hash value, got %s",
                 override && override->kind != V_HASH ? "override" : "default_values_hash",
                 val_type_name(override && override->kind != V_HASH ? override : dvh));
    Hiera *h = c->hiera ? c->hiera : hiera_get_at(c, at);
    const Node *outer = h->at;
    h->at = at;
    Look lk = {.c = c, .h = h, .scope = s, .at = at, .override = override, .defaults = dvh};
    Value *r = lookup_names(&lk, name, type, merge, dflt, has_default, lambda);
    h->at = outer;
    return r;
}

/* ---- hiera(), hiera_array(), hiera_hash(), hiera_include() ---- */

/* Hiera::PuppetFunction's dispatchers, in the order Puppet tries them. */
static const struct {
    const char *sig;
    int min, max;                /* arguments, the block not counted */
    int block;                   /* 0: takes none, 1: requires Callable[1, 1] */
} V3_SIGS[] = {
    {"Tuple[String, Any, Any, 1, 3] args", 1, 1, 0},
    {"String key", 1, 1, 0},
    {"String key, Any default, Any override?", 2, 3, 0},
    {"String key, Callable[1, 1] default_block", 1, 1, 1},
    {"String key, Any override, Callable[1, 1] default_block", 2, 2, 1},
};

/* range_to_s of a count: "2", "none", "between 1 and 3", "at least 1". */
static const char *count_text(Compiler *c, int lo, int hi)
{
    if (hi < 0) return arena_printf(A, "at least %d", lo);
    if (lo != hi) return arena_printf(A, "between %d and %d", lo, hi);
    return lo ? arena_printf(A, "%d", lo) : "none";
}

/* Why the arguments do not fit signature i (the block aside), or NULL. */
static const char *v3_arg_error(Compiler *c, size_t i, Value **a, size_t n)
{
    if ((int)n < V3_SIGS[i].min || (int)n > V3_SIGS[i].max) {
        int lo = V3_SIGS[i].min, hi = V3_SIGS[i].max;
        return arena_printf(A, "expects %s argument%s, got %s", count_text(c, lo, hi), lo == 1 && hi == 1 ? "" : "s",
                            count_text(c, (int)n, (int)n));
    }
    Value *type;
    const char *param;
    if (i == 0) {
        Value *p[5] = {val_type(A, "String", NULL, 0), val_type(A, "Any", NULL, 0), val_type(A, "Any", NULL, 0),
                       val_int(A, 1), val_int(A, 3)};
        type = val_type(A, "Tuple", p, 5);
        param = "parameter 'args'";
    } else {
        type = val_type(A, "String", NULL, 0);
        param = "parameter 'key'";
    }
    if (cmp_type_match(c, type, a[0])) return NULL;
    return cmp_mismatch(c, type, a[0], CMP_MM_SUBJECT, NULL, param, NULL);
}

/* Why the block (or its absence) does not fit signature i, or NULL.  A
 * lambda fits Callable[1, 1] when it can be called with one argument. */
static const char *v3_block_error(Compiler *c, size_t i, const Node *lambda)
{
    if (!V3_SIGS[i].block) return lambda ? "does not expect a block" : NULL;
    if (!lambda) return "expects a block";
    int required = 0, rest = 0;
    for (const Node *p = lambda->kids; p; p = p->next) {
        if (p->ival) rest = 1;
        else if (!p->b) required++;
    }
    if (required <= 1 && (rest || ast_nkids(lambda) >= 1)) return NULL;
    return arena_printf(A, "block expects 1 argument, got %s", count_text(c, required, rest ? -1 : ast_nkids(lambda)));
}

Value *hiera_v3_fn(Compiler *c, Scope *s, const Node *at, const char *fn, Value **a, size_t n, const Node *lambda)
{
    /* the 4.x dispatcher: the first signature that takes the arguments,
     * or Puppet's description of why none does */
    enum { NSIGS = ARRAY_LEN(V3_SIGS) };
    if (n < 1 || n > 3) cmp_fail(c, at, "'%s' expects between 1 and 3 arguments, got %s", fn, count_text(c, (int)n, (int)n));
    const char *why[NSIGS], *block_why[NSIGS];
    size_t sig = NSIGS, arg_errors = 0, block_errors = 0;
    for (size_t i = 0; i < NSIGS; i++) {
        why[i] = v3_arg_error(c, i, a, n);
        block_why[i] = v3_block_error(c, i, lambda);
        arg_errors += why[i] != NULL;
        block_errors += block_why[i] != NULL;
        if (!why[i] && !block_why[i] && sig == NSIGS) sig = i;
    }
    if (sig == NSIGS) {
        /* TypeMismatchDescriber#describe_signatures: argument errors win,
         * block errors fill in where the arguments fit */
        if (arg_errors < NSIGS)
            for (size_t i = 0; i < NSIGS; i++)
                if (block_errors == NSIGS || !why[i]) why[i] = block_why[i];
        const char *sigs[NSIGS];
        for (size_t i = 0; i < NSIGS; i++) sigs[i] = V3_SIGS[i].sig;
        CallCtx cc = {.c = c, .scope = s, .call = at, .arena = A, .args = a, .nargs = n, .lambda = lambda};
        fn_fail_dispatch(&cc, fn, sigs, why, NSIGS);
    }
    /* hiera_splat calls a method Hiera::PuppetFunction does not have */
    if (sig == 0) cmp_fail(c, at, "undefined method `hiera' for #<%s> (Puppet 7's %s() fails when its arguments are given as one Array)", fn, fn);

    Hiera *h = c->hiera ? c->hiera : hiera_get_at(c, at);
    /* Hiera::PuppetFunction#lookup: warned once per function, as
     * Puppet.warn_once('deprecations', ...) does with strict=warning */
    static const char *const names[] = {"hiera", "hiera_array", "hiera_hash", "hiera_include"};
    static const char *const merges[] = {"first", "unique", "hash", "unique"};
    size_t which = 0;
    while (which + 1 < ARRAY_LEN(names) && strcmp(names[which], fn)) which++;
    if (!(h->v3_warned & (1u << which))) {
        h->v3_warned |= 1u << which;
        cmp_warn(c, at, "The function '%s' is deprecated in favor of using 'lookup'. See https://puppet.com/docs/puppet/7.23/deprecated_language.html", fn);
    }
    /* the override names a Hiera 3 hierarchy level, which only a version 3
     * global layer has: with none here it changes nothing; without a
     * version 5 environment layer the lookup is confined to the (empty)
     * global layer, so module data is not seen either */
    Value *dflt = sig == 2 ? a[1] : NULL;
    const Node *outer = h->at;
    h->at = at;
    Look lk = {.c = c, .h = h, .scope = s, .at = at, .global_only = !h->env || h->env->version < 5};
    Value *r = lookup_names(&lk, a[0], NULL, val_cstr(A, merges[which]), dflt, dflt != NULL, lambda);
    h->at = outer;
    if (which != 3) return r;
    /* hiera_include's post_lookup */
    if (r->kind == V_UNDEF) cmp_fail(c, at, "Could not find data item %s", a[0]->str.s);
    int empty = (r->kind == V_STR && !r->str.len) || (r->kind == V_ARRAY && !r->arr.n) || (r->kind == V_HASH && !r->hash.n);
    if (empty) return VAL_UNDEF;
    return ev_call_function(c, s, at, "include", &r, 1, NULL);
}

int hiera_class_param(Compiler *c, Scope *s, const Node *at, const char *cls, const char *param, Value **out)
{
    Hiera *h = c->hiera ? c->hiera : hiera_get_at(c, at);
    const Node *outer = h->at;
    h->at = at;
    const char *sep = strstr(cls, "::");
    const char *module = sep ? arena_strndup(A, cls, (size_t)(sep - cls)) : cls;
    int found = 0;
    if (h->env || module_config(c, h, module)) {
        Look lk = {.c = c, .h = h, .scope = s, .at = at};
        found = search(&lk, arena_printf(A, "%s::%s", cls, param), NULL, out);
    }
    h->at = outer;
    return found;
}

void hiera_cleanup(Compiler *c)
{
    Hiera *h = c->hiera;
    if (!h) return;
    map_free(&h->modules);
    map_free(&h->files);
    map_free(&h->options);
    map_free(&h->dflt_options);
    map_free(&h->warned);
    c->hiera = NULL;
}
