/*
 * repo.c - mpm's repositories.  A repository is a directory of .spm files
 * with an SPM-METADATA index, reached by file://, http://, https:// or
 * ftp:// (the last three through libcurl, with optional basic auth or FTP
 * login).  The index keeps
 * SPM's layout (name: {filename, info: <the whole FORMULA>}), keys sorted,
 * so SPM and mpm read each other's; the FORMULA of each entry is read back
 * with the same parser as a package's own, so a repository can never say
 * more about a package than its FORMULA does.
 */
#include "pkg/repo.h"
#include "pkg/spmfile.h"
#include "pkg/version.h"
#include "base/atomic.h"
#include "base/sha256.h"
#include "base/util.h"
#include <curl/curl.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>

static const char *scalar(Arena *a, yaml_node_t *n)
{
    return n && n->type == YAML_SCALAR_NODE ? arena_strndup(a, (const char *)n->data.scalar.value, n->data.scalar.length) : NULL;
}

/* Parses text (the contents of what file names) into *doc; on a YAML
 * error, says where in err and returns -1 (then there is no document to delete). */
static int load_doc(const char *file, const char *text, size_t len, yaml_document_t *doc, Buf *err)
{
    yaml_parser_t p;
    yaml_parser_initialize(&p);
    yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
    if (!yaml_parser_load(&p, doc)) {
        buf_printf(err, "%s: %s at line %zu", file, p.problem ? p.problem : "YAML error", p.problem_mark.line + 1);
        yaml_parser_delete(&p);
        return -1;
    }
    yaml_parser_delete(&p);
    return 0;
}

int repo_parse_config(Arena *a, const char *file, const char *text, size_t len, Repo **v, size_t *n, Buf *err)
{
    yaml_document_t doc;
    if (load_doc(file, text, len, &doc, err) < 0)
        return -1;
    int rc = 0;
    yaml_node_t *root = yaml_document_get_root_node(&doc);
    if (root && root->type == YAML_MAPPING_NODE) {
        for (yaml_node_pair_t *pr = root->data.mapping.pairs.start; pr < root->data.mapping.pairs.top && !rc; pr++) {
            const char *name = scalar(a, yaml_document_get_node(&doc, pr->key));
            yaml_node_t *m = yaml_document_get_node(&doc, pr->value);
            if (!name || !m || m->type != YAML_MAPPING_NODE) {
                buf_printf(err, "%s: repository %s is not a mapping", file, name ? name : "?");
                rc = -1;
                break;
            }
            Repo r = {name, NULL, NULL, NULL, NULL, 1};
            for (yaml_node_pair_t *q = m->data.mapping.pairs.start; q < m->data.mapping.pairs.top; q++) {
                const char *k = scalar(a, yaml_document_get_node(&doc, q->key));
                const char *val = scalar(a, yaml_document_get_node(&doc, q->value));
                if (!k || !val) continue;
                if (!strcmp(k, "url")) r.url = val;
                else if (!strcmp(k, "username")) r.username = val;
                else if (!strcmp(k, "password")) r.password = val;
                else if (!strcmp(k, "ca_file")) r.ca_file = val;
                else if (!strcmp(k, "enabled"))
                    r.enabled = !(!strcmp(val, "false") || !strcmp(val, "False") || !strcmp(val, "no") || !strcmp(val, "0"));
            }
            if (!r.url) {
                buf_printf(err, "%s: repository %s has no url", file, name);
                rc = -1;
                break;
            }
            char *u = arena_strdup(a, r.url);
            for (size_t l = strlen(u); l > 0 && u[l - 1] == '/'; l--) u[l - 1] = 0;
            r.url = u;
            if (strncmp(u, "file://", 7) && strncmp(u, "http://", 7) && strncmp(u, "https://", 8) && strncmp(u, "ftp://", 6)) {
                buf_printf(err, "%s: repository %s: unsupported url %s (file://, http://, https:// or ftp://)", file, name, u);
                rc = -1;
                break;
            }
            size_t i;
            for (i = 0; i < *n && strcmp((*v)[i].name, name); i++) {}
            if (i == *n) {
                Repo *w = arena_alloc(a, (*n + 1) * sizeof *w);
                if (*n) memcpy(w, *v, *n * sizeof *w);
                *v = w;
                (*n)++;
            }
            (*v)[i] = r;
        }
    } else if (root && !(root->type == YAML_SCALAR_NODE && !root->data.scalar.length)) {
        buf_printf(err, "%s: not a YAML mapping of repositories", file);
        rc = -1;
    }
    yaml_document_delete(&doc);
    return rc;
}

