/*
 * data.c - a hierarchy level's data: its locations (path(s), glob(s),
 * mapped_paths) resolved to files, and each file read once per compile
 * through the level's backend (yaml_data with the YAML reader, json_data).
 *
 * The one idea: a DataFile is cached by path, found or missing, for the
 * whole compile, and a level whose locations interpolate nothing resolves
 * its files once; only levels naming %{...} resolve them at each lookup,
 * as Puppet does, since they may read variables of the calling scope.
 * For mcomp --nodes, files are parsed once for all nodes (hiera_share_data)
 * and a compile takes them from there.
 */
#include "compiler/hiera/internal.h"
#include "compiler/hiera.h"
#include "catalog/yaml.h"
#include "catalog/jsonparse.h"
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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


/* ---- the shared data (mcomp --nodes) ---- */

typedef struct SharedData { Value *data, *symbol_keys; } SharedData;
static Map shared[2];              /* BK_YAML, BK_JSON: path -> SharedData */
static int shared_ready;

static void share_file(Compiler *pre, const char *path, int backend)
{
    if (map_get(&shared[backend], path, strlen(path))) return;
    Buf b = BUF_INIT;
    if (buf_read_file(&b, path, 0) != 0) {
        buf_free(&b);
        return;
    }
    Arena *a = pre->arena;
    size_t len = b.len;
    char *text = arena_strndup(a, buf_cstr(&b), len);
    buf_free(&b);
    Value *v = NULL, *symbol_keys = NULL;
    if (backend == BK_YAML) {
        const char *err;
        YmlErrorPos pos;
        if (!yml_load_at(a, path, text, len, 0, &v, &symbol_keys, &err, &pos)) v = NULL;
    } else {
        Buf err = BUF_INIT;
        v = json_parse(a, text, len, &err);
        buf_free(&err);
        if (v && v->kind == V_HASH) v = val_hash(a, v->hash.keys, v->hash.vals, v->hash.n);
    }
    if (!v || v->kind != V_HASH || cmp_nul_path(pre, v)) return;
    SharedData *sd = ARENA_NEW(a, SharedData);
    sd->data = v;
    sd->symbol_keys = symbol_keys;
    const char *key = arena_strdup(a, path);
    map_put(&shared[backend], key, strlen(key), sd);
}

static void share_yaml(void *pre, const char *path) { share_file(pre, path, BK_YAML); }
static void share_json(void *pre, const char *path) { share_file(pre, path, BK_JSON); }

void hiera_share_data(Compiler *pre, const char *dir)
{
    if (!shared_ready) map_init(&shared[BK_YAML]), map_init(&shared[BK_JSON]), shared_ready = 1;
    load_walk(dir, ".yaml", share_yaml, pre);
    load_walk(dir, ".yml", share_yaml, pre);
    load_walk(dir, ".json", share_json, pre);
}

/* The hash a level's data_hash function gives for a file (read and parsed
 * once per compile, or taken from the shared data), or NULL when the file
 * does not exist. */
