/*
 * graph.c - builds the relationship graph of a catalog (spec §2.2, §7):
 * relationship metaparameters and requisites in catalog order, then
 * autorequires (skipped where an explicit edge in either direction exists),
 * then container expansion into admissible/completed anchors.  Everything is
 * flat arrays; edge existence is a hash set of vertex pairs, so building is
 * linear in resources + edges.
 */
#include "apply/graph.h"
#include "catalog/json.h"
#include "types/provider.h"
#include "types/types.h"
#include "base/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct Builder {
    Graph *g;
    Catalog *cat;
    GEdge *e;
    int ne, cap;
    GEdge *rel;
    int nrel, relcap;
    Map pairs;               /* "src,dst" (8 bytes) -> 1: expanded edges present */
    int errors;
} Builder;

static int is_container(const Catalog *cat, const Resource *r, const unsigned char *sources)
{
    if (!strcmp(r->type, "Stage") || !strcmp(r->type, "Class") || !strcmp(r->type, "Node")) return 1;
    if (!strcmp(r->kind, "defined_type")) return 1;
    return sources[r->index];
}

static char *whit_name(const Resource *r, const char *which)
{
    /* "Whit[Admissible_class[Main]]": "admissible_" + the type, each "::"
     * segment capitalised, then the title (Class[main] is Main). */
    Buf b = BUF_INIT;
    buf_adds(&b, "Whit[");
    buf_adds(&b, which);
    buf_addc(&b, '_');
    int start = 0;
    for (const char *p = r->type; *p; p++) {
        char ch = *p;
        if (ch == ':') start = 1;
        else if (start) start = 0;
        else ch = (char)(ch >= 'A' && ch <= 'Z' ? ch + 32 : ch);
        buf_addc(&b, ch);
    }
    buf_printf(&b, "[%s]]", strcmp(r->type, "Class") == 0 && strcmp(r->title, "main") == 0 ? "Main" : r->title);
    return buf_detach(&b);
}

static const char *display_name(Arena *a, const Resource *r)
{
    if (strcmp(r->type, "Class") == 0 && strcmp(r->title, "main") == 0) return "Class[Main]";
    return r->ref;
}

static void add_expanded(Builder *b, int src, int dst, EdgeKind kind, int any)
{
    int64_t key = (int64_t)src << 32 | (uint32_t)dst;
    char k[9];
    memcpy(k, &key, 8);
    k[8] = (char)kind;
    if (map_get(&b->pairs, k, 9)) return;        /* the same edge twice is one edge */
    char *kk = arena_memdup(b->cat->arena, k, 9);
    map_put(&b->pairs, kk, 9, (void *)1);
    char k2[8];
    memcpy(k2, &key, 8);
    if (!map_get(&b->pairs, k2, 8)) {
        char *kk2 = arena_memdup(b->cat->arena, k2, 8);
        map_put(&b->pairs, kk2, 8, (void *)1);
    }
    if (b->ne == b->cap) {
        b->cap = b->cap ? b->cap * 2 : 1024;
        b->e = xrealloc(b->e, (size_t)b->cap * sizeof *b->e);
    }
    b->e[b->ne++] = (GEdge){src, dst, kind, any};
}

static int has_pair(Builder *b, int src, int dst)
{
    int64_t key = (int64_t)src << 32 | (uint32_t)dst;
    char k[8];
    memcpy(k, &key, 8);
    return map_get(&b->pairs, k, 8) != NULL;
}

static void add_rel(Builder *b, const Resource *from, const Resource *to, EdgeKind kind, int any)
{
    Graph *g = b->g;
    if (b->nrel == b->relcap) {
        b->relcap = b->relcap ? b->relcap * 2 : 1024;
        b->rel = xrealloc(b->rel, (size_t)b->relcap * sizeof *b->rel);
    }
    b->rel[b->nrel++] = (GEdge){(int)from->index, (int)to->index, kind, any};
    int src = g->vertex_of[from->index] >= 0 ? g->vertex_of[from->index] : g->completed_of[from->index];
    int dst = g->vertex_of[to->index] >= 0 ? g->vertex_of[to->index] : g->admissible_of[to->index];
    add_expanded(b, src, dst, kind, any);
}

/* The relationship parameters, in the order Puppet adds their edges. */
static const struct RelParam {
    const char *name;
    EdgeKind kind;
    int reverse;     /* 1: the edge goes from this resource to the target */
    int any;
} rel_params[] = {
    {"require", EK_REQUIRE, 0, 0},     {"subscribe", EK_SUBSCRIBE, 0, 0},
    {"before", EK_REQUIRE, 1, 0},      {"notify", EK_SUBSCRIBE, 1, 0},
    {"onchanges", EK_ONCHANGES, 0, 0}, {"onchanges_any", EK_ONCHANGES, 0, 1},
    {"onfail", EK_ONFAIL, 0, 0},       {"onfail_all", EK_ONFAIL, 0, 1},
    {"prereq", EK_PREREQ, 1, 0},       {"require_in", EK_REQUIRE, 1, 0},
    {"watch_in", EK_SUBSCRIBE, 1, 0},  {"onchanges_in", EK_ONCHANGES, 1, 0},
    {"onfail_in", EK_ONFAIL, 1, 0},    {"prereq_in", EK_PREREQ, 0, 0},
};