int repo_parse_settings(Arena *a, const char *file, const char *text, size_t len, const char ***keys,
                        const char ***vals, size_t *n, Buf *err)
{
    yaml_document_t doc;
    *n = 0;
    if (load_doc(file, text, len, &doc, err) < 0)
        return -1;
    int rc = 0;
    yaml_node_t *root = yaml_document_get_root_node(&doc);
    if (root && root->type == YAML_MAPPING_NODE) {
        size_t np = (size_t)(root->data.mapping.pairs.top - root->data.mapping.pairs.start);
        *keys = arena_alloc(a, (np + 1) * sizeof **keys);
        *vals = arena_alloc(a, (np + 1) * sizeof **vals);
        for (yaml_node_pair_t *pr = root->data.mapping.pairs.start; pr < root->data.mapping.pairs.top; pr++) {
            const char *k = scalar(a, yaml_document_get_node(&doc, pr->key));
            const char *v = scalar(a, yaml_document_get_node(&doc, pr->value));
            if (!k || !v) continue;   /* lists and mappings: keys mpm does not use */
            (*keys)[*n] = k;
            (*vals)[(*n)++] = v;
        }
    } else if (root && !(root->type == YAML_SCALAR_NODE && !root->data.scalar.length)) {
        buf_printf(err, "%s: not a YAML mapping of settings", file);
        rc = -1;
    }
    yaml_document_delete(&doc);
    return rc;
}

typedef struct Sink { Buf *out; size_t max; int too_big; } Sink;

static size_t sink_write(char *data, size_t size, size_t nmemb, void *p)
{
    Sink *s = p;
    size_t n = size * nmemb;
    if (s->out->len + n > s->max) { s->too_big = 1; return 0; }
    buf_add(s->out, data, n);
    return n;
}

int repo_fetch(const Repo *r, const char *file, size_t max, Buf *out, Buf *err)
{
    if (!strncmp(r->url, "file://", 7)) {
        char *path = xmalloc(strlen(r->url) + strlen(file) + 2);
        sprintf(path, "%s/%s", r->url + 7, file);
        struct stat st;
        int rc = 0;
        if (stat(path, &st) != 0 || buf_read_file(out, path, 0) != 0) {
            buf_printf(err, "Cannot read %s: %s", path, strerror(errno));
            rc = -1;
        }
        free(path);
        return rc;
    }
    if (r->username && !r->password) {
        buf_printf(err, "Auth defined, but password is not set for username: '%s'", r->username);
        return -1;
    }
    static int curl_ready;
    if (!curl_ready) { curl_global_init(CURL_GLOBAL_DEFAULT); curl_ready = 1; }
    CURL *c = curl_easy_init();
    if (!c) { buf_adds(err, "Cannot start libcurl"); return -1; }
    char *url = xmalloc(strlen(r->url) + strlen(file) + 2);
    sprintf(url, "%s/%s", r->url, file);
    char cerr[CURL_ERROR_SIZE] = "";
    Sink s = {out, max, 0};
    curl_easy_setopt(c, CURLOPT_URL, url);
    curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https,ftp");
    curl_easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(c, CURLOPT_MAXREDIRS, 5L);
    curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, 30L);
    curl_easy_setopt(c, CURLOPT_LOW_SPEED_LIMIT, 1L);
    curl_easy_setopt(c, CURLOPT_LOW_SPEED_TIME, 60L);
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(c, CURLOPT_ERRORBUFFER, cerr);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, sink_write);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &s);
    curl_easy_setopt(c, CURLOPT_USERAGENT, "mpm/0.1");
    if (r->ca_file) curl_easy_setopt(c, CURLOPT_CAINFO, r->ca_file);
    if (r->username) {   /* basic auth, or the FTP login */
        curl_easy_setopt(c, CURLOPT_HTTPAUTH, (long)CURLAUTH_BASIC);
        curl_easy_setopt(c, CURLOPT_USERNAME, r->username);
        curl_easy_setopt(c, CURLOPT_PASSWORD, r->password);
    }
    CURLcode cc = curl_easy_perform(c);
    long status = 0;
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
    int rc = -1;
    if (s.too_big) buf_printf(err, "Cannot fetch %s: bigger than %zu bytes", url, max);
    else if (cc != CURLE_OK) buf_printf(err, "Cannot fetch %s: %s", url, *cerr ? cerr : curl_easy_strerror(cc));
    else if (status >= 400 && strncmp(url, "ftp://", 6)) buf_printf(err, "Cannot fetch %s: HTTP status %ld", url, status);
    else if (out->len == 0) buf_adds(err, "Response is empty, please check for Errors above.");
    else rc = 0;
    curl_easy_cleanup(c);
    free(url);
    return rc;
}

