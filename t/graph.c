/*
 * t/graph.c - cycle reports and graph files (apply/cycles.c, apply/dot.c)
 * on Graph values built by hand: the cycle messages of docs/apply.md §12 cases
 * 29-32, no cycle on a DAG, a 200k-vertex chain and a 100k-vertex cycle,
 * the exact dot text Puppet 7.23 writes for a small manifest (transcribed
 * from `puppet apply --graph`, less the default Schedule/Filebucket
 * vertices and with our readable anchor labels), escaping of awkward
 * titles, and SVG/PNG rendering through GraphViz.
 */
#include "apply/graph.h"
#include "base/arena.h"
#include "base/util.h"
#include "t/tap.h"
#include <dirent.h>
#include <graphviz/cgraph.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define SITE "/abs/site.pp"

/* A graph under construction: vertices and edges are appended, then
 * tg_finish fills the CSR arrays as graph_build would. */
typedef struct TG {
    Arena arena;
    Catalog cat;
    Graph g;
    int vcap, ecap, relcap;
} TG;

static void tg_init(TG *t)
{
    memset(t, 0, sizeof *t);
    arena_init(&t->arena);
    cat_init(&t->cat, &t->arena);
    t->g.cat = &t->cat;
}

/* A catalog resource declared at SITE:line (line 0: no location). */
static Resource *tg_res(TG *t, const char *type, const char *title, int line)
{
    Resource *r = cat_add(&t->cat, type, arena_strdup(&t->arena, title));
    if (line) {
        r->file = SITE;
        r->line = line;
    }
    return r;
}

static int tg_add_vertex(TG *t, Resource *r, VertexRole role, const char *display, const char *dot_name)
{
    if (t->g.nv == t->vcap) {
        t->vcap = t->vcap ? t->vcap * 2 : 16;
        t->g.v = xrealloc(t->g.v, sizeof(GVertex) * (size_t)t->vcap);
    }
    t->g.v[t->g.nv] = (GVertex){r, role, r->index, 0, display, dot_name};
    return t->g.nv++;
}

/* The vertex of a plain resource. */
static int tg_vertex(TG *t, Resource *r)
{
    return tg_add_vertex(t, r, V_RESOURCE, r->ref, r->ref);
}

/* An anchor of container r: shown as display ("Class[Foo]"), named
 * "Whit[Admissible_class[Foo]]" / "Whit[Completed_class[Foo]]". */
static int tg_anchor(TG *t, Resource *r, VertexRole role, const char *display)
{
    char *kind = arena_printf(&t->arena, "%s_%s", role == V_ADMISSIBLE ? "admissible" : "completed", r->type);
    for (char *s = kind; *s; s++) {
        int seg_start = s == kind || (s - kind >= 2 && s[-1] == ':' && s[-2] == ':');
        if (seg_start && *s >= 'a' && *s <= 'z') *s = (char)(*s - 'a' + 'A');
        else if (!seg_start && *s >= 'A' && *s <= 'Z') *s = (char)(*s - 'A' + 'a');
    }
    /* display is "Class[Foo]": its bracket part, with the closing ']'. */
    const char *name = arena_printf(&t->arena, "Whit[%s[%s]", kind, strchr(display, '[') + 1);
    return tg_add_vertex(t, r, role, display, name);
}

static void tg_edge(TG *t, int src, int dst)
{
    if (t->g.ne == t->ecap) {
        t->ecap = t->ecap ? t->ecap * 2 : 16;
        t->g.e = xrealloc(t->g.e, sizeof(GEdge) * (size_t)t->ecap);
    }
    t->g.e[t->g.ne++] = (GEdge){src, dst, EK_REQUIRE, 0};
}

/* A relationship edge before expansion, between catalog resources. */
static void tg_rel(TG *t, Resource *src, Resource *dst)
{
    if (t->g.nrel == t->relcap) {
        t->relcap = t->relcap ? t->relcap * 2 : 16;
        t->g.rel = xrealloc(t->g.rel, sizeof(GEdge) * (size_t)t->relcap);
    }
    t->g.rel[t->g.nrel++] = (GEdge){(int)src->index, (int)dst->index, EK_REQUIRE, 0};
}

/* Stable counting sort of edge indices by one end. */
static void csr(int nv, int ne, const GEdge *e, int by_dst, int **start, int **list)
{
    *start = xcalloc((size_t)nv + 1, sizeof(int));
    *list = xmalloc(sizeof(int) * (size_t)(ne ? ne : 1));
    for (int i = 0; i < ne; i++) (*start)[(by_dst ? e[i].dst : e[i].src) + 1]++;
    for (int v = 0; v < nv; v++) (*start)[v + 1] += (*start)[v];
    int *fill = xmalloc(sizeof(int) * (size_t)(nv ? nv : 1));
    memcpy(fill, *start, sizeof(int) * (size_t)nv);
    for (int i = 0; i < ne; i++) (*list)[fill[by_dst ? e[i].dst : e[i].src]++] = i;
    free(fill);
}

