/*
 * tx.c - the transaction: walks the expanded graph in Kahn order (ready
 * vertices by (order value, catalog index)), and for each vertex decides,
 * as Puppet does (docs/apply.md §3, §4, §8, §11), whether it is skipped for failed
 * dependencies, applied, or refreshed, and where its events go.  Salt's
 * requisites are edge kinds: onchanges and onfail decide whether a resource
 * runs, prereq test-runs its target first.  One idea carries it: every
 * vertex keeps the set of failed resources it inherits and the count of
 * events queued for it, so skipping and refresh coalescing are both local
 * decisions made once per vertex.
 *
 * Group commit: a File provider may defer its write (tx_defer); the
 * walk then holds every line until the batch is flushed, which happens
 * before the first vertex that could observe a deferred file (anything
 * but a plain File) and at the end.  A dependent of a pending vertex joins
 * the batch when only "skipped" could change its outcome (an anchor, or a
 * File its provider keeps to a deferred write: tx_joined, tx_settle);
 * otherwise it flushes first.  A deferred write that fails at the flush
 * has its held lines and events replaced by the failure, in place, and
 * each joined vertex after it that now inherits a failure by the lines,
 * events and counts of Puppet's skip (docs/apply.md §15).
 *
 * Parallel apply (-j N, docs/apply.md §14): the walk keeps its thread and
 * its order; a ready exec or service whose outcome can no longer change
 * (dependencies finished and not failed, none a file awaiting the flush,
 * no prereq, schedule or parallel => false, its Salt order rank reached,
 * no file, package or other non-worker resource before it unfinished)
 * goes to one of N workers, which evaluates it early into a buffer of its
 * own; the walk prints that buffer in the resource's turn, so lines,
 * reports and exit codes are those of -j 1.  One lock (Par.gil) covers the
 * transaction and every provider, let go only while run_command waits for
 * a command: providers need not be thread-safe, and what overlaps is the
 * commands.  Packages, users, groups and files stay in the walk.
 */
#include "apply/tx.h"
#include "apply/apply.h"
#include "types/provider.h"
#include "types/run.h"
#include "types/schedule.h"
#include "types/types.h"
#include "base/rootfs.h"
#include "base/diag.h"
#include "base/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <pthread.h>
#include <sched.h>
#include <time.h>

enum { EV_SUCCESS, EV_NOOP, EV_FAILURE };

/* prop, message, prev and desired feed the run's report: scrubbed of
 * Sensitive values, in the run's arena (NULL: none or unknown). */
typedef struct Event {
    const char *name;
    int status;
    const char *prop, *message, *prev, *desired;
    struct timespec when;    /* CLOCK_REALTIME */
} Event;

typedef struct IntSet { int *v; int n; } IntSet;     /* sorted vertex ids, shared (immutable) */

/* A line held while a batch is open (printed at the flush), or said by a
 * resource a worker evaluates (printed in its turn). */
typedef struct Held {
    int v;                   /* the vertex whose failure it reports (fails only), else -1 */
    LogLevel lvl;
    const Resource *res;
    char *source, *prop, *msg;   /* malloc'd; source and prop may be NULL */
} Held;

typedef struct Lines { Held *v; int n, cap; } Lines;

struct TxRes {
    struct Tx *tx;
    int v;                   /* vertex */
    Resource *res;
    const char *path;        /* log source: "/Stage[main]/Main/Notify[a]", or a whit's display name */
    const char *child_path;  /* tx_child: the generated resource whose lines these are, or NULL */
    LogLevel level;          /* the loglevel metaparameter */
    int noop;
    int probe;               /* test run for prereq: record, print nothing */
    int refreshing;
    int evaluated, failed, skipped, not_run, changed, restarted, failed_to_restart;
    Event *events;
    int nevents, capevents;
    int whit_noop;           /* tx_generated_noop: noop events sent on by a generated resource's whit */
    int whit, whit_lost;     /* tx_generated: t generated resources; events of those that failed */
    IntSet gen_failed;       /* the failed ones (Tx.gen_names), which t's dependents inherit */
    int queued;              /* events queued for this vertex's refresh */
    int queued_real;         /* at least one queued event is not noop */
    IntSet failed_deps;
    double seconds;
    struct timespec started; /* CLOCK_REALTIME when evaluated, for reports */
    int turn;                /* the walk's count when its turn came (0: never), for reports */
    int sent;                /* events sent to each subscriber (queue_events) */
    int deferred;            /* a deferred change waits for the batch's flush */
    int defer_line, defer_end;   /* its held lines after tx_defer: [defer_line, defer_end) */
    int defer_event;         /* t->nevents at tx_defer */
    int defer_failed;        /* the flush failed it: its failure lines replace those */
    int joined;              /* evaluated inside the open batch, ahead of its dependencies' flush */
    int join_line;           /* its first held line (joined) */
    int unjoined;            /* joined, and a dependency failed at the flush: now a skip */
    int batch_i;             /* its index in Tx.batched */
    int taken;               /* the walk has reached it (popped it off the ready heap) */
    int dispatched;          /* -j: handed to a worker, which evaluates it before its turn */
    int done;                /* -j: the worker has finished it */
    Lines out;               /* -j: the lines it said on the worker, printed in its turn */
};

typedef struct Tx {
    int turns;               /* vertices the walk has taken so far */
    Graph *g;
    const ApplyOptions *opt;
    TxRes *r;                /* per vertex */
    char **paths;            /* per catalog index (lazily) */
    unsigned char *announced;/* per vertex: "Dependency X has failures" said */
    const char **gen_names;  /* failed generated resources (tx_generated), ids nv + k, and */
    unsigned char *gen_announced;   /* their announced */
    size_t gen_failed_n;
    int aborted;             /* a run-level error (unknown schedule): stop at once */
    Arena *arena;
    int tags_filter;
    const int *ready;        /* the walk's ready vertices (its heap), for tx_ready_peers */
    const int *nready;
    TxFlushFn flush;         /* the open batch's flush, or NULL: lines go out at once */
    int flushing;            /* inside flush: lines are the failures' (fails) */
    int failing;             /* the vertex tx_defer_failed named */
    Lines held, fails;
    int *batched;            /* deferred and joined vertices, in walk order */
    int nbatched, capbatched;
    int resolved;            /* at the flush: batched[0, resolved) are settled */
    struct Par *par;         /* -j N, N > 1: the workers; NULL: one resource at a time */
} Tx;

/* ---- logging ---- */

static const char *level_name[] = {"Debug", "Info", "Notice", "Warning", "Error"};

static char *dup_or_null(const char *s) { return s ? xstrndup(s, strlen(s)) : NULL; }

static void lines_push(Lines *l, Held h)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 256;
        l->v = xrealloc(l->v, (size_t)l->cap * sizeof *l->v);
    }
    l->v[l->n++] = h;
}

/* On a worker: the lines of the resource it evaluates (printed in that
 * resource's turn by the walk); NULL on the walk's own thread. */
static __thread Lines *worker_lines;

/* Prints one line and hands it to log_fn. */
static void put(Tx *tx, const Resource *res, LogLevel lvl, const char *source, const char *prop, const char *msg)
{
    FILE *out = lvl >= LL_WARNING ? stderr : stdout;
    if (source && prop) diag_fprintf(out, "%s: %s/%s: %s\n", level_name[lvl], source, prop, msg);
    else if (source) diag_fprintf(out, "%s: %s: %s\n", level_name[lvl], source, msg);
    else diag_fprintf(out, "%s: %s\n", level_name[lvl], msg);
    fflush(out);
    if (tx->opt->log_fn) tx->opt->log_fn(tx->opt->log_ctx, lvl, res, source, prop, msg);
}

/* res: the resource the line is about, or NULL; its Sensitive values are
 * scrubbed out of msg (provider_scrub) whatever the provider wrote.  While
 * a batch is open the line is held (see flush_batch). */
