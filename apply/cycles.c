/*
 * cycles.c - dependency cycles, found and reported Puppet's way (docs/apply.md §5.1).
 *
 * Tarjan's algorithm (iterative: graphs have 100k+ vertices) finds the
 * strongly connected components of the expanded graph; a component is a
 * cycle when it has two or more vertices or one vertex with a self-edge.
 * Members are sorted by ref ("Notify[a]" < "Whit[Completed_class[Foo]]"),
 * components by their sorted member lists, as Puppet's find_cycles_in_graph.
 *
 * Each component then reports the path Puppet's paths_in_cycle finds: a BFS
 * from the first member whose frames are (vertex, path so far), successors
 * being the distinct in-component targets in edge insertion order; the first
 * popped vertex already on its own path gives path + vertex.  The one idea
 * that keeps this linear for real catalogs: a frame stores only its parent
 * frame, so the frames form a tree, and "is v on my path" asks whether one
 * of the (usually zero or one) expanded frames of v is an ancestor, which a
 * skew-binary jump pointer per frame answers in O(log depth).  Puppet's BFS
 * enumerates simple paths, so a component built from layers of diamonds
 * makes it exponential (Puppet itself never finishes); past a work budget
 * linear in the component we fall back to the shortest path from the first
 * member back to itself, found by an ordinary vertex BFS.
 */
#include "apply/graph.h"
#include "base/buf.h"
#include "base/util.h"
#include <stdlib.h>
#include <string.h>


/* The cycle components of a graph, in report order. */
typedef struct Comps {
    int *comp;              /* vertex -> component number, or -1 */
    int *members;           /* every component's vertices, sorted by dot_name, concatenated */
    int *start;             /* component c is members[start[c] .. start[c+1]) */
    int n;                  /* number of components */
} Comps;

static void comps_free(Comps *cs)
{
    free(cs->comp);
    free(cs->members);
    free(cs->start);
    memset(cs, 0, sizeof *cs);
}

static int has_self_edge(const Graph *g, int v)
{
    for (int k = g->out_start[v]; k < g->out_start[v + 1]; k++)
        if (g->e[g->out[k]].dst == v) return 1;
    return 0;
}

typedef struct Named { const char *name; int v; } Named;

static int named_cmp(const void *a, const void *b)
{
    return strcmp(((const Named *)a)->name, ((const Named *)b)->name);
}

/* A component while sorting: its members' names, already sorted. */
typedef struct CompKey { const Named *m; int len, old; } CompKey;

/* Ruby's Array#<=> on the sorted member lists. */
static int compkey_cmp(const void *a, const void *b)
{
    const CompKey *x = a, *y = b;
    for (int i = 0; i < x->len && i < y->len; i++) {
        int c = strcmp(x->m[i].name, y->m[i].name);
        if (c) return c;
    }
    return (x->len > y->len) - (x->len < y->len);
}

/* Tarjan's SCC, iterative: `next_edge` is each vertex's position in its
 * out list, the explicit call stack holds the vertices being explored. */