int repo_parse_metadata(Arena *a, const Repo *r, const char *text, size_t len, RepoEntry **v, size_t *n, Buf *err)
{
    yaml_document_t doc;
    if (load_doc(arena_printf(a, "SPM-METADATA of %s", r->name), text, len, &doc, err) < 0)
        return -1;
    int rc = 0;
    yaml_node_t *root = yaml_document_get_root_node(&doc);
    if (root && root->type == YAML_MAPPING_NODE) {
        size_t np = (size_t)(root->data.mapping.pairs.top - root->data.mapping.pairs.start);
        RepoEntry *w = arena_alloc(a, (*n + np + 1) * sizeof *w);
        if (*n) memcpy(w, *v, *n * sizeof *w);
        *v = w;
        for (yaml_node_pair_t *pr = root->data.mapping.pairs.start; pr < root->data.mapping.pairs.top; pr++) {
            yaml_node_t *m = yaml_document_get_node(&doc, pr->value);
            if (!m || m->type != YAML_MAPPING_NODE) continue;
            const char *filename = NULL, *sum = NULL;
            yaml_node_t *info = NULL;
            for (yaml_node_pair_t *q = m->data.mapping.pairs.start; q < m->data.mapping.pairs.top; q++) {
                const char *k = scalar(a, yaml_document_get_node(&doc, q->key));
                if (k && !strcmp(k, "filename")) filename = scalar(a, yaml_document_get_node(&doc, q->value));
                if (k && !strcmp(k, "info")) info = yaml_document_get_node(&doc, q->value);
                if (k && !strcmp(k, "sha256")) sum = scalar(a, yaml_document_get_node(&doc, q->value));
            }
            if (!filename || !info || strchr(filename, '/') || filename[0] == '.') continue;
            /* the info mapping's scalars back to text, then through the FORMULA parser */
            Buf ft = BUF_INIT;
            if (info->type == YAML_MAPPING_NODE) {
                for (yaml_node_pair_t *q = info->data.mapping.pairs.start; q < info->data.mapping.pairs.top; q++) {
                    yaml_node_t *k = yaml_document_get_node(&doc, q->key), *val = yaml_document_get_node(&doc, q->value);
                    if (!k || !val || k->type != YAML_SCALAR_NODE || val->type != YAML_SCALAR_NODE) continue;
                    formula_quote(&ft, (const char *)k->data.scalar.value);
                    buf_adds(&ft, ": ");
                    if (val->data.scalar.style == YAML_PLAIN_SCALAR_STYLE && !strcmp((const char *)val->data.scalar.value, "null"))
                        buf_adds(&ft, "null");
                    else if (val->data.scalar.style == YAML_PLAIN_SCALAR_STYLE)
                        buf_add(&ft, val->data.scalar.value, val->data.scalar.length);
                    else
                        formula_quote(&ft, (const char *)val->data.scalar.value);
                    buf_addc(&ft, '\n');
                }
            }
            Buf ferr = BUF_INIT;
            Formula *f = formula_parse(a, buf_cstr(&ft), ft.len, FORMULA_INSTALL, &ferr);
            buf_free(&ft);
            if (!f) {
                fprintf(stderr, "mpm: warning: repository %s: skipping %s: %s\n", r->name, filename, buf_cstr(&ferr));
                buf_free(&ferr);
                continue;
            }
            buf_free(&ferr);
            (*v)[(*n)++] = (RepoEntry){r, filename, sum, f};
        }
    } else if (root && !(root->type == YAML_SCALAR_NODE && !root->data.scalar.length)) {
        buf_printf(err, "SPM-METADATA of %s: not a mapping", r->name);
        rc = -1;
    }
    yaml_document_delete(&doc);
    return rc;
}

typedef struct Found { const char *file; SpmPackage pkg; char sum[65]; } Found;

static int newer(const Formula *a, const Formula *b)
{
    int c = pkgver_cmp(a->version, b->version);
    return c ? c > 0 : pkgver_cmp(a->release, b->release) > 0;
}