static void relationship_edges(Builder *b, Resource *r)
{
    for (size_t p = 0; p < ARRAY_LEN(rel_params); p++) {
        Value *v = res_get(r, rel_params[p].name);
        if (!v) continue;
        size_t n = v->kind == V_ARRAY ? v->arr.n : 1;
        for (size_t i = 0; i < n; i++) {
            Value *ref = v->kind == V_ARRAY ? v->arr.items[i] : v;
            if (ref->kind == V_UNDEF) continue;
            Resource *t = cat_resolve_ref(b->cat, ref);
            if (!t) {
                Buf txt = BUF_INIT;
                val_to_s(&txt, ref);
                int dependent = rel_params[p].reverse && strcmp(rel_params[p].name, "prereq") != 0;
                fprintf(stderr, "Error: Failed to apply catalog: Could not find %s %s for %s", dependent ? "dependent" : "dependency",
                        buf_cstr(&txt), r->ref);
                if (r->file) fprintf(stderr, " (file: %s, line: %d)", r->file, r->line);
                fputc('\n', stderr);
                buf_free(&txt);
                b->errors++;
                continue;
            }
            if (rel_params[p].reverse) add_rel(b, r, t, rel_params[p].kind, rel_params[p].any);
            else add_rel(b, t, r, rel_params[p].kind, rel_params[p].any);
        }
    }
}

typedef struct AutoCtx { Builder *b; Resource *r; int file_ancestor_done; } AutoCtx;

static int is_ancestor_path(const char *anc, const char *path)
{
    size_t n = strlen(anc);
    if (n == 1 && anc[0] == '/') return path[0] == '/' && path[1] != '\0';
    return strncmp(anc, path, n) == 0 && path[n] == '/';
}

/* An autorequire candidate: kept when the catalog manages it and no
 * explicit edge joins the two already (explicit relationships win). */
static void autoreq_add(void *vctx, const char *type, const char *title)
{
    AutoCtx *ac = vctx;
    Builder *b = ac->b;
    Resource *r = ac->r;
    int ancestor = strcasecmp(type, "File") == 0 && strcmp(r->type, "File") == 0 &&
                   is_ancestor_path(title, r->title);
    if (ancestor && ac->file_ancestor_done) return;
    Resource *s = cat_find(b->cat, type, title);
    if (!s || s == r) return;
    if (ancestor) ac->file_ancestor_done = 1;     /* only the nearest managed directory */
    int sv = b->g->vertex_of[s->index], rv = b->g->vertex_of[r->index];
    if (sv < 0 || rv < 0) return;
    if (has_pair(b, sv, rv) || has_pair(b, rv, sv)) return;
    if (b->nrel == b->relcap) {
        b->relcap = b->relcap ? b->relcap * 2 : 1024;
        b->rel = xrealloc(b->rel, (size_t)b->relcap * sizeof *b->rel);
    }
    b->rel[b->nrel++] = (GEdge){(int)s->index, (int)r->index, EK_AUTO, 0};
    add_expanded(b, sv, rv, EK_AUTO, 0);
}

static void build_csr(Graph *g)
{
    g->out_start = xcalloc((size_t)g->nv + 1, sizeof *g->out_start);
    g->in_start = xcalloc((size_t)g->nv + 1, sizeof *g->in_start);
    g->out = xmalloc(((size_t)g->ne + 1) * sizeof *g->out);
    g->in = xmalloc(((size_t)g->ne + 1) * sizeof *g->in);
    for (int i = 0; i < g->ne; i++) {
        g->out_start[g->e[i].src + 1]++;
        g->in_start[g->e[i].dst + 1]++;
    }
    for (int i = 0; i < g->nv; i++) {
        g->out_start[i + 1] += g->out_start[i];
        g->in_start[i + 1] += g->in_start[i];
    }
    int *fo = xmalloc(((size_t)g->nv + 1) * sizeof *fo), *fi = xmalloc(((size_t)g->nv + 1) * sizeof *fi);
    memcpy(fo, g->out_start, (size_t)g->nv * sizeof *fo);
    memcpy(fi, g->in_start, (size_t)g->nv * sizeof *fi);
    for (int i = 0; i < g->ne; i++) {
        g->out[fo[g->e[i].src]++] = i;
        g->in[fi[g->e[i].dst]++] = i;
    }
    free(fo);
    free(fi);
}

/* Salt's order values (spec A.16): integers as given, first = 0, last and
 * negative numbers after everything, unordered resources at cap. */
