/*
 * puppetdb.c - the store as PuppetDB, over its HTTP API with libcurl.
 *
 * What Puppet's PuppetDB termini do, from C: a successful compile is sent
 * as the "replace facts" (v5) and "replace catalog" (v9) commands
 * (POST /pdb/cmd/v1, the payloads built by store/pdbwire.c); a collector
 * asks /pdb/query/v4/resources with PuppetDB's AST query (the type,
 * exported, not this node, and the collector's own query, translated by the
 * compiler); puppetdb_query() posts its query to /pdb/query/v4.  The server
 * URLs are tried in order, the next one only when a server cannot be
 * reached (as the termini fail over); every request has a time limit, and
 * any failure is an error for the caller: a catalog is never made with
 * collected resources silently missing.
 *
 * libcurl is loaded (dlopen) by the first request, not linked: its TLS
 * and the libraries under it would cost every compile several ms of
 * start-up and a heap the huge pages do not cover.
 *
 * PuppetDB processes commands asynchronously.  With MCOMP_PUPPETDB_WAIT=N
 * in the environment, each command asks PuppetDB to answer only once it
 * processed it (at most N seconds: its secondsToWaitForCompletion), and a
 * command PuppetDB could not process is an error: what a test, or a run
 * that must read its own writes, needs.
 */
#define _GNU_SOURCE
#include "store/backend.h"
#include "store/puppetdb.h"
#include "base/buf.h"
#include "base/util.h"
#include "catalog/json.h"
#include "catalog/jsonparse.h"
#define CURL_DISABLE_TYPECHECK       /* curl_easy_setopt is a plain function here */
#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct Pdb {
    char **urls;                 /* without a trailing '/' */
    size_t nurls;
    char *cacert, *cert, *key;
    long timeout;
    long wait;                   /* MCOMP_PUPPETDB_WAIT, or 0 */
};

typedef struct PdbStore {
    Store base;
    Pdb *pdb;
} PdbStore;

static char *dup_or_null(const char *s) { return s && *s ? xstrndup(s, strlen(s)) : NULL; }

/* The libcurl functions used, from the library loaded at the first request. */
static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} lc;
static char curl_error[256];      /* why libcurl could not be loaded ("" once it is) */
#define curl_global_init lc.global_init
#define curl_easy_init lc.easy_init
#undef curl_easy_setopt             /* curl.h's own macros of these two */
#undef curl_easy_getinfo
#define curl_easy_setopt lc.easy_setopt
#define curl_easy_perform lc.easy_perform
#define curl_easy_getinfo lc.easy_getinfo
#define curl_easy_cleanup lc.easy_cleanup
#define curl_easy_strerror lc.easy_strerror
#define curl_slist_append lc.slist_append
#define curl_slist_free_all lc.slist_free_all

static pthread_once_t curl_once = PTHREAD_ONCE_INIT;
static void curl_init(void)
{
    void *h = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    const char *why = h ? NULL : dlerror();
    /* POSIX's way to take a function from dlsym */
#define LOAD(field, name) if (!why && !(*(void **)&lc.field = dlsym(h, name))) why = dlerror()
    LOAD(global_init, "curl_global_init");
    LOAD(easy_init, "curl_easy_init");
    LOAD(easy_setopt, "curl_easy_setopt");
    LOAD(easy_perform, "curl_easy_perform");
    LOAD(easy_getinfo, "curl_easy_getinfo");
    LOAD(easy_cleanup, "curl_easy_cleanup");
    LOAD(easy_strerror, "curl_easy_strerror");
    LOAD(slist_append, "curl_slist_append");
    LOAD(slist_free_all, "curl_slist_free_all");
#undef LOAD
    if (why) {
        snprintf(curl_error, sizeof curl_error, "cannot load libcurl: %s", why);
        return;
    }
    curl_global_init(CURL_GLOBAL_DEFAULT);
}