static void emit(Tx *tx, const Resource *res, LogLevel lvl, const char *source, const char *prop, const char *msg)
{
    if ((int)lvl < (int)tx->opt->log_level) return;
    char *clean = provider_scrub(res, msg);
    if (clean) msg = clean;
    if (worker_lines) {
        lines_push(worker_lines, (Held){-1, lvl, res, dup_or_null(source), dup_or_null(prop), dup_or_null(msg)});
    } else if (tx->flush) {
        lines_push(tx->flushing ? &tx->fails : &tx->held,
                   (Held){tx->flushing ? tx->failing : -1, lvl, res, dup_or_null(source), dup_or_null(prop),
                          dup_or_null(msg)});
    } else {
        put(tx, res, lvl, source, prop, msg);
    }
    free(clean);
}

static void vemit(TxRes *t, LogLevel lvl, const char *prop, int plain, const char *fmt, va_list ap)
{
    if (t->probe) return;
    char small[1024];
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    char *msg = small;
    if (n >= (int)sizeof small) {
        msg = xmalloc((size_t)n + 1);
        vsnprintf(msg, (size_t)n + 1, fmt, ap2);
    }
    va_end(ap2);
    emit(t->tx, t->res, lvl, plain ? NULL : t->child_path ? t->child_path : t->path, prop, msg);
    if (msg != small) free(msg);
}

/* ---- the provider-facing API ---- */

const Resource *tx_resource(TxRes *t) { return t->res; }
int tx_noop(TxRes *t) { return t->noop || t->probe; }
const char *tx_root(TxRes *t) { return t->tx->opt->root ? t->tx->opt->root : ""; }
int tx_is_refreshing(TxRes *t) { return t->refreshing; }
const Catalog *tx_catalog(TxRes *t) { return t->tx->g->cat; }
const char *tx_vardir(TxRes *t) { return t->tx->opt->vardir ? t->tx->opt->vardir : ""; }
const char *tx_modulepath(TxRes *t) { return t->tx->opt->modulepath ? t->tx->opt->modulepath : ""; }
int tx_show_diff(TxRes *t) { return t->tx->opt->show_diff; }

/* A copy of s in the run's arena with t's Sensitive values scrubbed out. */
static const char *scrubbed(TxRes *t, const char *s)
{
    if (!s) return NULL;
    char *clean = provider_scrub(t->res, s);
    const char *keep = arena_printf(t->tx->arena, "%s", clean ? clean : s);
    free(clean);
    return keep;
}

static void add_event_full(TxRes *t, const char *name, int status, const char *prop, const char *message,
                           const char *prev, const char *desired)
{
    if (t->nevents == t->capevents) {
        t->capevents = t->capevents ? t->capevents * 2 : 4;
        t->events = xrealloc(t->events, (size_t)t->capevents * sizeof *t->events);
    }
    Event *e = &t->events[t->nevents++];
    e->name = name;
    e->status = status;
    e->prop = prop;
    e->message = t->probe ? NULL : scrubbed(t, message);
    e->prev = t->probe ? NULL : scrubbed(t, prev);
    e->desired = t->probe ? NULL : scrubbed(t, desired);
    clock_gettime(CLOCK_REALTIME, &e->when);
}

static void add_event(TxRes *t, const char *name, int status)
{
    add_event_full(t, name, status, NULL, NULL, NULL, NULL);
}

void tx_change(TxRes *t, const char *prop, const char *event, const char *fmt, ...)
{
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    char *msg = xmalloc(n > 0 ? (size_t)n + 1 : 1);
    vsnprintf(msg, n > 0 ? (size_t)n + 1 : 1, fmt, ap2);
    va_end(ap2);
    va_end(ap);
    if (!t->probe) emit(t->tx, t->res, t->level, t->child_path ? t->child_path : t->path, prop, msg);
    add_event_full(t, event, EV_SUCCESS, prop, msg, NULL, NULL);
    free(msg);
}

void tx_change_values(TxRes *t, const char *prev, const char *desired)
{
    if (t->probe || t->nevents == 0) return;
    Event *e = &t->events[t->nevents - 1];
    e->prev = scrubbed(t, prev);
    e->desired = scrubbed(t, desired);
}

void tx_would(TxRes *t, const char *prop, const char *event, const char *is, const char *should)
{
    if (!t->probe) {
        char *msg = xmalloc(strlen(is) + strlen(should) + 64);
        sprintf(msg, "current_value %s, should be %s (noop)", is, should);
        emit(t->tx, t->res, t->level, t->child_path ? t->child_path : t->path, prop, msg);
        add_event_full(t, event, EV_NOOP, prop, msg, is, should);
        free(msg);
        return;
    }
    add_event(t, event, EV_NOOP);
}

int tx_events(TxRes *t) { return t->nevents; }

void tx_generated_noop(TxRes *t, const char *name)
{
    if (!t->probe)
        emit(t->tx, t->res, LL_NOTICE, name, NULL, "Would have triggered 'refresh' from 1 event");
    t->whit_noop++;
}

static IntSet set_union(Tx *tx, IntSet a, IntSet b);

void tx_generated(TxRes *t, const char *ref, int first, int end, int failed)
{
    Tx *tx = t->tx;
    t->whit = 1;
    if (!failed || t->probe) return;
    t->whit_lost += end - first;
    int *id = arena_alloc(tx->arena, sizeof *id), k = (int)(tx->gen_failed_n++);
    tx->gen_names = xrealloc(tx->gen_names, (size_t)(k + 1) * sizeof *tx->gen_names);
    tx->gen_announced = xrealloc(tx->gen_announced, (size_t)k + 1);
    tx->gen_names[k] = arena_printf(tx->arena, "%s", ref);
    tx->gen_announced[k] = 0;
    *id = tx->g->nv + k;
    t->gen_failed = set_union(tx, t->gen_failed, (IntSet){id, 1});
}

void tx_generated_skip(TxRes *t, const char *ref, const char *failed_ref)
{
    Tx *tx = t->tx;
    if (t->probe) return;
    size_t keep = strlen(t->path) - strlen(t->res->ref);   /* a sibling of t, as tx_child */
    const char *path = arena_printf(tx->arena, "%.*s%s", (int)keep, t->path, ref);
    for (size_t k = tx->gen_failed_n; k-- > 0;) {
        if (strcmp(tx->gen_names[k], failed_ref)) continue;
        if (!tx->gen_announced[k])
            emit(tx, t->res, LL_NOTICE, path, NULL, arena_printf(tx->arena, "Dependency %s has failures: true", failed_ref));
        tx->gen_announced[k] = 1;
        break;
    }
    emit(tx, t->res, LL_WARNING, path, NULL, "Skipping because of failed dependencies");
}

