/*
 * lookup.c - Hiera 5, as Puppet 7's lookup framework (Puppet::Pops::Lookup)
 * does it: lookup() and the automatic lookup of class parameters, over the
 * environment layer (the hiera.yaml of --hiera-config, or the one beside
 * the main manifest) and the module layer (<module>/hiera.yaml, used only
 * for keys in that module's namespace), after the global layer
 * (CONFDIR/hiera.yaml, compile option global_hiera_config).  This file holds the entry points,
 * keys ("a.b.0"), the name stack, the provider stack and lookup_options;
 * internal.h says where the other parts live.
 *
 * The one idea: a lookup is the same merge walk at every level.  Puppet
 * asks a merge strategy to "look up" a list of variants - the layers
 * (global, environment, module), then a layer's hierarchy levels, then a
 * level's locations (files) - and each strategy folds what the variants
 * find in the same way (first found, unique, hash, deep).
 * hiera_merge_lookup() (merge.c) is that fold; the layers, levels and files
 * are three variant callbacks here.
 *
 * Everything is lazy and cached for the compile: a hiera.yaml is read when
 * a lookup first needs its layer, a data file when a lookup first reaches
 * its level, each at most once (missing files are remembered too).
 */
#include "compiler/hiera/internal.h"
#include "compiler/fn/fnaux.h"
#include "catalog/rubyval.h"
#include "parser/parser.h"
#include "catalog/yaml.h"
#include "base/utf8.h"
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- small helpers ---- */


_Noreturn void hiera_fail_in_config(Compiler *c, Config *cfg, int line, const char *fmt, ...)
{
    SrcLoc loc = {0};
    if (cfg && cfg->src) {
        loc.file = cfg->src;
        if (line > 0 && (size_t)line <= cfg->src->nlines) loc.off = cfg->src->line_starts[line - 1];
    }
    va_list ap;
    va_start(ap, fmt);
    diag_vreport_brief(DIAG_ERROR, loc, fmt, ap);
    va_end(ap);
    longjmp(*c->fail, 1);
}

/* Errors of a lookup point at its call (or, while hiera.yaml text is
 * being interpolated, at that file, as Puppet's do). */
