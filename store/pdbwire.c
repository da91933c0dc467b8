/*
 * pdbwire.c - the payloads of PuppetDB's "replace catalog" (wire format
 * v9) and "replace facts" (v5) commands, from the compiler's catalog and
 * facts: what Puppet's PuppetDB catalog terminus makes of a catalog.
 *
 * The catalog differs from Puppet's own JSON where the terminus changes
 * it: "certname" for "name", a string version, no "kind", no "classes",
 * the exported resources a compile did not collect kept (they are what
 * other nodes collect), Sensitive parameters left out (PuppetDB never sees
 * a secret), the unordered metaparameters' arrays sorted, and edges as
 * objects: the containment edges ("contains") and one per relationship
 * metaparameter (before, required-by, notifies, subscription-of, each
 * from the resource managed first), as PuppetDB's edge list has them.
 */
#define _GNU_SOURCE
#include "store/puppetdb.h"
#include "catalog/json.h"
#include "base/map.h"
#include "base/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

static void put_str(Buf *b, const char *s) { cat_json_str(b, s, strlen(s)); }

void pdb_value_json(Buf *b, const Value *v)
{
    Buf tmp = BUF_INIT;
    switch (v->kind) {
    case V_UNDEF: buf_adds(b, "null"); break;
    case V_BOOL: buf_adds(b, v->b ? "true" : "false"); break;
    case V_INT: buf_printf(b, "%lld", (long long)v->i); break;
    case V_STR: cat_json_str(b, v->str.s, v->str.len); break;
    case V_SENSITIVE: put_str(b, "Sensitive [value redacted]"); break;
    case V_ARRAY:
        buf_addc(b, '[');
        for (size_t i = 0; i < v->arr.n; i++) {
            if (i) buf_addc(b, ',');
            pdb_value_json(b, v->arr.items[i]);
        }
        buf_addc(b, ']');
        break;
    case V_HASH:
        buf_addc(b, '{');
        for (size_t i = 0; i < v->hash.n; i++) {
            if (i) buf_addc(b, ',');
            buf_clear(&tmp);
            if (v->hash.keys[i]->kind == V_STR) buf_add(&tmp, v->hash.keys[i]->str.s, v->hash.keys[i]->str.len);
            else val_to_s(&tmp, v->hash.keys[i]);
            cat_json_str(b, buf_cstr(&tmp), tmp.len);
            buf_addc(b, ':');
            pdb_value_json(b, v->hash.vals[i]);
        }
        buf_addc(b, '}');
        break;
    default:      /* floats as Ruby writes them; the rich types as their strings */
        val_to_s(&tmp, v);
        if (v->kind == V_FLOAT) buf_add(b, buf_cstr(&tmp), tmp.len);
        else cat_json_str(b, buf_cstr(&tmp), tmp.len);
        break;
    }
    buf_free(&tmp);
}

void pdb_now(char out[32])
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    struct tm tm;
    gmtime_r(&ts.tv_sec, &tm);
    char day[24];
    strftime(day, sizeof day, "%Y-%m-%dT%H:%M:%S", &tm);
    snprintf(out, 32, "%.19s.%03dZ", day, (int)(ts.tv_nsec / 1000000));
}

void pdb_uuid(char out[37])
{
    unsigned char u[16];
    if (getrandom(u, sizeof u, 0) != (ssize_t)sizeof u) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        for (size_t i = 0; i < sizeof u; i++)
            u[i] = (unsigned char)((unsigned long)ts.tv_nsec >> (i % 4 * 8) ^ (unsigned)getpid() * (i + 7));
    }
    u[6] = (unsigned char)((u[6] & 0x0f) | 0x40);
    u[8] = (unsigned char)((u[8] & 0x3f) | 0x80);
    char *p = out;
    for (int i = 0; i < 16; i++) {
        p += sprintf(p, "%02x", u[i]);
        if (i == 3 || i == 5 || i == 7 || i == 9) *p++ = '-';
    }
    *p = '\0';
}

