/*
 * concat.c - puppetlabs-concat's concat_file and concat_fragment at apply
 * time (concat 7.3.1; the concat and concat::fragment defines compile to
 * these two types).
 *
 * The one idea is the module's own: concat_file manages nothing itself.
 * At its turn it gathers its fragments from the whole catalog (those whose
 * target is its path or title, or whose tag parameter equals its tag
 * parameter), sorts them, joins their content, and generates a File
 * resource for its path carrying that content and its owner, group, mode,
 * replace, backup, validate_cmd, show_diff and metaparameters (Puppet's
 * generate/eval_generate).  That File is synced by the file type's code
 * (types/file.h), so the write is the file type's: atomic, backed up to
 * the bucket, validated, with Puppet's lines under the File's own path, a
 * sibling of the concat_file ("/Stage[main]/Main/Concat[/x]/File[/x]/
 * ensure: defined content as '{sha256}...'").  A fragment does nothing.
 *
 * Sorting, as the module's: order => numeric (the type's default) compares
 * "ORDER___NAME" split at the first "___", each part an integer when it is
 * all digits, and fails as Ruby does when an integer meets a string;
 * order => alpha (the concat define's default) compares the strings
 * "ORDER" and "_NAME" (a split at the first "__").  format => plain joins
 * the contents; json and json-pretty parse each fragment as JSON and merge
 * them as the module's nested_merge does, json-array and json-array-pretty
 * list them, written as Ruby's to_json and JSON.pretty_generate write.
 * yaml is not written by mapply yet: such a concat_file fails at its turn.
 */
#include "types/modfile.h"
#include "types/param.h"
#include "types/file.h"
#include "base/arena.h"
#include "base/rootfs.h"
#include "catalog/json.h"
#include "catalog/jsonparse.h"
#include "catalog/rubyval.h"
#include <math.h>
#include <ctype.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

extern const Provider provider_concat_file, provider_concat_fragment;

static int is_type(const Resource *r, const char *type) { return !strcasecmp(r->type, type); }

/* ---- concat_fragment ------------------------------------------------ */

/* A parameter whose value must be one of the kinds its hook's table row
 * names (the type's validate blocks), checked only. */
static int source_kind(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    if (v->kind == V_STR || v->kind == V_ARRAY)
        return 0;
    buf_adds(param_fail(err, r, p->name), "Content must be a String or Array");
    return -1;
}

static int frag_order(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    if (v->kind != V_STR && v->kind != V_INT) {
        buf_adds(param_fail(err, r, p->name), "$order is not a string or integer.");
        return -1;
    }
    Buf s = BUF_INIT;
    modfile_str(r, p->name, &s);
    int bad = strpbrk(buf_cstr(&s), ":\n/") != NULL;
    buf_free(&s);
    if (bad)
        buf_adds(param_fail(err, r, p->name), "Order cannot contain '/', ':', or '\\n'.");
    return bad ? -1 : 0;
}

static const ParamSpec frag_params[] = {
    { "target", PK_STRING, 0, .flags = PF_STRING_ONLY | PF_DISCARD, .bad = "Target must be a String" },
    { "content", PK_STRING, 0, .flags = PF_STRING_ONLY | PF_DISCARD, .bad = "Content must be a String" },
    { "source", PK_CUSTOM, 0, .hook = source_kind },
    { "order", PK_CUSTOM, 0, .hook = frag_order },
};

static int frag_validate(const Resource *r, Buf *err)
{
    if (param_parse(frag_params, PARAM_COUNT(frag_params), r, NULL, err) != 0)
        return -1;
    if (!provider_param(r, "target") && !provider_param(r, "tag"))
        buf_adds(err, "No 'target' or 'tag' set");
    else if (!provider_param(r, "source") && !provider_param(r, "content"))
        buf_adds(err, "Set either 'source' or 'content'");
    else if (provider_param(r, "source") && provider_param(r, "content"))
        buf_adds(err, "Can't use 'source' and 'content' at the same time");
    return err->len ? -1 : 0;
}

