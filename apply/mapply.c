/*
 * mapply.c - the catalog applier's command line: read a catalog, validate
 * all of it, build the graph, refuse cycles, then run the transaction and
 * say what happened, with Puppet's log lines and exit codes.  --validate
 * stops before the state directory, the lock and the transaction.
 *
 * The run lock (base/runlock.h) is taken right after the checks that
 * write nothing, before the first byte anything writes: the state
 * directory, graphs, the report, the bucket, the sweep of stale temporary
 * files and the transaction all happen under it.  The root's lock comes
 * first, then the state directory's, always in that order, so two runs
 * waiting with --wait never wait for each other.
 */
#include "apply/apply.h"
#include "catalog/json.h"
#include "types/provider.h"
#include "base/rootfs.h"
#include "base/runlock.h"
#include "base/diag.h"
#include "base/util.h"
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static void usage(FILE *out)
{
    fputs("usage: mapply [options] CATALOG.json\n"
          "Apply a catalog (Puppet JSON format v2, from mcomp or puppet catalog compile) to this machine.\n"
          "\n"
          "  --noop                  change nothing; say what would change\n"
          "  --validate              only check the catalog (JSON, shape, types, parameters,\n"
          "                          references, cycles): change, write and lock nothing;\n"
          "                          exit 0 if it is valid, 1 with the errors if not\n"
          "  --detailed-exitcodes    0 no changes, 2 changes, 4 failures, 6 both (1: could not run)\n"
          "  -v, --verbose           also print Info lines\n"
          "  -d, --debug             also print Debug lines\n"
          "  --summarize             print the run's totals at the end\n"
          "  --tags TAG[,TAG]        apply only resources with one of these tags\n"
          "  --skip_tags TAG[,TAG]   do not apply resources with one of these tags\n"
          "  --wait                  when another run holds the lock on the root (or on the\n"
          "                          state directory), wait for it to finish instead of\n"
          "                          exiting 1 with \"Run of mapply already in progress\"\n"
          "  --vardir DIR            state directory: its own lock, graphs, the file bucket\n"
          "                          (default /var/lib/mapply as root, else ~/.mapply)\n"
          "  --graph                 write resources.dot, relationships.dot, expanded_relationships.dot\n"
          "                          (and cycles.dot when there are cycles) into the graph directory\n"
          "  --graphdir DIR          where --graph writes (default VARDIR/graphs); implies --graph\n"
          "  --graph-format FMT      dot (default), svg or png: also render each graph;\n"
          "                          implies --graph\n"
          "  --report FILE           write a JSON report of every resource's status\n"
          "  --root DIR              apply to an alternate root directory: file paths,\n"
          "                          packages, users and commands all under DIR\n"
          "                          (one run at a time per root: the run locks DIR itself,\n"
          "                          or / without --root, whatever its --vardir)\n"
          "  --modulepath DIR[:DIR]  where puppet:///modules/<module>/<path> sources are\n"
          "                          found (<DIR>/<module>/files/<path>)\n"
          "  --show_diff             print a unified diff of each file content change\n"
          "  -h, --help              this text\n"
          "  -V, --version           the version\n"
          "\n"
          "Exit status: 0 ok (with --detailed-exitcodes: 0 no changes, 2 changes, 4 failures,\n"
          "6 both); 1 could not run, and usage errors (one line on stderr: mapply: REASON),\n"
          "as puppet apply.\n",
          out);
}

static int split_list(char *s, const char ***out)
{
    int n = 0;
    const char **v = NULL;
    for (char *tok = strtok(s, ","); tok; tok = strtok(NULL, ",")) {
        v = xrealloc(v, (size_t)(n + 1) * sizeof *v);
        for (char *p = tok; *p; p++) *p = (char)(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p);
        v[n++] = tok;
    }
    *out = v;
    return n;
}

static int mkdir_p(const char *dir)
{
    char *d = xstrndup(dir, strlen(dir));
    for (char *p = d + 1; *p; p++) {
        if (*p != '/') continue;
        *p = '\0';
        if (mkdir(d, 0755) != 0 && errno != EEXIST) {
            free(d);
            return -1;
        }
        *p = '/';
    }
    int rc = mkdir(d, 0755) != 0 && errno != EEXIST ? -1 : 0;
    free(d);
    return rc;
}

typedef struct SumLine { const char *label; long value; } SumLine;

