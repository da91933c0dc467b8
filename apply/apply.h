/*
 * apply.h - running a catalog: the options mapply passes to the
 * transaction and the totals it gets back (spec §10).
 */
#ifndef APPLY_APPLY_H
#define APPLY_APPLY_H
#include "apply/graph.h"
#include "apply/tx.h"

/* One event of a resource's run, for reports. */
typedef struct ReportEvent {
    const char *name;         /* "content_changed", "executed_command", "refresh", ... */
    const char *status;       /* "success", "noop", "failure" */
} ReportEvent;

/* A resource's outcome, for reports: status is "changed", "unchanged",
 * "failed", "skipped" or "not_run"; events live only during the call. */
typedef void (*ReportFn)(void *ctx, const Resource *r, const char *path, const char *status,
                         const ReportEvent *events, int nevents, int restarted, double seconds);

typedef struct ApplyOptions {
    int noop;                 /* --noop */
    LogLevel log_level;       /* lowest level printed: NOTICE, INFO (--verbose), DEBUG (--debug) */
    const char *root;         /* --root DIR, or NULL */
    const char *vardir;       /* --vardir: state directory (bucket, lock) */
    const char *modulepath;   /* --modulepath, or NULL */
    int show_diff;            /* --show_diff */
    const char **tags;        /* --tags: only resources with one of these tags */
    int ntags;
    const char **skip_tags;   /* --skip_tags */
    int nskip_tags;
    ReportFn report_fn;       /* called once per resource at the end, or NULL */
    void *report_ctx;
} ApplyOptions;

typedef struct TxSummary {
    int total, changed, out_of_sync, skipped, failed, failed_to_restart, restarted;
    int changes;                          /* success events, refreshes included */
    int ev_success, ev_failure, ev_noop;
} TxSummary;

/* Walks g and applies every resource (spec §11 steps 6-7).  Returns 0, or
 * -1 when a run-level error stopped it part-way (message printed). */
int tx_run(Graph *g, const ApplyOptions *opt, Arena *arena, TxSummary *sum);

/* Checks every resource of g before the first change: its type known and
 * managed here (tool names who cannot manage it), its parameters accepted
 * by the provider.  Prints an Error line per fault; returns their count. */
int tx_validate(const Graph *g, const char *tool);

/* tx_validate, then, for a run with options opt, each provider's
 * validate_run check (mapply: sources that resolve nowhere, with opt's
 * module path).  opt NULL: tx_validate alone.  Returns the count of
 * errors printed. */
int tx_validate_run(const Graph *g, const char *tool, const ApplyOptions *opt);
#endif