/* Is c (a Concat_file) the file fragment f goes into? */
static int frag_of(const Resource *c, const Resource *f)
{
    Value *t = provider_param(f, "target"), *ft = provider_param(f, "tag"), *ct = provider_param(c, "tag");
    Value *p = provider_param(c, "path");
    const char *path = p && p->kind == V_STR ? p->str.s : c->title;
    if (t && t->kind == V_STR && (!strcmp(t->str.s, path) || !strcmp(t->str.s, c->title)))
        return 1;
    Buf a = BUF_INIT, b = BUF_INIT;
    int same = ft && ct && modfile_str(f, "tag", &a) && modfile_str(c, "tag", &b) && !strcmp(a.s, b.s);
    buf_free(&a);
    buf_free(&b);
    return same;
}

/* The module's autorequire of a fragment finds no file; it only warns
 * when no concat_file would take the fragment. */
static int frag_apply(TxRes *t)
{
    const Resource *r = tx_resource(t);
    const Catalog *c = tx_catalog(t);
    for (size_t i = 0; i < c->nres; i++)
        if (is_type(c->res[i], "Concat_file") && frag_of(c->res[i], r))
            return 0;
    /* the module's message, its unclosed quote included: "or tag 'x not found" */
    Buf tag = BUF_INIT, target = BUF_INIT;
    int tagged = modfile_str(r, "tag", &tag);
    modfile_str(r, "target", &target);
    tx_log(t, LL_WARNING, NULL, "Target Concat_file with path or title '%s' %s%s%snot found in the catalog",
           buf_cstr(&target), tagged ? "or tag '" : "", buf_cstr(&tag), tagged ? " " : "");
    buf_free(&tag);
    buf_free(&target);
    return 0;
}

/* ---- concat_file ---------------------------------------------------- */

static const char *const file_params[] = {
    "path", "owner", "group", "mode", "replace", "backup", "selinux_ignore_defaults", "selrange", "selrole",
    "seltype", "seluser", "validate_cmd", "show_diff",
};

/* Puppet's metaparameters that generate copies onto the File (all but
 * before, notify, require, subscribe and tag). */
static const char *const copied_meta[] = { "alias", "audit", "loglevel", "noop", "schedule", "stage" };

static const char *cf_path(const Resource *r)
{
    Value *p = provider_param(r, "path");
    return p && p->kind == V_STR ? p->str.s : r->title;
}

static int backup_kind(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    if (v->kind == V_BOOL || v->kind == V_STR)
        return 0;
    buf_adds(param_fail(err, r, p->name), "Backup must be a Boolean or String");
    return -1;
}

static const ParamWord cf_ensures[] = { { "present", 0 }, { "absent", 0 }, { NULL, 0 } };
static const ParamWord cf_orders[] = { { "alpha", 0 }, { "numeric", 0 }, { NULL, 0 } };
static const ParamWord cf_formats[] = { { "plain", 0 }, { "yaml", 0 }, { "json", 0 }, { "json-array", 0 },
                                        { "json-pretty", 0 }, { "json-array-pretty", 0 }, { NULL, 0 } };
static const ParamWord cf_bools[] = { { "true", 0 }, { "false", 0 }, { "yes", 0 }, { "no", 0 }, { NULL, 0 } };
#define CF_BAD "Invalid value %i. Valid values are %w."
#define CF_WORD(name, list) { name, PK_WORD, 0, .words = list, .flags = PF_DISCARD, .bad = CF_BAD }

/* concat_file's checks in the order Puppet sets the parameters, which is
 * the order they report (Type.allattrs: the namevar path, ensure, then the
 * parameters as the type declares them); the values themselves are read
 * where they are used. */
static const ParamSpec cf_params[] = {
    { "path", PK_NAMEVAR, 0, .flags = PF_STRING_ONLY | PF_DISCARD,
      .checks = { { param_absolute, "File paths must be fully qualified, not '%v'" } } },
    CF_WORD("ensure", cf_ensures),
    CF_WORD("order", cf_orders),
    { "backup", PK_CUSTOM, 0, .hook = backup_kind },
    CF_WORD("replace", cf_bools),
    { "validate_cmd", PK_STRING, 0, .flags = PF_STRING_ONLY | PF_DISCARD, .bad = "Validate_cmd must be a String" },
    CF_WORD("ensure_newline", cf_bools),
    CF_WORD("format", cf_formats),
    CF_WORD("force", cf_bools),
    CF_WORD("selinux_ignore_defaults", cf_bools),
    CF_WORD("show_diff", cf_bools),
};

static int cf_check(const Resource *r, Buf *err)
{
    return param_parse(cf_params, PARAM_COUNT(cf_params), r, NULL, err);
}