static void tg_finish(TG *t)
{
    Graph *g = &t->g;
    size_t n = t->cat.nres ? t->cat.nres : 1;
    g->vertex_of = xmalloc(sizeof(int) * n);
    g->admissible_of = xmalloc(sizeof(int) * n);
    g->completed_of = xmalloc(sizeof(int) * n);
    for (size_t i = 0; i < n; i++) g->vertex_of[i] = g->admissible_of[i] = g->completed_of[i] = -1;
    for (int v = 0; v < g->nv; v++) {
        VertexRole role = g->v[v].role;
        int *of = role == V_RESOURCE ? g->vertex_of : role == V_ADMISSIBLE ? g->admissible_of : g->completed_of;
        of[g->v[v].priority] = v;
    }
    csr(g->nv, g->ne, g->e, 0, &g->out_start, &g->out);
    csr(g->nv, g->ne, g->e, 1, &g->in_start, &g->in);
}

static void tg_free(TG *t)
{
    Graph *g = &t->g;
    free(g->v);
    free(g->e);
    free(g->rel);
    free(g->vertex_of);
    free(g->admissible_of);
    free(g->completed_of);
    free(g->out_start);
    free(g->out);
    free(g->in_start);
    free(g->in);
    cat_free(&t->cat);
    arena_free(&t->arena);
}

/* A notify and its vertex. */
static int tg_notify(TG *t, const char *title, int line)
{
    return tg_vertex(t, tg_res(t, "Notify", title, line));
}

/* Whole file, NUL-terminated (malloc), or NULL. */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, n = 0, r;
    char *s = xmalloc(cap);
    while ((r = fread(s + n, 1, cap - n - 1, f)) > 0) {
        n += r;
        if (cap - n - 1 == 0) s = xrealloc(s, cap *= 2);
    }
    fclose(f);
    s[n] = '\0';
    if (len) *len = n;
    return s;
}

static char *path_in(const char *dir, const char *name)
{
    size_t n = strlen(dir) + strlen(name) + 2;
    char *p = xmalloc(n);
    snprintf(p, n, "%s/%s", dir, name);
    return p;
}

static int exists(const char *dir, const char *name)
{
    char *p = path_in(dir, name);
    int r = access(p, F_OK) == 0;
    free(p);
    return r;
}

/* rm -r for the test directories (files and subdirectories only). */
static void remove_tree(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *de;
    while ((de = readdir(d))) {
        if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..")) continue;
        char *p = path_in(dir, de->d_name);
        struct stat st;
        if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode)) remove_tree(p);
        else unlink(p);
        free(p);
    }
    closedir(d);
    rmdir(dir);
}

/* Counts directory entries other than . and .. */
static int count_entries(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    if (!d) return -1;
    for (struct dirent *de; (de = readdir(d));)
        if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..")) n++;
    closedir(d);
    return n;
}

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The path as "a b a" by display names. */
static char *path_str(const Graph *g, const int *p)
{
    size_t n = 1;
    for (const int *q = p; *q >= 0; q++) n += strlen(g->v[*q].display) + 1;
    char *s = xmalloc(n), *o = s;
    for (const int *q = p; *q >= 0; q++) o += sprintf(o, q == p ? "%s" : " %s", g->v[*q].display);
    *o = '\0';
    return s;
}

/* GraphViz's and fontconfig's own process-lifetime allocations are
 * suppressed for LeakSanitizer in apply/dot.c, which this test links. */
#define TRAILER "Try the '--graph' option and opening the resulting '.dot' file in OmniGraffle or GraphViz"

/* Runs graph_cycles and checks the message and the number of components. */
static void check_cycles(TG *t, int want_n, const char *want_msg, const char *name)
{
    CycleSet cs;
    int n = graph_cycles(&t->g, &cs);
    ok(n == want_n && cs.ncomponents == want_n, "%s: %d component(s)", name, want_n);
    is_str(cs.message, want_msg, "%s: message", name);
    cycles_free(&cs);
}

/* Case 29: a -> b -> a, with an unrelated c. */
static void test_case29(void)
{
    TG t;
    tg_init(&t);
    int a = tg_notify(&t, "a", 2), b = tg_notify(&t, "b", 3);
    tg_notify(&t, "c", 4);
    tg_edge(&t, a, b);
    tg_edge(&t, b, a);
    tg_finish(&t);
    CycleSet cs;
    graph_cycles(&t.g, &cs);
    ok(cs.paths && cs.paths[0][0] == a && cs.paths[0][1] == b && cs.paths[0][2] == a && cs.paths[0][3] == -1,
       "case 29: path is a, b, a");
    cycles_free(&cs);
    check_cycles(&t, 1,
                 "Found 1 dependency cycle:\n"
                 "(Notify[a] => Notify[b] => Notify[a])\n"
                 "Notify[a] declared at " SITE ":2\n"
                 "Notify[b] declared at " SITE ":3\n" TRAILER,
                 "case 29");
    tg_free(&t);
}

/* Case 30: three cycles, declared in reverse so sorting shows. */
static void test_case30(void)
{
    TG t;
    tg_init(&t);
    int f = tg_notify(&t, "f", 1), e = tg_notify(&t, "e", 2), d = tg_notify(&t, "d", 3);
    int c = tg_notify(&t, "c", 4), b = tg_notify(&t, "b", 5), a = tg_notify(&t, "a", 6);
    tg_edge(&t, f, f);
    tg_edge(&t, c, d);
    tg_edge(&t, d, e);
    tg_edge(&t, e, c);
    tg_edge(&t, a, b);
    tg_edge(&t, b, a);
    tg_finish(&t);
    check_cycles(&t, 3,
                 "Found 3 dependency cycles:\n"
                 "(Notify[a] => Notify[b] => Notify[a])\n"
                 "Notify[a] declared at " SITE ":6\n"
                 "Notify[b] declared at " SITE ":5\n"
                 "(Notify[c] => Notify[d] => Notify[e] => Notify[c])\n"
                 "Notify[c] declared at " SITE ":4\n"
                 "Notify[d] declared at " SITE ":3\n"
                 "Notify[e] declared at " SITE ":2\n"
                 "(Notify[f] => Notify[f])\n"
                 "Notify[f] declared at " SITE ":1\n" TRAILER,
                 "case 30");
    tg_free(&t);
}