Value *hiera_data_hash(Look *lk, Config *cfg, Level *lv, DataFile *df)
{
    Compiler *c = lk->c;
    if (df->state == 2) return NULL;
    if (df->state == 0 && shared_ready && (lv->backend == BK_YAML || lv->backend == BK_JSON)) {
        SharedData *sd = map_get(&shared[lv->backend], df->path, strlen(df->path));
        if (sd) {
            df->data = sd->data;
            df->symbol_keys = sd->symbol_keys;
            df->state = 1;
        }
    }
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
            hiera_fail_in_config(c, cfg, lv->line, "Unable to find '%s' function named '%s'", lv->fn_kind, lv->fn_name);
        Value *v = NULL;
        if (lv->backend == BK_YAML) {
            const char *err;
            YmlErrorPos pos;
            if (!yml_load_at(A, df->path, text, len, 0, &v, &df->symbol_keys, &err, &pos)) {
                SrcFile *f = diag_file_from_string(df->path, text, len);
                hiera_register_src(c, f);
                hiera_fail_yaml(c, lk, NULL, f, &pos, arena_printf(A, "Unable to parse %s", err));
            }
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
                /* the reader's "line L, column C (byte B): what": a note at byte B */
                const char *what = strstr(m, "): ");
                size_t byte;
                if (what && sscanf(strstr(m, "(byte ") ? strstr(m, "(byte ") : "", "(byte %zu)", &byte) == 1 && byte <= len) {
                    SrcFile *f = diag_file_from_string(df->path, text, len);
                    hiera_register_src(c, f);
                    int line, col;
                    diag_linecol(f, (uint32_t)byte, &line, &col);
                    YmlErrorPos pos = {.line = line, .col = col, .problem = what + 3};
                    hiera_fail_yaml(c, lk, NULL, f, &pos, arena_printf(A, "Unable to parse (%s): %s", df->path, m));
                }
                hiera_fail_at(lk, "Unable to parse (%s): %s", df->path, m);
            }
            buf_free(&err);
            if (v->kind != V_HASH)
                hiera_fail_at(lk, "Value returned from data_hash function '%s', when using location '%s', has wrong type, expects a Hash value, got %s",
                        lv->fn_name, df->path, val_type_name(v));
            /* index it: the JSON reader leaves objects unindexed */
            v = val_hash(A, v->hash.keys, v->hash.vals, v->hash.n);
        }
        const char *nul = cmp_nul_path(c, v);     /* a whole file is refused, whichever key is looked up */
        if (nul) hiera_fail_at(lk, CMP_NUL_MSG " (at %s in %s)", *nul ? nul : "a top-level key", df->path);
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
size_t hiera_level_files(Look *lk, Config *cfg, Level *lv, DataFile ***out)
{
    if (lv->fixed) {
        *out = lv->files;
        return lv->nfiles;
    }
    Compiler *c = lk->c;
    Hiera *h = lk->h;
    const char *dd = hiera_path_join(c, cfg->root, lv->datadir ? lv->datadir : cfg->datadir);
    int dynamic = strstr(dd, "%{") != NULL;
    dd = hiera_interp_text(lk, cfg, dd, NULL);
    FileList fl = {0};
    switch (lv->loc_kind) {
    case LOC_PATHS:
    case LOC_GLOBS:
        for (size_t i = 0; i < lv->nlocs; i++) {
            const char *decl = lv->locs[i]->str.s;
            dynamic |= strstr(decl, "%{") != NULL;
            const char *p = hiera_interp_text(lk, cfg, decl, NULL);
            if (lv->loc_kind == LOC_GLOBS) {
                GlobList *gl = glob_files(c, h, hiera_path_join(c, dd, p));
                for (size_t k = 0; k < gl->n; k++) fl_push(c, &fl, gl->files[k]);
                continue;
            }
            if (lv->ext && !ends_with(p, lv->ext)) p = arena_printf(A, "%s%s", p, lv->ext);
            fl_push(c, &fl, data_file(c, h, hiera_path_join(c, dd, p)));
        }
        break;
    case LOC_MAPPED: {
        dynamic = 1;
        Config *save = lk->cfg_errors;
        lk->cfg_errors = cfg;
        Value *var = hiera_interp_scope(lk, lv->locs[0]->str.s, "mapped_path[0]", NULL);
        lk->cfg_errors = save;
        ValVec elems = VV_ARENA(A);
        if (var->kind == V_STR && var->str.len) {
            val_vec_push(&elems, var);
        } else if (var->kind == V_ARRAY) {
            for (size_t i = 0; i < var->arr.n; i++) val_vec_push(&elems, var->arr.items[i]);
        } else if (var->kind == V_HASH) {
            for (size_t i = 0; i < var->hash.n; i++) {
                Value *pair[2] = {var->hash.keys[i], var->hash.vals[i]};
                val_vec_push(&elems, val_array(A, pair, 2));
            }
        }
        for (size_t i = 0; i < elems.n; i++) {
            Binding b = {lv->locs[1]->str.s, elems.v[i]};
            const char *p = hiera_interp_text(lk, cfg, lv->locs[2]->str.s, &b);
            fl_push(c, &fl, data_file(c, h, hiera_path_join(c, dd, p)));
        }
        val_vec_free(&elems);
        break;
    }
    default:
        hiera_fail_at(lk, "'%s' one of 'path', 'paths' 'glob', 'globs' or 'mapped_paths' must be declared in hiera.yaml when using this data_hash function",
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

/* ---- Psych.load for stdlib's parseyaml() and loadyaml() ---- */

int hiera_parse_yaml(Compiler *c, const char *name, const char *text, size_t len, Value **out, const char **err)
{
    return yml_load(A, name, text, len, 1, out, NULL, err);
}