static int cmp_sum(const void *a, const void *b)
{
    char x[32], y[32];
    snprintf(x, sizeof x, "%ld", ((const SumLine *)a)->value);
    snprintf(y, sizeof y, "%ld", ((const SumLine *)b)->value);
    int c = strcmp(x, y);
    return c ? c : strcmp(((const SumLine *)a)->label, ((const SumLine *)b)->label);   /* ties: by label */
}

/* Puppet's --summarize layout: sections by name, zero values left out,
 * lines sorted by the text of their value, Total last. */
static void print_section(const char *name, SumLine *lines, int n, long total, int with_total)
{
    printf("%s:\n", name);
    SumLine keep[16];
    int k = 0;
    for (int i = 0; i < n; i++)
        if (lines[i].value) keep[k++] = lines[i];
    qsort(keep, (size_t)k, sizeof *keep, cmp_sum);
    for (int i = 0; i < k; i++) {
        char label[64];
        snprintf(label, sizeof label, "%s:", keep[i].label);
        printf("   %15s %ld\n", label, keep[i].value);
    }
    if (with_total && total) printf("   %15s %ld\n", "Total:", total);
}

static void summarize(const TxSummary *s)
{
    SumLine changes[] = {{"Total", s->changes}};
    print_section("Changes", changes, 1, 0, 0);
    SumLine events[] = {{"Success", s->ev_success}, {"Failure", s->ev_failure}, {"Noop", s->ev_noop}};
    print_section("Events", events, 3, s->ev_success + s->ev_failure + s->ev_noop, 1);
    SumLine res[] = {
        {"Skipped", s->skipped}, {"Failed", s->failed}, {"Failed to restart", s->failed_to_restart},
        {"Restarted", s->restarted}, {"Changed", s->changed}, {"Out of sync", s->out_of_sync},
    };
    print_section("Resources", res, 6, s->total, 1);
    fflush(stdout);
}

typedef struct Report { FILE *f; int first; } Report;

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c < 0x20) fprintf(f, "\\u%04x", c);
        else fputc(c, f);
    }
    fputc('"', f);
}

static void report_resource(void *ctx, const Resource *r, const char *path, const char *status,
                            const ReportEvent *events, int nevents, int restarted, double seconds)
{
    Report *rep = ctx;
    FILE *f = rep->f;
    fputs(rep->first ? "\n    " : ",\n    ", f);
    rep->first = 0;
    fputs("{\"resource\": ", f);
    json_str(f, r->ref);
    fputs(", \"path\": ", f);
    json_str(f, path);
    if (r->file) {
        fputs(", \"file\": ", f);
        json_str(f, r->file);
        fprintf(f, ", \"line\": %d", r->line);
    }
    fprintf(f, ", \"status\": \"%s\", \"restarted\": %s, \"evaluation_time\": %.6f, \"events\": [", status,
            restarted ? "true" : "false", seconds);
    for (int i = 0; i < nevents; i++) {
        fputs(i ? ", {\"name\": " : "{\"name\": ", f);
        json_str(f, events[i].name);
        fprintf(f, ", \"status\": \"%s\"}", events[i].status);
    }
    fputs("]}", f);
}