_Noreturn void hiera_fail_at(Look *lk, const char *fmt, ...)
{
    char msg[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (lk->cfg_errors) hiera_fail_in_config(lk->c, lk->cfg_errors, 0, "%s", msg);
    cmp_fail(lk->c, lk->at, "%s", msg);
}

/* The offset of 1-based line and character column in f, within the file. */
static uint32_t offset_of(const SrcFile *f, int line, int col)
{
    if (line < 1) return 0;
    if ((size_t)line > f->nlines) return (uint32_t)f->len;
    size_t s = f->line_starts[line - 1], e = (size_t)line < f->nlines ? f->line_starts[line] : f->len;
    return (uint32_t)(s + utf8_prefix(f->text + s, e - s, (size_t)(col > 1 ? col - 1 : 0)));
}

_Noreturn void hiera_fail_yaml(Compiler *c, Look *lk, const Node *at, SrcFile *f, const YmlErrorPos *pos,
                            const char *msg)
{
    if (lk && lk->cfg_errors) hiera_fail_in_config(c, lk->cfg_errors, 0, "%s", msg);
    if (lk) at = lk->at;
    SrcLoc here = {.file = f, .off = offset_of(f, pos->line, pos->col)};
    /* with no call to point at, the error is the file's */
    diag_report(DIAG_ERROR, at ? ast_loc(at) : here, "%s", msg);
    if (at && !diag_sink && pos->line)
        diag_report(DIAG_NOTE, here, "%s", pos->problem ? pos->problem : "the YAML error is here");
    if (!diag_sink && pos->ctx_line && pos->context) {
        SrcLoc ctx = {.file = f, .off = offset_of(f, pos->ctx_line, pos->ctx_col)};
        diag_report(DIAG_NOTE, ctx, "%s", pos->context);
    }
    longjmp(*c->fail, 1);
}

void hiera_str_add(Str *b, const char *p, size_t n)
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

void hiera_str_adds(Str *b, const char *s) { hiera_str_add(b, s, strlen(s)); }
const char *hiera_str_cstr(Str *b) { return b->s ? b->s : ""; }

Value *hiera_str_value(Compiler *c, const char *s) { return val_cstr(A, s); }


Value *hiera_hash_of_vv(Compiler *c, ValVec *k, ValVec *v)
{
    Value *h = val_hash(A, k->v, v->v, k->n);
    val_vec_free(k);
    val_vec_free(v);
    return h;
}

/* ---- the name stack: recursion, as Invocation#check reports it ---- */

static const char *stack_text(Look *lk)
{
    Compiler *c = lk->c;
    Str b = {.a = A};
    for (size_t i = 0; i < lk->h->nstack; i++) {
        if (i) hiera_str_adds(&b, ", ");
        hiera_str_adds(&b, lk->h->stack[i]);
    }
    return hiera_str_cstr(&b);
}

/* global: the check is the global layer's, whose errors Puppet wraps in
 * "Lookup of key ... failed" (that layer is asked first, so it is the one
 * that notices). */
static void stack_check(Look *lk, const char *name, const char *top_key, int global)
{
    Hiera *h = lk->h;
    for (size_t i = 0; i < h->nstack; i++)
        if (!strcmp(h->stack[i], name)) {
            if (global) hiera_fail_at(lk, "Lookup of key '%s' failed: Recursive lookup detected in [%s]", top_key, stack_text(lk));
            hiera_fail_at(lk, "Recursive lookup detected in [%s]", stack_text(lk));
        }
}

void hiera_stack_push(Look *lk, const char *name)
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

void hiera_stack_pop(Look *lk) { lk->h->nstack--; }

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
int hiera_split_key(Compiler *c, const char *key, ValVec *out)
{
    if (!strpbrk(key, "'\".")) {
        val_vec_push(out, val_cstr(A, key));
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
        val_vec_push(out, key_segment(c, key + pos, end - pos));
        if (end == n) return 1;
        if (key[end] != '.' || end + 1 == n) return 0;
        pos = end + 1;
    }
}

static void parse_key(Look *lk, const char *text, Key *k)
{
    Compiler *c = lk->c;
    ValVec segs = VV_ARENA(A);
    if (!hiera_split_key(c, text, &segs)) hiera_fail_at(lk, "Syntax error in key: '%s'", text);
    k->text = text;
    k->root = segs.v[0]->kind == V_STR ? segs.v[0]->str.s : val_to_cstr(A, segs.v[0]);
    k->nsegs = segs.n - 1;
    k->segs = k->nsegs ? ARENA_NEWN(A, Value *, k->nsegs) : NULL;
    for (size_t i = 1; i < segs.n; i++) k->segs[i - 1] = segs.v[i];
    val_vec_free(&segs);
    const char *q = strstr(k->root, "::");
    k->module = q && q > k->root ? arena_strndup(A, k->root, (size_t)(q - k->root)) : NULL;
}

/* SubLookup#sub_lookup: digs into value; 0 when a segment is missing. */
int hiera_dig(Look *lk, const char *key, Value **segs, size_t n, Value *v, Value **out)
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
            hiera_fail_at(lk, "Data Provider type mismatch: Got %s when a hash-like object was expected to access value using '%s' from key '%s'",
                    rv_class(A, v, RV_HIERA), val_to_cstr(A, s), key);
        }
        Value *r = val_hash_get(v, s);
        if (!r) return 0;
        v = r;
    }
    *out = v;
    return 1;
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
    Value *data = hiera_data_hash(lk, w->cfg, w->lv, df);
    if (!data) return 0;
    Value *v = val_hash_gets(data, w->key->root);
    if (!v) return 0;
    if (df->symbol_keys)
        for (size_t k = 0; k < df->symbol_keys->arr.n; k++) {
            Value *sk = df->symbol_keys->arr.items[k];
            if (sk->kind == V_STR && !strcmp(sk->str.s, w->key->root))
                hiera_fail_at(lk, "Value for key '%s', in hash returned from %s function '%s', when using location '%s', has wrong type, expects Puppet::LookupValue, got Runtime[ruby, 'Symbol']",
                        w->key->root, w->lv->fn_kind, w->lv->fn_name, df->path);
        }
    *out = hiera_interp_value(lk, v, 1, NULL);
    return 1;
}

static int level_variant(Look *lk, void *ctx, size_t i, Value **out)
{
    Walk *w = ctx;
    Walk inner = *w;
    inner.lv = &w->levels[i];
    if (inner.lv->backend == BK_OTHER && strcmp(inner.lv->fn_kind, "data_hash"))
        hiera_fail_in_config(lk->c, w->cfg, inner.lv->line, "Unable to find '%s' function named '%s'", inner.lv->fn_kind, inner.lv->fn_name);
    size_t n = hiera_level_files(lk, w->cfg, inner.lv, &inner.files);
    return hiera_merge_lookup(lk, w->st, n, file_variant, &inner, out);
}

