/*
 * apply.h - running a catalog: the options mapply passes to the
 * transaction and the totals it gets back (docs/apply.md §10).
 */
#ifndef APPLY_APPLY_H
#define APPLY_APPLY_H
#include "apply/graph.h"
#include "apply/tx.h"
#include <time.h>

/* One event of a resource's run, for reports.  Every string has had the
 * resource's Sensitive values scrubbed out (provider_scrub); a Sensitive
 * property's values read "[redacted]". */
typedef struct ReportEvent {
    const char *name;         /* "content_changed", "executed_command", "refresh", ... */
    const char *status;       /* "success", "noop", "failure" */
    const char *property;     /* "ensure", "content", ...; NULL when none */
    const char *message;      /* the event's log text, or NULL */
    const char *previous;     /* the value before, as the log line shows it, or NULL (unknown) */
    const char *desired;      /* the value wanted, or NULL (unknown) */
    int redacted;             /* 1: a Sensitive property (values hidden); 0: not said (null);
                               * -1: said not (Puppet's false, on a cycle's events) */
    struct timespec when;     /* CLOCK_REALTIME */
} ReportEvent;

/* A resource's outcome, for reports; everything lives only during the call. */
typedef struct ReportStatus {
    const Resource *res;
    const char *path;         /* "/Stage[main]/Main/Notify[a]" */
    const char *status;       /* "changed", "unchanged", "failed", "skipped" or "not_run" */
    const ReportEvent *events;
    int nevents;
    int failed, skipped, restarted, failed_to_restart;
    int evaluated;            /* 0: never reached (seconds is then meaningless) */
    double seconds;           /* evaluation time */
    struct timespec started;  /* CLOCK_REALTIME when it was evaluated (0: never; a
                                 worker of -j N may evaluate it before its turn) */
    int turn;                 /* the walk's count when its turn came: 1, 2, ... (0: never) */
} ReportStatus;

typedef void (*ReportFn)(void *ctx, const ReportStatus *st);

/* Every log line the run prints, as it prints it: res is the resource the
 * line is about (NULL for run-level lines), source its path (with prop:
 * "PATH/PROP"; NULL: a plain line), msg already scrubbed of Sensitive values. */
typedef void (*LogFn)(void *ctx, LogLevel lvl, const Resource *res, const char *source,
                      const char *prop, const char *msg);

typedef struct ApplyOptions {
    int noop;                 /* --noop */
    LogLevel log_level;       /* lowest level printed: NOTICE, INFO (--verbose), DEBUG (--debug) */
    const char *root;         /* --root DIR, or NULL */
    const char *vardir;       /* --vardir: state directory (bucket, lock) */
    const char *modulepath;   /* --modulepath, or NULL */
    int show_diff;            /* --show_diff */
    int jobs;                 /* -j: up to this many resources evaluated at once by
                               * workers besides the walk (0 or 1: one at a time, in order) */
    const char **tags;        /* --tags: only resources with one of these tags */
    int ntags;
    const char **skip_tags;   /* --skip_tags */
    int nskip_tags;
    ReportFn report_fn;       /* called once per resource at the end, or NULL */
    void *report_ctx;
    LogFn log_fn;             /* called for every line printed, or NULL */
    void *log_ctx;
} ApplyOptions;

typedef struct TxSummary {
    int total, changed, out_of_sync, skipped, failed, failed_to_restart, restarted;
    int changes;                          /* success events, refreshes included */
    int ev_success, ev_failure, ev_noop;
} TxSummary;

/* Walks g and applies every resource (docs/apply.md §11 steps 6-7).  Returns 0, or
 * -1 when a run-level error stopped it part-way (message printed). */
int tx_run(Graph *g, const ApplyOptions *opt, Arena *arena, TxSummary *sum);

/* Checks every resource of g before the first change: its type known and
 * managed here (tool names who cannot manage it), its parameters accepted
 * by the provider; then, for a run with options opt (NULL: none), each
 * provider's catalog-wide validate_run check (sources that resolve
 * nowhere, with opt's module path).  Prints an Error line per fault and
 * hands its text (without "Error: ") to log_fn (NULL: none); returns the
 * count of faults. */
int tx_validate(const Graph *g, const char *tool, const ApplyOptions *opt, LogFn log_fn, void *log_ctx);
#endif