int main(int argc, char **argv)
{
    util_progname = "mapply";
    util_big_heap((size_t)64 << 20);
    setvbuf(stdout, NULL, _IOLBF, 0);
    ApplyOptions opt;
    memset(&opt, 0, sizeof opt);
    opt.log_level = LOG_NOTICE;
    int detailed = 0, graph = 0, summary = 0, validate_only = 0, wait = 0;
    const char *vardir = NULL, *graphdir = NULL, *graph_format = "dot", *report = NULL;
    enum { O_NOOP = 256, O_DETAILED, O_VARDIR, O_GRAPH, O_GRAPHDIR, O_GRAPHFMT, O_REPORT, O_ROOT, O_TAGS, O_SKIP, O_SUM, O_MODPATH, O_DIFF, O_VALIDATE, O_WAIT };
    static const struct option longopts[] = {
        {"noop", no_argument, NULL, O_NOOP},
        {"validate", no_argument, NULL, O_VALIDATE},
        {"wait", no_argument, NULL, O_WAIT},
        {"detailed-exitcodes", no_argument, NULL, O_DETAILED},
        {"verbose", no_argument, NULL, 'v'},
        {"debug", no_argument, NULL, 'd'},
        {"summarize", no_argument, NULL, O_SUM},
        {"tags", required_argument, NULL, O_TAGS},
        {"skip_tags", required_argument, NULL, O_SKIP},
        {"skip-tags", required_argument, NULL, O_SKIP},
        {"vardir", required_argument, NULL, O_VARDIR},
        {"graph", no_argument, NULL, O_GRAPH},
        {"graphdir", required_argument, NULL, O_GRAPHDIR},
        {"graph-format", required_argument, NULL, O_GRAPHFMT},
        {"report", required_argument, NULL, O_REPORT},
        {"root", required_argument, NULL, O_ROOT},
        {"modulepath", required_argument, NULL, O_MODPATH},
        {"show_diff", no_argument, NULL, O_DIFF},
        {"show-diff", no_argument, NULL, O_DIFF},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    int ch;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, ":vdhV", longopts, NULL)) != -1) {
        switch (ch) {
        case O_NOOP: opt.noop = 1; break;
        case O_VALIDATE: validate_only = 1; break;
        case O_WAIT: wait = 1; break;
        case O_DETAILED: detailed = 1; break;
        case 'v': if (opt.log_level > LOG_INFO) opt.log_level = LOG_INFO; break;
        case 'd': opt.log_level = LOG_DEBUG; break;
        case O_SUM: summary = 1; break;
        case O_TAGS: opt.ntags = split_list(optarg, &opt.tags); break;
        case O_SKIP: opt.nskip_tags = split_list(optarg, &opt.skip_tags); break;
        case O_VARDIR: vardir = optarg; break;
        case O_GRAPH: graph = 1; break;
        case O_GRAPHDIR: graphdir = optarg; graph = 1; break;        /* implies --graph */
        case O_GRAPHFMT: graph_format = optarg; graph = 1; break;
        case O_REPORT: report = optarg; break;
        case O_ROOT: opt.root = optarg; break;
        case O_MODPATH: opt.modulepath = optarg; break;
        case O_DIFF: opt.show_diff = 1; break;
        case 'h': usage(stdout); return 0;
        case 'V': puts("mapply 0.1"); return 0;
        /* usage errors exit 1, as puppet apply's do: under --detailed-exitcodes
         * 2 means "changes were made", 1 "could not run" */
        default: util_getopt_error(ch, argv, longopts); return 1;
        }
    }
    if (strcmp(graph_format, "dot") && strcmp(graph_format, "svg") && strcmp(graph_format, "png")) {
        util_usage_error("unknown --graph-format '%s' (dot, svg, png)", graph_format);
        return 1;
    }
    if (optind == argc) {
        util_usage_error("no CATALOG given (usage: mapply [options] CATALOG.json)");
        return 1;
    }
    if (optind < argc - 1) {
        util_usage_error("one CATALOG expected, but also got '%s'", argv[optind + 1]);
        return 1;
    }
    Buf rerr = BUF_INIT;
    if (rootfs_init(opt.root, &rerr) != 0) {   /* every path under --root is resolved in it */
        diag_fprintf(stderr, "Error: %s\n", buf_cstr(&rerr));
        buf_free(&rerr);
        return 1;
    }
    char *home_vardir = NULL;
    if (!vardir) vardir = home_vardir = util_default_vardir();
    opt.vardir = vardir;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    Arena arena;
    arena_init(&arena);
    Catalog cat;
    cat_init(&cat, &arena);
    Buf err = BUF_INIT;
    Graph g;
    memset(&g, 0, sizeof g);
    int rc = 1, lock = -1, root_lock = -1;
    char *gdir = NULL;
    struct stat cst;
    int cfd = open(argv[optind], O_RDONLY | O_CLOEXEC);
    if (cfd < 0 || fstat(cfd, &cst) != 0 || (S_ISDIR(cst.st_mode) && (errno = EISDIR))) {
        diag_fprintf(stderr, "Error: Could not read catalog %s: %s\n", argv[optind], strerror(errno));
        if (cfd >= 0) close(cfd);
        goto out;
    }
    close(cfd);
    if (cat_read_json(&cat, argv[optind], &err) != 0) {
        diag_fprintf(stderr, "Error: Could not parse catalog %s: %s\n", argv[optind], buf_cstr(&err));
        goto out;
    }
    if (graph_build(&g, &cat) != 0) goto out;
    if (tx_validate(&g, "mapply")) goto out;
    if (validate_only) {        /* the checks a run makes before its first write */
        CycleSet cs;
        memset(&cs, 0, sizeof cs);
        if (graph_cycles(&g, &cs)) {
            diag_fprintf(stderr, "Error: %s%s", cs.message, cs.message[strlen(cs.message) - 1] == '\n' ? "" : "\n");
            diag_fprintf(stderr, "Error: Failed to apply catalog: One or more resource dependency cycles detected in graph\n");
        } else {
            if (opt.log_level <= LOG_INFO) printf("Info: Catalog %s is valid\n", argv[optind]);
            rc = 0;
        }
        cycles_free(&cs);
        goto out;
    }
    /* one run per root, then per state directory: nothing is written before */
    if ((root_lock = runlock_root(opt.root, wait)) < 0)
        goto out;
    if (mkdir_p(vardir) != 0) {
        diag_fprintf(stderr, "Error: Cannot create the state directory %s: %s\n", vardir, strerror(errno));
        goto out;
    }
    if ((lock = runlock_vardir(vardir, wait)) < 0)
        goto out;
    if (graph) {
        gdir = xmalloc(strlen(vardir) + 16);
        sprintf(gdir, "%s/graphs", vardir);
        if (graphdir) strcpy(gdir = xrealloc(gdir, strlen(graphdir) + 1), graphdir);
    }
    CycleSet cs;
    memset(&cs, 0, sizeof cs);
    int ncycles = graph_cycles(&g, &cs);
    if (graph && graph_write_dot(&g, ncycles ? &cs : NULL, gdir, graph_format) != 0) {
        cycles_free(&cs);
        goto out;
    }
    if (ncycles) {
        char *msg = cs.message;
        if (graph) {
            char *tail = strstr(msg, "Try the '--graph' option");
            if (tail) *tail = '\0';
            diag_fprintf(stderr, "Error: %sCycle graph written to %s/cycles.dot.\n", msg, gdir);
        } else {
            diag_fprintf(stderr, "Error: %s%s", msg, msg[strlen(msg) - 1] == '\n' ? "" : "\n");
        }
        diag_fprintf(stderr, "Error: Failed to apply catalog: One or more resource dependency cycles detected in graph\n");
        cycles_free(&cs);
        goto out;
    }
    if (opt.log_level <= LOG_INFO)
        printf("Info: Applying configuration version '%s'\n", cat.version ? cat.version : "");
    Report rep = {NULL, 1};
    if (report) {
        /* a report about secrets is kept from other users (0600) */
        if (cat_has_secrets(&cat)) {
            int rfd = open(report, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
            if (rfd >= 0 && fchmod(rfd, 0600) == 0) rep.f = fdopen(rfd, "w");
            if (!rep.f && rfd >= 0) close(rfd);
        } else {
            rep.f = fopen(report, "w");
        }
        if (!rep.f) {
            diag_fprintf(stderr, "Error: Cannot write the report %s: %s\n", report, strerror(errno));
            goto out;
        }
        fputs("{\n  \"catalog_version\": ", rep.f);
        json_str(rep.f, cat.version ? cat.version : "");
        fputs(",\n  \"resource_statuses\": [", rep.f);
        opt.report_fn = report_resource;
        opt.report_ctx = &rep;
    }
    TxSummary sum;
    if (tx_run(&g, &opt, &arena, &sum) != 0) {      /* aborted: already said why */
        if (rep.f) fclose(rep.f);
        goto out;
    }
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("Notice: Applied catalog in %.2f seconds\n", secs);
    if (summary) summarize(&sum);
    if (rep.f) {
        fprintf(rep.f, "\n  ],\n  \"metrics\": {\"resources\": {\"total\": %d, \"changed\": %d, \"out_of_sync\": %d, "
                       "\"skipped\": %d, \"failed\": %d, \"failed_to_restart\": %d, \"restarted\": %d}, "
                       "\"changes\": {\"total\": %d}, \"events\": {\"success\": %d, \"failure\": %d, \"noop\": %d}, "
                       "\"time\": {\"total\": %.6f}},\n  \"status\": \"%s\"\n}\n",
                sum.total, sum.changed, sum.out_of_sync, sum.skipped, sum.failed, sum.failed_to_restart, sum.restarted,
                sum.changes, sum.ev_success, sum.ev_failure, sum.ev_noop, secs,
                sum.failed ? "failed" : sum.changes ? "changed" : "unchanged");
        if (fclose(rep.f) != 0) diag_fprintf(stderr, "Error: Cannot write the report %s\n", report);
    }
    rc = 0;
    if (detailed) rc = (sum.changes > 0 ? 2 : 0) | (sum.failed + sum.failed_to_restart > 0 ? 4 : 0);
out:
    if (lock >= 0) close(lock);
    if (root_lock >= 0) close(root_lock);
    graph_free(&g);
    buf_free(&err);
    free(gdir);
    free(home_vardir);
    free((void *)opt.tags);
    free((void *)opt.skip_tags);
    cat_free(&cat);
    arena_free(&arena);
    rootfs_fini();
    return rc;
}