/* One fragment: its sort key and content. */
typedef struct Frag {
    const Resource *r;
    char *key;                /* "ORDER___NAME" */
    Buf content;
} Frag;

/* A part of a numeric key: an integer when all digits (Ruby's to_i). */
typedef struct Part { int is_int; unsigned long long i; const char *s; size_t n; } Part;

static Part part(const char *s, size_t n)
{
    Part p = { 0, 0, s, n };
    size_t k = 0;
    while (k < n && isdigit((unsigned char)s[k])) k++;
    if (n && k == n) {
        p.is_int = 1;
        for (k = 0; k < n; k++) p.i = p.i * 10 + (unsigned)(s[k] - '0');
    }
    return p;
}

static int cmp_bytes(const char *a, size_t an, const char *b, size_t bn)
{
    int c = memcmp(a, b, an < bn ? an : bn);
    return c ? c : (an > bn) - (an < bn);
}

static int sort_alpha;        /* the sort's mode and failure: qsort has no context */
static int sort_failed;

/* The module's comparisons (see the file comment). */
static int frag_cmp(const void *pa, const void *pb)
{
    const char *a = ((const Frag *)pa)->key, *b = ((const Frag *)pb)->key;
    const char *sep = sort_alpha ? "__" : "___";
    const char *as = strstr(a, sep), *bs = strstr(b, sep);
    size_t an = as ? (size_t)(as - a) : strlen(a), bn = bs ? (size_t)(bs - b) : strlen(b);
    const char *ar = as ? as + strlen(sep) : NULL, *br = bs ? bs + strlen(sep) : NULL;
    if (sort_alpha) {
        int c = cmp_bytes(a, an, b, bn);
        if (c || !ar || !br) return c ? c : (ar != NULL) - (br != NULL);
        return strcmp(ar, br);
    }
    Part x[2] = { part(a, an), ar ? part(ar, strlen(ar)) : part("", 0) };
    Part y[2] = { part(b, bn), br ? part(br, strlen(br)) : part("", 0) };
    for (int i = 0; i < 2; i++) {
        if (x[i].is_int != y[i].is_int) {
            sort_failed = 1;
            return x[i].is_int ? -1 : 1;
        }
        int c = x[i].is_int ? (x[i].i > y[i].i) - (x[i].i < y[i].i) : cmp_bytes(x[i].s, x[i].n, y[i].s, y[i].n);
        if (c) return c;
    }
    return 0;
}

/* One fragment source read whole into out: an absolute path or a file:
 * URI is opened in the root (base/rootfs: links and ".." stay inside it),
 * a puppet:/// URI below its module's files/ directory, never out of it.  1 read,
 * 0 when it is not there or not a file, -1 with err set. */
static int frag_source(TxRes *t, const char *src, Buf *out, Buf *err)
{
    if (src[0] == '/' || !strncmp(src, "file:", 5)) {
        const char *path = src[0] == '/' ? src : !strncmp(src, "file://", 7) ? src + 7 : src + 5;
        int fd = rootfs_open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK, 0);
        struct stat st;
        if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
            if (fd >= 0) close(fd);
            return 0;
        }
        int rc = buf_read_fd(out, fd);
        close(fd);
        if (rc != 0) buf_printf(err, "Could not read %s", path);
        return rc != 0 ? -1 : 1;
    }
    int rc = file_source_read(t, src, out);
    if (rc < 0) buf_printf(err, "Could not read %s", src);
    return rc < 0 ? -1 : rc == 0 ? 1 : 0;
}

/* A fragment's content: content, or the first of its sources that
 * exists; ensure_newline adds "\n" where it is missing.  -1 with the
 * module's message in err. */
static int frag_content(TxRes *t, const Resource *f, int ensure_newline, Buf *out, Buf *err)
{
    Value *v = provider_param(f, "content");
    if (v) {
        modfile_str(f, "content", out);
    } else if ((v = provider_param(f, "source"))) {
        size_t n = v->kind == V_ARRAY ? v->arr.n : 1;
        int got = 0;
        for (size_t i = 0; i < n && !got; i++) {
            const Value *s = v->kind == V_ARRAY ? v->arr.items[i] : v;
            if (s->kind == V_STR && (got = frag_source(t, s->str.s, out, err)) < 0)
                return -1;
        }
        if (!got) {
            buf_adds(err, "Could not retrieve source(s) ");
            for (size_t i = 0; i < n; i++) {
                const Value *s = v->kind == V_ARRAY ? v->arr.items[i] : v;
                if (i) buf_adds(err, ", ");
                val_to_s(err, s);
            }
            return -1;
        }
    }
    if (ensure_newline && (!out->len || out->s[out->len - 1] != '\n'))
        buf_addc(out, '\n');
    return 0;
}