/* Case 31: a->b->c->b, c->a: the path need not return to its start. */
static void test_case31(void)
{
    TG t;
    tg_init(&t);
    int a = tg_notify(&t, "a", 1), b = tg_notify(&t, "b", 1), c = tg_notify(&t, "c", 1);
    tg_edge(&t, a, b);
    tg_edge(&t, b, c);
    tg_edge(&t, c, b);
    tg_edge(&t, c, a);
    tg_finish(&t);
    check_cycles(&t, 1,
                 "Found 1 dependency cycle:\n"
                 "(Notify[a] => Notify[b] => Notify[c] => Notify[b])\n"
                 "Notify[a] declared at " SITE ":1\n"
                 "Notify[b] declared at " SITE ":1\n"
                 "Notify[c] declared at " SITE ":1\n" TRAILER,
                 "case 31");
    tg_free(&t);
}

/* The three resources every catalog starts with, and their anchors' displays. */
static void tg_builtins(TG *t, Resource **stage, Resource **settings, Resource **main_class)
{
    *stage = tg_res(t, "Stage", "main", 0);
    *settings = tg_res(t, "Class", "Settings", 0);
    *main_class = tg_res(t, "Class", "main", 0);
}

/* Anchors of a container, in Puppet's order (admissible, completed). */
static void tg_anchors(TG *t, Resource *r, const char *display, int *adm, int *done)
{
    *adm = tg_anchor(t, r, V_ADMISSIBLE, display);
    *done = tg_anchor(t, r, V_COMPLETED, display);
}

/* Case 32: class foo { notify { 'f': require => Class['foo'] } } include foo.
 * Edges in the order Puppet adds them (docs/apply.md §2.2 step 3). */
static void test_case32(void)
{
    TG t;
    Resource *st, *set, *mn;
    tg_init(&t);
    tg_builtins(&t, &st, &set, &mn);
    Resource *foo = tg_res(&t, "Class", "Foo", 1);
    int f = tg_notify(&t, "f", 2);
    int ast, cst, aset, cset, amn, cmn, afoo, cfoo;
    tg_anchors(&t, st, "Stage[main]", &ast, &cst);
    tg_anchors(&t, set, "Class[Settings]", &aset, &cset);
    tg_anchors(&t, mn, "Class[Main]", &amn, &cmn);
    tg_anchors(&t, foo, "Class[Foo]", &afoo, &cfoo);
    tg_rel(&t, foo, t.cat.res[4]);
    tg_edge(&t, ast, aset);
    tg_edge(&t, cset, cst);
    tg_edge(&t, ast, amn);
    tg_edge(&t, cmn, cst);
    tg_edge(&t, ast, afoo);
    tg_edge(&t, cfoo, cst);
    tg_edge(&t, aset, cset);
    tg_edge(&t, amn, cmn);
    tg_edge(&t, afoo, f);
    tg_edge(&t, f, cfoo);
    tg_edge(&t, cfoo, f);
    tg_finish(&t);
    check_cycles(&t, 1,
                 "Found 1 dependency cycle:\n"
                 "(Notify[f] => Class[Foo] => Notify[f])\n"
                 "Notify[f] declared at " SITE ":2\n"
                 "Class[Foo] declared at " SITE ":1\n" TRAILER,
                 "case 32 (anchors show their container)");
    tg_free(&t);
}

/* notify{'x': require => Stage['main']}: containers without a location are
 * left out of the "declared at" lines. */
static void test_stage_cycle(void)
{
    TG t;
    Resource *st, *set, *mn;
    tg_init(&t);
    tg_builtins(&t, &st, &set, &mn);
    int x = tg_notify(&t, "x", 1);
    int ast, cst, aset, cset, amn, cmn;
    tg_anchors(&t, st, "Stage[main]", &ast, &cst);
    tg_anchors(&t, set, "Class[Settings]", &aset, &cset);
    tg_anchors(&t, mn, "Class[Main]", &amn, &cmn);
    tg_edge(&t, ast, aset);
    tg_edge(&t, cset, cst);
    tg_edge(&t, ast, amn);
    tg_edge(&t, cmn, cst);
    tg_edge(&t, cst, x);
    tg_edge(&t, aset, cset);
    tg_edge(&t, amn, x);
    tg_edge(&t, x, cmn);
    tg_finish(&t);
    check_cycles(&t, 1,
                 "Found 1 dependency cycle:\n"
                 "(Notify[x] => Class[Main] => Stage[main] => Notify[x])\n"
                 "Notify[x] declared at " SITE ":1\n" TRAILER,
                 "require => Stage[main]");
    tg_free(&t);
}

/* A DAG with a diamond and a duplicate edge: no cycle. */
static void test_dag(void)
{
    TG t;
    tg_init(&t);
    int a = tg_notify(&t, "a", 1), b = tg_notify(&t, "b", 1), c = tg_notify(&t, "c", 1), d = tg_notify(&t, "d", 1);
    tg_edge(&t, a, b);
    tg_edge(&t, a, c);
    tg_edge(&t, b, d);
    tg_edge(&t, c, d);
    tg_edge(&t, c, d);
    tg_finish(&t);
    CycleSet cs;
    int n = graph_cycles(&t.g, &cs);
    ok(n == 0 && cs.ncomponents == 0 && !cs.message && !cs.paths, "a DAG has no cycle");
    cycles_free(&cs);
    tg_free(&t);
}