void tx_failed(TxRes *t, const char *prop, const char *from, const char *to, const char *fmt, ...)
{
    char small[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (!t->probe) {
        char *msg = xmalloc(strlen(small) + strlen(from) + strlen(to) + 64);
        sprintf(msg, "change from %s to %s failed: %s", from, to, small);
        emit(t->tx, t->res, LL_ERR, t->child_path ? t->child_path : t->path, prop, msg);
        add_event_full(t, prop, EV_FAILURE, prop, msg, from, to);
        free(msg);
    } else {
        add_event(t, prop, EV_FAILURE);
    }
    t->failed = 1;
}

void tx_log(TxRes *t, LogLevel lvl, const char *prop, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vemit(t, lvl, prop, 0, fmt, ap);
    va_end(ap);
}

void tx_log_plain(TxRes *t, LogLevel lvl, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vemit(t, lvl, NULL, 1, fmt, ap);
    va_end(ap);
}

void tx_unschedule_refresh(TxRes *t)
{
    if (t->probe) return;
    emit(t->tx, t->res, LL_INFO, t->path, NULL, arena_printf(t->tx->arena, "Unscheduling refresh on %s", t->tx->g->v[t->v].display));
    t->queued = 0;
    t->queued_real = 0;
}

void tx_child(TxRes *t, const char *ref)
{
    if (!ref) {
        t->child_path = NULL;
        return;
    }
    size_t keep = strlen(t->path) - strlen(t->res->ref);   /* the path ends "/" + its own ref */
    t->child_path = arena_printf(t->tx->arena, "%.*s%s", (int)keep, t->path, ref);
}

/* ---- paths ---- */

/* "/Stage[main]/Main/Outer_dt[x]/Notify[a]": the first containment edge
 * names the parent; a class shows its title, a define or node its ref. */
static const char *path_of(Tx *tx, Resource *r, Resource **parent_of)
{
    size_t i = r->index;
    if (tx->paths[i]) return tx->paths[i];
    Resource *p = parent_of[i];
    const char *seg = r->ref;
    if (!strcmp(r->type, "Class")) seg = !strcmp(r->title, "main") ? "Main" : r->title;
    const char *pp = p && p != r ? path_of(tx, p, parent_of) : "";
    size_t n = strlen(pp) + strlen(seg) + 2;
    char *s = arena_alloc_bytes(tx->arena, n);
    snprintf(s, n, "%s/%s", pp, seg);
    tx->paths[i] = s;
    return s;
}

/* ---- failed dependencies ---- */

static IntSet set_union(Tx *tx, IntSet a, IntSet b)
{
    if (!b.n) return a;
    if (!a.n) return b;
    int *v = arena_alloc(tx->arena, (size_t)(a.n + b.n) * sizeof *v);
    int i = 0, j = 0, n = 0;
    while (i < a.n || j < b.n) {
        if (j >= b.n || (i < a.n && a.v[i] < b.v[j])) v[n++] = a.v[i++];
        else if (i >= a.n || b.v[j] < a.v[i]) v[n++] = b.v[j++];
        else v[n++] = a.v[i++], j++;
    }
    if (n == a.n) return a;
    if (n == b.n) return b;
    return (IntSet){v, n};
}

static IntSet set_one(Tx *tx, int x)
{
    int *v = arena_alloc(tx->arena, sizeof *v);
    v[0] = x;
    return (IntSet){v, 1};
}

static int propagates_failure(EdgeKind k) { return k != EK_ONFAIL && k != EK_ONCHANGES; }

static IntSet inherited_failures(Tx *tx, int v)
{
    Graph *g = tx->g;
    IntSet s = {0};
    for (int k = g->in_start[v]; k < g->in_start[v + 1]; k++) {
        GEdge *e = &g->e[g->in[k]];
        if (!propagates_failure(e->kind)) continue;
        TxRes *d = &tx->r[e->src];
        s = set_union(tx, s, d->failed_deps);
        /* a resource whose generated ones failed: those, through its whit */
        if (d->failed) s = set_union(tx, s, d->gen_failed.n ? d->gen_failed : set_one(tx, e->src));
    }
    return s;
}

/* ---- events ---- */

static int refreshable(Tx *tx, int v)
{
    GVertex *gv = &tx->g->v[v];
    if (gv->role != V_RESOURCE) return 1;
    const Provider *p = provider_find(gv->res->type);
    return p && p->refresh;
}

/* Sends n events from t along its event-carrying out-edges (real: at least
 * one of them is not noop), saying so from source (t's path, or its whit's). */
static void queue_events(Tx *tx, TxRes *t, int n, int real, const char *source)
{
    if (n <= 0 || t->probe) return;
    Graph *g = tx->g;
    t->sent += n;
    for (int k = g->out_start[t->v]; k < g->out_start[t->v + 1]; k++) {
        GEdge *e = &g->e[g->out[k]];
        if (e->kind != EK_SUBSCRIBE && e->kind != EK_CONTAIN) continue;
        if (!refreshable(tx, e->dst)) continue;
        TxRes *d = &tx->r[e->dst];
        d->queued += n;
        d->queued_real |= real;
        /* Puppet says it once per event */
        const char *line = arena_printf(tx->arena, "Scheduling refresh of %s", g->v[e->dst].display);
        for (int i = 0; i < n; i++) emit(tx, t->res, g->v[e->dst].role == V_COMPLETED ? LL_DEBUG : LL_INFO, source, NULL, line);
    }
}

static void queue_own_events(Tx *tx, TxRes *t)
{
    int real = 0;
    for (int i = 0; i < t->nevents; i++) real |= t->events[i].status == EV_SUCCESS;
    queue_events(tx, t, t->nevents + t->whit_noop, real, t->path);
}

static const char *plural_events(int n) { return n == 1 ? "event" : "events"; }

/* Puppet's whit "completed_<title>" after t's generated resources, which
 * stands for t towards its dependents: it takes the events of t and of
 * those that did not fail; one that failed skips it (t->failed), else it
 * announces noop events or refreshes silently, and sends one event on. */
static void complete_generated(Tx *tx, TxRes *t)
{
    const char *name = t->res->title;
    int n = t->nevents - t->whit_lost, real = 0, failed = t->gen_failed.n;
    for (int i = 0; i < t->nevents; i++) real |= t->events[i].status == EV_SUCCESS && !tx->opt->noop;
    if (n > 0 && !t->probe && (failed || !real))
        emit(tx, t->res, failed ? LL_INFO : LL_NOTICE, name, NULL, failed ? arena_printf(tx->arena,
             "Unscheduling all events on %s", name) : arena_printf(tx->arena, "Would have triggered 'refresh' from %d %s", n, plural_events(n)));
    if (n > 0 && !failed) queue_events(tx, t, 1, real, name);
}

/* One coalesced refresh for all the events queued for t (docs/apply.md §4.2): noop
 * ones are only announced; whits pass a restart on silently; a real
 * refresh counts as a change ("refresh" event) and sends "restarted" on. */
static void process_events(Tx *tx, TxRes *t)
{
    if (!t->queued) return;
    int n = t->queued;
    int is_whit = tx->g->v[t->v].role != V_RESOURCE;
    if (!t->queued_real || t->noop) {
        emit(tx, t->res, LL_NOTICE, t->path, NULL,
             arena_printf(tx->arena, "Would have triggered 'refresh' from %d %s", n, plural_events(n)));
        queue_events(tx, t, 1, 0, t->path);
        return;
    }
    if (!is_whit) {
        const Provider *p = provider_find(t->res->type);
        Buf err = BUF_INIT;
        t->refreshing = 1;
        int rc = p->refresh(t, &err);
        t->refreshing = 0;
        if (rc != 0) {
            emit(tx, t->res, LL_ERR, t->path, NULL, arena_printf(tx->arena, "Failed to call refresh: %s", buf_cstr(&err)));
            emit(tx, t->res, LL_ERR, t->path, NULL, buf_cstr(&err));
            t->failed = t->failed_to_restart = 1;
            add_event_full(t, "refresh", EV_FAILURE, NULL, arena_printf(tx->arena, "Failed to call refresh: %s", buf_cstr(&err)), NULL, NULL);
            buf_free(&err);
            return;
        }
        buf_free(&err);
        emit(tx, t->res, t->level, t->path, NULL, arena_printf(tx->arena, "Triggered 'refresh' from %d %s", n, plural_events(n)));
        t->restarted = 1;
        add_event_full(t, "refresh", EV_SUCCESS, NULL, arena_printf(tx->arena, "Triggered 'refresh' from %d %s", n, plural_events(n)), NULL, NULL);
    }
    queue_events(tx, t, 1, 1, t->path);
}

/* ---- requisites and generic checks ---- */

static int changed_in_run(TxRes *d)
{
    for (int i = 0; i < d->nevents; i++)
        if (d->events[i].status == EV_SUCCESS) return 1;
    return 0;
}

/* onchanges / onfail decide whether t runs at all.  Returns 1 to run, 0 for
 * "not run" (after logging why). */
static int requisites_allow(Tx *tx, TxRes *t)
{
    Graph *g = tx->g;
    int n_onchanges = 0, fired = 0, n_onfail = 0, n_failed = 0, onfail_all = 0;
    for (int k = g->in_start[t->v]; k < g->in_start[t->v + 1]; k++) {
        GEdge *e = &g->e[g->in[k]];
        TxRes *d = &tx->r[e->src];
        if (e->kind == EK_ONCHANGES) {
            n_onchanges++;
            if (!d->failed && changed_in_run(d)) fired = 1;
        } else if (e->kind == EK_ONFAIL) {
            n_onfail++;
            onfail_all |= e->any;
            if (d->failed || d->failed_deps.n) n_failed++;
        }
    }
    if (n_onfail && (onfail_all ? n_failed < n_onfail : n_failed == 0)) {
        tx_log(t, LL_INFO, NULL, "onfail requisite did not fail");
        return 0;
    }
    if (n_onchanges && !fired) {
        tx_log(t, LL_INFO, NULL, "none of the onchanges requisites changed");
        return 0;
    }
    return 1;
}

static void evaluate_plain(Tx *tx, TxRes *t);

/* prereq: before t runs, each resource it pre-requires is test-run; t runs
 * only if one of them would change. */
static int prereqs_allow(Tx *tx, TxRes *t)
{
    Graph *g = tx->g;
    int any = 0, would = 0;
    for (int k = g->out_start[t->v]; k < g->out_start[t->v + 1]; k++) {
        GEdge *e = &g->e[g->out[k]];
        if (e->kind != EK_PREREQ || g->v[e->dst].role != V_RESOURCE) continue;
        any = 1;
        TxRes probe = tx->r[e->dst];
        probe.probe = 1;
        probe.events = NULL;
        probe.nevents = probe.capevents = 0;
        const Provider *p = provider_find(probe.res->type);
        if (p && p->apply) p->apply(&probe);
        for (int i = 0; i < probe.nevents; i++) would |= probe.events[i].status != EV_FAILURE;
        free(probe.events);
    }
    if (any && !would) {
        tx_log(t, LL_INFO, NULL, "No changes detected");
        return 0;
    }
    return 1;
}

/* check_cmd: after a sync, every command must succeed or the resource failed. */
static void check_cmd(TxRes *t)
{
    if (tx_check_cmds_pass(t)) return;
    tx_log(t, LL_ERR, NULL, "check_cmd determined the state failed");
    add_event_full(t, "check_cmd", EV_FAILURE, NULL, "check_cmd determined the state failed", NULL, NULL);
    t->failed = 1;
}

/* ---- evaluating vertices ---- */

static int tagged_for_run(Tx *tx, Resource *r)
{
    if (!tx->opt->ntags && !tx->opt->nskip_tags) return 1;
    for (int i = 0; i < tx->opt->nskip_tags; i++)
        if (cat_res_tagged(r, tx->opt->skip_tags[i])) return 0;
    if (!tx->opt->ntags) return 1;
    for (int i = 0; i < tx->opt->ntags; i++)
        if (cat_res_tagged(r, tx->opt->tags[i])) return 1;
    return 0;
}

static void skip_for_failures(Tx *tx, TxRes *t)
{
    int is_whit = tx->g->v[t->v].role != V_RESOURCE;
    t->skipped = 1;
    if (!is_whit) {
        for (int i = 0; i < t->failed_deps.n; i++) {
            int x = t->failed_deps.v[i], nv = tx->g->nv;
            unsigned char *said = x < nv ? &tx->announced[x] : &tx->gen_announced[x - nv];
            if (*said) continue;
            *said = 1;
            emit(tx, t->res, LL_NOTICE, t->path, NULL, arena_printf(tx->arena, "Dependency %s has failures: true",
                 x < nv ? tx->g->v[x].display : tx->gen_names[x - nv]));
        }
        emit(tx, t->res, LL_WARNING, t->path, NULL, "Skipping because of failed dependencies");
    }
    if (t->queued)
        emit(tx, t->res, LL_INFO, t->path, NULL, arena_printf(tx->arena, "Unscheduling all events on %s", tx->g->v[t->v].display));
    t->queued = 0;
}

static void evaluate_plain(Tx *tx, TxRes *t)
{
    const Provider *p = provider_find(t->res->type);
    if (!requisites_allow(tx, t) || !prereqs_allow(tx, t) || !tx_generic_checks_allow(t)) {
        t->not_run = 1;
    } else if (p && p->apply) {
        int rc = p->apply(t);
        if (t->skipped) return;        /* tx_settle: a dependency failed at the flush */
        if (rc != 0) t->failed = 1;
        if (!t->failed) check_cmd(t);
    }
    if (t->whit && (t->gen_failed.n || !t->failed)) complete_generated(tx, t);
    else if (!t->failed) queue_own_events(tx, t);
    if (!t->failed) process_events(tx, t);
}

static void evaluate(Tx *tx, int v)
{
    TxRes *t = &tx->r[v];
    GVertex *gv = &tx->g->v[v];
    t->evaluated = 1;
    clock_gettime(CLOCK_REALTIME, &t->started);
    t->failed_deps = inherited_failures(tx, v);
    /* --tags: untagged resources are skipped silently, and so are the
     * anchors, which carry no tags (their events are dropped) */
    if (gv->role == V_RESOURCE ? !tagged_for_run(tx, gv->res) : (tx->opt->ntags > 0)) {
        t->skipped = 1;
        if (t->queued)
            emit(tx, t->res, LL_INFO, t->path, NULL, arena_printf(tx->arena, "Unscheduling all events on %s", gv->display));
        t->queued = 0;
        return;
    }
    if (t->failed_deps.n) {
        skip_for_failures(tx, t);
        return;
    }
    /* schedule => name: outside the schedule, skipped silently (not a
     * failure); a schedule the catalog lacks aborts the run, as in Puppet */
    Value *sv = gv->role == V_RESOURCE ? cat_res_get(gv->res, "schedule") : NULL;
    if (sv && sv->kind == V_STR) {
        Resource *sched = cat_find((Catalog *)tx->g->cat, "Schedule", sv->str.s);
        if (!sched) {
            emit(tx, NULL, LL_ERR, NULL, NULL, arena_printf(tx->arena, "Failed to apply catalog: Could not find schedule %s", sv->str.s));
            t->evaluated = 0;      /* Puppet's report: never evaluated */
            tx->aborted = 1;
            return;
        }
        if (!schedule_allows(sched, time(NULL))) {
            tx_log(t, LL_DEBUG, NULL, "Not scheduled");
            t->skipped = 1;
            t->queued = 0;
            return;
        }
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (gv->role == V_RESOURCE) evaluate_plain(tx, t);
    else process_events(tx, t);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (!t->skipped) t->seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
}

/* ---- batching ---- */

static int vertex_before(const Graph *g, int a, int b);

/* A ready vertex that will surely be applied by its provider in its turn:
 * nothing can stop it or turn it into a test. */
static int plain_peer(Tx *tx, int v, const char *type)
{
    GVertex *gv = &tx->g->v[v];
    TxRes *t = &tx->r[v];
    if (gv->role != V_RESOURCE || t->evaluated || strcasecmp(gv->res->type, type)) return 0;
    if (t->noop || tx->opt->noop || !tagged_for_run(tx, gv->res)) return 0;
    static const char *const stoppers[] = {"schedule", "onlyif", "unless", "creates", "check_cmd", NULL};
    for (int i = 0; stoppers[i]; i++)
        if (cat_res_get(gv->res, stoppers[i])) return 0;
    Graph *g = tx->g;
    for (int k = g->in_start[v]; k < g->in_start[v + 1]; k++) {
        GEdge *e = &g->e[g->in[k]];
        TxRes *d = &tx->r[e->src];
        if (e->kind == EK_ONCHANGES || e->kind == EK_ONFAIL) return 0;
        if (d->failed || d->failed_deps.n) return 0;
    }
    for (int k = g->out_start[v]; k < g->out_start[v + 1]; k++)
        if (g->e[g->out[k]].kind == EK_PREREQ) return 0;
    return 1;
}

size_t tx_ready_peers(TxRes *t, const Resource **out, size_t max)
{
    Tx *tx = t->tx;
    if (t->probe || !tx->ready || !max) return 0;
    int n = 0, *pick = xmalloc(((size_t)*tx->nready + 1) * sizeof *pick);
    for (int i = 0; i < *tx->nready; i++)
        if (tx->ready[i] != t->v && plain_peer(tx, tx->ready[i], t->res->type)) {
            int x = tx->ready[i], j = n++;    /* insertion sort in walk order */
            while (j > 0 && vertex_before(tx->g, x, pick[j - 1])) { pick[j] = pick[j - 1]; j--; }
            pick[j] = x;
        }
    size_t k = 0;
    for (; k < (size_t)n && k < max; k++) out[k] = tx->g->v[pick[k]].res;
    free(pick);
    return k;
}

/* ---- group commit ---- */

int tx_batching(TxRes *t)
{
    return !t->probe && !t->noop && !t->refreshing && !t->child_path && !strcasecmp(t->res->type, "File")
        && !cat_res_get(t->res, "check_cmd");
}

static void batch_add(Tx *tx, TxRes *t)
{
    if (tx->nbatched == tx->capbatched) {
        tx->capbatched = tx->capbatched ? 2 * tx->capbatched : 64;
        tx->batched = xrealloc(tx->batched, (size_t)tx->capbatched * sizeof *tx->batched);
    }
    t->batch_i = tx->nbatched;
    tx->batched[tx->nbatched++] = t->v;
}

void tx_defer(TxRes *t, TxFlushFn flush)
{
    Tx *tx = t->tx;
    if (t->deferred) return;
    tx->flush = flush;
    t->deferred = 1;
    t->defer_failed = 0;
    t->defer_line = t->defer_end = tx->held.n;
    t->defer_event = t->nevents;
    if (!t->joined) batch_add(tx, t);     /* (a joined one is there already) */
}

/* Takes back the events t sent: a failed or skipped resource sends none. */
static void retract_events(Tx *tx, TxRes *t)
{
    Graph *g = tx->g;
    for (int k = g->out_start[t->v]; t->sent && k < g->out_start[t->v + 1]; k++) {
        GEdge *e = &g->e[g->out[k]];
        if ((e->kind == EK_SUBSCRIBE || e->kind == EK_CONTAIN) && refreshable(tx, e->dst))
            tx->r[e->dst].queued -= t->sent;
    }
    t->sent = 0;
}

static void resolve_joined(Tx *tx, int upto);

void tx_defer_failed(TxRes *t)
{
    Tx *tx = t->tx;
    if (!tx->flushing || !t->deferred) return;
    resolve_joined(tx, t->batch_i);
    t->defer_failed = 1;
    t->failed = 1;           /* now: its dependents in the batch are decided before its lines */
    tx->failing = t->v;
    t->nevents = t->defer_event;
    retract_events(tx, t);
}

/* 1 while t waits for the open batch's flush: its write deferred, or
 * itself evaluated ahead of a dependency's flush (joined). */
static int pending(const TxRes *t) { return t->deferred || t->joined; }

/* 1 when one of v's dependencies waits for the flush. */
static int after_pending(Tx *tx, int v)
{
    const Graph *g = tx->g;
    for (int k = g->in_start[v]; k < g->in_start[v + 1]; k++)
        if (pending(&tx->r[g->e[g->in[k]].src])) return 1;
    return 0;
}

/* 1 when v, a dependent of files waiting for the flush, may be evaluated
 * before it (joined to the batch): an anchor, or a File nothing can stop
 * or turn into a test, with no Salt requisite and no dependency known to
 * have failed.  Whether the flush fails decides only whether it is skipped
 * (flush_batch); the File provider makes sure it changes nothing but by a
 * deferred write, or settles first (tx_settle). */
static int joinable(Tx *tx, int v)
{
    const Graph *g = tx->g;
    const GVertex *gv = &g->v[v];
    if (tx->r[v].noop) return 0;
    if (gv->role == V_RESOURCE) {
        if (strcasecmp(gv->res->type, "File") || !tagged_for_run(tx, gv->res)) return 0;
        static const char *const stoppers[] = {"schedule", "onlyif", "unless", "creates", "check_cmd", NULL};
        for (int i = 0; stoppers[i]; i++)
            if (cat_res_get(gv->res, stoppers[i])) return 0;
    } else if (tx->opt->ntags) {
        return 0;
    }
    for (int k = g->in_start[v]; k < g->in_start[v + 1]; k++) {
        const GEdge *e = &g->e[g->in[k]];
        const TxRes *d = &tx->r[e->src];
        if (e->kind == EK_ONCHANGES || e->kind == EK_ONFAIL || d->failed || d->failed_deps.n) return 0;
    }
    for (int k = g->out_start[v]; k < g->out_start[v + 1]; k++)
        if (g->e[g->out[k]].kind == EK_PREREQ) return 0;
    return 1;
}

/* 1 when v could observe a deferred file: anything but a File, a File
 * that reads or runs something (source, recurse, validate_cmd), or a
 * dependent of a pending vertex that may not join the batch. */
static int must_flush(Tx *tx, int v)
{
    const GVertex *gv = &tx->g->v[v];
    if (gv->role == V_RESOURCE) {
        if (strcasecmp(gv->res->type, "File")) return 1;
        static const char *const readers[] = {"source", "recurse", "validate_cmd", NULL};
        for (int i = 0; readers[i]; i++)
            if (cat_res_get(gv->res, readers[i])) return 1;
    }
    return after_pending(tx, v) && !joinable(tx, v);
}

static void join(Tx *tx, TxRes *t)
{
    t->joined = 1;
    t->unjoined = 0;
    t->join_line = t->defer_line = t->defer_end = tx->held.n;
    batch_add(tx, t);
}

/* At the flush: a joined t one of whose dependencies failed becomes what
 * -j 1 would have made of it, a skip (its lines, events and counts
 * replaced; its deferred write, if any, the provider drops). */
static int unjoin_if_failed(Tx *tx, TxRes *t)
{
    IntSet fd = inherited_failures(tx, t->v);
    if (!fd.n) return 0;
    retract_events(tx, t);
    t->nevents = 0;
    t->failed = t->not_run = t->restarted = t->failed_to_restart = t->whit_noop = 0;
    t->whit = t->whit_lost = 0, t->gen_failed = (IntSet){0};
    t->seconds = 0;
    t->failed_deps = fd;
    t->unjoined = 1;
    int keep = tx->failing;
    tx->failing = t->v;
    skip_for_failures(tx, t);
    tx->failing = keep;
    return 1;
}

/* Settles the joined vertices before batched[upto] in walk order, but the
 * deferred ones: the provider's flush settles those (tx_defer_cancelled,
 * tx_defer_failed) as it reaches them, in the same order. */
static void resolve_joined(Tx *tx, int upto)
{
    for (; tx->resolved < upto; tx->resolved++) {
        TxRes *t = &tx->r[tx->batched[tx->resolved]];
        if (t->joined && !t->deferred && !t->unjoined) unjoin_if_failed(tx, t);
    }
}

int tx_defer_cancelled(TxRes *t)
{
    Tx *tx = t->tx;
    if (!tx->flushing || !t->deferred) return 0;
    resolve_joined(tx, t->batch_i);    /* their lines come before t's */
    return t->joined && (t->unjoined || unjoin_if_failed(tx, t));
}

int tx_joined(TxRes *t) { return t->joined && !t->tx->flushing; }

static void flush_batch(Tx *tx);
static void par_flushed(Tx *tx);

int tx_settle(TxRes *t)
{
    Tx *tx = t->tx;
    if (!t->joined || tx->flushing) return 0;
    t->defer_end = tx->held.n;
    flush_batch(tx);
    if (tx->par) par_flushed(tx);
    return t->skipped ? -1 : 0;
}

static void free_lines(Lines *l)
{
    for (int i = 0; i < l->n; i++) {
        free(l->v[i].source);
        free(l->v[i].prop);
        free(l->v[i].msg);
    }
    l->n = 0;
}

/* Finishes the open batch: the provider's flush puts every deferred
 * change in place (or fails it), then the held lines go out in the order
 * they were said, each failed change's failure lines in place of its
 * own. */
static void flush_batch(Tx *tx)
{
    if (!tx->flush) return;
    tx->flushing = 1;
    tx->flush();
    resolve_joined(tx, tx->nbatched);
    tx->flushing = 0;
    tx->flush = NULL;
    unsigned char *skip = xcalloc((size_t)tx->held.n + 1, 1);
    for (int b = 0; b < tx->nbatched; b++) {
        TxRes *t = &tx->r[tx->batched[b]];
        int from = t->unjoined ? t->join_line : t->defer_line;
        if (t->defer_failed || t->unjoined)
            memset(skip + from, 1, (size_t)(t->defer_end - from));
    }
    /* each replaced vertex's lines go where its own began: joined ones
     * from their first line, failed writes from the deferral */
    int b = 0, f = 0;
    for (int i = 0; i <= tx->held.n; i++) {
        for (; b < tx->nbatched && (tx->r[tx->batched[b]].unjoined ? tx->r[tx->batched[b]].join_line
                                                                   : tx->r[tx->batched[b]].defer_line) <= i; b++) {
            int v = tx->batched[b];
            for (; f < tx->fails.n && tx->fails.v[f].v == v; f++) {
                Held *h = &tx->fails.v[f];
                put(tx, h->res, h->lvl, h->source, h->prop, h->msg);
            }
        }
        if (i < tx->held.n && !skip[i]) {
            Held *h = &tx->held.v[i];
            put(tx, h->res, h->lvl, h->source, h->prop, h->msg);
        }
    }
    for (; f < tx->fails.n; f++) {     /* a provider's failure for no deferred vertex */
        Held *h = &tx->fails.v[f];
        put(tx, h->res, h->lvl, h->source, h->prop, h->msg);
    }
    for (b = 0; b < tx->nbatched; b++) {
        TxRes *t = &tx->r[tx->batched[b]];
        t->deferred = t->joined = t->unjoined = 0;
    }
    tx->nbatched = tx->resolved = 0;
    free(skip);
    free_lines(&tx->held);
    free_lines(&tx->fails);
}

/* ---- the walk ---- */

typedef struct Heap { int *v; int n; const Graph *g; } Heap;

static int vertex_before(const Graph *g, int a, int b)
{
    const GVertex *x = &g->v[a], *y = &g->v[b];
    if (x->order != y->order) return x->order < y->order;
    if (x->priority != y->priority) return x->priority < y->priority;
    return a < b;
}

static int heap_less(const Heap *h, int a, int b) { return vertex_before(h->g, a, b); }

static void heap_push(Heap *h, int x)
{
    int i = h->n++;
    h->v[i] = x;
    while (i > 0) {
        int p = (i - 1) / 2;
        if (!heap_less(h, h->v[i], h->v[p])) break;
        int tmp = h->v[p];
        h->v[p] = h->v[i];
        h->v[i] = tmp;
        i = p;
    }
}

static int heap_pop(Heap *h)
{
    int top = h->v[0];
    h->v[0] = h->v[--h->n];
    int i = 0;
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        if (l < h->n && heap_less(h, h->v[l], h->v[m])) m = l;
        if (r < h->n && heap_less(h, h->v[r], h->v[m])) m = r;
        if (m == i) break;
        int tmp = h->v[m];
        h->v[m] = h->v[i];
        h->v[i] = tmp;
        i = m;
    }
    return top;
}

/* ---- parallel apply (-j N) ----
 *
 * One lock (gil) covers the whole transaction and every provider: a
 * worker holds it while it evaluates a resource, and lets go of it only
 * while run_command waits for a command (run_set_wait_hooks).  The walk
 * keeps its order; a worker only evaluates early a ready resource the walk
 * has not reached, and the walk takes its outcome and prints its lines
 * when it reaches it. */

typedef struct Par {
    pthread_mutex_t gil;     /* held by whoever touches the transaction or a provider */
    pthread_cond_t work;     /* workers: a resource was queued, or stop */
    pthread_cond_t done;     /* the walk: a worker finished a resource */
    Heap queue;              /* dispatched, no worker yet: the walk's next first */
    int inflight;            /* dispatched and not finished */
    int idle;                /* workers waiting for work */
    int stop;
    int waiting;             /* threads back from a command, waiting for gil (atomic) */
    pthread_t *threads;
    int nthreads, jobs;      /* workers started (as work comes), and at most */
    int *pending;            /* ready, but after a deferred file: reconsidered at the flush */
    int npending, cappending;
    int *level_of;           /* per vertex: the rank of its order key (Salt's order) */
    int *left;               /* per rank: vertices the walk has not finished */
    int nlevels, minlevel;   /* minlevel: the lowest rank with a vertex left */
    int *bar;                /* the barriers (see barrier), in the walk's order */
    int nbar, bar_i;         /* bar[bar_i]: the first the walk has not finished */
    unsigned char *done_bar; /* per vertex: a barrier the walk has finished */
    Heap barred;             /* ready, but after bar[bar_i]: reconsidered as it moves */
    unsigned char *in_barred;/* per vertex: in barred */
} Par;

static void gil_leave(void *ctx)
{
    pthread_mutex_unlock(&((Par *)ctx)->gil);
}

static void gil_enter(void *ctx)
{
    Par *p = ctx;
    __atomic_add_fetch(&p->waiting, 1, __ATOMIC_RELAXED);
    pthread_mutex_lock(&p->gil);
    __atomic_sub_fetch(&p->waiting, 1, __ATOMIC_RELAXED);
}

/* 0 for a resource kept alone: parallel => false, or the tag serialize. */
static int res_parallel(const Resource *r)
{
    Value *v = cat_res_get((Resource *)r, "parallel");
    if (cat_res_tagged(r, "serialize")) return 0;
    if (!v) return 1;
    if (v->kind == V_BOOL) return v->b;
    return !(v->kind == V_STR && !strcmp(v->str.s, "false"));
}

/* Exec and Service run on workers: their time is the command they wait
 * for.  Everything else runs on the walk's own thread, one at a time
 * (packages so: the package manager's lock), while workers run. */
static int worker_type(const char *type)
{
    return !strcasecmp(type, "Exec") || !strcasecmp(type, "Service");
}

/* 1 when v, ready, may be evaluated by a worker before its turn: nothing
 * it depends on can still change (no failed dependency, which the walk
 * announces in order; no prereq test-run; no schedule), and it is not
 * kept alone (parallel => false). */
static int may_dispatch(Tx *tx, int v)
{
    const Graph *g = tx->g;
    const GVertex *gv = &g->v[v];
    if (gv->role != V_RESOURCE || !worker_type(gv->res->type)) return 0;
    if (!res_parallel(gv->res) || cat_res_get(gv->res, "schedule") || !tagged_for_run(tx, gv->res)) return 0;
    for (int k = g->out_start[v]; k < g->out_start[v + 1]; k++)
        if (g->e[g->out[k]].kind == EK_PREREQ) return 0;
    for (int k = g->in_start[v]; k < g->in_start[v + 1]; k++) {
        const GEdge *e = &g->e[g->in[k]];
        const TxRes *d = &tx->r[e->src];
        if (propagates_failure(e->kind) && (d->failed || d->failed_deps.n)) return 0;
    }
    return 1;
}

static void *worker(void *arg);

/* A barrier is a resource workers never run (a file, a package, a user,
 * ...; not a notify or an anchor, which change nothing): no exec or
 * service overtakes one the manifest puts before it, so a command still
 * finds what earlier resources set up (a config file, an installed
 * package) without a relationship, as in Puppet's manifest order. */
static int barrier(const Graph *g, int v)
{
    const GVertex *gv = &g->v[v];
    if (gv->role != V_RESOURCE || worker_type(gv->res->type)) return 0;
    return strcasecmp(gv->res->type, "Notify") && strcasecmp(gv->res->type, "Anchor");
}

/* Hands the ready vertex v to a worker when it may go: its order rank is
 * the lowest left (Salt's order holds across workers), and what it depends
 * on is in place (else it waits for the flush in the pending list). */
static void consider(Tx *tx, int v)
{
    Par *p = tx->par;
    TxRes *t = &tx->r[v];
    if (t->taken || t->dispatched || !may_dispatch(tx, v) || p->level_of[v] != p->minlevel) return;
    if (p->bar_i < p->nbar && vertex_before(tx->g, p->bar[p->bar_i], v)) {
        if (!p->in_barred[v]) {
            p->in_barred[v] = 1;
            heap_push(&p->barred, v);
        }
        return;
    }
    if (after_pending(tx, v)) {
        if (p->npending == p->cappending) {
            p->cappending = p->cappending ? 2 * p->cappending : 64;
            p->pending = xrealloc(p->pending, (size_t)p->cappending * sizeof *p->pending);
        }
        p->pending[p->npending++] = v;
        return;
    }
    t->dispatched = 1;
    p->inflight++;
    heap_push(&p->queue, v);
    if (p->queue.n > p->idle && p->nthreads < p->jobs
        && pthread_create(&p->threads[p->nthreads], NULL, worker, tx) == 0)
        p->nthreads++;     /* (the first worker is there: par_start) */
    pthread_cond_signal(&p->work);
}

static void *worker(void *arg)
{
    Tx *tx = arg;
    Par *p = tx->par;
    pthread_mutex_lock(&p->gil);
    for (;;) {
        p->idle++;
        while (!p->stop && !p->queue.n) pthread_cond_wait(&p->work, &p->gil);
        p->idle--;
        if (p->stop) break;
        int v = heap_pop(&p->queue);
        TxRes *t = &tx->r[v];
        worker_lines = &t->out;
        evaluate(tx, v);
        worker_lines = NULL;
        t->done = 1;
        p->inflight--;
        pthread_cond_broadcast(&p->done);
    }
    pthread_mutex_unlock(&p->gil);
    return NULL;
}

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return x < y ? -1 : x > y;
}

