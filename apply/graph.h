/*
 * graph.h - the relationship graph of a catalog, Puppet's way (docs/apply.md §2.2):
 * every container (Stage, Class, Node, define instance) is replaced by two
 * anchors, admissible and completed, that take its priority; relationship
 * edges to or from a container are redirected to its anchors; the walk is
 * Kahn's algorithm with a min-heap on (order value, catalog index).
 * Storage is flat arrays (CSR adjacency), linear in resources + edges.
 */
#ifndef APPLY_GRAPH_H
#define APPLY_GRAPH_H
#include "catalog/catalog.h"

typedef enum EdgeKind {
    EK_REQUIRE,      /* require / before / ->: order only */
    EK_SUBSCRIBE,    /* subscribe / notify / ~>: order and refresh events */
    EK_CONTAIN,      /* anchor edges admissible_X -> member -> completed_X: carry events */
    EK_AUTO,         /* autorequire: order only */
    EK_ONCHANGES,    /* onchanges / onchanges_any (Salt requisites) */
    EK_ONFAIL,       /* onfail / onfail_all */
    EK_PREREQ,       /* prereq: the pre-required resource C runs after the requiring B */
    EK_COUNT
} EdgeKind;

typedef enum { V_RESOURCE, V_ADMISSIBLE, V_COMPLETED } VertexRole;

/* 40 bytes, and an edge 12: a million resources make 1.4M vertices and
 * 2.7M edges (mcomp builds the graph for its cycle check). */
typedef struct GVertex {
    Resource *res;          /* the resource; for anchors, the container */
    VertexRole role;
    uint32_t priority;      /* the catalog index of res */
    long order;             /* the `order` metaparameter's sort key (0: none) */
    const char *display;    /* "Notify[a]"; anchors show their container: "Class[Main]" */
    const char *dot_name;   /* "Notify[a]", "Whit[Admissible_class[Main]]" */
} GVertex;

typedef struct GEdge {
    int src, dst;           /* vertex indices */
    uint8_t kind;           /* an EdgeKind */
    uint8_t any;            /* 1: onchanges_any / onfail_all and similar variants */
} GEdge;

typedef struct Graph {
    const Catalog *cat;
    GVertex *v;             /* resources in catalog order, then anchors */
    int nv;
    int *vertex_of;         /* catalog index -> vertex of a plain resource, or -1 for containers */
    int *admissible_of, *completed_of; /* catalog index -> anchor vertex, or -1 */
    GEdge *e;               /* expanded edges, in insertion order */
    int ne;
    int *out_start, *out;   /* CSR: edges leaving vertex i are out[out_start[i] .. out_start[i+1]) (edge indices, insertion order) */
    int *in_start, *in;     /* CSR of edges entering each vertex */
    /* Before expansion, for relationships.dot: edges between catalog
     * resources (containers included), by catalog index. */
    GEdge *rel;
    int nrel;
} Graph;

/* Builds the graph of cat: relationship metaparameters, autorequires,
 * requisites, then container expansion.  Returns 0, or -1 after printing
 * "Error: ..." lines for missing references.  The graph owns its arrays. */
int graph_build(Graph *g, const Catalog *cat);
/* graph_build that also hands err_fn each error line's text (without
 * "Error: "), for the run's report; err_fn NULL: none. */
typedef void (*GraphErrFn)(void *ctx, const char *msg);
int graph_build_log(Graph *g, const Catalog *cat, GraphErrFn err_fn, void *err_ctx);
void graph_free(Graph *g);

/* Cycles (apply/cycles.c). */
typedef struct CycleSet {
    int **paths;            /* per component: one BFS path (vertex indices), -1 terminated */
    int ncomponents;
    char *message;          /* "Found 1 dependency cycle:\n(Notify[a] => Notify[b] => Notify[a])\n..." (malloc) */
} CycleSet;
/* Finds the cycles (Tarjan, then one BFS path per component, docs/apply.md §5.1).
 * Returns the number of components with a cycle; fills *cs when > 0. */
int graph_cycles(const Graph *g, CycleSet *cs);
void cycles_free(CycleSet *cs);
/* Up to max_paths BFS paths per cycle component, for cycles.dot:
 * components in report order, each path -1 terminated, the list ended by an
 * extra -1.  NULL when the graph has no cycle.  Caller frees. */
int *cycles_dot_paths(const Graph *g, int max_paths);

/* Graph files (apply/dot.c): resources.dot, relationships.dot,
 * expanded_relationships.dot and, with cycles, cycles.dot, in dir, in
 * Puppet's exact layout; format "dot" writes only those, "svg"/"png" also
 * renders each through GraphViz.  Returns 0 or -1 (message printed). */
int graph_write_dot(const Graph *g, const CycleSet *cs, const char *dir, const char *format);
#endif