static void order_values(Graph *g, const Catalog *cat)
{
    long cap = 0;
    for (size_t i = 0; i < cat->nres; i++) {
        Value *o = res_get(cat->res[i], "order");
        if (o && o->kind == V_INT && o->i > cap) cap = (long)o->i;
    }
    cap = cap ? cap + 100 : 1;
    for (int i = 0; i < g->nv; i++) {
        Value *o = res_get(g->v[i].res, "order");
        long k = cap;
        if (o && o->kind == V_INT) k = o->i >= 0 ? (long)o->i : (long)o->i + cap + 1000000;
        else if (o && o->kind == V_STR && !strcmp(o->str.s, "first")) k = 0;
        else if (o && o->kind == V_STR && !strcmp(o->str.s, "last")) k = cap + 1000000;
        else if (o && o->kind == V_STR) {
            char *end;
            long n = strtol(o->str.s, &end, 10);
            if (*o->str.s && !*end) k = n >= 0 ? n : n + cap + 1000000;
        }
        g->v[i].order = k;
    }
}

int graph_build(Graph *g, const Catalog *ccat)
{
    Catalog *cat = (Catalog *)ccat;
    memset(g, 0, sizeof *g);
    g->cat = cat;
    size_t n = cat->nres;
    unsigned char *sources = xcalloc(n + 1, 1);
    for (size_t i = 0; i < cat->nedges; i++) sources[cat->edges[i].source->index] = 1;
    g->vertex_of = xmalloc((n + 1) * sizeof *g->vertex_of);
    g->admissible_of = xmalloc((n + 1) * sizeof *g->admissible_of);
    g->completed_of = xmalloc((n + 1) * sizeof *g->completed_of);
    size_t ncont = 0;
    for (size_t i = 0; i < n; i++) ncont += is_container(cat, cat->res[i], sources);
    g->v = xcalloc(n + ncont + 1, sizeof *g->v);
    int nv = 0;
    for (size_t i = 0; i < n; i++) {
        Resource *r = cat->res[i];
        g->admissible_of[i] = g->completed_of[i] = -1;
        if (is_container(cat, r, sources)) {
            g->vertex_of[i] = -1;
            continue;
        }
        g->vertex_of[i] = nv;
        g->v[nv++] = (GVertex){r, V_RESOURCE, i, 0, r->ref, r->ref};
    }
    for (size_t i = 0; i < n; i++) {
        Resource *r = cat->res[i];
        if (g->vertex_of[i] >= 0) continue;
        const char *disp = display_name(cat->arena, r);
        char *an = whit_name(r, "admissible"), *cn = whit_name(r, "completed");
        g->admissible_of[i] = nv;
        g->v[nv++] = (GVertex){r, V_ADMISSIBLE, i, 0, disp, arena_strdup(cat->arena, an)};
        g->completed_of[i] = nv;
        g->v[nv++] = (GVertex){r, V_COMPLETED, i, 0, disp, arena_strdup(cat->arena, cn)};
        free(an);
        free(cn);
    }
    g->nv = nv;
    free(sources);

    Builder b = {.g = g, .cat = cat};
    map_init(&b.pairs);
    for (size_t i = 0; i < n; i++) relationship_edges(&b, cat->res[i]);
    for (size_t i = 0; i < n; i++) {
        Resource *r = cat->res[i];
        if (g->vertex_of[i] < 0) continue;
        const Provider *p = provider_find(r->type);
        if (!p || !p->autorequire) continue;
        AutoCtx ac = {&b, r, 0};
        p->autorequire(r, autoreq_add, &ac);
    }
    /* container expansion */
    unsigned char *has_member = xcalloc(n + 1, 1);
    for (size_t i = 0; i < cat->nedges; i++) {
        Resource *x = cat->edges[i].source, *m = cat->edges[i].target;
        if (g->vertex_of[x->index] >= 0) continue;      /* only containers contain */
        has_member[x->index] = 1;
        int madm = g->vertex_of[m->index] >= 0 ? g->vertex_of[m->index] : g->admissible_of[m->index];
        int mcomp = g->vertex_of[m->index] >= 0 ? g->vertex_of[m->index] : g->completed_of[m->index];
        add_expanded(&b, g->admissible_of[x->index], madm, EK_CONTAIN, 0);
        add_expanded(&b, mcomp, g->completed_of[x->index], EK_CONTAIN, 0);
    }
    for (size_t i = 0; i < n; i++)
        if (g->vertex_of[i] < 0 && !has_member[i]) add_expanded(&b, g->admissible_of[i], g->completed_of[i], EK_CONTAIN, 0);
    free(has_member);
    map_free(&b.pairs);
    g->e = b.e;
    g->ne = b.ne;
    g->rel = b.rel;
    g->nrel = b.nrel;
    build_csr(g);
    order_values(g, cat);
    return b.errors ? -1 : 0;
}

void graph_free(Graph *g)
{
    free(g->v);
    free(g->vertex_of);
    free(g->admissible_of);
    free(g->completed_of);
    free(g->e);
    free(g->rel);
    free(g->out_start);
    free(g->out);
    free(g->in_start);
    free(g->in);
    memset(g, 0, sizeof *g);
}