/* Sets up the workers for up to jobs at once, and starts the first (the
 * others start as work comes); returns 0 when none is started: the
 * catalog has nothing for workers, or the system refuses threads (the
 * walk then runs alone). */
static int par_start(Tx *tx, int jobs)
{
    const Graph *g = tx->g;
    int any = 0;
    for (int v = 0; v < g->nv; v++) {
        if (g->v[v].role != V_RESOURCE) continue;
        any |= worker_type(g->v[v].res->type);
        /* a schedule the catalog lacks stops the run part-way: what workers
         * would have run early must not have run, so such a run goes alone */
        Value *sv = cat_res_get(g->v[v].res, "schedule");
        if (sv && sv->kind == V_STR && !cat_find((Catalog *)g->cat, "Schedule", sv->str.s)) return 0;
    }
    if (!any) return 0;
    Par *p = xcalloc(1, sizeof *p);
    p->queue = (Heap){xmalloc(((size_t)g->nv + 1) * sizeof *p->queue.v), 0, g};
    long *keys = xmalloc(((size_t)g->nv + 1) * sizeof *keys);
    int nk = 0;
    for (int v = 0; v < g->nv; v++) keys[nk++] = g->v[v].order;
    qsort(keys, (size_t)nk, sizeof *keys, cmp_long);
    int nl = 0;
    for (int i = 0; i < nk; i++)
        if (!nl || keys[nl - 1] != keys[i]) keys[nl++] = keys[i];
    p->nlevels = nl;
    p->level_of = xcalloc((size_t)g->nv + 1, sizeof *p->level_of);
    p->left = xcalloc((size_t)nl + 1, sizeof *p->left);
    for (int v = 0; v < g->nv; v++) {
        long *at = bsearch(&g->v[v].order, keys, (size_t)nl, sizeof *keys, cmp_long);
        p->level_of[v] = (int)(at - keys);
        p->left[p->level_of[v]]++;
    }
    free(keys);
    p->bar = xmalloc(((size_t)g->nv + 1) * sizeof *p->bar);
    for (int v = 0; v < g->nv; v++)
        if (barrier(g, v)) p->bar[p->nbar++] = v;
    Heap sorter = {p->bar, 0, g};     /* the walk's order: heap-sorted in place */
    for (int i = 0; i < p->nbar; i++) heap_push(&sorter, p->bar[i]);
    int *sorted = xmalloc(((size_t)p->nbar + 1) * sizeof *sorted);
    for (int i = 0; i < p->nbar; i++) sorted[i] = heap_pop(&sorter);
    free(p->bar);
    p->bar = sorted;
    p->done_bar = xcalloc((size_t)g->nv + 1, 1);
    p->in_barred = xcalloc((size_t)g->nv + 1, 1);
    p->barred = (Heap){xmalloc(((size_t)g->nv + 1) * sizeof *p->barred.v), 0, g};
    pthread_mutex_init(&p->gil, NULL);
    pthread_cond_init(&p->work, NULL);
    pthread_cond_init(&p->done, NULL);
    tx->par = p;
    pthread_mutex_lock(&p->gil);
    run_set_wait_hooks(gil_leave, gil_enter, p);
    p->threads = xcalloc((size_t)jobs, sizeof *p->threads);
    p->jobs = jobs;
    if (pthread_create(&p->threads[0], NULL, worker, tx) == 0) p->nthreads = 1;
    return p->nthreads;
}