/* ---- format => json, json-array, json-pretty, json-array-pretty ---- */

static int is_empty(const Value *v)
{
    return !v || v->kind == V_UNDEF || (v->kind == V_HASH && !v->hash.n) || (v->kind == V_ARRAY && !v->arr.n) ||
           (v->kind == V_STR && !v->str.len);
}

/* The module's nested_merge: arrays joined without duplicates, hashes
 * merged key by key (the first value kept; two different scalars are an
 * error unless force).  NULL with the message in err. */
static Value *nested_merge(Arena *a, Value *h1, Value *h2, int force, Buf *err)
{
    if (is_empty(h2)) return h1;
    if (is_empty(h1)) return h2;
    if (h1->kind == V_ARRAY && h2->kind == V_ARRAY) {
        ValVec vv = VV_ARENA(a);
        for (int k = 0; k < 2; k++) {
            const Value *h = k ? h2 : h1;
            for (size_t i = 0; i < h->arr.n; i++) {
                int dup = 0;
                for (size_t j = 0; j < vv.n && !dup; j++) dup = val_identical(vv.v[j], h->arr.items[i]);
                if (!dup) val_vec_push(&vv, h->arr.items[i]);
            }
        }
        return val_vec_to_array(a, &vv);
    }
    if (h1->kind != V_HASH || h2->kind != V_HASH) {
        buf_adds(err, "undefined method `merge'");
        return NULL;
    }
    size_t n = h1->hash.n + h2->hash.n, m = h1->hash.n;
    Value **keys = arena_alloc(a, n * sizeof *keys), **vals = arena_alloc(a, n * sizeof *vals);
    memcpy(keys, h1->hash.keys, m * sizeof *keys);
    memcpy(vals, h1->hash.vals, m * sizeof *vals);
    for (size_t i = 0; i < h2->hash.n; i++) {
        Value *k = h2->hash.keys[i], *v2 = h2->hash.vals[i];
        size_t j = 0;
        while (j < m && !val_identical(keys[j], k)) j++;
        if (j == m) {
            keys[m] = k;
            vals[m++] = v2;
            continue;
        }
        Value *v1 = vals[j];
        if ((v1->kind == V_HASH && v2->kind == V_HASH) || (v1->kind == V_ARRAY && v2->kind == V_ARRAY)) {
            if (!(vals[j] = nested_merge(a, v1, v2, force, err))) return NULL;
        } else if (!val_identical(v1, v2) && !force) {
            buf_adds(err, "Duplicate key '");
            rv_to_s(err, k, RV_FN);
            buf_adds(err, "' found with values '");
            rv_to_s(err, v1, RV_FN);
            buf_adds(err, "' and ");
            rv_to_s(err, v2, RV_FN);
            buf_adds(err, "'. Use 'force' attribute to merge keys.");
            return NULL;
        }
    }
    return val_hash(a, keys, vals, m);
}

