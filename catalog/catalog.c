/*
 * catalog.c - resources in order, found by folded reference; see catalog.h.
 */
#include "catalog/catalog.h"
#include "base/util.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void cat_init(Catalog *c, Arena *a)
{
    memset(c, 0, sizeof *c);
    c->arena = a;
    c->environment = "production";
    map_init(&c->by_key);
    map_init(&c->tagset);
}

void cat_free(Catalog *c)
{
    free(c->res);
    free(c->edges);
    free(c->classes);
    free(c->tags);
    map_free(&c->by_key);
    map_free(&c->tagset);
}

/* Writes the key into k (room for strlen(type) + strlen(title) + 3). */
static void ref_key(char *k, const char *type, const char *title)
{
    size_t tl = strlen(type), nl = strlen(title);
    int is_class = strcasecmp(type, "class") == 0;
    if (is_class && title[0] == ':' && title[1] == ':') title += 2, nl -= 2;
    if (strcasecmp(type, "file") == 0)
        while (nl > 1 && title[nl - 1] == '/') nl--;
    for (size_t i = 0; i < tl; i++) k[i] = (char)tolower((unsigned char)type[i]);
    k[tl] = '[';
    for (size_t i = 0; i < nl; i++)
        k[tl + 1 + i] = is_class ? (char)tolower((unsigned char)title[i]) : title[i];
    k[tl + 1 + nl] = ']';
    k[tl + 2 + nl] = '\0';
}

const char *cat_ref_key(Arena *a, const char *type, const char *title)
{
    char *k = arena_alloc_bytes(a, strlen(type) + strlen(title) + 3);
    ref_key(k, type, title);
    return k;
}

const char *cat_capitalize_type(Arena *a, const char *name)
{
    if (name[0] == ':' && name[1] == ':') name += 2;
    char *s = arena_strdup(a, name);
    int start = 1;
    for (char *p = s; *p; p++) {
        if (*p == ':') {
            start = 1;
            continue;
        }
        *p = start ? (char)toupper((unsigned char)*p) : (char)tolower((unsigned char)*p);
        start = 0;
    }
    return s;
}

Resource *cat_find_key(const Catalog *c, const char *key) { return map_get(&c->by_key, key, strlen(key)); }

int cat_has_secrets(const Catalog *c)
{
    for (size_t i = 0; i < c->nres; i++) {
        Resource *r = c->res[i];
        if (r->is_virtual) continue;
        if (r->nsensitive > 0 || (!strcasecmp(r->type, "User") && cat_res_get(r, "password"))) return 1;
        for (size_t k = 0; k < r->nparams; k++)
            if (val_has_sensitive(r->params[k].value)) return 1;
    }
    return 0;
}

Resource *cat_find(const Catalog *c, const char *type, const char *title)
{
    size_t n = strlen(type) + strlen(title) + 3;
    char small[256];
    char *k = n <= sizeof small ? small : xmalloc(n);
    ref_key(k, type, title);
    Resource *r = cat_find_key(c, k);
    if (k != small) free(k);
    return r;
}

Resource *cat_add(Catalog *c, const char *type, const char *title)
{
    const char *key = cat_ref_key(c->arena, type, title);
    if (map_get(&c->by_key, key, strlen(key))) return NULL;
    Resource *r = arena_alloc8(c->arena, sizeof *r);
    r->type = type;
    r->title = title;
    r->key = key;
    size_t tl = strlen(type), nl = strlen(title);
    char *ref = arena_alloc_bytes(c->arena, tl + nl + 3);
    memcpy(ref, type, tl);
    ref[tl] = '[';
    memcpy(ref + tl + 1, title, nl);
    ref[tl + 1 + nl] = ']';
    ref[tl + 2 + nl] = '\0';
    r->ref = ref;
    r->kind = "compilable_type";
    map_put(&c->by_key, key, strlen(key), r);
    if (c->nres == c->rescap) {
        c->rescap = c->rescap ? c->rescap * 2 : 256;
        c->res = xrealloc(c->res, c->rescap * sizeof *c->res);
    }
    r->index = (uint32_t)c->nres;
    c->res[c->nres++] = r;
    return r;
}

void cat_add_edge(Catalog *c, Resource *source, Resource *target)
{
    if (c->nedges == c->edgecap) {
        c->edgecap = c->edgecap ? c->edgecap * 2 : 256;
        c->edges = xrealloc(c->edges, c->edgecap * sizeof *c->edges);
    }
    c->edges[c->nedges].source = source;
    c->edges[c->nedges].target = target;
    c->nedges++;
}

void cat_add_class(Catalog *c, const char *name)
{
    if (c->nclasses == c->classcap) {
        c->classcap = c->classcap ? c->classcap * 2 : 32;
        c->classes = xrealloc(c->classes, c->classcap * sizeof *c->classes);
    }
    c->classes[c->nclasses++] = name;
}