/* Waits for every worker's resource, stops the workers and frees them;
 * the walk is alone again. */
static void par_stop(Tx *tx)
{
    Par *p = tx->par;
    if (!p) return;
    while (p->inflight) pthread_cond_wait(&p->done, &p->gil);
    p->stop = 1;
    pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->gil);
    for (int i = 0; i < p->nthreads; i++) pthread_join(p->threads[i], NULL);
    run_set_wait_hooks(NULL, NULL, NULL);
    pthread_cond_destroy(&p->work);
    pthread_cond_destroy(&p->done);
    pthread_mutex_destroy(&p->gil);
    free(p->threads);
    free(p->queue.v);
    free(p->pending);
    free(p->level_of);
    free(p->left);
    free(p->bar);
    free(p->done_bar);
    free(p->in_barred);
    free(p->barred.v);
    free(p);
    tx->par = NULL;
}

/* Before the walk handles v: a dispatched v is waited for; a resource kept
 * alone (parallel => false) waits until no worker has anything; otherwise
 * workers back from a command get the lock for a moment. */
static void par_before(Tx *tx, int v)
{
    Par *p = tx->par;
    TxRes *t = &tx->r[v];
    if (t->dispatched) {
        while (!t->done) pthread_cond_wait(&p->done, &p->gil);
    } else if (tx->g->v[v].role == V_RESOURCE && !res_parallel(tx->g->v[v].res)) {
        while (p->inflight) pthread_cond_wait(&p->done, &p->gil);
    } else if (__atomic_load_n(&p->waiting, __ATOMIC_RELAXED) || (p->queue.n && p->idle)) {
        pthread_mutex_unlock(&p->gil);
        sched_yield();
        for (int i = 0; i < 64 && __atomic_load_n(&p->waiting, __ATOMIC_RELAXED); i++) sched_yield();
        pthread_mutex_lock(&p->gil);
    }
}

