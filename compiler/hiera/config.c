/*
 * config.c - hiera.yaml, read as Puppet's HieraConfig reads it: version 5
 * (defaults, hierarchy, default_hierarchy for modules), version 4 with a
 * deprecation warning, or Puppet's default configuration (one level,
 * common.yaml) when the environment has no hiera.yaml.  Also where the
 * Hiera state is made, on first use, and where module layers are found.
 *
 * The one idea: a configuration is checked once, completely, when its
 * layer is first needed, with Puppet's messages and the line of the
 * offending entry (found again in the text, as Puppet's find_line does);
 * after that a Level is plain data the lookup walks.
 */
#include "compiler/hiera/internal.h"
#include "catalog/yaml.h"
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static Config no_config;

static int is_regular(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* Ruby's Pathname#+: an absolute rel wins; "./" goes, "../" climbs. */
const char *hiera_path_join(Compiler *c, const char *base, const char *rel)
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
    return hiera_path_join(c, cwd, p);
}

void hiera_register_src(Compiler *c, SrcFile *f)
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
    diag_vreport_brief(DIAG_WARNING, loc, fmt, ap);
    va_end(ap);
    c->warnings++;
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
            if (level) hiera_fail_in_config(c, cfg, line, "Option key '%s' used in hierarchy '%s' is reserved by Puppet", reserved[i], level);
            hiera_fail_in_config(c, cfg, line, "Option key '%s' used in defaults is reserved by Puppet", reserved[i]);
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
            if (!line) hiera_fail_in_config(c, cfg, first, "Hierarchy name '%s' defined more than once.", name);
            hiera_fail_in_config(c, cfg, line, "Hierarchy name '%s' defined more than once. First defined at (line: %d)", name, first);
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
                hiera_fail_in_config(c, cfg, lv->line, "One of " FUNCTION_KEYS_TEXT " must be defined in hierarchy '%s'", name);
            set_backend(lv, fkey, nes(c, cfg, val_hash_gets(defaults, fkey), arena_printf(A, "entry 'defaults' entry '%s'", fkey)));
        } else if (nf > 1) {
            hiera_fail_in_config(c, cfg, lv->line, "Only one of " FUNCTION_KEYS_TEXT " can be defined in hierarchy '%s'", name);
        } else {
            set_backend(lv, fkey, nes(c, cfg, val_hash_gets(he, fkey), arena_printf(A, "%s entry '%s'", where, fkey)));
        }
        if (val_hash_gets(he, "hiera3_backend"))
            hiera_fail_in_config(c, cfg, find_line(cfg, "hiera3_backend", NULL, 1), "'hiera3_backend' is only allowed in the global layer");
        const char *lkey = NULL;
        if (count_keys(he, LOCATION_KEYS, ARRAY_LEN(LOCATION_KEYS), &lkey) > 1)
            hiera_fail_in_config(c, cfg, lv->line, "Only one of " LOCATION_KEYS_TEXT " can be defined in hierarchy '%s'", name);
        check_options(c, cfg, val_hash_gets(he, "options"), name, lv->line);
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
        Value *k[2] = {hiera_str_value(c, "datadir"), hiera_str_value(c, "data_hash")};
        Value *v[2] = {hiera_str_value(c, "data"), hiera_str_value(c, "yaml_data")};
        defaults = val_hash(A, k, v, 2);
    }
    if (defaults->kind != V_HASH) config_type_error(c, cfg, "entry 'defaults' expects a Struct value, got %s", val_type_name(defaults));
    check_keys(c, cfg, defaults, default_keys, ARRAY_LEN(default_keys), "entry 'defaults' ");
    if (count_keys(defaults, FUNCTION_KEYS, ARRAY_LEN(FUNCTION_KEYS), NULL) > 1)
        hiera_fail_in_config(c, cfg, find_line(cfg, "defaults", NULL, 1), "Only one of " FUNCTION_KEYS_TEXT " can be defined in defaults");
    check_options(c, cfg, val_hash_gets(defaults, "options"), NULL, find_line(cfg, "defaults", NULL, 1));
    Value *dd = val_hash_gets(defaults, "datadir");
    if (dd) datadir = nes(c, cfg, dd, "entry 'defaults' entry 'datadir'");
    cfg->datadir = datadir_override ? datadir_override : datadir;
    Value *hier = val_hash_gets(doc, "hierarchy");
    if (!hier) {
        Value *k[2] = {hiera_str_value(c, "name"), hiera_str_value(c, "path")};
        Value *v[2] = {hiera_str_value(c, "Common"), hiera_str_value(c, "common.yaml")};
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
            hiera_fail_in_config(c, cfg, find_line(cfg, "default_hierarchy", NULL, 1), "'default_hierarchy' is only allowed in the module layer");
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
        Value *k[2] = {hiera_str_value(c, "name"), hiera_str_value(c, "backend")};
        Value *v[2] = {hiera_str_value(c, "common"), hiera_str_value(c, "yaml")};
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
            hiera_fail_in_config(c, cfg, find_line(cfg, backend, NULL, 1), "No data provider is registered for backend '%s'", backend);
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
static Config *config_load_layer(Compiler *c, const char *path, SrcFile *f, const char *module, const char *datadir_override,
                                 int global);

static Config *config_load(Compiler *c, const char *path, SrcFile *f, const char *module, const char *datadir_override)
{
    return config_load_layer(c, path, f, module, datadir_override, 0);
}

static Config *config_load_layer(Compiler *c, const char *path, SrcFile *f, const char *module, const char *datadir_override,
                                 int global)
{
    if (!f) f = diag_file_read(path);
    if (!f) cmp_fail(c, NULL, "cannot read %s: %s", path, strerror(errno));
    hiera_register_src(c, f);
    Config *cfg = ARENA_NEW(A, Config);
    cfg->path = arena_strdup(A, path);
    cfg->root = dir_of(c, cfg->path);
    cfg->module = module;
    cfg->src = f;
    Value *doc;
    const char *err;
    YmlErrorPos pos;
    /* Puppet reports a syntax error at the lookup that read the file */
    if (!yml_load_at(A, path, f->text, f->len, 0, &doc, NULL, &err, &pos))
        hiera_fail_yaml(c, NULL, c->hiera ? c->hiera->at : NULL, f, &pos, err);
    const char *nul = doc ? cmp_nul_path(c, doc) : NULL;
    if (nul) hiera_fail_in_config(c, cfg, 0, CMP_NUL_MSG " (at %s in %s)", *nul ? nul : "the top", path);
    cfg->global = global;
    const char *where = module ? "module root" : global ? "the global layer (mcomp reads versions 4 and 5 only)" : "the environment root";
    Value *ver = doc && doc->kind == V_HASH ? val_hash_gets(doc, "version") : NULL;
    int64_t version = 3;
    if (!doc || doc->kind != V_HASH)
        warn_in_config(c, cfg, "%s: File exists but does not contain a valid YAML hash. Falling back to Hiera version 3 default config", path);
    else if (ver && ver->kind == V_INT) version = ver->i;
    else if (ver && ver->kind == V_FLOAT) version = (int64_t)ver->f;
    else if (ver && ver->kind == V_STR) version = yml_to_i(ver->str.s, ver->str.len);
    cfg->version = (int)version;
    switch (version) {
    case 3:
        warn_in_config(c, cfg, "hiera.yaml version 3 found at %s was ignored", where);
        return NULL;
    case 4:
        if (global) hiera_fail_in_config(c, cfg, 0, "hiera.yaml version 4 cannot be used in the global layer");
        warn_in_config(c, cfg, "%s: Use of 'hiera.yaml' version 4 is deprecated. It should be converted to version 5", path);
        parse_v4(c, cfg, doc, datadir_override);
        return cfg;
    case 5:
        parse_v5(c, cfg, doc, datadir_override);
        return cfg;
    default:
        hiera_fail_in_config(c, cfg, find_line(cfg, "version", NULL, 1), "This runtime does not support hiera.yaml version %lld", (long long)version);
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
    lv->locs[0] = hiera_str_value(c, "common.yaml");
    lv->nlocs = 1;
    return cfg;
}

/* The Hiera state, made (and the environment layer read) on first use. */
Hiera *hiera_get(Compiler *c, const Node *at)
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
    if (!path && c->opt.manifest) {
        path = hiera_path_join(c, dir_of(c, absolute_path(c, c->opt.manifest)), "hiera.yaml");
        if (!is_regular(path)) path = NULL;
    }
    /* the global layer: CONFDIR/hiera.yaml, or when there is none Puppet's
     * default configuration rooted there (CONFDIR/data/common.yaml) */
    const char *gpath = c->opt.global_hiera_config ? absolute_path(c, c->opt.global_hiera_config) : NULL;
    if (gpath && is_regular(gpath)) h->global = config_load_layer(c, gpath, NULL, NULL, NULL, 1);
    else if (gpath) {
        const char *gdata = hiera_path_join(c, dir_of(c, gpath), "data");
        struct stat st;
        if (stat(gdata, &st) == 0 && S_ISDIR(st.st_mode)) h->global = default_config(c, gdata);   /* else nothing to find */
    }
    if (path) h->env = config_load(c, path, NULL, NULL, dd);
    else if (dd) h->env = default_config(c, dd);
    return h;
}

/* The module layer of module name (its hiera.yaml), found once. */
Config *hiera_module_config(Compiler *c, Hiera *h, const char *name)
{
    Config *cfg = map_get(&h->modules, name, strlen(name));
    if (cfg) return cfg == &no_config ? NULL : cfg;
    const char *key = arena_strdup(A, name);
    map_put(&h->modules, key, strlen(key), &no_config);
    /* read straight away: a module without one shows as a failed read,
     * with no stat first */
    const char *p = load_module_path(c, name, "", "hiera.yaml");
    SrcFile *f = p ? diag_file_read(p) : NULL;
    if (!f && p && errno != ENOENT && errno != ENOTDIR && errno != EISDIR)
        cmp_fail(c, NULL, "cannot read %s: %s", p, strerror(errno));
    if (!f) return NULL;
    cfg = config_load(c, p, f, key, NULL);
    if (cfg) map_put(&h->modules, key, strlen(key), cfg);
    return cfg;
}