/* ConfiguredDataProvider#key_lookup: the levels of one layer. */
static int config_lookup(Look *lk, Config *cfg, const Key *key, const Strategy *st, int default_hierarchy, Value **out)
{
    hiera_stack_push(lk, key->text);
    Walk w = {cfg, key, st, default_hierarchy ? cfg->dlevels : cfg->levels, NULL, NULL};
    size_t n = default_hierarchy ? cfg->ndlevels : cfg->nlevels;
    int found = n && hiera_merge_lookup(lk, st, n, level_variant, &w, out);
    hiera_stack_pop(lk);
    return found;
}

typedef struct StackWalk { const Key *key; const Strategy *st; } StackWalk;

/* The provider stack: global, environment, module (the global layer
 * alone for a lookup confined to it). */
static int provider_variant(Look *lk, void *ctx, size_t i, Value **out)
{
    StackWalk *w = ctx;
    if (i == 0) {
        stack_check(lk, w->key->text, w->key->text, 1);
        return lk->h->global ? config_lookup(lk, lk->h->global, w->key, w->st, 0, out) : 0;
    }
    if (lk->global_only) return 0;
    if (i == 1) return lk->h->env ? config_lookup(lk, lk->h->env, w->key, w->st, 0, out) : 0;
    Config *m = w->key->module ? hiera_module_config(lk->c, lk->h, w->key->module) : NULL;
    return m ? config_lookup(lk, m, w->key, w->st, 0, out) : 0;
}

/* ---- lookup_options ---- */

static Value *validate_options(Look *lk, Value *opts, const char *module)
{
    Compiler *c = lk->c;
    if (!opts) return NULL;
    if (opts->kind != V_HASH) hiera_fail_at(lk, "value of lookup_options must be a hash");
    if (!module) return opts;
    const char *pfx = arena_printf(A, "%s::", module);
    size_t pl = strlen(pfx);
    for (size_t i = 0; i < opts->hash.n; i++) {
        const char *k = val_to_cstr(A, opts->hash.keys[i]);
        if (k[0] == '^') {
            if (strncmp(k + 1, pfx, pl))
                hiera_fail_at(lk, "all lookup_options patterns must match a key starting with module name '%s'", module);
        } else if (strncmp(k, pfx, pl)) {
            hiera_fail_at(lk, "all lookup_options keys must start with module name '%s'", module);
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
            Regex *re = rx_get(key->str.s, &err);
            if (!re) hiera_fail_at(lk, "%s: %s", err ? err : "invalid regular expression", key->str.s);
            o->pats[o->npats] = re;
            o->pvals[o->npats++] = opts->hash.vals[i];
        } else {
            val_vec_push(&k, key);
            val_vec_push(&v, opts->hash.vals[i]);
        }
    }
    o->keys = k.n ? hiera_hash_of_vv(c, &k, &v) : (val_vec_free(&k), val_vec_free(&v), NULL);
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
        if (rx_search(o->pats[i], root, strlen(root), 0, caps, &ncap)) return o->pvals[i];
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
        /* the global layer's options win over the environment's */
        h->env_opts_done = 1;
        Value *v, *g = NULL;
        Key gk = {"lookup_options", "lookup_options", NULL, NULL, 0};
        if (h->global && config_lookup(&meta, h->global, &gk, &hash, 0, &g)) g = validate_options(&meta, g, NULL);
        h->global_opts = g;
        if (h->env && config_lookup(&meta, h->env, &k, &hash, 0, &v)) h->env_opts = validate_options(&meta, v, NULL);
        if (g) h->env_opts = h->env_opts ? hiera_merge_values(&meta, &hash, g, h->env_opts) : g;
    }
    if (lk->global_only) return compile_options(&meta, h->global_opts);
    Value *opts = h->env_opts;
    Config *m = module ? hiera_module_config(c, h, module) : NULL;
    Value *mv;
    if (m && config_lookup(&meta, m, &k, &hash, 0, &mv)) {
        mv = validate_options(&meta, mv, module);
        opts = opts ? hiera_merge_values(&meta, &hash, opts, mv) : mv;
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
    Config *m = hiera_module_config(c, h, key->module);
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
    hiera_parse_strategy(lk, ko && ko->kind == V_HASH ? val_hash_gets(ko, "merge") : NULL, &st);
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
        hiera_register_src(c, f);
        Node *n = parse_expr_range(A, f, 0, (uint32_t)t->str.len, 0);
        Value *tv = n ? ev_expr(c, c->top, n) : NULL;
        if (!tv || tv->kind != V_TYPE)
            hiera_fail_at(lk, "Invalid data type in lookup_options for key '%s' could not parse '%s', error: 'not a data type'", key, t->str.s);
        t = tv;
    }
    if (t->kind != V_TYPE) hiera_fail_at(lk, "The convert_to lookup_option for key '%s' raised error: not a data type", key);
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
    hiera_parse_strategy(lk, merge, &st);
    StackWalk w = {&key, &st};
    Value *v = NULL;
    int found = hiera_merge_lookup(lk, &st, 3, provider_variant, &w, &v) && hiera_dig(lk, name, key.segs, key.nsegs, v, &v);
    if (!found) found = default_in_module(lk, &key, &v) && hiera_dig(lk, name, key.segs, key.nsegs, v, &v);
    if (!found) return 0;
    Value *conv = ko ? val_hash_gets(ko, "convert_to") : NULL;
    if (conv && conv->kind != V_UNDEF) v = convert_to(lk, key.root, conv, v);
    *out = v;
    return 1;
}