/* Moves past the barriers the walk has finished (a file write waiting for
 * the flush is not finished), and hands out what waited for them. */
static void bar_advance(Tx *tx)
{
    Par *p = tx->par;
    int moved = 0;
    while (p->bar_i < p->nbar && p->done_bar[p->bar[p->bar_i]] && !pending(&tx->r[p->bar[p->bar_i]]))
        p->bar_i++, moved = 1;
    while (moved && p->barred.n && (p->bar_i == p->nbar || vertex_before(tx->g, p->barred.v[0], p->bar[p->bar_i]))) {
        int w = heap_pop(&p->barred);
        p->in_barred[w] = 0;
        consider(tx, w);
    }
}

/* After a flush: what waited for the deferred files may go. */
static void par_flushed(Tx *tx)
{
    Par *p = tx->par;
    int n = p->npending;
    p->npending = 0;
    for (int i = 0; i < n; i++) consider(tx, p->pending[i]);
    bar_advance(tx);
}

/* The walk has finished v: when that was the last vertex of the lowest
 * order rank left, the ready vertices of the next rank may go. */
static void par_finished(Tx *tx, int v)
{
    Par *p = tx->par;
    if (barrier(tx->g, v)) {
        p->done_bar[v] = 1;
        bar_advance(tx);
    }
    if (--p->left[p->level_of[v]] || p->level_of[v] != p->minlevel) return;
    while (p->minlevel < p->nlevels && !p->left[p->minlevel]) p->minlevel++;
    for (int i = 0; i < *tx->nready; i++) consider(tx, tx->ready[i]);
}