Pdb *pdb_open(const StorePdbConfig *cfg, char **err)
{
    if (!cfg->server_urls || !*cfg->server_urls) {
        *err = store_errf("PuppetDB: no server URL");
        return NULL;
    }
    Pdb *p = xcalloc(1, sizeof *p);
    for (const char *s = cfg->server_urls; *s;) {
        while (*s == ',' || *s == ' ' || *s == '\t') s++;
        size_t n = strcspn(s, ",");
        while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '/')) n--;
        if (n) {
            char *u = xstrndup(s, n);
            if (strncmp(u, "http://", 7) && strncmp(u, "https://", 8)) {
                *err = store_errf("PuppetDB: server URL '%s' is not http:// or https://", u);
                free(u);
                pdb_close(p);
                return NULL;
            }
            p->urls = xrealloc(p->urls, (p->nurls + 1) * sizeof *p->urls);
            p->urls[p->nurls++] = u;
        }
        s += strcspn(s, ",");
    }
    if (!p->nurls) {
        *err = store_errf("PuppetDB: no server URL in '%s'", cfg->server_urls);
        pdb_close(p);
        return NULL;
    }
    p->cacert = dup_or_null(cfg->cacert);
    p->cert = dup_or_null(cfg->cert);
    p->key = dup_or_null(cfg->key);
    p->timeout = cfg->timeout > 0 ? cfg->timeout : 30;
    const char *w = getenv("MCOMP_PUPPETDB_WAIT");
    p->wait = w ? strtol(w, NULL, 10) : 0;
    if (p->wait < 0) p->wait = 0;
    pthread_once(&curl_once, curl_init);
    if (*curl_error) {
        *err = store_errf("PuppetDB: %s", curl_error);
        pdb_close(p);
        return NULL;
    }
    return p;
}

void pdb_close(Pdb *p)
{
    if (!p) return;
    for (size_t i = 0; i < p->nurls; i++) free(p->urls[i]);
    free(p->urls);
    free(p->cacert);
    free(p->cert);
    free(p->key);
    free(p);
}

static size_t on_body(char *data, size_t size, size_t n, void *ctx)
{
    buf_add(ctx, data, size * n);
    return size * n;
}

/* One request (POST when body is not NULL) to path on each server in turn
 * until one answers.  The answer's body is *out (malloc'd) when the status
 * is 200; otherwise NULL with *err. */
static char *request(Pdb *p, const char *path, const char *body, long wait, char **err)
{
    char *last = NULL;
    for (size_t i = 0; i < p->nurls; i++) {
        CURL *h = curl_easy_init();
        if (!h) {
            *err = store_errf("PuppetDB: cannot start an HTTP request");
            free(last);
            return NULL;
        }
        char *url = NULL;
        if (asprintf(&url, "%s%s", p->urls[i], path) < 0) util_oom();
        Buf resp = BUF_INIT;
        char ebuf[CURL_ERROR_SIZE] = "";
        struct curl_slist *hd = curl_slist_append(NULL, "Accept: application/json");
        if (body) hd = curl_slist_append(hd, "Content-Type: application/json; charset=UTF-8");
        curl_easy_setopt(h, CURLOPT_URL, url);
        curl_easy_setopt(h, CURLOPT_HTTPHEADER, hd);
        curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
        curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT, p->timeout < 10 ? p->timeout : 10L);
        curl_easy_setopt(h, CURLOPT_TIMEOUT, p->timeout + wait);
        curl_easy_setopt(h, CURLOPT_ERRORBUFFER, ebuf);
        curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, on_body);
        curl_easy_setopt(h, CURLOPT_WRITEDATA, &resp);
        curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
        curl_easy_setopt(h, CURLOPT_ACCEPT_ENCODING, "");
        if (p->cacert) curl_easy_setopt(h, CURLOPT_CAINFO, p->cacert);
        if (p->cert) curl_easy_setopt(h, CURLOPT_SSLCERT, p->cert);
        if (p->key) curl_easy_setopt(h, CURLOPT_SSLKEY, p->key);
        if (body) {
            curl_easy_setopt(h, CURLOPT_POST, 1L);
            curl_easy_setopt(h, CURLOPT_POSTFIELDS, body);
            curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)strlen(body));
        }
        CURLcode rc = curl_easy_perform(h);
        long status = 0;
        curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
        curl_slist_free_all(hd);
        curl_easy_cleanup(h);
        free(last);
        last = NULL;
        if (rc == CURLE_OK && status == 200) {
            free(url);
            char *s = xstrndup(buf_cstr(&resp), resp.len);
            buf_free(&resp);
            return s;
        }
        if (rc != CURLE_OK) {
            /* a server that cannot be reached: the next one, if any */
            last = store_errf("PuppetDB at %s: %s", p->urls[i], *ebuf ? ebuf : curl_easy_strerror(rc));
            free(url);
            buf_free(&resp);
            continue;
        }
        /* the server answered no: that is the answer (newlines dropped, as the termini) */
        char *msg = xstrndup(buf_cstr(&resp), resp.len > 600 ? 600 : resp.len);
        for (char *q = msg; *q; q++)
            if (*q == '\n' || *q == '\r') *q = ' ';
        *err = store_errf("PuppetDB at %s: HTTP %ld for %s%s%s", p->urls[i], status, path, *msg ? ": " : "", msg);
        free(msg);
        free(url);
        buf_free(&resp);
        return NULL;
    }
    *err = last;
    return NULL;
}