/* Ruby's to_json (pretty < 0) or JSON.pretty_generate (pretty = depth). */
static void to_json(Buf *b, const Value *v, int pretty)
{
    int nl = pretty >= 0;
    switch (v->kind) {
    case V_UNDEF: buf_adds(b, "null"); break;
    case V_BOOL: buf_adds(b, v->b ? "true" : "false"); break;
    case V_INT: buf_printf(b, "%lld", (long long)v->i); break;
    case V_FLOAT: rv_float_to_s(b, v->f); break;
    case V_STR: cat_json_str(b, v->str.s, v->str.len); break;
    case V_ARRAY:
    case V_HASH: {
        int hash = v->kind == V_HASH;
        size_t n = hash ? v->hash.n : v->arr.n;
        buf_addc(b, hash ? '{' : '[');
        for (size_t i = 0; i < n; i++) {
            if (i) buf_addc(b, ',');
            if (nl) {
                buf_addc(b, '\n');
                for (int d = 0; d <= pretty; d++) buf_adds(b, "  ");
            }
            if (hash) {
                Buf k = BUF_INIT;
                rv_to_s(&k, v->hash.keys[i], RV_FN);
                cat_json_str(b, k.s ? k.s : "", k.len);
                buf_free(&k);
                buf_adds(b, nl ? ": " : ":");
            }
            to_json(b, hash ? v->hash.vals[i] : v->arr.items[i], nl ? pretty + 1 : -1);
        }
        /* Ruby's generator ends even an empty one on its own line ("[" and
         * an empty line for an array) */
        if (nl) {
            buf_adds(b, !n && !hash ? "\n\n" : "\n");
            for (int d = 0; d < pretty; d++) buf_adds(b, "  ");
        }
        buf_addc(b, hash ? '}' : ']');
        break;
    }
    default: {
        Buf s = BUF_INIT;
        val_to_s(&s, v);
        cat_json_str(b, s.s ? s.s : "", s.len);
        buf_free(&s);
    }
    }
}

/* The JSON formats over the sorted contents: -1 with Ruby's message. */
static int json_format(const char *format, int force, Buf *const *contents, size_t n, Buf *out, Buf *err)
{
    Arena a;
    arena_init(&a);
    ValVec all = VV_ARENA(&a);
    int rc = 0;
    for (size_t i = 0; i < n && !rc; i++) {
        Buf why = BUF_INIT;
        Value *v = json_parse(&a, contents[i]->s ? contents[i]->s : "", contents[i]->len, &why);
        if (!v) {
            buf_printf(err, "unexpected token in fragment %zu: %s", i + 1, buf_cstr(&why));
            rc = -1;
        } else {
            val_vec_push(&all, v);
        }
        buf_free(&why);
    }
    int pretty = strstr(format, "pretty") ? 0 : -1;
    if (!rc && strstr(format, "array")) {
        to_json(out, val_vec_to_array(&a, &all), pretty);
    } else if (!rc) {
        Value *h = val_hash(&a, NULL, NULL, 0);
        for (size_t i = 0; i < all.n && h; i++) h = nested_merge(&a, h, all.v[i], force, err);
        if (h) to_json(out, h, pretty);
        else rc = -1;
    }
    arena_free(&a);
    return rc;
}

/* should_content: the fragments of r, sorted and joined, into out. */
static int cf_content(TxRes *t, const Resource *r, Buf *out, int *sensitive, Buf *err)
{
    const Catalog *c = tx_catalog(t);
    Buf s = BUF_INIT;
    int ensure_newline = modfile_str(r, "ensure_newline", &s) && (!strcmp(s.s, "true") || !strcmp(s.s, "yes"));
    buf_clear(&s);
    sort_alpha = modfile_str(r, "order", &s) && !strcmp(s.s, "alpha");
    Frag *fr = NULL;
    size_t n = 0;
    int rc = 0;
    for (size_t i = 0; i < c->nres; i++) {
        const Resource *f = c->res[i];
        if (!is_type(f, "Concat_fragment") || !frag_of(r, f)) continue;
        Frag *grown = realloc(fr, (n + 1) * sizeof *fr);
        if (!grown) abort();
        fr = grown;
        memset(&fr[n], 0, sizeof fr[n]);
        fr[n].r = f;
        Buf key = BUF_INIT;
        if (!modfile_str(f, "order", &key)) buf_adds(&key, "10");
        buf_printf(&key, "___%s", f->title);
        fr[n].key = buf_detach(&key);
        if (frag_content(t, f, ensure_newline, &fr[n].content, err) != 0) rc = -1;
        if (provider_sensitive(f, "content")) *sensitive = 1;
        n++;
        if (rc) break;
    }
    if (!rc) {
        sort_failed = 0;
        if (n > 1) qsort(fr, n, sizeof *fr, frag_cmp);
        if (sort_failed) {
            buf_adds(err, "comparison of Array with Array failed");
            rc = -1;
        }
    }
    Buf fmt = BUF_INIT;
    if (!rc && modfile_str(r, "format", &fmt) && strcmp(fmt.s, "plain")) {
        Buf **contents = calloc(n + 1, sizeof *contents);
        if (!contents) abort();
        for (size_t i = 0; i < n; i++) contents[i] = &fr[i].content;
        buf_clear(&s);
        int force = modfile_str(r, "force", &s) && (!strcmp(s.s, "true") || !strcmp(s.s, "yes"));
        rc = json_format(fmt.s, force, contents, n, out, err);
        free(contents);
    } else if (!rc) {
        for (size_t i = 0; i < n; i++) buf_add(out, fr[i].content.s ? fr[i].content.s : "", fr[i].content.len);
    }
    buf_free(&fmt);
    buf_free(&s);
    for (size_t i = 0; i < n; i++) {
        free(fr[i].key);
        buf_free(&fr[i].content);
    }
    free(fr);
    return rc;
}