/* what PuppetDB gets of the catalog: all but the unrealised virtual ones */
static int sent(const Resource *r) { return !r->is_virtual || r->exported; }

static int is_sensitive(const Resource *r, const char *name)
{
    for (uint32_t i = 0; i < r->nsensitive; i++)
        if (!strcmp(r->sensitive[i], name)) return 1;
    return 0;
}

static int by_text(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int unordered(const char *name)
{
    static const char *const names[] = {"alias", "audit", "before", "check", "notify", "require", "subscribe", "tag"};
    for (size_t i = 0; i < ARRAY_LEN(names); i++)
        if (!strcmp(names[i], name)) return 1;
    return 0;
}

static void put_param_value(Buf *b, const char *name, const Value *v)
{
    if (v->kind != V_ARRAY || !unordered(name) || v->arr.n < 2) {
        pdb_value_json(b, v);
        return;
    }
    /* sorted by their text, as the terminus sorts (to_s) */
    char **text = xcalloc(v->arr.n, sizeof *text);
    Buf t = BUF_INIT;
    for (size_t i = 0; i < v->arr.n; i++) {
        buf_clear(&t);
        pdb_value_json(&t, v->arr.items[i]);
        text[i] = xstrndup(buf_cstr(&t), t.len);
    }
    buf_free(&t);
    qsort(text, v->arr.n, sizeof *text, by_text);
    buf_addc(b, '[');
    for (size_t i = 0; i < v->arr.n; i++) {
        if (i) buf_addc(b, ',');
        buf_adds(b, text[i]);
        free(text[i]);
    }
    buf_addc(b, ']');
    free(text);
}

static void put_resource(Buf *b, const Resource *r)
{
    buf_adds(b, "{\"type\":");
    put_str(b, r->type);
    buf_adds(b, ",\"title\":");
    put_str(b, r->title);
    buf_adds(b, ",\"tags\":[");
    for (uint32_t i = 0; i < r->ntags; i++) {
        if (i) buf_addc(b, ',');
        put_str(b, r->tags[i]);
    }
    buf_addc(b, ']');
    if (r->file) {
        buf_adds(b, ",\"file\":");
        put_str(b, r->file);
    }
    if (r->line) buf_printf(b, ",\"line\":%d", r->line);
    buf_adds(b, r->exported ? ",\"exported\":true" : ",\"exported\":false");
    buf_adds(b, ",\"parameters\":{");
    int any = 0;
    for (uint32_t i = 0; i < r->nparams; i++) {
        const Param *p = &r->params[i];
        if (p->value->kind == V_UNDEF || p->value->kind == V_SENSITIVE || is_sensitive(r, p->name)) continue;
        if (any) buf_addc(b, ',');
        any = 1;
        put_str(b, p->name);
        buf_addc(b, ':');
        put_param_value(b, p->name, p->value);
    }
    buf_adds(b, "}}");
}

typedef struct Edges { Buf *b; Map seen; int first; Arena *a; } Edges;

static void put_edge(Edges *e, const Resource *src, const Resource *dst, const char *rel)
{
    const char *key = arena_printf(e->a, "%s\n%s\n%s", rel, src->ref, dst->ref);
    if (map_get(&e->seen, key, strlen(key))) return;
    map_put(&e->seen, key, strlen(key), (void *)1);
    Buf *b = e->b;
    if (!e->first) buf_addc(b, ',');
    e->first = 0;
    buf_adds(b, "{\"source\":{\"type\":");
    put_str(b, src->type);
    buf_adds(b, ",\"title\":");
    put_str(b, src->title);
    buf_adds(b, "},\"target\":{\"type\":");
    put_str(b, dst->type);
    buf_adds(b, ",\"title\":");
    put_str(b, dst->title);
    buf_adds(b, "},\"relationship\":");
    put_str(b, rel);
    buf_addc(b, '}');
}

/* the edges of one relationship metaparameter's value (references, or
 * arrays of them) */
static void param_edges(Edges *e, const Catalog *c, Resource *r, const Value *v, int forward, const char *rel)
{
    if (v->kind == V_ARRAY) {
        for (size_t i = 0; i < v->arr.n; i++) param_edges(e, c, r, v->arr.items[i], forward, rel);
        return;
    }
    Resource *o = cat_resolve_ref((Catalog *)c, v);
    if (!o || !sent(o) || o->is_virtual) return;     /* not in what PuppetDB gets */
    if (forward) put_edge(e, r, o, rel);
    else put_edge(e, o, r, rel);
}

void pdb_catalog_json(Buf *b, const Catalog *c, const char *version, const char *catalog_uuid,
                      const char *transaction_uuid, const char *producer)
{
    char now[32], uuid[37];
    pdb_now(now);
    if (!transaction_uuid) {
        pdb_uuid(uuid);
        transaction_uuid = uuid;
    }
    buf_adds(b, "{\"certname\":");
    put_str(b, c->name ? c->name : "");
    buf_adds(b, ",\"version\":");
    put_str(b, version ? version : "");
    buf_adds(b, ",\"environment\":");
    put_str(b, c->environment ? c->environment : "production");
    buf_adds(b, ",\"transaction_uuid\":");
    put_str(b, transaction_uuid);
    buf_adds(b, ",\"catalog_uuid\":");
    if (catalog_uuid) put_str(b, catalog_uuid);
    else buf_adds(b, "null");
    buf_adds(b, ",\"code_id\":null,\"job_id\":null,\"producer_timestamp\":");
    put_str(b, now);
    buf_adds(b, ",\"producer\":");
    if (producer) put_str(b, producer);
    else buf_adds(b, "null");
    buf_adds(b, ",\"resources\":[");
    int first = 1;
    for (size_t i = 0; i < c->nres; i++) {
        if (!sent(c->res[i])) continue;
        if (!first) buf_addc(b, ',');
        first = 0;
        put_resource(b, c->res[i]);
    }
    buf_adds(b, "],\"edges\":[");
    Arena a;
    arena_init(&a);
    Edges e = {b, {0}, 1, &a};
    map_init(&e.seen);
    for (size_t i = 0; i < c->nedges; i++)
        if (sent(c->edges[i].source) && sent(c->edges[i].target))
            put_edge(&e, c->edges[i].source, c->edges[i].target, "contains");
    static const struct { const char *param, *rel; int forward; } rels[] = {
        {"before", "before", 1}, {"require", "required-by", 0}, {"notify", "notifies", 1},
        {"subscribe", "subscription-of", 0}};
    for (size_t i = 0; i < c->nres; i++) {
        Resource *r = c->res[i];
        if (r->is_virtual) continue;      /* an uncollected export: no edges (as the terminus) */
        for (size_t k = 0; k < ARRAY_LEN(rels); k++) {
            const Value *v = cat_res_get(r, rels[k].param);
            if (v) param_edges(&e, c, r, v, rels[k].forward, rels[k].rel);
        }
    }
    map_free(&e.seen);
    arena_free(&a);
    buf_adds(b, "]}");
}

void pdb_facts_json(Buf *b, const char *certname, const char *environment, const Value *facts, const char *producer)
{
    char now[32];
    pdb_now(now);
    buf_adds(b, "{\"certname\":");
    put_str(b, certname);
    buf_adds(b, ",\"environment\":");
    put_str(b, environment ? environment : "production");
    buf_adds(b, ",\"producer_timestamp\":");
    put_str(b, now);
    buf_adds(b, ",\"producer\":");
    if (producer) put_str(b, producer);
    else buf_adds(b, "null");
    buf_adds(b, ",\"values\":");
    if (facts && facts->kind == V_HASH) pdb_value_json(b, facts);
    else buf_adds(b, "{}");
    buf_addc(b, '}');
}
