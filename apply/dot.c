/*
 * dot.c - the --graph files: resources.dot (containment), relationships.dot
 * (relationship edges before container expansion), expanded_relationships.dot
 * (after it, anchors in place of containers) and, when there are cycles,
 * cycles.dot (docs/apply.md §5.2).
 *
 * The layout is Puppet's byte for byte (its rdot writer: 4-space indents, a
 * blank line after every block, one node block per vertex in vertex order,
 * then the edges grouped by target in vertex order).  Within one target
 * Puppet keys edges by source, so edges from one source stay together, in
 * the order each source first appeared: we regroup the same way.  Two
 * deliberate differences: every ID and label is escaped (`\` and newlines as
 * well as `"`), so any title keeps the file valid; and anchors are labelled
 * "Class[Foo] (start)" / "Class[Foo] (finish)" while their IDs stay Puppet's
 * "Whit[Admissible_class[Foo]]".  There are no default Schedule/Filebucket
 * vertices (they are not in our catalog).
 *
 * Every file is written to a temporary name in the directory and renamed,
 * so a reader never sees half a graph.  With format "svg" or "png" each
 * file is also laid out and rendered through the GraphViz library.
 */
#include "apply/graph.h"
#include "base/atomic.h"
#include "base/buf.h"
#include "base/util.h"
#include <errno.h>
#include <fcntl.h>
#include <graphviz/gvc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Puppet's cycles.dot shows at most this many paths per component. */
#define CYCLE_DOT_PATHS 10

/* s as a DOT quoted string.  Inside quotes DOT unescapes only \" and keeps
 * \\ as a pair, so doubling every backslash keeps IDs distinct and never
 * lets one swallow the closing quote; labels read \\ as one backslash and
 * \n as a line break, so the title shows as written. */
static void put_quoted(Buf *b, const char *s)
{
    buf_addc(b, '"');
    for (; *s; s++) {
        switch (*s) {
        case '"': buf_adds(b, "\\\""); break;
        case '\\': buf_adds(b, "\\\\"); break;
        case '\n': buf_adds(b, "\\n"); break;
        default: buf_addc(b, *s);
        }
    }
    buf_addc(b, '"');
}

static void put_header(Buf *b, const char *name, const char *label)
{
    buf_printf(b, "digraph %s {\n    label = ", name);
    put_quoted(b, label);
    buf_addc(b, '\n');
}

static void put_node(Buf *b, const char *id, const char *label, const char *suffix)
{
    buf_adds(b, "    ");
    put_quoted(b, id);
    buf_adds(b, " [\n        fontsize = 8,\n        label = ");
    if (suffix) {
        Buf l = BUF_INIT;
        buf_adds(&l, label);
        buf_adds(&l, suffix);
        put_quoted(b, buf_cstr(&l));
        buf_free(&l);
    } else {
        put_quoted(b, label);
    }
    buf_adds(b, "\n    ]\n\n");
}

static void put_edge(Buf *b, const char *from, const char *to)
{
    buf_adds(b, "    ");
    put_quoted(b, from);
    buf_adds(b, " -> ");
    put_quoted(b, to);
    buf_adds(b, " [\n        fontsize = 8\n    ]\n\n");
}

/* Edges of one graph, by target: in[in_start[t] .. in_start[t+1]) are the
 * sources of the edges into t, in insertion order. */
typedef struct InLists { int *in_start, *in; } InLists;

/* Counting sort of (src, dst) pairs by dst, stable. */
static void inlists_build(InLists *l, int nv, int ne, const int *src, const int *dst)
{
    l->in_start = xcalloc((size_t)nv + 1, sizeof(int));
    l->in = xmalloc(sizeof(int) * (size_t)(ne ? ne : 1));
    for (int i = 0; i < ne; i++) l->in_start[dst[i] + 1]++;
    for (int v = 0; v < nv; v++) l->in_start[v + 1] += l->in_start[v];
    int *fill = xmalloc(sizeof(int) * (size_t)(nv ? nv : 1));
    memcpy(fill, l->in_start, sizeof(int) * (size_t)nv);
    for (int i = 0; i < ne; i++) l->in[fill[dst[i]]++] = src[i];
    free(fill);
}