/* s %-encoded for a URL's query string */
static void put_escaped(Buf *b, const char *s)
{
    static const char hex[] = "0123456789ABCDEF";
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || strchr("-._~", c)) {
            buf_addc(b, (char)c);
        } else {
            buf_addc(b, '%');
            buf_addc(b, hex[c >> 4]);
            buf_addc(b, hex[c & 15]);
        }
    }
}

int pdb_command(Pdb *p, const char *command, int version, const char *certname, const char *payload, char **err)
{
    Buf path = BUF_INIT;
    buf_adds(&path, "/pdb/cmd/v1?command=");
    for (const char *c = command; *c; c++) buf_addc(&path, *c == ' ' ? '_' : *c);
    buf_printf(&path, "&version=%d&certname=", version);
    put_escaped(&path, certname);
    if (p->wait) buf_printf(&path, "&secondsToWaitForCompletion=%ld", p->wait);
    char *e = NULL;
    char *resp = request(p, buf_cstr(&path), payload, p->wait, &e);
    int rc = 0;
    if (!resp) {
        *err = store_errf("cannot submit \"%s\" for %s: %s", command, certname, e);
        rc = -1;
    } else if (p->wait) {
        /* the answer says whether PuppetDB processed the command, and how it went */
        Arena a;
        arena_init(&a);
        Buf jerr = BUF_INIT;
        Value *v = json_parse(&a, resp, strlen(resp), &jerr);
        Value *processed = v && v->kind == V_HASH ? val_hash_gets(v, "processed") : NULL;
        Value *why = v && v->kind == V_HASH ? val_hash_gets(v, "error") : NULL;
        if (why && why->kind == V_STR) {
            *err = store_errf("PuppetDB could not process \"%s\" for %s: %s", command, certname, why->str.s);
            rc = -1;
        } else if (!processed || processed->kind != V_BOOL || !processed->b) {
            *err = store_errf("PuppetDB did not process \"%s\" for %s within %ld seconds", command, certname, p->wait);
            rc = -1;
        }
        buf_free(&jerr);
        arena_free(&a);
    }
    free(e);
    free(resp);
    buf_free(&path);
    return rc;
}

char *pdb_query(Pdb *p, const char *endpoint, const char *query_json, char **err)
{
    Buf path = BUF_INIT;
    buf_adds(&path, endpoint);
    if (query_json) {
        buf_adds(&path, "?query=");
        put_escaped(&path, query_json);
    }
    char *e = NULL;
    char *resp = request(p, buf_cstr(&path), NULL, 0, &e);
    if (!resp) *err = e;
    buf_free(&path);
    return resp;
}

char *pdb_post_query(Pdb *p, const char *query_json, char **err)
{
    Buf body = BUF_INIT;
    buf_adds(&body, "{\"query\":");
    buf_adds(&body, query_json);
    buf_addc(&body, '}');
    char *e = NULL;
    char *resp = request(p, "/pdb/query/v4", buf_cstr(&body), 0, &e);
    if (!resp) *err = e;
    buf_free(&body);
    return resp;
}

/* ---- the store's operations ---- */

static int pdbs_save(Store *base, const StoreNode *node, char **err)
{
    Pdb *p = ((PdbStore *)base)->pdb;
    if (node->facts_json && pdb_command(p, "replace facts", 5, node->certname, node->facts_json, err) != 0) return -1;
    return pdb_command(p, "replace catalog", 9, node->certname, node->catalog_json, err);
}

/* JSON text of s */
static void put_json_str(Buf *b, const char *s) { cat_json_str(b, s, strlen(s)); }

static const char *str_field(const Value *o, const char *key)
{
    const Value *v = val_hash_gets(o, key);
    return v && v->kind == V_STR ? v->str.s : NULL;
}

static int by_node_title(const void *a, const void *b)
{
    const Value *x = *(const Value *const *)a, *y = *(const Value *const *)b;
    const char *cx = str_field(x, "certname"), *cy = str_field(y, "certname");
    int d = strcmp(cx ? cx : "", cy ? cy : "");
    if (d) return d;
    const char *tx = str_field(x, "title"), *ty = str_field(y, "title");
    return strcmp(tx ? tx : "", ty ? ty : "");
}

/* A resource PuppetDB returns, as the catalog resource object the store
 * hands out (kind: a define's instance is found as one by the compiler). */