/* n vertices Notify[n000000].. in order, closed into a ring when ring is
 * set.  They share one resource and one block of names: the test is about
 * the graph, and a million small mallocs would only slow the sanitizer build. */
static char *big_names;

static void big_graph(TG *t, int n, int ring)
{
    tg_init(t);
    Resource *r = tg_res(t, "Notify", "big", 0);
    big_names = xmalloc((size_t)n * 24);
    for (int i = 0; i < n; i++) {
        char *name = big_names + (size_t)i * 24;
        snprintf(name, 24, "Notify[n%06d]", i);
        tg_add_vertex(t, r, V_RESOURCE, name, name);
    }
    for (int i = 0; i + 1 < n; i++) tg_edge(t, i, i + 1);
    if (ring) tg_edge(t, n - 1, 0);
    tg_finish(t);
}

static void big_free(TG *t)
{
    tg_free(t);
    free(big_names);
    big_names = NULL;
}

static void test_big(void)
{
    TG t;
    CycleSet cs;
    big_graph(&t, 200000, 0);
    double t0 = seconds();
    int n = graph_cycles(&t.g, &cs);
    double dt = seconds() - t0;
    ok(n == 0, "200k-vertex chain: no cycle");
    ok(dt < 5, "200k-vertex chain: %.3fs", dt);
    cycles_free(&cs);
    big_free(&t);

    big_graph(&t, 100000, 1);
    t0 = seconds();
    n = graph_cycles(&t.g, &cs);
    dt = seconds() - t0;
    int good = n == 1 && cs.paths[0][0] == 0 && cs.paths[0][100000] == 0 && cs.paths[0][100001] == -1;
    for (int i = 0; good && i < 100000; i++) good = cs.paths[0][i] == i;
    ok(good, "100k-vertex cycle: one path through every vertex, back to the first");
    ok(dt < 5, "100k-vertex cycle: %.3fs", dt);
    ok(n == 1 && !strncmp(cs.message, "Found 1 dependency cycle:\n(Notify[n000000] => Notify[n000001] => ", 64),
       "100k-vertex cycle: message");
    cycles_free(&cs);
    big_free(&t);
}

/* 40 diamonds in a row, closed back to the start: 2^40 simple paths, so
 * Puppet's path BFS never ends; we fall back to a shortest cycle path. */
static void test_diamonds(void)
{
    TG t;
    tg_init(&t);
    int s = tg_notify(&t, "a", 0), join = s;
    for (int k = 0; k < 40; k++) {
        char x[16], y[16], j[16];
        snprintf(x, sizeof x, "m%02dx", k);
        snprintf(y, sizeof y, "m%02dy", k);
        snprintf(j, sizeof j, "m%02dz", k);
        int vx = tg_notify(&t, x, 0), vy = tg_notify(&t, y, 0), vj = tg_notify(&t, j, 0);
        tg_edge(&t, join, vx);
        tg_edge(&t, join, vy);
        tg_edge(&t, vx, vj);
        tg_edge(&t, vy, vj);
        join = vj;
    }
    tg_edge(&t, join, s);
    tg_finish(&t);
    CycleSet cs;
    double t0 = seconds();
    int n = graph_cycles(&t.g, &cs);
    double dt = seconds() - t0;
    int good = n == 1 && cs.paths[0][0] == s, len = 0;
    for (const int *p = n == 1 ? cs.paths[0] : NULL; good && p[1] >= 0; p++, len++) {
        int edge = 0;
        for (int k = t.g.out_start[p[0]]; k < t.g.out_start[p[0] + 1]; k++) edge |= t.g.e[t.g.out[k]].dst == p[1];
        good = edge;
    }
    ok(good && len == 81 && cs.paths[0][81] == s, "exponential component: a valid cycle path (%d edges)", len);
    ok(dt < 5, "exponential component: %.3fs", dt);
    cycles_free(&cs);
    tg_free(&t);
}

/* --- graph files --------------------------------------------------------- */