static void inlists_free(InLists *l)
{
    free(l->in_start);
    free(l->in);
}

/* Writes every edge, grouped by target in vertex order and, within a
 * target, by source in order of first appearance (Puppet's in_to hash). */
static void put_edges(Buf *b, int nv, const InLists *l, const char *const *ids)
{
    int *stamp = xmalloc(sizeof(int) * (size_t)(nv ? nv : 1));
    int *head = xmalloc(sizeof(int) * (size_t)(nv ? nv : 1));
    int *tail = xmalloc(sizeof(int) * (size_t)(nv ? nv : 1));
    int maxdeg = 0;
    for (int t = 0; t < nv; t++) {
        stamp[t] = -1;
        int d = l->in_start[t + 1] - l->in_start[t];
        if (d > maxdeg) maxdeg = d;
    }
    int *next = xmalloc(sizeof(int) * (size_t)(maxdeg ? maxdeg : 1));
    int *order = xmalloc(sizeof(int) * (size_t)(maxdeg ? maxdeg : 1));
    for (int t = 0; t < nv; t++) {
        const int *src = l->in + l->in_start[t];
        int n = l->in_start[t + 1] - l->in_start[t], norder = 0;
        for (int i = 0; i < n; i++) {
            int s = src[i];
            next[i] = -1;
            if (stamp[s] != t) {
                stamp[s] = t;
                head[s] = tail[s] = i;
                order[norder++] = s;
            } else {
                next[tail[s]] = i;
                tail[s] = i;
            }
        }
        for (int k = 0; k < norder; k++)
            for (int i = head[order[k]]; i >= 0; i = next[i]) put_edge(b, ids[src[i]], ids[t]);
    }
    free(stamp);
    free(head);
    free(tail);
    free(next);
    free(order);
}

/* The name of catalog resource i as the RAL spells it: a container by its
 * anchors' display ("Class[Main]" for Class[main]), others by ref. */
static const char *catalog_name(const Graph *g, size_t i)
{
    if (g->vertex_of && g->vertex_of[i] >= 0) return g->v[g->vertex_of[i]].dot_name;
    if (g->admissible_of && g->admissible_of[i] >= 0) return g->v[g->admissible_of[i]].display;
    return g->cat->res[i]->ref;
}

/* resources.dot or relationships.dot: the catalog's resources, and the
 * given edges between them (catalog indices). */
static void catalog_dot(Buf *b, const Graph *g, const char *name, int ne, const int *src, const int *dst)
{
    int nv = (int)g->cat->nres;
    const char **ids = xmalloc(sizeof(char *) * (size_t)(nv ? nv : 1));
    put_header(b, name, name);
    for (int i = 0; i < nv; i++) {
        ids[i] = catalog_name(g, (size_t)i);
        put_node(b, ids[i], ids[i], NULL);
    }
    InLists l;
    inlists_build(&l, nv, ne, src, dst);
    put_edges(b, nv, &l, ids);
    inlists_free(&l);
    free(ids);
    buf_adds(b, "}\n");
}

static void resources_dot(Buf *b, const Graph *g)
{
    const Catalog *cat = g->cat;
    int ne = (int)cat->nedges;
    int *src = xmalloc(sizeof(int) * (size_t)(ne ? ne : 1)), *dst = xmalloc(sizeof(int) * (size_t)(ne ? ne : 1));
    for (int i = 0; i < ne; i++) {
        src[i] = (int)cat->edges[i].source->index;
        dst[i] = (int)cat->edges[i].target->index;
    }
    catalog_dot(b, g, "Resources", ne, src, dst);
    free(src);
    free(dst);
}