static int by_file(const struct dirent **x, const struct dirent **y) { return strcmp((*x)->d_name, (*y)->d_name); }

int repo_create(Arena *a, const char *dir, const char *dups, Buf *err)
{
    struct dirent **names;
    int nn = scandir(dir, &names, NULL, by_file);
    if (nn < 0) {
        buf_printf(err, "Cannot read %s: %s", dir, strerror(errno));
        return -1;
    }
    Found *best = arena_alloc(a, ((size_t)nn + 1) * sizeof *best);
    size_t nbest = 0;
    const char **old = arena_alloc(a, ((size_t)nn + 1) * sizeof *old);
    size_t nold = 0;
    int rc = 0;
    for (int i = 0; i < nn; i++) {
        const char *d = names[i]->d_name;
        size_t l = strlen(d);
        if (l < 5 || strcmp(d + l - 4, ".spm") || d[0] == '.') continue;
        Found fnd = {arena_strdup(a, d), {0}, ""};
        Buf perr = BUF_INIT, bytes = BUF_INIT;
        const char *path = arena_printf(a, "%s/%s", dir, d);
        if (buf_read_file(&bytes, path, 0) != 0) {
            fprintf(stderr, "mpm: warning: skipping %s: %s\n", path, strerror(errno));
            continue;
        }
        sha256_hex(buf_cstr(&bytes), bytes.len, fnd.sum);
        int bad = spm_read(a, path, bytes.s, bytes.len, &fnd.pkg, &perr);
        buf_free(&bytes);
        if (bad) {
            fprintf(stderr, "mpm: warning: skipping %s/%s: %s\n", dir, d, buf_cstr(&perr));
            buf_free(&perr);
            continue;
        }
        buf_free(&perr);
        size_t k;
        for (k = 0; k < nbest && strcmp(best[k].pkg.f->name, fnd.pkg.f->name); k++) {}
        if (k == nbest) {
            best[nbest++] = fnd;
        } else if (newer(fnd.pkg.f, best[k].pkg.f)) {
            old[nold++] = best[k].file;
            best[k] = fnd;
        } else {
            old[nold++] = fnd.file;
        }
    }
    for (int i = 0; i < nn; i++) free(names[i]);
    free(names);
    /* sorted by name (SPM's safe_dump sorts keys) */
    for (size_t i = 1; i < nbest; i++)
        for (size_t j = i; j > 0 && strcmp(best[j - 1].pkg.f->name, best[j].pkg.f->name) > 0; j--) {
            Found t = best[j]; best[j] = best[j - 1]; best[j - 1] = t;
        }
    Buf out = BUF_INIT;
    for (size_t i = 0; i < nbest; i++) {
        const Formula *f = best[i].pkg.f;
        buf_adds(&out, f->name);
        buf_adds(&out, ":\n    filename: ");
        formula_quote(&out, best[i].file);
        buf_adds(&out, "\n    info:");
        if (formula_dump_yaml(f->text, strlen(f->text), 8, &out) != 0) {
            buf_printf(err, "Cannot read the FORMULA of %s", best[i].file);
            buf_free(&out);
            return -1;
        }
        buf_printf(&out, "    sha256: \"%s\"\n", best[i].sum);   /* keys sorted, as SPM writes them */
    }
    if (!nbest) buf_adds(&out, "{}\n");
    if (atomic_replace_in(dir, "SPM-METADATA", "mpm", out.s, out.len, -1, 0) != 0) {
        buf_printf(err, "Cannot write %s/SPM-METADATA: %s", dir, strerror(errno));
        rc = -1;
    }
    buf_free(&out);
    if (rc) return rc;
    /* REC: older files are archived or deleted in the repo directory, not the cwd */
    for (size_t i = 0; i < nold; i++) {
        char *p = arena_printf(a, "%s/%s", dir, old[i]);
        if (!strcmp(dups, "delete")) {
            if (unlink(p) != 0) fprintf(stderr, "mpm: warning: cannot delete %s: %s\n", p, strerror(errno));
        } else if (!strcmp(dups, "archive")) {
            char *ad = arena_printf(a, "%s/archive", dir);
            mkdir(ad, 0755);
            if (rename(p, arena_printf(a, "%s/%s", ad, old[i])) != 0)
                fprintf(stderr, "mpm: warning: cannot archive %s: %s\n", p, strerror(errno));
        }
    }
    return 0;
}