/* The walk's turn for a resource a worker evaluated: its lines go out
 * now, where -j 1 would have printed them. */
static void replay(Tx *tx, TxRes *t)
{
    for (int i = 0; i < t->out.n; i++) {
        Held *h = &t->out.v[i];
        if (tx->flush) {
            lines_push(&tx->held, *h);
            continue;
        }
        put(tx, h->res, h->lvl, h->source, h->prop, h->msg);
        free(h->source);
        free(h->prop);
        free(h->msg);
    }
    free(t->out.v);
    t->out = (Lines){0};
}

int tx_run(Graph *g, const ApplyOptions *opt, Arena *arena, TxSummary *sum)
{
    Tx tx = {.g = g, .opt = opt, .arena = arena};
    const Catalog *cat = g->cat;
    tx.r = xcalloc((size_t)g->nv + 1, sizeof *tx.r);
    tx.paths = xcalloc(cat->nres + 1, sizeof *tx.paths);
    tx.announced = xcalloc((size_t)g->nv + 1, 1);
    Resource **parent_of = xcalloc(cat->nres + 1, sizeof *parent_of);
    for (size_t i = 0; i < cat->nedges; i++) {
        Resource *m = cat->edges[i].target;
        if (!parent_of[m->index]) parent_of[m->index] = cat->edges[i].source;
    }
    for (int v = 0; v < g->nv; v++) {
        TxRes *t = &tx.r[v];
        GVertex *gv = &g->v[v];
        t->tx = &tx;
        t->v = v;
        t->res = gv->res;
        t->path = gv->role == V_RESOURCE ? path_of(&tx, gv->res, parent_of) : gv->display;
        t->level = provider_loglevel(gv->res);
        Value *nv = gv->role == V_RESOURCE ? cat_res_get(gv->res, "noop") : NULL;   /* anchors: global noop only */
        t->noop = opt->noop;
        if (nv && nv->kind == V_BOOL) t->noop = nv->b;
        else if (nv && nv->kind == V_STR) t->noop = !strcmp(nv->str.s, "true");
    }
    int *indeg = xcalloc((size_t)g->nv + 1, sizeof *indeg);
    for (int i = 0; i < g->ne; i++) indeg[g->e[i].dst]++;
    Heap h = {xmalloc(((size_t)g->nv + 1) * sizeof *h.v), 0, g};
    for (int v = 0; v < g->nv; v++)
        if (!indeg[v]) heap_push(&h, v);
    tx.ready = h.v;
    tx.nready = &h.n;
    if (opt->jobs > 1 && !par_start(&tx, opt->jobs)) par_stop(&tx);
    for (int i = 0; tx.par && i < h.n; i++) consider(&tx, h.v[i]);
    while (h.n && !tx.aborted) {
        int v = heap_pop(&h);
        TxRes *t = &tx.r[v];
        t->taken = 1;
        t->turn = ++tx.turns;
        if (tx.par) par_before(&tx, v);
        if (tx.flush && must_flush(&tx, v)) {
            flush_batch(&tx);
            if (tx.par) par_flushed(&tx);
        }
        if (tx.flush && after_pending(&tx, v)) join(&tx, t);
        if (t->dispatched) replay(&tx, t);
        else evaluate(&tx, v);
        if (pending(t)) t->defer_end = tx.held.n;
        for (int k = g->out_start[v]; k < g->out_start[v + 1]; k++) {
            int d = g->e[g->out[k]].dst;
            if (--indeg[d] == 0) {
                heap_push(&h, d);
                if (tx.par) consider(&tx, d);
            }
        }
        if (tx.par) par_finished(&tx, v);
    }
    par_stop(&tx);
    flush_batch(&tx);
    for (size_t i = 0; provider_at(i); i++)
        if (provider_at(i)->finish) provider_at(i)->finish();
    memset(sum, 0, sizeof *sum);
    for (int v = 0; v < g->nv; v++) {
        TxRes *t = &tx.r[v];
        if (g->v[v].role != V_RESOURCE) continue;
        sum->total++;
        int success = 0, noop = 0, failure = 0;
        for (int i = 0; i < t->nevents; i++) {
            success += t->events[i].status == EV_SUCCESS;
            noop += t->events[i].status == EV_NOOP;
            failure += t->events[i].status == EV_FAILURE;
        }
        sum->changes += success;
        sum->ev_success += success;
        sum->ev_noop += noop;
        sum->ev_failure += failure;
        sum->changed += success > 0;
        sum->out_of_sync += t->nevents > 0;
        sum->skipped += t->skipped;
        sum->failed += t->failed;
        sum->failed_to_restart += t->failed_to_restart;
        sum->restarted += t->restarted;
        if (opt->report_fn) {
            static const char *const st[] = {"success", "noop", "failure"};
            ReportEvent *ev = xmalloc(((size_t)t->nevents + 1) * sizeof *ev);
            for (int i = 0; i < t->nevents; i++) {
                Event *e = &t->events[i];
                /* a Sensitive property's values are never shown, as Puppet redacts
                 * them; so is an event whose text had a secret scrubbed out */
                int redacted = (e->prop && provider_sensitive(t->res, e->prop))
                            || (e->message && strstr(e->message, "[redacted]") && provider_sensitive(t->res, NULL));
                ev[i] = (ReportEvent){e->name, st[e->status], e->prop, e->message,
                                      redacted ? "[redacted]" : e->prev,
                                      redacted ? "[redacted]" : e->desired, redacted, e->when};
            }
            ReportStatus rs = {
                .res = t->res, .path = t->path, .events = ev, .nevents = t->nevents,
                .status = t->failed ? "failed" : t->skipped ? "skipped" : t->not_run ? "not_run"
                        : success ? "changed" : "unchanged",
                .failed = t->failed, .skipped = t->skipped, .restarted = t->restarted,
                .failed_to_restart = t->failed_to_restart, .evaluated = t->evaluated && !t->skipped,
                .seconds = t->seconds, .started = t->started, .turn = t->turn,
            };
            opt->report_fn(opt->report_ctx, &rs);
            free(ev);
        }
    }
    for (int v = 0; v < g->nv; v++) {
        free(tx.r[v].events);
        free_lines(&tx.r[v].out);   /* a worker's, never printed: the run stopped first */
        free(tx.r[v].out.v);
    }
    free(tx.r);
    free(tx.paths);
    free(tx.announced);
    free(tx.gen_names);
    free(tx.gen_announced);
    free(tx.held.v);
    free(tx.fails.v);
    free(tx.batched);
    free(parent_of);
    free(indeg);
    free(h.v);
    return tx.aborted ? -1 : 0;
}