static void relationships_dot(Buf *b, const Graph *g)
{
    int ne = g->nrel;
    int *src = xmalloc(sizeof(int) * (size_t)(ne ? ne : 1)), *dst = xmalloc(sizeof(int) * (size_t)(ne ? ne : 1));
    for (int i = 0; i < ne; i++) {
        src[i] = g->rel[i].src;
        dst[i] = g->rel[i].dst;
    }
    catalog_dot(b, g, "Relationships", ne, src, dst);
    free(src);
    free(dst);
}

/* expanded_relationships.dot: every vertex, anchors with readable labels. */
static void expanded_dot(Buf *b, const Graph *g)
{
    int nv = g->nv;
    const char **ids = xmalloc(sizeof(char *) * (size_t)(nv ? nv : 1));
    put_header(b, "Expanded_relationships", "Expanded_relationships");
    for (int v = 0; v < nv; v++) {
        const GVertex *x = &g->v[v];
        ids[v] = x->dot_name;
        put_node(b, x->dot_name, x->role == V_RESOURCE ? x->dot_name : x->display,
                 x->role == V_ADMISSIBLE ? " (start)" : x->role == V_COMPLETED ? " (finish)" : NULL);
    }
    /* The graph's own in-lists hold edge indices; we need their sources. */
    InLists l = {g->in_start, xmalloc(sizeof(int) * (size_t)(g->ne ? g->ne : 1))};
    for (int k = 0; k < g->ne; k++) l.in[k] = g->e[g->in[k]].src;
    put_edges(b, nv, &l, ids);
    free(l.in);
    free(ids);
    buf_adds(b, "}\n");
}

/* cycles.dot: Puppet writes it by hand, with display names and no nodes. */
static void cycles_dot(Buf *b, const Graph *g)
{
    int *paths = cycles_dot_paths(g, CYCLE_DOT_PATHS);
    buf_adds(b, "digraph Resource_Cycles {\n  label = \"Resource Cycles\"\n");
    const int *p = paths;
    while (p && *p >= 0) {
        for (const int *q = p; *q >= 0; q++) {
            if (q != p) buf_adds(b, " -> ");
            put_quoted(b, g->v[*q].display);
        }
        buf_addc(b, '\n');
        while (*p >= 0) p++;
        p++;            /* past the path's -1 */
    }
    buf_adds(b, "}\n");
    free(paths);
}

/* mkdir -p, mode 0755 (less the umask) for each directory it creates. */
static int make_dirs(const char *dir)
{
    if (!*dir) {
        fprintf(stderr, "%s: error: cannot create directory: empty name\n", util_progname);
        return -1;
    }
    int rc = util_mkdir_p(dir, 0755, 0);
    if (rc) fprintf(stderr, "%s: error: cannot create directory %s: %s\n", util_progname, dir, strerror(errno));
    return rc;
}

/* A temporary file next to path, mode 0666 less the umask: returns its fd
 * and fills tmp (caller frees), or -1. */
static int open_temp(const char *path, char **tmp)
{
    size_t n = strlen(path);
    *tmp = xmalloc(n + 8);
    memcpy(*tmp, path, n);
    memcpy(*tmp + n, ".XXXXXX", 8);
    int fd = mkstemp(*tmp);
    if (fd < 0) return -1;
    mode_t mask = umask(0);
    umask(mask);
    if (fchmod(fd, 0666 & ~mask) != 0) {
        int e = errno;
        close(fd);
        unlink(*tmp);
        errno = e;
        return -1;
    }
    return fd;
}

static int write_error(const char *path, char *tmp)
{
    int e = errno;
    fprintf(stderr, "%s: error: cannot write %s: %s\n", util_progname, path, strerror(e));
    if (tmp) unlink(tmp);
    free(tmp);
    return -1;
}