static const char want_resources[] =
    "digraph Resources {\n"
    "    label = \"Resources\"\n"
    "    \"Stage[main]\" [\n"
    "        fontsize = 8,\n"
    "        label = \"Stage[main]\"\n"
    "    ]\n"
    "\n"
    "    \"Class[Settings]\" [\n"
    "        fontsize = 8,\n"
    "        label = \"Class[Settings]\"\n"
    "    ]\n"
    "\n"
    "    \"Class[Main]\" [\n"
    "        fontsize = 8,\n"
    "        label = \"Class[Main]\"\n"
    "    ]\n"
    "\n"
    "    \"Class[Foo]\" [\n"
    "        fontsize = 8,\n"
    "        label = \"Class[Foo]\"\n"
    "    ]\n"
    "\n"
    "    \"Notify[f]\" [\n"
    "        fontsize = 8,\n"
    "        label = \"Notify[f]\"\n"
    "    ]\n"
    "\n"
    "    \"Notify[a]\" [\n"
    "        fontsize = 8,\n"
    "        label = \"Notify[a]\"\n"
    "    ]\n"
    "\n"
    "    \"Notify[b\\\"q]\" [\n"
    "        fontsize = 8,\n"
    "        label = \"Notify[b\\\"q]\"\n"
    "    ]\n"
    "\n"
    "    \"Stage[main]\" -> \"Class[Settings]\" [\n"
    "        fontsize = 8\n"
    "    ]\n"
    "\n"
    "    \"Stage[main]\" -> \"Class[Main]\" [\n"
    "        fontsize = 8\n"
    "    ]\n"
    "\n"
    "    \"Stage[main]\" -> \"Class[Foo]\" [\n"
    "        fontsize = 8\n"
    "    ]\n"
    "\n"
    "    \"Class[Foo]\" -> \"Notify[f]\" [\n"
    "        fontsize = 8\n"
    "    ]\n"
    "\n"
    "    \"Class[Main]\" -> \"Notify[a]\" [\n"
    "        fontsize = 8\n"
    "    ]\n"
    "\n"
    "    \"Class[Main]\" -> \"Notify[b\\\"q]\" [\n"
    "        fontsize = 8\n"
    "    ]\n"
    "\n"
    "}\n";

static const char want_relationships[] =
    "digraph Relationships {\n"
    "    label = \"Relationships\"\n"
    "    \"Stage[main]\" [\n"
    "        fontsize = 8,\n"
    "        label = \"Stage[main]\"\n"
    "    ]\n"
    "\n"
    "    \"Class[Settings]\" [\n"
    "        fontsize = 8,\n"
    "        label = \"Class[Settings]\"\n"
    "    ]\n"
    "\n"
    "    \"Class[Main]\" [\n"
    "        fontsize = 8,\n"
    "        label = \"Class[Main]\"\n"
    "    ]\n"
    "\n"
    "    \"Class[Foo]\" [\n"
    "        fontsize = 8,\n"
    "        label = \"Class[Foo]\"\n"
    "    ]\n"
    "\n"
    "    \"Notify[f]\" [\n"
    "        fontsize = 8,\n"
    "        label = \"Notify[f]\"\n"
    "    ]\n"
    "\n"
    "    \"Notify[a]\" [\n"
    "        fontsize = 8,\n"
    "        label = \"Notify[a]\"\n"
    "    ]\n"
    "\n"
    "    \"Notify[b\\\"q]\" [\n"
    "        fontsize = 8,\n"
    "        label = \"Notify[b\\\"q]\"\n"
    "    ]\n"
    "\n"
    "    \"Notify[a]\" -> \"Class[Foo]\" [\n"
    "        fontsize = 8\n"
    "    ]\n"
    "\n"
    "    \"Notify[a]\" -> \"Notify[b\\\"q]\" [\n"
    "        fontsize = 8\n"
    "    ]\n"
    "\n"
    "}\n";

static const char want_expanded[] =
    "digraph Expanded_relationships {\n"
    "    label = \"Expanded_relationships\"\n"
    "    \"Notify[f]\" [\n"
    "        fontsize = 8,\n"
    "        label = \"Notify[f]\"\n"
    "    ]\n"
    "\n"
    "    \"Notify[a]\" [\n"
    "        fontsize = 8,\n"
    "        label = \"Notify[a]\"\n"
    "    ]\n"
    "\n"
    "    \"Notify[b\\\"q]\" [\n"
    "        fontsize = 8,\n"
    "        label = \"Notify[b\\\"q]\"\n"
    "    ]\n"
    "\n"
    "    \"Whit[Admissible_stage[main]]\" [\n"
    "        fontsize = 8,\n"
    "        label = \"Stage[main] (start)\"\n"
    "    ]\n"
    "\n"
    "    \"Whit[Completed_stage[main]]\" [\n"
    "        fontsize = 8,\n"
    "        label = \"Stage[main] (finish)\"\n"
    "    ]\n"
    "\n"
    "    \"Whit[Admissible_class[Settings]]\" [\n"
    "        fontsize = 8,\n"
    "        label = \"Class[Settings] (start)\"\n"
    "    ]\n"
    "\n"
    "    \"Whit[Completed_class[Settings]]\" [\n"
    "        fontsize = 8,\n"
    "        label = \"Class[Settings] (finish)\"\n"
    "    ]\n"
    "\n"
    "    \"Whit[Admissible_class[Main]]\" [\n"
    "        fontsize = 8,\n"
    "        label = \"Class[Main] (start)\"\n"
    "    ]\n"
    "\n"
    "    \"Whit[Completed_class[Main]]\" [\n"
    "        fontsize = 8,\n"
    "        label = \"Class[Main] (finish)\"\n"
    "    ]\n"
    "\n"
    "    \"Whit[Admissible_class[Foo]]\" [\n"
    "        fontsize = 8,\n"
    "        label = \"Class[Foo] (start)\"\n"
    "    ]\n"
    "\n"
    "    \"Whit[Completed_class[Foo]]\" [\n"
    "        fontsize = 8,\n"
    "        label = \"Class[Foo] (finish)\"\n"
    "    ]\n"
    "\n"
    "    \"Whit[Admissible_class[Foo]]\" -> \"Notify[f]\" [\n"
    "        fontsize = 8\n"
    "    ]\n"
    "\n"
    "    \"Whit[Admissible_class[Main]]\" -> \"Notify[a]\" [\n"
    "        fontsize = 8\n"
    "    ]\n"
    "\n"
    "    \"Notify[a]\" -> \"Notify[b\\\"q]\" [\n"
    "        fontsize = 8\n"
    "    ]\n"
    "\n"
    "    \"Whit[Admissible_class[Main]]\" -> \"Notify[b\\\"q]\" [\n"
    "        fontsize = 8\n"
    "    ]\n"
    "\n"
    "    \"Whit[Completed_class[Settings]]\" -> \"Whit[Completed_stage[main]]\" [\n"
    "        fontsize = 8\n"
    "    ]\n"
    "\n"
    "    \"Whit[Completed_class[Main]]\" -> \"Whit[Completed_stage[main]]\" [\n"
    "        fontsize = 8\n"
    "    ]\n"
    "\n"
    "    \"Whit[Completed_class[Foo]]\" -> \"Whit[Completed_stage[main]]\" [\n"
    "        fontsize = 8\n"
    "    ]\n"
    "\n"
    "    \"Whit[Admissible_stage[main]]\" -> \"Whit[Admissible_class[Settings]]\" [\n"
    "        fontsize = 8\n"
    "    ]\n"
    "\n"
    "    \"Whit[Admissible_class[Settings]]\" -> \"Whit[Completed_class[Settings]]\" [\n"
    "        fontsize = 8\n"
    "    ]\n"
    "\n"
    "    \"Whit[Admissible_stage[main]]\" -> \"Whit[Admissible_class[Main]]\" [\n"
    "        fontsize = 8\n"
    "    ]\n"
    "\n"
    "    \"Notify[a]\" -> \"Whit[Completed_class[Main]]\" [\n"
    "        fontsize = 8\n"
    "    ]\n"
    "\n"
    "    \"Notify[b\\\"q]\" -> \"Whit[Completed_class[Main]]\" [\n"
    "        fontsize = 8\n"
    "    ]\n"
    "\n"
    "    \"Whit[Admissible_stage[main]]\" -> \"Whit[Admissible_class[Foo]]\" [\n"
    "        fontsize = 8\n"
    "    ]\n"
    "\n"
    "    \"Notify[a]\" -> \"Whit[Admissible_class[Foo]]\" [\n"
    "        fontsize = 8\n"
    "    ]\n"
    "\n"
    "    \"Notify[f]\" -> \"Whit[Completed_class[Foo]]\" [\n"
    "        fontsize = 8\n"
    "    ]\n"
    "\n"
    "}\n";

