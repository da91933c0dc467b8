/*
 * report.h - the run's report as Puppet keeps it: every log line and every
 * resource's status collected during the run, then Puppet's metrics
 * (resources, time, changes, events), the --summarize text, and the two
 * files a Puppet user looks for in the state directory,
 * VARDIR/state/last_run_report.yaml and VARDIR/state/last_run_summary.yaml;
 * the report as Puppet's data (rep_data), for mapply --report and for
 * whoever sends it on.
 */
#ifndef APPLY_REPORT_H
#define APPLY_REPORT_H
#include "apply/apply.h"

typedef struct RepLog RepLog;
typedef struct RepStatus RepStatus;
typedef struct RepTime { const char *key; double seconds; } RepTime;

typedef struct RunReport {
    Arena *arena;               /* everything collected lives here */
    const Catalog *cat;         /* host, environment, configuration version */
    const char *version;        /* the tool's version, written as Puppet's */
    int noop;                   /* --noop */
    int completed;              /* the transaction ran to its end */
    int finished;               /* rep_finish was called */
    struct timespec start_real; /* the run's start (CLOCK_REALTIME) */
    struct timespec start_mono; /* and on CLOCK_MONOTONIC, for durations */
    char uuid[37];              /* transaction_uuid */
    char catalog_uuid[37];      /* for a catalog that has none, as Puppet makes one */
    RepLog *logs;
    size_t nlogs, caplogs;
    RepStatus *st;
    size_t nst, capst;
    RepTime times[8];           /* config_retrieval, transaction_evaluation, ... in order */
    int ntimes;
    double total;               /* set by rep_finish */
    long last_run;              /* epoch seconds, set by rep_finish */
} RunReport;

/* Starts a report: the clocks, a fresh transaction uuid.  version is the
 * tool's (borrowed); the report's memory comes from a (the run's arena). */
void rep_init(RunReport *rep, Arena *a, const char *version, int noop);

/* A LogFn (apply.h): ctx is the RunReport.  Also for the tool's own
 * run-level lines (res, source and prop NULL). */
void rep_log(void *ctx, LogLevel lvl, const Resource *res, const char *source, const char *prop, const char *msg);

/* Keeps a copy of one resource's status (a ReportFn's payload), and, when
 * it is a recursive file, a status for each file its recursion synced
 * (types/file.h's file_take_children), which takes that file's events. */
void rep_status(RunReport *rep, const ReportStatus *st);

/* A run that a dependency cycle stopped: each plain resource of the cycles
 * gets a failed status with Puppet's "resource is part of a dependency
 * cycle" event, as Puppet reports it. */
void rep_cycle(RunReport *rep, const Graph *g, const CycleSet *cs);

/* Adds a run-level time ("config_retrieval", "transaction_evaluation",
 * "catalog_application"; key borrowed, a literal). */
void rep_time(RunReport *rep, const char *key, double seconds);

/* Ends collection: cat (borrowed, may have no version), the total time
 * and last_run are fixed. */
void rep_finish(RunReport *rep, const Catalog *cat, int completed);

/* Prints Puppet's --summarize text to stdout. */
void rep_print_summary(const RunReport *rep);

/* Puppet's report data: what Puppet::Transaction::Report#to_data_hash
 * gives for this run (report_format 12: host, time, configuration_version,
 * transaction_uuid, ..., logs, metrics, resource_statuses with their
 * events, corrective_change, catalog_uuid and code_id when the catalog has
 * them, cached_catalog_status), hashes keeping Puppet's key order, times
 * as Time#iso8601(9) strings, null as undef.  No Sensitive value is in it
 * (see report.c).  Call after rep_finish.  The tree is allocated in a
 * (the caller's arena: rep's, or a scratch one freed after use), points at
 * strings of rep and its catalog (valid while they are) and shares its
 * keys with every other tree; never change it. */
Value *rep_data(const RunReport *rep, Arena *a);

/* Appends data (from rep_data) to b as YAML (yaml set: the layout of
 * Puppet's last_run_report.yaml, `--- !ruby/object:...` on top) or as JSON
 * (laid out as Ruby's JSON.pretty_generate, a newline at the end). */
void rep_text(const Value *data, Buf *b, int yaml);

/* mapply --report: writes the report to fd (opened on path, which is only
 * named in messages and chooses the form: YAML when it ends in .yaml or
 * .yml, JSON otherwise), truncates it there and closes fd.  Returns 0, or
 * -1 after printing "Error: Cannot write the report PATH: reason". */
int rep_save(const RunReport *rep, int fd, const char *path);

/* Writes VARDIR/state/last_run_report.yaml and last_run_summary.yaml, each
 * atomically (temporary file, fsync, rename, directory fsync), mode 0640.
 * Returns 0, or -1 after printing Puppet's "Could not save last run local
 * report" error. */
int rep_write(const RunReport *rep, const char *vardir);

#endif
