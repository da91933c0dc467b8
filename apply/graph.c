/*
 * graph.c - builds the relationship graph of a catalog (docs/apply.md §2.2, §7):
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
#include "base/diag.h"
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
    GEdge *rel;              /* pre-expansion edges by catalog index */
    int nrel, relcap;
    Map pairs;               /* "src,dst" (8 bytes) -> 1: expanded edges present */
    int errors;
    GraphErrFn err_fn;       /* also told each error's text, or NULL */
    void *err_ctx;
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

/* Remembers that plain resources src -> dst are joined (for autorequire's
 * "explicit relationships win"; only edges made before autorequire matter). */
static void note_pair(Builder *b, int src, int dst)
{
    int64_t key = (int64_t)src << 32 | (uint32_t)dst;
    char k[8];
    memcpy(k, &key, 8);
    if (!map_get(&b->pairs, k, 8)) {
        char *kk = arena_memdup(b->cat->arena, k, 8);
        map_put(&b->pairs, kk, 8, (void *)1);
    }
}

/* Appends an expanded edge.  Duplicates are kept, as Puppet keeps them. */
static void add_expanded(Builder *b, int src, int dst, EdgeKind kind, int any)
{
    if (b->ne == b->cap) {
        b->cap = b->cap ? b->cap * 2 : 1024;
        b->e = xrealloc(b->e, (size_t)b->cap * sizeof *b->e);
    }
    b->e[b->ne++] = (GEdge){src, dst, (uint8_t)kind, (uint8_t)any};
}

static int has_pair(Builder *b, int src, int dst)
{
    int64_t key = (int64_t)src << 32 | (uint32_t)dst;
    char k[8];
    memcpy(k, &key, 8);
    return map_get(&b->pairs, k, 8) != NULL;
}

/* A relationship between two catalog resources.  Between plain resources
 * it is an expanded edge at once; one that touches a container is
 * redirected to the container's anchors when the container is expanded,
 * as Puppet's replace_containers_with_anchors does. */