static void find_components(const Graph *g, Comps *out)
{
    int nv = g->nv;
    int *index = xmalloc(sizeof(int) * (size_t)(nv ? nv : 1));
    int *low = xmalloc(sizeof(int) * (size_t)(nv ? nv : 1));
    int *next_edge = xmalloc(sizeof(int) * (size_t)(nv ? nv : 1));
    int *stack = xmalloc(sizeof(int) * (size_t)(nv ? nv : 1));
    int *calls = xmalloc(sizeof(int) * (size_t)(nv ? nv : 1));
    char *on_stack = xcalloc((size_t)(nv ? nv : 1), 1);
    int nstack = 0, counter = 0;
    /* Kept components, unsorted: their vertices in `kept`, bounds in `kstart`. */
    int *kept = xmalloc(sizeof(int) * (size_t)(nv ? nv : 1));
    int nkept = 0, nk = 0, kcap = 16;
    int *kstart = xmalloc(sizeof(int) * (size_t)kcap);
    kstart[0] = 0;

    for (int v = 0; v < nv; v++) index[v] = -1;
    for (int root = 0; root < nv; root++) {
        if (index[root] >= 0) continue;
        int ncalls = 0;
        calls[ncalls++] = root;
        index[root] = low[root] = counter++;
        next_edge[root] = g->out_start[root];
        stack[nstack++] = root;
        on_stack[root] = 1;
        while (ncalls) {
            int v = calls[ncalls - 1];
            if (next_edge[v] < g->out_start[v + 1]) {
                int w = g->e[g->out[next_edge[v]++]].dst;
                if (index[w] < 0) {
                    index[w] = low[w] = counter++;
                    next_edge[w] = g->out_start[w];
                    stack[nstack++] = w;
                    on_stack[w] = 1;
                    calls[ncalls++] = w;
                } else if (on_stack[w] && index[w] < low[v]) {
                    low[v] = index[w];
                }
                continue;
            }
            ncalls--;
            if (ncalls && low[v] < low[calls[ncalls - 1]]) low[calls[ncalls - 1]] = low[v];
            if (low[v] != index[v]) continue;
            /* v roots a component: the stack down to v. */
            int first = nstack;
            do on_stack[stack[--first]] = 0; while (stack[first] != v);
            int size = nstack - first;
            if (size > 1 || has_self_edge(g, v)) {
                memcpy(kept + nkept, stack + first, sizeof(int) * (size_t)size);
                nkept += size;
                if (nk + 2 > kcap) kstart = xrealloc(kstart, sizeof(int) * (size_t)(kcap *= 2));
                kstart[++nk] = nkept;
            }
            nstack = first;
        }
    }
    free(index);
    free(low);
    free(next_edge);
    free(stack);
    free(calls);
    free(on_stack);

    /* Sort members by name within each component, then the components. */
    Named *named = xmalloc(sizeof(Named) * (size_t)(nkept ? nkept : 1));
    for (int i = 0; i < nkept; i++) named[i] = (Named){g->v[kept[i]].dot_name, kept[i]};
    CompKey *keys = xmalloc(sizeof(CompKey) * (size_t)(nk ? nk : 1));
    for (int c = 0; c < nk; c++) {
        qsort(named + kstart[c], (size_t)(kstart[c + 1] - kstart[c]), sizeof(Named), named_cmp);
        keys[c] = (CompKey){named + kstart[c], kstart[c + 1] - kstart[c], c};
    }
    qsort(keys, (size_t)nk, sizeof(CompKey), compkey_cmp);

    out->n = nk;
    out->comp = xmalloc(sizeof(int) * (size_t)(nv ? nv : 1));
    for (int v = 0; v < nv; v++) out->comp[v] = -1;
    out->members = kept;    /* reused: same size */
    out->start = xmalloc(sizeof(int) * (size_t)(nk + 1));
    int pos = 0;
    for (int c = 0; c < nk; c++) {
        out->start[c] = pos;
        for (int i = 0; i < keys[c].len; i++) {
            out->members[pos++] = keys[c].m[i].v;
            out->comp[keys[c].m[i].v] = c;
        }
    }
    out->start[nk] = pos;
    free(named);
    free(keys);
    free(kstart);
}

/* The BFS of one component.  Frames live in flat arrays; the queue is the
 * frames in creation order. */
typedef struct Bfs {
    const Comps *cs;
    int c;                  /* the component; vertices are named by position in it */
    int *adj_start, *adj;   /* distinct in-component successors per position, insertion order */
    int *fv, *parent, *depth, *jump, *next_same; /* per frame */
    int nframes, cap;
    int *head;              /* position -> latest expanded frame of that vertex, or -1 */
    long work, budget;      /* frames made plus ancestor steps, and their limit */
} Bfs;

static void bfs_push(Bfs *b, int pos, int par)
{
    if (b->nframes == b->cap) {
        b->cap = b->cap ? b->cap * 2 : 64;
        size_t n = sizeof(int) * (size_t)b->cap;
        b->fv = xrealloc(b->fv, n);
        b->parent = xrealloc(b->parent, n);
        b->depth = xrealloc(b->depth, n);
        b->jump = xrealloc(b->jump, n);
        b->next_same = xrealloc(b->next_same, n);
    }
    int f = b->nframes++;
    b->fv[f] = pos;
    b->next_same[f] = -1;
    if (par < 0) {                      /* the root is its own parent and jump */
        b->parent[f] = b->jump[f] = f;
        b->depth[f] = 0;
        return;
    }
    b->parent[f] = par;
    b->depth[f] = b->depth[par] + 1;
    int j = b->jump[par];
    /* Skew-binary jump pointers (Myers): jumps of equal length merge. */
    b->jump[f] = b->depth[par] - b->depth[j] == b->depth[j] - b->depth[b->jump[j]] ? b->jump[j] : par;
    b->work++;
}

/* Is position pos on the path that ends at frame f (f and its ancestors)? */
static int bfs_on_path(Bfs *b, int pos, int f)
{
    for (int q = b->head[pos]; q >= 0; q = b->next_same[q]) {
        int d = b->depth[q], x = f;
        b->work++;
        if (d > b->depth[x]) continue;
        while (b->depth[x] > d) {
            x = b->depth[b->jump[x]] >= d ? b->jump[x] : b->parent[x];
            b->work++;
        }
        if (x == q) return 1;
    }
    return 0;
}

/* The vertices of the path ending at frame f, then position last, then -1
 * (malloc). */