static Value *assert_value(Look *lk, Value *type, Value *v, const char *subject)
{
    if (!type || ty_type_match(lk->c, type, v)) return v;
    hiera_fail_at(lk, "%s", ty_mismatch(lk->c, type, v, CMP_MM_SUBJECT, NULL, arena_printf(lk->c->arena, "%s has wrong type,", subject), NULL));
}

/* Puppet::Pops::Lookup.lookup: the names in order (override hash first),
 * then default_values_hash, then the block or the default. */
Value *hiera_lookup_names(Look *lk, Value *name, Value *type, Value *merge, Value *dflt, int has_default, const Node *lambda)
{
    Compiler *c = lk->c;
    Value **names = name->kind == V_ARRAY ? name->arr.items : &name;
    size_t n = name->kind == V_ARRAY ? name->arr.n : 1;
    for (size_t i = 0; i < n; i++) {
        const char *key = names[i]->str.s;
        Value *v = lk->override ? val_hash_gets(lk->override, key) : NULL;
        if (v) return assert_value(lk, type, v, arena_printf(A, "Value found for key '%s' in override hash", key));
        if ((!lk->global_only || lk->h->global) && search(lk, key, merge, &v)) return assert_value(lk, type, v, "Found value");
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
    if (n == 1) hiera_fail_at(lk, "Function lookup() did not find a value for the name '%s'", names[0]->str.s);
    Str list = {.a = A};
    for (size_t i = 0; i < n; i++) {
        if (i) hiera_str_adds(&list, ", ");
        hiera_str_adds(&list, "'");
        hiera_str_adds(&list, names[i]->str.s);
        hiera_str_adds(&list, "'");
    }
    hiera_fail_at(lk, "Function lookup() did not find a value for any of the names [%s]", hiera_str_cstr(&list));
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
    Hiera *h = c->hiera ? c->hiera : hiera_get(c, at);
    const Node *outer = h->at;
    h->at = at;
    Look lk = {.c = c, .h = h, .scope = s, .at = at, .override = override, .defaults = dvh};
    Value *r = hiera_lookup_names(&lk, name, type, merge, dflt, has_default, lambda);
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
    if (ty_type_match(c, type, a[0])) return NULL;
    return ty_mismatch(c, type, a[0], CMP_MM_SUBJECT, NULL, param, NULL);
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

    Hiera *h = c->hiera ? c->hiera : hiera_get(c, at);
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
    Value *r = hiera_lookup_names(&lk, a[0], NULL, val_cstr(A, merges[which]), dflt, dflt != NULL, lambda);
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
    Hiera *h = c->hiera ? c->hiera : hiera_get(c, at);
    const Node *outer = h->at;
    h->at = at;
    const char *sep = strstr(cls, "::");
    const char *module = sep ? arena_strndup(A, cls, (size_t)(sep - cls)) : cls;
    int found = 0;
    if (h->global || h->env || hiera_module_config(c, h, module)) {
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