static void add_rel(Builder *b, const Resource *from, const Resource *to, EdgeKind kind, int any)
{
    Graph *g = b->g;
    if (b->nrel == b->relcap) {
        b->relcap = b->relcap ? b->relcap * 2 : 1024;
        b->rel = xrealloc(b->rel, (size_t)b->relcap * sizeof *b->rel);
    }
    b->rel[b->nrel++] = (GEdge){(int)from->index, (int)to->index, (uint8_t)kind, (uint8_t)any};
    if (g->vertex_of[from->index] >= 0 && g->vertex_of[to->index] >= 0) {
        note_pair(b, g->vertex_of[from->index], g->vertex_of[to->index]);
        add_expanded(b, g->vertex_of[from->index], g->vertex_of[to->index], kind, any);
    }
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

/* rel_params' index for a parameter name, or -1; most names (ensure,
 * content, mode ...) are turned away by their first letter. */
static int rel_index(const char *name)
{
    switch (name[0]) {
    case 'r': case 's': case 'b': case 'n': case 'o': case 'p': case 'w':
        for (size_t p = 0; p < ARRAY_LEN(rel_params); p++)
            if (rel_params[p].name[0] == name[0] && !strcmp(rel_params[p].name, name)) return (int)p;
    }
    return -1;
}

static void relationship_edges(Builder *b, Resource *r)
{
    Value *vals[ARRAY_LEN(rel_params)] = {0};
    int any = 0;
    for (size_t i = 0; i < r->nparams; i++) {
        int k = rel_index(r->params[i].name);
        if (k >= 0) vals[k] = r->params[i].value, any = 1;
    }
    if (!any) return;
    for (size_t p = 0; p < ARRAY_LEN(rel_params); p++) {
        Value *v = vals[p];
        if (!v) continue;
        size_t n = v->kind == V_ARRAY ? v->arr.n : 1;
        for (size_t i = 0; i < n; i++) {
            Value *ref = v->kind == V_ARRAY ? v->arr.items[i] : v;
            if (ref->kind == V_UNDEF) continue;
            Resource *t = cat_resolve_ref(b->cat, ref);
            if (t && t->is_virtual) t = NULL;
            if (!t) {
                /* puppet apply --catalog's wording, for either direction */
                Buf txt = BUF_INIT;
                val_to_s(&txt, ref);
                diag_fprintf(stderr, "Error: Failed to apply catalog: Could not retrieve dependency '%s' of %s\n",
                        buf_cstr(&txt), r->ref);
                if (b->err_fn) {
                    Buf msg = BUF_INIT;
                    buf_printf(&msg, "Failed to apply catalog: Could not retrieve dependency '%s' of %s", buf_cstr(&txt), r->ref);
                    b->err_fn(b->err_ctx, buf_cstr(&msg));
                    buf_free(&msg);
                }
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
    if (!s || s == r || s->is_virtual) return;
    if (ancestor) ac->file_ancestor_done = 1;     /* only the nearest managed directory */
    int sv = b->g->vertex_of[s->index], rv = b->g->vertex_of[r->index];
    if (sv < 0 || rv < 0) return;
    if (has_pair(b, sv, rv) || has_pair(b, rv, sv)) return;
    if (b->nrel == b->relcap) {
        b->relcap = b->relcap ? b->relcap * 2 : 1024;
        b->rel = xrealloc(b->rel, (size_t)b->relcap * sizeof *b->rel);
    }
    b->rel[b->nrel++] = (GEdge){(int)s->index, (int)r->index, EK_AUTO, 0};
    note_pair(b, sv, rv);
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
    /* filled through the start arrays themselves (each start moves on to
     * the next vertex's), then shifted back: no copy of them is needed */
    for (int i = 0; i < g->ne; i++) {
        g->out[g->out_start[g->e[i].src]++] = i;
        g->in[g->in_start[g->e[i].dst]++] = i;
    }
    memmove(g->out_start + 1, g->out_start, (size_t)g->nv * sizeof *g->out_start);
    memmove(g->in_start + 1, g->in_start, (size_t)g->nv * sizeof *g->in_start);
    g->out_start[0] = g->in_start[0] = 0;
}

/* Salt's order values (docs/salt.md §2): integers as given, first = 0, last and
 * negative numbers after everything, unordered resources at cap. */
static void order_values(Graph *g, const Catalog *cat)
{
    long cap = 0;
    for (size_t i = 0; i < cat->nres; i++) {
        Value *o = cat_res_get(cat->res[i], "order");
        if (o && o->kind == V_INT && o->i > cap) cap = (long)o->i;
    }
    cap = cap ? cap + 100 : 1;
    for (int i = 0; i < g->nv; i++) {
        Value *o = cat_res_get(g->v[i].res, "order");
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

/* Container expansion, container by container in catalog order: its
 * members between its anchors (or start -> finish when empty), then the
 * relationships into it (from their source's finish to its start), then
 * those out of it (from its finish to their target's start). */
static void expand_containers(Builder *b)
{
    Graph *g = b->g;
    const Catalog *cat = b->cat;
    size_t n = cat->nres;
    /* members per container, in containment-edge order (CSR over catalog indices) */
    int *mstart = xcalloc(n + 2, sizeof *mstart), *members = xmalloc((cat->nedges + 1) * sizeof *members);
    for (size_t i = 0; i < cat->nedges; i++) mstart[cat->edges[i].source->index + 1]++;
    for (size_t i = 0; i < n; i++) mstart[i + 1] += mstart[i];
    int *fill = xmalloc((n + 1) * sizeof *fill);
    memcpy(fill, mstart, n * sizeof *fill);
    for (size_t i = 0; i < cat->nedges; i++) members[fill[cat->edges[i].source->index]++] = (int)cat->edges[i].target->index;
    /* pending relationship edges touching a container, per endpoint */
    int *istart = xcalloc(n + 2, sizeof *istart), *ostart = xcalloc(n + 2, sizeof *ostart);
    for (int i = 0; i < b->nrel; i++) {
        if (g->vertex_of[b->rel[i].dst] < 0) istart[b->rel[i].dst + 1]++;
        if (g->vertex_of[b->rel[i].src] < 0) ostart[b->rel[i].src + 1]++;
    }
    for (size_t i = 0; i < n; i++) istart[i + 1] += istart[i], ostart[i + 1] += ostart[i];
    int *ins = xmalloc(((size_t)b->nrel + 1) * sizeof *ins), *outs = xmalloc(((size_t)b->nrel + 1) * sizeof *outs);
    int *fi = xmalloc((n + 1) * sizeof *fi), *fo = xmalloc((n + 1) * sizeof *fo);
    memcpy(fi, istart, n * sizeof *fi);
    memcpy(fo, ostart, n * sizeof *fo);
    for (int i = 0; i < b->nrel; i++) {
        if (g->vertex_of[b->rel[i].dst] < 0) ins[fi[b->rel[i].dst]++] = i;
        if (g->vertex_of[b->rel[i].src] < 0) outs[fo[b->rel[i].src]++] = i;
    }
    unsigned char *done = xcalloc((size_t)b->nrel + 1, 1);
    /* a vertex standing for catalog index k as a source (finish) or target (start) */
    #define AS_SRC(k) (g->vertex_of[k] >= 0 ? g->vertex_of[k] : g->completed_of[k])
    #define AS_DST(k) (g->vertex_of[k] >= 0 ? g->vertex_of[k] : g->admissible_of[k])
    for (size_t x = 0; x < n; x++) {
        if (g->admissible_of[x] < 0) continue;
        int any_member = 0;
        for (int k = mstart[x]; k < mstart[x + 1]; k++) {
            int m = members[k];
            if (cat->res[m]->is_virtual) continue;
            any_member = 1;
            add_expanded(b, g->admissible_of[x], AS_DST(m), EK_CONTAIN, 0);
            add_expanded(b, AS_SRC(m), g->completed_of[x], EK_CONTAIN, 0);
        }
        if (!any_member) add_expanded(b, g->admissible_of[x], g->completed_of[x], EK_CONTAIN, 0);
        for (int k = istart[x]; k < istart[x + 1]; k++) {
            GEdge *e = &b->rel[ins[k]];
            if (done[ins[k]]) continue;
            done[ins[k]] = 1;
            add_expanded(b, AS_SRC(e->src), g->admissible_of[x], e->kind, e->any);
        }
        for (int k = ostart[x]; k < ostart[x + 1]; k++) {
            GEdge *e = &b->rel[outs[k]];
            if (done[outs[k]]) continue;
            done[outs[k]] = 1;
            add_expanded(b, g->completed_of[x], AS_DST(e->dst), e->kind, e->any);
        }
    }
    #undef AS_SRC
    #undef AS_DST
    free(mstart);
    free(members);
    free(fill);
    free(istart);
    free(ostart);
    free(ins);
    free(outs);
    free(fi);
    free(fo);
    free(done);
}

int graph_build(Graph *g, const Catalog *ccat)
{
    return graph_build_log(g, ccat, NULL, NULL);
}

int graph_build_log(Graph *g, const Catalog *ccat, GraphErrFn err_fn, void *err_ctx)
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
    for (size_t i = 0; i < n; i++) ncont += !cat->res[i]->is_virtual && is_container(cat, cat->res[i], sources);
    g->v = xcalloc(n + ncont + 1, sizeof *g->v);
    int nv = 0;
    for (size_t i = 0; i < n; i++) {
        Resource *r = cat->res[i];
        g->admissible_of[i] = g->completed_of[i] = -1;
        if (r->is_virtual || is_container(cat, r, sources)) {
            g->vertex_of[i] = -1;
            continue;
        }
        g->vertex_of[i] = nv;
        g->v[nv++] = (GVertex){r, V_RESOURCE, (uint32_t)i, 0, r->ref, r->ref};
    }
    for (size_t i = 0; i < n; i++) {
        Resource *r = cat->res[i];
        if (g->vertex_of[i] >= 0 || r->is_virtual) continue;
        const char *disp = display_name(cat->arena, r);
        char *an = whit_name(r, "Admissible"), *cn = whit_name(r, "Completed");
        g->admissible_of[i] = nv;
        g->v[nv++] = (GVertex){r, V_ADMISSIBLE, (uint32_t)i, 0, disp, arena_strdup(cat->arena, an)};
        g->completed_of[i] = nv;
        g->v[nv++] = (GVertex){r, V_COMPLETED, (uint32_t)i, 0, disp, arena_strdup(cat->arena, cn)};
        free(an);
        free(cn);
    }
    g->nv = nv;
    free(sources);

    Builder b = {.g = g, .cat = cat, .err_fn = err_fn, .err_ctx = err_ctx};
    map_init(&b.pairs);
    for (size_t i = 0; i < n; i++)
        if (!cat->res[i]->is_virtual) relationship_edges(&b, cat->res[i]);
    for (size_t i = 0; i < n; i++) {
        Resource *r = cat->res[i];
        if (g->vertex_of[i] < 0) continue;
        const Provider *p = provider_find(r->type);
        if (!p || !p->autorequire) continue;
        AutoCtx ac = {&b, r, 0};
        p->autorequire(cat, r, autoreq_add, &ac);
    }
    expand_containers(&b);
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