static int *bfs_path(const Bfs *b, int f, int last)
{
    int n = f < 0 ? 0 : b->depth[f] + 1;
    int *p = xmalloc(sizeof(int) * (size_t)(n + 2));
    const int *members = b->cs->members + b->cs->start[b->c];
    for (int i = n - 1; i >= 0; i--, f = b->parent[f]) p[i] = members[b->fv[f]];
    p[n] = members[last];
    p[n + 1] = -1;
    return p;
}

/* The fallback past the budget: a vertex BFS from the first member; the
 * first vertex popped with an edge back to it closes the path. */
static int *fallback_path(Bfs *b, int n)
{
    int *parent = xmalloc(sizeof(int) * (size_t)n), *queue = xmalloc(sizeof(int) * (size_t)n);
    int qh = 0, qt = 0, end = -1;
    for (int i = 0; i < n; i++) parent[i] = -2;
    parent[0] = -1;
    queue[qt++] = 0;
    while (qh < qt && end < 0) {
        int u = queue[qh++];
        for (int k = b->adj_start[u]; k < b->adj_start[u + 1]; k++) {
            int w = b->adj[k];
            if (w == 0) { end = u; break; }
            if (parent[w] == -2) { parent[w] = u; queue[qt++] = w; }
        }
    }
    /* Strong connectivity guarantees an edge back to the first member. */
    int len = 0;
    for (int u = end; u >= 0; u = parent[u]) len++;
    int *p = xmalloc(sizeof(int) * (size_t)(len + 2));
    const int *members = b->cs->members + b->cs->start[b->c];
    int i = len;
    for (int u = end; u >= 0; u = parent[u]) p[--i] = members[u];
    p[len] = members[0];
    p[len + 1] = -1;
    free(parent);
    free(queue);
    return p;
}

/* Ruby's Array#<=> on paths, comparing vertices by ref. */
static int path_cmp(const Graph *g, const int *x, const int *y)
{
    for (; *x >= 0 && *y >= 0; x++, y++) {
        int c = strcmp(g->v[*x].dot_name, g->v[*y].dot_name);
        if (c) return c;
    }
    return (*x >= 0) - (*y >= 0);
}

/* Up to max_paths paths of component c into paths[], sorted; returns how many
 * (at least 1).  local and seen are scratch arrays of g->nv ints, seen all -1. */
static int component_paths(const Graph *g, const Comps *cs, int c, int max_paths, int **paths,
                           int *local, int *seen)
{
    Bfs b = {.cs = cs, .c = c};
    const int *members = cs->members + cs->start[c];
    int n = cs->start[c + 1] - cs->start[c];
    for (int i = 0; i < n; i++) local[members[i]] = i;

    /* Distinct in-component successors, first insertion first (Puppet's
     * adjacency is a hash keyed by target). */
    int ne = 0;
    for (int i = 0; i < n; i++)
        ne += g->out_start[members[i] + 1] - g->out_start[members[i]];
    b.adj_start = xmalloc(sizeof(int) * (size_t)(n + 1));
    b.adj = xmalloc(sizeof(int) * (size_t)(ne ? ne : 1));
    ne = 0;
    for (int i = 0; i < n; i++) {
        int v = members[i];
        b.adj_start[i] = ne;
        for (int k = g->out_start[v]; k < g->out_start[v + 1]; k++) {
            int w = g->e[g->out[k]].dst;
            if (cs->comp[w] != c || seen[w] == v) continue;
            seen[w] = v;
            b.adj[ne++] = local[w];
        }
    }
    b.adj_start[n] = ne;
    for (int i = 0; i < n; i++) seen[members[i]] = -1;

    b.head = xmalloc(sizeof(int) * (size_t)n);
    for (int i = 0; i < n; i++) b.head[i] = -1;
    /* Enough for every real catalog (a path BFS is linear unless the
     * component is made of diamonds), and memory stays ~20 bytes a frame. */
    b.budget = 8L * (n + ne) + 1000000;

    int found = 0;
    bfs_push(&b, 0, -1);
    for (int f = 0; f < b.nframes && found < max_paths && b.work <= b.budget; f++) {
        int pos = b.fv[f];
        int par = f == 0 ? -1 : b.parent[f];
        if (par >= 0 && bfs_on_path(&b, pos, par)) {
            paths[found++] = bfs_path(&b, par, pos);
            continue;
        }
        b.next_same[f] = b.head[pos];
        b.head[pos] = f;
        for (int k = b.adj_start[pos]; k < b.adj_start[pos + 1]; k++) bfs_push(&b, b.adj[k], f);
    }
    if (!found) paths[found++] = fallback_path(&b, n);
    for (int i = 1; i < found; i++)     /* insertion sort: at most max_paths */
        for (int j = i; j > 0 && path_cmp(g, paths[j - 1], paths[j]) > 0; j--) {
            int *swap = paths[j];
            paths[j] = paths[j - 1];
            paths[j - 1] = swap;
        }

    free(b.adj_start);
    free(b.adj);
    free(b.head);
    free(b.fv);
    free(b.parent);
    free(b.depth);
    free(b.jump);
    free(b.next_same);
    return found;
}