/* Writes text to leaf in dir (path names both, for the message) with
 * atomic_replace: a temporary file beside it, renamed over it. */
static int write_atomic(const char *dir, const char *leaf, const char *path, const char *text, size_t len)
{
    return atomic_replace_in(dir, leaf, "mapply", text, len, -1, 0) != 0 ? write_error(path, NULL) : 0;
}

/* The one GraphViz context of the process, made on first use and freed at
 * exit.  One, because GraphViz 2.43's pango plugin keeps a pointer to a font
 * name owned by the context it last drew with: a second context made after
 * gvFreeContext reads freed memory (AddressSanitizer shows it). */
static GVC_t *gv_context;

static void gv_context_free(void)
{
    gvFreeContext(gv_context);
    gv_context = NULL;
}

static GVC_t *gv(void)
{
    if (!gv_context) {
        gv_context = gvContext();
        if (!gv_context) util_oom();
        atexit(gv_context_free);
    }
    return gv_context;
}

/* Lays out text with dot and renders it to path (atomically). */
static int render(GVC_t *gvc, const char *text, const char *format, const char *path)
{
    Agraph_t *gr = agmemread(text);
    if (!gr) {
        fprintf(stderr, "%s: error: cannot render %s: GraphViz could not read the graph\n", util_progname, path);
        return -1;
    }
    int rc = -1;
    char *tmp = NULL;
    if (gvLayout(gvc, gr, "dot") != 0) {
        fprintf(stderr, "%s: error: cannot render %s: GraphViz layout failed\n", util_progname, path);
        agclose(gr);
        return -1;
    }
    int fd = open_temp(path, &tmp);
    if (fd < 0) {
        free(tmp);
        rc = write_error(path, NULL);
    } else {
        close(fd);
        if (gvRenderFilename(gvc, gr, format, tmp) != 0) {
            fprintf(stderr, "%s: error: cannot render %s as %s\n", util_progname, path, format);
            unlink(tmp);
            free(tmp);
        } else if (rename(tmp, path) != 0) {
            rc = write_error(path, tmp);
        } else {
            free(tmp);
            rc = 0;
        }
    }
    gvFreeLayout(gvc, gr);
    agclose(gr);
    return rc;
}

int graph_write_dot(const Graph *g, const CycleSet *cs, const char *dir, const char *format)
{
    static const char *const names[] = {"resources", "relationships", "expanded_relationships", "cycles"};
    void (*const writers[])(Buf *, const Graph *) = {resources_dot, relationships_dot, expanded_dot, cycles_dot};
    int nfiles = cs && cs->ncomponents > 0 ? 4 : 3;
    int render_too = format && strcmp(format, "dot") != 0;

    if (make_dirs(dir) != 0) return -1;
    GVC_t *gvc = render_too ? gv() : NULL;
    int rc = 0;
    Buf text = BUF_INIT, path = BUF_INIT;
    for (int i = 0; i < nfiles && rc == 0; i++) {
        buf_clear(&text);
        writers[i](&text, g);
        buf_clear(&path);
        buf_printf(&path, "%s/%s.dot", dir, names[i]);
        rc = write_atomic(dir, buf_cstr(&path) + strlen(dir) + 1, buf_cstr(&path), buf_cstr(&text), text.len);
        if (rc == 0 && render_too) {
            buf_clear(&path);
            buf_printf(&path, "%s/%s.%s", dir, names[i], format);
            rc = render(gvc, buf_cstr(&text), format, buf_cstr(&path));
        }
    }
    buf_free(&text);
    buf_free(&path);
    return rc;
}

/* GraphViz 2.43 keeps its plugin configuration (allocated in libgvc) and
 * fontconfig its caches for the life of the process.  LeakSanitizer builds
 * are told to ignore exactly those libraries' own allocations; nothing else
 * (every graph and layout we create is freed). */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
    return "leak:libgvc.so\nleak:libfontconfig.so\n";
}