void cat_add_tag(Catalog *c, const char *tag)
{
    size_t n = strlen(tag);
    if (map_get(&c->tagset, tag, n)) return;
    map_put(&c->tagset, tag, n, (void *)1);
    if (c->ntags == c->tagcap) {
        c->tagcap = c->tagcap ? c->tagcap * 2 : 32;
        c->tags = xrealloc(c->tags, c->tagcap * sizeof *c->tags);
    }
    c->tags[c->ntags++] = tag;
}

Param *cat_res_param(Resource *r, const char *name)
{
    /* the first letter turns most names away without a call */
    for (size_t i = 0; i < r->nparams; i++)
        if (r->params[i].name[0] == name[0] && strcmp(r->params[i].name, name) == 0) return &r->params[i];
    return NULL;
}

Value *cat_res_get(Resource *r, const char *name)
{
    Param *p = cat_res_param(r, name);
    return p ? p->value : NULL;
}

void cat_res_reserve_params(Catalog *c, Resource *r, size_t n)
{
    if (r->nparams + n <= r->paramcap) return;
    Param *np = arena_alloc8(c->arena, (r->nparams + n) * sizeof *np);
    if (r->nparams) memcpy(np, r->params, r->nparams * sizeof *np);
    r->params = np;
    r->paramcap = (uint32_t)(r->nparams + n);
}

void cat_res_reserve_tags(Catalog *c, Resource *r, size_t n)
{
    if (r->ntags + n <= r->tagcap) return;
    const char **nt = arena_alloc8(c->arena, (r->ntags + n) * sizeof *nt);
    if (r->ntags) memcpy(nt, r->tags, r->ntags * sizeof *nt);
    r->tags = nt;
    r->tagcap = (uint32_t)(r->ntags + n);
}

void cat_res_set(Catalog *c, Resource *r, const char *name, Value *v)
{
    Param *p = cat_res_param(r, name);
    if (p) {
        p->value = v;
        return;
    }
    if (r->nparams == r->paramcap) {
        size_t cap = r->paramcap ? r->paramcap * 2 : 4;
        Param *np = ARENA_NEWN(c->arena, Param, cap);
        if (r->nparams) memcpy(np, r->params, r->nparams * sizeof *np);
        r->params = np;
        r->paramcap = cap;
    }
    r->params[r->nparams].name = name;
    r->params[r->nparams].value = v;
    r->params[r->nparams].origin = NULL;
    r->nparams++;
}

static size_t tag_hash(const char *s)
{
    size_t h = 1469598103934665603ull;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* Puts tags[i] into r's index (which has room). */
static void tagset_put(Resource *r, size_t i)
{
    size_t m = r->tagsetcap - 1, j = tag_hash(r->tags[i]) & m;
    while (r->tagset[j]) j = (j + 1) & m;
    r->tagset[j] = (uint32_t)i + 1;
}

enum { TAGSET_FROM = 16 };

void cat_res_tag(Catalog *c, Resource *r, const char *tag)
{
    if (cat_res_tagged(r, tag)) return;
    if (r->ntags == r->tagcap) {
        size_t cap = r->tagcap ? r->tagcap * 2 : 8;
        const char **nt = ARENA_NEWN(c->arena, const char *, cap);
        if (r->ntags) memcpy(nt, r->tags, r->ntags * sizeof *nt);
        r->tags = nt;
        r->tagcap = cap;
    }
    r->tags[r->ntags++] = tag;
    if (r->ntags < TAGSET_FROM) return;
    if (r->ntags * 2 > r->tagsetcap) {          /* (re)built at half full */
        r->tagsetcap = r->tagsetcap ? r->tagsetcap * 2 : 4 * TAGSET_FROM;
        r->tagset = ARENA_NEWN(c->arena, uint32_t, r->tagsetcap);
        memset(r->tagset, 0, r->tagsetcap * sizeof *r->tagset);
        for (size_t i = 0; i < r->ntags; i++) tagset_put(r, i);
    } else {
        tagset_put(r, r->ntags - 1);
    }
}

int cat_res_tagged(const Resource *r, const char *tag)
{
    if (r->tagset) {
        size_t m = r->tagsetcap - 1;
        for (size_t j = tag_hash(tag) & m; r->tagset[j]; j = (j + 1) & m)
            if (strcmp(r->tags[r->tagset[j] - 1], tag) == 0) return 1;
        return 0;
    }
    for (size_t i = 0; i < r->ntags; i++)
        if (strcmp(r->tags[i], tag) == 0) return 1;
    return 0;
}

int cat_valid_tag(const char *s)
{
    if (!*s || !(isalnum((unsigned char)*s) || *s == '_' || (unsigned char)*s >= 0x80)) return 0;
    for (const char *p = s + 1; *p; p++)
        if (!(isalnum((unsigned char)*p) || *p == '_' || *p == ':' || *p == '.' || *p == '-' || (unsigned char)*p >= 0x80))
            return 0;
    return 1;
}