/* Calls fn for every component's paths (up to max_paths each), in order. */
static void each_component_paths(const Graph *g, const Comps *cs, int max_paths,
                                 void (*fn)(void *ctx, int c, int **paths, int n), void *ctx)
{
    int nv = g->nv ? g->nv : 1;
    int *local = xmalloc(sizeof(int) * (size_t)nv), *seen = xmalloc(sizeof(int) * (size_t)nv);
    int **paths = xmalloc(sizeof(int *) * (size_t)max_paths);
    for (int v = 0; v < g->nv; v++) seen[v] = -1;
    for (int c = 0; c < cs->n; c++) {
        int n = component_paths(g, cs, c, max_paths, paths, local, seen);
        fn(ctx, c, paths, n);
    }
    free(paths);
    free(local);
    free(seen);
}

static void keep_first_path(void *ctx, int c, int **paths, int n)
{
    int **out = ctx;
    out[c] = paths[0];
    for (int i = 1; i < n; i++) free(paths[i]);
}

/* "Found N dependency cycles:", then each path followed by where its
 * resources are declared (our addition: an anchor stands for its
 * container; a resource is named once; those without a location are left
 * out), then Puppet's trailer. */
static char *cycle_message(const Graph *g, int **paths, int n)
{
    Buf b = BUF_INIT;
    buf_printf(&b, "Found %d dependency %s:\n", n, n == 1 ? "cycle" : "cycles");
    size_t nres = g->cat ? g->cat->nres : 0;
    char *told = xcalloc(nres ? nres : 1, 1);
    for (int c = 0; c < n; c++) {
        buf_addc(&b, '(');
        for (const int *p = paths[c]; *p >= 0; p++) {
            if (p != paths[c]) buf_adds(&b, " => ");
            buf_adds(&b, g->v[*p].display);
        }
        buf_adds(&b, ")\n");
        for (const int *p = paths[c]; *p >= 0; p++) {
            const GVertex *v = &g->v[*p];
            const Resource *r = v->res;
            if (!r || !r->file || r->line <= 0) continue;
            if (r->index < nres) {
                if (told[r->index]) continue;
                told[r->index] = 1;
            }
            buf_printf(&b, "%s declared at %s:%d\n", v->display, r->file, r->line);
        }
    }
    free(told);
    buf_adds(&b, "Try the '--graph' option and opening the resulting '.dot' file in OmniGraffle or GraphViz");
    return buf_detach(&b);
}

int graph_cycles(const Graph *g, CycleSet *cs)
{
    memset(cs, 0, sizeof *cs);
    Comps comps = {0};
    find_components(g, &comps);
    if (comps.n == 0) {
        comps_free(&comps);
        return 0;
    }
    cs->ncomponents = comps.n;
    cs->paths = xcalloc((size_t)comps.n, sizeof(int *));
    each_component_paths(g, &comps, 1, keep_first_path, cs->paths);
    cs->message = cycle_message(g, cs->paths, comps.n);
    comps_free(&comps);
    return cs->ncomponents;
}

void cycles_free(CycleSet *cs)
{
    if (!cs) return;
    for (int c = 0; c < cs->ncomponents && cs->paths; c++) free(cs->paths[c]);
    free(cs->paths);
    free(cs->message);
    memset(cs, 0, sizeof *cs);
}

/* A growable int list: cycles_dot_paths' result. */
typedef struct IntList { int *a; size_t n, cap; } IntList;

static void intlist_add(IntList *l, const int *p, size_t n)
{
    if (l->n + n > l->cap) {
        while (l->n + n > l->cap) l->cap = l->cap ? l->cap * 2 : 64;
        l->a = xrealloc(l->a, sizeof(int) * l->cap);
    }
    memcpy(l->a + l->n, p, sizeof(int) * n);
    l->n += n;
}

/* Flattens each component's paths into one list for cycles.dot. */
static void append_paths(void *ctx, int c, int **paths, int n)
{
    for (int i = 0; i < n; i++) {
        size_t len = 0;
        while (paths[i][len] >= 0) len++;
        intlist_add(ctx, paths[i], len + 1);
        free(paths[i]);
    }
}

int *cycles_dot_paths(const Graph *g, int max_paths)
{
    Comps comps = {0};
    find_components(g, &comps);
    if (comps.n == 0 || max_paths < 1) {
        comps_free(&comps);
        return NULL;
    }
    IntList l = {0};
    each_component_paths(g, &comps, max_paths, append_paths, &l);
    int end = -1;
    intlist_add(&l, &end, 1);
    comps_free(&comps);
    return l.a;
}