static void resource_object(Buf *b, const Value *o, Buf *tmp)
{
    buf_adds(b, "{\"type\":");
    put_json_str(b, str_field(o, "type"));
    buf_adds(b, ",\"title\":");
    put_json_str(b, str_field(o, "title"));
    const Value *tags = val_hash_gets(o, "tags");
    buf_adds(b, ",\"tags\":");
    if (tags && tags->kind == V_ARRAY) {
        buf_clear(tmp);
        pdb_value_json(tmp, tags);
        buf_add(b, buf_cstr(tmp), tmp->len);
    } else {
        buf_adds(b, "[]");
    }
    const char *file = str_field(o, "file");
    if (file) {
        buf_adds(b, ",\"file\":");
        put_json_str(b, file);
    }
    const Value *line = val_hash_gets(o, "line");
    if (line && line->kind == V_INT) buf_printf(b, ",\"line\":%lld", (long long)line->i);
    buf_adds(b, ",\"exported\":true,\"kind\":\"unknown\"");     /* PuppetDB does not keep it */
    const Value *params = val_hash_gets(o, "parameters");
    if (params && params->kind == V_HASH && params->hash.n) {
        buf_adds(b, ",\"parameters\":");
        buf_clear(tmp);
        pdb_value_json(tmp, params);
        buf_add(b, buf_cstr(tmp), tmp->len);
    }
    buf_addc(b, '}');
}

static int pdbs_query(Store *base, const char *type, const char *except_certname, const char *filter,
                      int (*each)(void *ctx, const StoreRes *r), void *ctx, char **err)
{
    Pdb *p = ((PdbStore *)base)->pdb;
    Buf q = BUF_INIT;
    buf_adds(&q, "[\"and\",[\"=\",\"type\",");
    put_json_str(&q, type);
    buf_adds(&q, "],[\"=\",\"exported\",true],[\"not\",[\"=\",\"certname\",");
    put_json_str(&q, except_certname ? except_certname : "");
    buf_adds(&q, "]]");
    if (filter) {
        buf_addc(&q, ',');
        buf_adds(&q, filter);
    }
    buf_addc(&q, ']');
    char *e = NULL;
    char *resp = pdb_query(p, "/pdb/query/v4/resources", buf_cstr(&q), &e);
    buf_free(&q);
    if (!resp) {
        *err = store_errf("Could not retrieve resources from the PuppetDB: %s", e);
        free(e);
        return -1;
    }
    Arena a;
    arena_init(&a);
    Buf jerr = BUF_INIT, obj = BUF_INIT, tmp = BUF_INIT;
    Value *v = json_parse(&a, resp, strlen(resp), &jerr);
    int rc = 0;
    if (!v || v->kind != V_ARRAY) {
        *err = store_errf("PuppetDB answered the resources query with something else than an array%s%s",
                          jerr.len ? ": " : "", buf_cstr(&jerr));
        rc = -1;
    } else {
        Value **items = xmalloc((v->arr.n + 1) * sizeof *items);
        size_t n = 0;
        for (size_t i = 0; i < v->arr.n; i++) {
            Value *o = v->arr.items[i];
            if (o->kind == V_HASH && str_field(o, "type") && str_field(o, "title") && str_field(o, "certname"))
                items[n++] = o;
        }
        qsort(items, n, sizeof *items, by_node_title);
        for (size_t i = 0; i < n; i++) {
            buf_clear(&obj);
            resource_object(&obj, items[i], &tmp);
            StoreRes r = {str_field(items[i], "certname"), str_field(items[i], "type"), str_field(items[i], "title"),
                          buf_cstr(&obj)};
            if (each(ctx, &r) != 0) break;
        }
        free(items);
    }
    buf_free(&jerr);
    buf_free(&obj);
    buf_free(&tmp);
    arena_free(&a);
    free(resp);
    return rc;
}

static char *pdbs_pdb_query(Store *base, const char *query_json, char **err)
{
    return pdb_post_query(((PdbStore *)base)->pdb, query_json, err);
}

static void pdbs_close(Store *base)
{
    PdbStore *s = (PdbStore *)base;
    pdb_close(s->pdb);
    free(s);
}

static const StoreOps pdb_ops = {1, pdbs_save, pdbs_query, pdbs_pdb_query, pdbs_close};

Store *store_open_puppetdb(const StorePdbConfig *cfg, char **err)
{
    Pdb *p = pdb_open(cfg, err);
    if (!p) return NULL;
    PdbStore *s = xcalloc(1, sizeof *s);
    s->base.ops = &pdb_ops;
    s->pdb = p;
    return &s->base;
}