/* class foo { notify{'f':} } include foo
 * notify{'a': notify => Class['foo']} notify{'b"q': require => Notify['a']}
 * as graph_build would give it: the catalog, its containment edges, the two
 * relationships, and the expanded edges in the order Puppet adds them. */
static void g1_graph(TG *t)
{
    Resource *st, *set, *mn;
    tg_init(t);
    tg_builtins(t, &st, &set, &mn);
    Resource *foo = tg_res(t, "Class", "Foo", 1);
    Resource *rf = tg_res(t, "Notify", "f", 1), *ra = tg_res(t, "Notify", "a", 3), *rq = tg_res(t, "Notify", "b\"q", 4);
    cat_add_edge(&t->cat, st, set);
    cat_add_edge(&t->cat, st, mn);
    cat_add_edge(&t->cat, mn, ra);
    cat_add_edge(&t->cat, mn, rq);
    cat_add_edge(&t->cat, st, foo);
    cat_add_edge(&t->cat, foo, rf);
    int f = tg_vertex(t, rf), a = tg_vertex(t, ra), q = tg_vertex(t, rq);
    int ast, cst, aset, cset, amn, cmn, afoo, cfoo;
    tg_anchors(t, st, "Stage[main]", &ast, &cst);
    tg_anchors(t, set, "Class[Settings]", &aset, &cset);
    tg_anchors(t, mn, "Class[Main]", &amn, &cmn);
    tg_anchors(t, foo, "Class[Foo]", &afoo, &cfoo);
    tg_rel(t, ra, foo);
    tg_rel(t, ra, rq);
    tg_edge(t, a, q);
    tg_edge(t, ast, aset);
    tg_edge(t, cset, cst);
    tg_edge(t, ast, amn);
    tg_edge(t, cmn, cst);
    tg_edge(t, ast, afoo);
    tg_edge(t, cfoo, cst);
    tg_edge(t, aset, cset);
    tg_edge(t, amn, a);
    tg_edge(t, a, cmn);
    tg_edge(t, amn, q);
    tg_edge(t, q, cmn);
    tg_edge(t, afoo, f);
    tg_edge(t, f, cfoo);
    tg_edge(t, a, afoo);
    tg_finish(t);
}

static void is_file(const char *dir, const char *name, const char *want)
{
    char *p = path_in(dir, name);
    char *got = slurp(p, NULL);
    is_str(got, want, "%s is Puppet's", name);
    free(got);
    free(p);
}

static void test_dot_text(const char *tmp)
{
    TG t;
    g1_graph(&t);
    char *dir = path_in(tmp, "a/b/graphs");     /* mkdir -p */
    ok(graph_write_dot(&t.g, NULL, dir, "dot") == 0, "graph_write_dot into a new nested directory");
    is_file(dir, "resources.dot", want_resources);
    is_file(dir, "relationships.dot", want_relationships);
    is_file(dir, "expanded_relationships.dot", want_expanded);
    ok(count_entries(dir) == 3 && !exists(dir, "cycles.dot"), "three files, no cycles.dot, no temporary left");
    struct stat st;
    char *parent = path_in(tmp, "a");
    ok(stat(parent, &st) == 0 && (st.st_mode & 0777) == (0755 & ~(mode_t)umask(022)), "directories are made 0755");
    umask(022);
    free(parent);
    /* Rewriting replaces the files. */
    ok(graph_write_dot(&t.g, NULL, dir, "dot") == 0 && count_entries(dir) == 3, "writing again replaces the files");
    free(dir);
    tg_free(&t);
}