/* generate: the File resource for r, in cat (content NULL at validation). */
static Resource *cf_file(Catalog *cat, const Resource *r, const char *content, int sensitive)
{
    Arena *a = cat->arena;
    Resource *f = cat_add(cat, "File", cf_path(r));
    Buf s = BUF_INIT;
    int absent = modfile_str(r, "ensure", &s) && !strcmp(s.s, "absent");
    buf_free(&s);
    cat_res_set(cat, f, "ensure", val_cstr(a, absent ? "absent" : "file"));
    cat_res_set(cat, f, "path", val_cstr(a, cf_path(r)));
    for (size_t i = 1; i < sizeof file_params / sizeof file_params[0]; i++) {
        Value *v = provider_param(r, file_params[i]);
        if (v) cat_res_set(cat, f, file_params[i], v);
    }
    if (!provider_param(r, "replace")) cat_res_set(cat, f, "replace", val_bool(1));   /* the type's default */
    for (size_t i = 0; i < sizeof copied_meta / sizeof copied_meta[0]; i++) {
        Value *v = provider_param(r, copied_meta[i]);
        if (v) cat_res_set(cat, f, copied_meta[i], v);
    }
    /* one Sensitive fragment makes the whole content Sensitive */
    if (content) cat_res_set(cat, f, "content", sensitive ? val_sensitive(a, val_cstr(a, content)) : val_cstr(a, content));
    f->line = 0;
    f->file = NULL;
    return f;
}

static int cf_validate(const Resource *r, Buf *err)
{
    if (cf_check(r, err) != 0) return -1;
    Arena a;
    Catalog cat;
    arena_init(&a);
    cat_init(&cat, &a);
    int rc = file_validate_generated(cf_file(&cat, r, "", 0), err);
    cat_free(&cat);
    arena_free(&a);
    return rc;
}

static int cf_apply(TxRes *t)
{
    const Resource *r = tx_resource(t);
    Buf content = BUF_INIT, err = BUF_INIT, s = BUF_INIT;
    int rc = -1, have = 1;
    if (modfile_str(r, "format", &s) && !strcmp(s.s, "yaml")) {
        tx_log(t, LL_ERR, NULL, "Could not evaluate: mapply cannot write concat_file's format 'yaml' yet");
        goto out;
    }
    /* Puppet logs a failed eval_generate and still syncs the File that
     * generate made, without content (so a missing file is created empty) */
    int sensitive = 0;
    if (cf_content(t, r, &content, &sensitive, &err) != 0) {
        tx_log(t, LL_ERR, NULL, "Failed to generate additional resources using 'eval_generate': %s", buf_cstr(&err));
        have = 0;
    }
    Arena a;
    Catalog cat;
    arena_init(&a);
    cat_init(&cat, &a);
    int before = tx_events(t);
    rc = file_sync_generated(t, cf_file(&cat, r, have ? buf_cstr(&content) : NULL, sensitive));
    if (rc == 0 && tx_noop(t) && tx_events(t) > before)
        tx_generated_noop(t, r->title);
    cat_free(&cat);
    arena_free(&a);
out:
    buf_free(&content);
    buf_free(&err);
    buf_free(&s);
    return rc;
}

/* autorequire(:file) { [self[:path]] } */
static void cf_autorequire(const Catalog *c, const Resource *r, AutoreqFn add, void *ctx)
{
    add(ctx, "File", cf_path(r));
}

const Provider provider_concat_file = {
    .type = "concat_file",
    .validate = cf_validate,
    .apply = cf_apply,
    .autorequire = cf_autorequire,
};

const Provider provider_concat_fragment = {
    .type = "concat_fragment",
    .validate = frag_validate,
    .apply = frag_apply,
};