/* notify{'A': before=>T} notify{'B': before=>T} notify{'T': require=>A}:
 * edges A->T, B->T, A->T in that order, which Puppet writes grouped by
 * source (its in-edges are a hash keyed by source): A, A, B. */
static void test_edge_grouping(const char *tmp)
{
    TG t;
    tg_init(&t);
    Resource *ra = tg_res(&t, "Notify", "A", 1), *rb = tg_res(&t, "Notify", "B", 2), *rt = tg_res(&t, "Notify", "T", 3);
    int a = tg_vertex(&t, ra), b = tg_vertex(&t, rb), tt = tg_vertex(&t, rt);
    tg_rel(&t, ra, rt);
    tg_rel(&t, rb, rt);
    tg_rel(&t, ra, rt);
    tg_edge(&t, a, tt);
    tg_edge(&t, b, tt);
    tg_edge(&t, a, tt);
    tg_finish(&t);
    char *dir = path_in(tmp, "group");
    ok(graph_write_dot(&t.g, NULL, dir, "dot") == 0, "edge grouping: written");
    static const char want[] =
        "    \"Notify[T]\" [\n        fontsize = 8,\n        label = \"Notify[T]\"\n    ]\n\n"
        "    \"Notify[A]\" -> \"Notify[T]\" [\n        fontsize = 8\n    ]\n\n"
        "    \"Notify[A]\" -> \"Notify[T]\" [\n        fontsize = 8\n    ]\n\n"
        "    \"Notify[B]\" -> \"Notify[T]\" [\n        fontsize = 8\n    ]\n\n"
        "}\n";
    static const char *const files[] = {"relationships.dot", "expanded_relationships.dot"};
    for (size_t i = 0; i < ARRAY_LEN(files); i++) {
        char *p = path_in(dir, files[i]);
        size_t len = 0;
        char *text = slurp(p, &len);
        ok(text && len > strlen(want) && !strcmp(text + len - strlen(want), want),
           "%s: edges into a target grouped by source, duplicates kept", files[i]);
        free(text);
        free(p);
    }
    free(dir);
    tg_free(&t);
}

/* The docs/apply.md §5.2 example: a->b->a, a->c->a, d->d, c->b (Puppet's edge order:
 * each resource's before list). */
static void cycle52_graph(TG *t)
{
    tg_init(t);
    int a = tg_notify(t, "a", 1), b = tg_notify(t, "b", 1), c = tg_notify(t, "c", 1), d = tg_notify(t, "d", 1);
    tg_edge(t, a, b);
    tg_edge(t, a, c);
    tg_edge(t, b, a);
    tg_edge(t, c, a);
    tg_edge(t, c, b);
    tg_edge(t, d, d);
    tg_finish(t);
}

static void test_cycles_dot(const char *tmp)
{
    TG t;
    CycleSet cs;
    char *dir = path_in(tmp, "c52");
    cycle52_graph(&t);
    graph_cycles(&t.g, &cs);
    is_str(cs.message,
           "Found 2 dependency cycles:\n"
           "(Notify[a] => Notify[b] => Notify[a])\n"
           "Notify[a] declared at " SITE ":1\n"
           "Notify[b] declared at " SITE ":1\n"
           "(Notify[d] => Notify[d])\n"
           "Notify[d] declared at " SITE ":1\n" TRAILER,
           "docs/apply.md §5.2 example: message reports one path per component");
    ok(graph_write_dot(&t.g, &cs, dir, "dot") == 0 && count_entries(dir) == 4, "with cycles, four files");
    is_file(dir, "cycles.dot",
            "digraph Resource_Cycles {\n"
            "  label = \"Resource Cycles\"\n"
            "\"Notify[a]\" -> \"Notify[b]\" -> \"Notify[a]\"\n"
            "\"Notify[a]\" -> \"Notify[c]\" -> \"Notify[a]\"\n"
            "\"Notify[a]\" -> \"Notify[c]\" -> \"Notify[b]\" -> \"Notify[a]\"\n"
            "\"Notify[d]\" -> \"Notify[d]\"\n"
            "}\n");
    cycles_free(&cs);
    tg_free(&t);
    free(dir);

    /* Case 31 and case 32 as Puppet writes them. */
    dir = path_in(tmp, "c31");
    tg_init(&t);
    int a = tg_notify(&t, "a", 1), b = tg_notify(&t, "b", 1), c = tg_notify(&t, "c", 1);
    tg_edge(&t, a, b);
    tg_edge(&t, b, c);
    tg_edge(&t, c, b);
    tg_edge(&t, c, a);
    tg_finish(&t);
    graph_cycles(&t.g, &cs);
    ok(graph_write_dot(&t.g, &cs, dir, "dot") == 0, "case 31 graph files");
    is_file(dir, "cycles.dot",
            "digraph Resource_Cycles {\n"
            "  label = \"Resource Cycles\"\n"
            "\"Notify[a]\" -> \"Notify[b]\" -> \"Notify[c]\" -> \"Notify[a]\"\n"
            "\"Notify[a]\" -> \"Notify[b]\" -> \"Notify[c]\" -> \"Notify[b]\"\n"
            "}\n");
    char *s = path_str(&t.g, cs.paths[0]);
    is_str(s, "Notify[a] Notify[b] Notify[c] Notify[b]", "case 31: CycleSet path");
    free(s);
    cycles_free(&cs);
    tg_free(&t);
    free(dir);
}

/* Titles that break naive quoting: each must stay one distinct node. */
static const char *const awkward[] = {
    "q\"uote", "back\\slash", "new\nline", "trail\\", "esc\\\"aped", "back\\nslash-n", "uni \xe2\x98\x83", "tab\there",
};

static void test_escaping(const char *tmp)
{
    TG t;
    int n = (int)ARRAY_LEN(awkward);
    tg_init(&t);
    for (int i = 0; i < n; i++) tg_notify(&t, awkward[i], 1);
    for (int i = 0; i + 1 < n; i++) tg_edge(&t, i, i + 1);
    tg_edge(&t, n - 1, 0);
    tg_finish(&t);
    CycleSet cs;
    graph_cycles(&t.g, &cs);
    char *dir = path_in(tmp, "esc");
    ok(graph_write_dot(&t.g, &cs, dir, "dot") == 0, "awkward titles: written");
    char *p = path_in(dir, "expanded_relationships.dot");
    char *text = slurp(p, NULL);
    ok(text && strstr(text, "    \"Notify[q\\\"uote]\" [\n") && strstr(text, "\"Notify[back\\\\slash]\"") &&
           strstr(text, "\"Notify[new\\nline]\"") && strstr(text, "\"Notify[esc\\\\\\\"aped]\""),
       "quotes, backslashes and newlines are escaped");
    Agraph_t *gr = text ? agmemread(text) : NULL;
    ok(gr && agnnodes(gr) == n && agnedges(gr) == n, "GraphViz reads it: %d nodes, %d edges", gr ? agnnodes(gr) : -1,
       gr ? agnedges(gr) : -1);
    ok(gr && agnode(gr, "Notify[q\"uote]", 0) && agnode(gr, "Notify[uni \xe2\x98\x83]", 0) &&
           agnode(gr, "Notify[tab\there]", 0),
       "node IDs read back as the refs");
    if (gr) agclose(gr);
    free(text);
    free(p);
    /* cycles.dot too. */
    p = path_in(dir, "cycles.dot");
    text = slurp(p, NULL);
    gr = text ? agmemread(text) : NULL;
    ok(gr && agnnodes(gr) == n, "cycles.dot with awkward titles reads back: %d nodes", gr ? agnnodes(gr) : -1);
    if (gr) agclose(gr);
    free(text);
    free(p);
    /* The dot program, when installed, must accept every file. */
    if (system("command -v dot >/dev/null 2>&1") == 0) {
        static const char *const files[] = {"resources", "relationships", "expanded_relationships", "cycles"};
        int good = 1;
        for (size_t i = 0; i < ARRAY_LEN(files); i++) {
            char cmd[4096];
            snprintf(cmd, sizeof cmd, "dot -Tsvg '%s/%s.dot' >/dev/null", dir, files[i]);
            good &= system(cmd) == 0;
        }
        ok(good, "dot -Tsvg accepts every file");
    } else {
        ok(1, "# SKIP no dot program");
    }
    cycles_free(&cs);
    tg_free(&t);
    free(dir);
}

static int starts_with_file(const char *dir, const char *name, const char *prefix, size_t n)
{
    char *p = path_in(dir, name);
    size_t len = 0;
    char *s = slurp(p, &len);
    int r = s && len >= n && memcmp(s, prefix, n) == 0;
    free(s);
    free(p);
    return r;
}

static void test_render(const char *tmp)
{
    TG t;
    CycleSet cs;
    g1_graph(&t);
    char *dir = path_in(tmp, "svg");
    ok(graph_write_dot(&t.g, NULL, dir, "svg") == 0, "format svg: written");
    int good = 1;
    static const char *const svgs[] = {"resources.svg", "relationships.svg", "expanded_relationships.svg"};
    for (size_t i = 0; i < ARRAY_LEN(svgs); i++)
        good &= starts_with_file(dir, svgs[i], "<?xml", 5) || starts_with_file(dir, svgs[i], "<svg", 4);
    ok(good && count_entries(dir) == 6, "three .dot and three .svg files, each SVG");
    tg_free(&t);
    free(dir);

    dir = path_in(tmp, "png");
    cycle52_graph(&t);
    graph_cycles(&t.g, &cs);
    ok(graph_write_dot(&t.g, &cs, dir, "png") == 0, "format png: written");
    ok(starts_with_file(dir, "cycles.png", "\x89PNG", 4) && count_entries(dir) == 8, "cycles.png is a PNG");
    cycles_free(&cs);
    tg_free(&t);
    free(dir);
}

int main(void)
{
    char tmp[] = "/tmp/graph_t.XXXXXX";
    if (!mkdtemp(tmp)) {
        perror("mkdtemp");
        return 1;
    }
    test_case29();
    test_case30();
    test_case31();
    test_case32();
    test_stage_cycle();
    test_dag();
    test_big();
    test_diamonds();
    test_dot_text(tmp);
    test_edge_grouping(tmp);
    test_cycles_dot(tmp);
    test_escaping(tmp);
    test_render(tmp);
    remove_tree(tmp);
    return done_testing();
}
