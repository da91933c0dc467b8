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
#define _GNU_SOURCE             /* memfd_create */
#include "apply/deferred.h"
#include "apply/apply.h"
#include "apply/report.h"
#include "apply/pdbreport.h"
#include "compiler/options.h"
#include "compiler/ruby/rb.h"
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
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* also the version the run's report gives as puppet_version (README: "Reports") */
static const char mapply_version[] = "0.1";

static void usage(FILE *out)
{
    fputs("usage: mapply [options] MANIFEST|MANIFESTDIR|ENVDIR|-\n"
          "       mapply [options] -e CODE\n"
          "       mapply [options] CATALOG.json\n"
          "       mapply [options] --catalog FILE\n"
          "Apply a catalog (Puppet JSON format v2, from mcomp or puppet catalog compile) to this\n"
          "machine, or compile a manifest as mcomp does and apply its catalog, as puppet apply.\n"
          "A FILE argument is a catalog when its name ends in .json, or when it does not end\n"
          "in .pp and its text starts with '{' (or with puppet's \"Notice: Compiled catalog\");\n"
          "otherwise it is a manifest.  A directory is a manifest directory or an environment.\n"
          "\n"
          "  --catalog FILE          apply the catalog in FILE (whatever its name)\n"
          "  --noop                  change nothing; say what would change\n"
          "  --validate              only check the catalog (JSON, shape, types, parameters,\n"
          "                          sources, references, cycles): change, write and lock\n"
          "                          nothing; exit 0 if it is valid, 1 with the errors if not\n"
          "  --detailed-exitcodes    0 no changes, 2 changes, 4 failures, 6 both (1: could not run)\n"
          "  -v, --verbose           also print Info lines\n"
          "  -d, --debug             also print Debug lines\n"
          "  --summarize             print the run's summary at the end, as Puppet's (changes,\n"
          "                          events, resources, time, version)\n"
          "  --tags TAG[,TAG]        apply only resources with one of these tags\n"
          "  --skip_tags TAG[,TAG]   do not apply resources with one of these tags\n"
          "  --wait                  when another run holds the lock on the root (or on the\n"
          "                          state directory), wait for it to finish instead of\n"
          "                          exiting 1 with \"Run of mapply already in progress\"\n"
          "  --vardir DIR            state directory: its own lock, the last run's report\n"
          "                          (state/last_run_report.yaml, state/last_run_summary.yaml,\n"
          "                          Puppet's layout), graphs, the file bucket\n"
          "                          (default /var/lib/mapply as root, else ~/.mapply)\n"
          "  --graph                 write resources.dot, relationships.dot, expanded_relationships.dot\n"
          "                          (and cycles.dot when there are cycles) into the graph directory\n"
          "  --graphdir DIR          where --graph writes (default VARDIR/graphs); implies --graph\n"
          "  --graph-format FMT      dot (default), svg or png: also render each graph;\n"
          "                          implies --graph\n"
          "  --report FILE           also write the run's report to FILE: Puppet's report\n"
          "                          (report_format 12) as JSON, or as YAML when FILE ends\n"
          "                          in .yaml (the layout of state/last_run_report.yaml)\n"
          "  --puppetdb[=URL]        also send the run's report to PuppetDB (store report);\n"
          "                          with a catalog too (--puppetdb-cacert/-cert/-key, and\n"
          "                          --confdir for CONFDIR/puppetdb.conf, as below)\n"
          "  --root DIR              apply to an alternate root directory: file paths,\n"
          "                          packages, users and commands all under DIR\n"
          "                          (one run at a time per root: the run locks DIR itself,\n"
          "                          or / without --root, whatever its --vardir)\n"
          "  --show_diff             print a unified diff of each file content change\n"
          "  -j, --jobs N            run up to N execs and services at once, each as soon as\n"
          "                          everything it depends on is done (default: the number of\n"
          "                          online cores; 1: one resource at a time); output, report\n"
          "                          and exit status are the same whatever N\n"
          "  -h, --help              this text\n"
          "  -V, --version           the version\n"
          "\n"
          "Compiling (a manifest, a directory, - or -e; the same options as mcomp's; the\n"
          "module path is also where puppet:///modules/<module>/<path> sources are found,\n"
          "as <DIR>/<module>/files/<path>; with a catalog, --modulepath overrides the module\n"
          "path the catalog records):\n",
          out);
    copt_usage(out);
    fputs("\n"
          "Exit status: 0 ok (with --detailed-exitcodes: 0 no changes, 2 changes, 4 failures,\n"
          "6 both); 1 could not run (a manifest that does not compile, with mcomp's\n"
          "FILE:LINE:COL messages), and usage errors (one line on stderr: mapply: REASON),\n"
          "as puppet apply.\n",
          out);
}

/* Whether the argument is a manifest to compile rather than a catalog:
 * "-", a directory, a name ending in .pp; not one ending in .json; else
 * by its text (a catalog starts with '{', or with the line puppet catalog
 * compile prints first).  A file that cannot be read counts as a catalog
 * (the catalog reader says why). */
static int is_manifest(const char *arg)
{
    size_t n = strlen(arg);
    struct stat st;
    if (!strcmp(arg, "-")) return 1;
    if (stat(arg, &st) == 0 && S_ISDIR(st.st_mode)) return 1;
    if (n > 5 && !strcmp(arg + n - 5, ".json")) return 0;
    if (n > 3 && !strcmp(arg + n - 3, ".pp")) return 1;
    FILE *f = fopen(arg, "rb");
    if (!f) return 0;
    char head[256];
    size_t got = fread(head, 1, sizeof head - 1, f);
    fclose(f);
    head[got] = '\0';
    const char *p = head;
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;
    return !(*p == '{' || !strncmp(p, "Notice: Compiled catalog", 24));
}

/* Compiles what cli names (as mcomp would) and puts its catalog into cat:
 * the catalog goes through its JSON text, read back as a catalog file is,
 * so a run is the run of `mcomp ... > c.json; mapply c.json`.  The text
 * stays in memory (an anonymous file), never on disk.  0, or 1 after the
 * compiler's messages. */
static int compile_catalog(const CompileOptions *copt, Catalog *cat, Buf *err)
{
    Arena carena;
    arena_init(&carena);
    Catalog ccat;
    cat_init(&ccat, &carena);
    CompileOptions keep = *copt;
    keep.keep_deferred = 1;     /* resolved before the run, never written as strings */
    int rc = copt_compile(&keep, &carena, &ccat);
    rby_stdout_back();
    ccat.rich_deferred = 1;     /* Deferred values travel as an agent gets them, to be resolved */
    if (rc == 0) {
        int fd = memfd_create("mapply-catalog", MFD_CLOEXEC);
        FILE *f = fd >= 0 ? fdopen(dup(fd), "w") : NULL;
        if (!f || cat_write_json(&ccat, f) != 0 || fclose(f) != 0) {
            diag_fprintf(stderr, "Error: Cannot keep the compiled catalog: %s\n", strerror(errno));
            rc = 1;
        } else {
            char path[64];
            snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
            if (cat_read_json(cat, path, err) != 0) {
                diag_fprintf(stderr, "Error: Could not parse the compiled catalog: %s\n", buf_cstr(err));
                rc = 1;
            }
        }
        if (fd >= 0) close(fd);
    }
    cat_free(&ccat);
    arena_free(&carena);
    return rc ? 1 : 0;
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

/* A ReportFn: each resource's status goes into the run's report. */
static void on_status(void *ctx, const ReportStatus *st)
{
    rep_status(ctx, st);
}

/* A run-level error line, printed and kept in the run's report. */
static void run_error(RunReport *rep, const char *msg)
{
    diag_fprintf(stderr, "Error: %s%s", msg, msg[0] && msg[strlen(msg) - 1] == '\n' ? "" : "\n");
    size_t n = strlen(msg);
    char *m = xstrndup(msg, n && msg[n - 1] == '\n' ? n - 1 : n);
    rep_log(rep, LL_ERR, NULL, NULL, NULL, m);
    free(m);
}

/* A GraphErrFn: an error line already printed, kept in the run's report. */
static void report_error(void *ctx, const char *msg)
{
    rep_log(ctx, LL_ERR, NULL, NULL, NULL, msg);
}

static double since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) / 1e9;
}

int main(int argc, char **argv)
{
    util_progname = "mapply";
    util_big_heap((size_t)64 << 20);
    setvbuf(stdout, NULL, _IOLBF, 0);
    ApplyOptions opt;
    memset(&opt, 0, sizeof opt);
    opt.log_level = LL_NOTICE;
    CompileCli cli;
    memset(&cli, 0, sizeof cli);
    int detailed = 0, graph = 0, summary = 0, validate_only = 0, wait = 0;
    const char *vardir = NULL, *graphdir = NULL, *graph_format = "dot", *report = NULL, *catalog_opt = NULL;
    const char *jobs = NULL;
    enum { O_NOOP = 256, O_DETAILED, O_VARDIR, O_GRAPH, O_GRAPHDIR, O_GRAPHFMT, O_REPORT, O_ROOT, O_TAGS, O_SKIP, O_SUM, O_DIFF, O_VALIDATE, O_WAIT, O_CATALOG };
    static const struct option own[] = {
        {"catalog", required_argument, NULL, O_CATALOG},
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
        {"show_diff", no_argument, NULL, O_DIFF},
        {"show-diff", no_argument, NULL, O_DIFF},
        {"jobs", required_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    struct option *longopts = copt_merge(own);
    int ch;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, ":vdhVj:" COPT_SHORTOPTS, longopts, NULL)) != -1) {
        if (copt_handle(&cli, ch, optarg)) continue;
        switch (ch) {
        case O_CATALOG: catalog_opt = optarg; break;
        case O_NOOP: opt.noop = 1; break;
        case O_VALIDATE: validate_only = 1; break;
        case O_WAIT: wait = 1; break;
        case O_DETAILED: detailed = 1; break;
        case 'v': if (opt.log_level > LL_INFO) opt.log_level = LL_INFO; break;
        case 'd': opt.log_level = LL_DEBUG; break;
        case O_SUM: summary = 1; break;
        case O_TAGS: opt.ntags = split_list(optarg, &opt.tags); break;
        case O_SKIP: opt.nskip_tags = split_list(optarg, &opt.skip_tags); break;
        case O_VARDIR: vardir = optarg; break;
        case O_GRAPH: graph = 1; break;
        case O_GRAPHDIR: graphdir = optarg; graph = 1; break;        /* implies --graph */
        case O_GRAPHFMT: graph_format = optarg; graph = 1; break;
        case O_REPORT: report = optarg; break;
        case O_ROOT: opt.root = optarg; break;
        case O_DIFF: opt.show_diff = 1; break;
        case 'j': jobs = optarg; break;
        case 'h': usage(stdout); free(longopts); return 0;
        case 'V': printf("mapply %s\n", mapply_version); free(longopts); return 0;
        /* usage errors exit 1, as puppet apply's do: under --detailed-exitcodes
         * 2 means "changes were made", 1 "could not run" */
        default: util_getopt_error(ch, argv, longopts); free(longopts); return 1;
        }
    }
    free(longopts);
    if (jobs) {
        char *end;
        long n = strtol(jobs, &end, 10);
        if (!*jobs || *end || n < 1 || n > 1024) {
            util_usage_error("-j/--jobs expects a number of jobs from 1 to 1024, not '%s'", jobs);
            return 1;
        }
        opt.jobs = (int)n;
    } else {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        opt.jobs = n < 1 ? 1 : n > 1024 ? 1024 : (int)n;
    }
    if (strcmp(graph_format, "dot") && strcmp(graph_format, "svg") && strcmp(graph_format, "png")) {
        util_usage_error("unknown --graph-format '%s' (dot, svg, png)", graph_format);
        return 1;
    }
    if (optind < argc - 1) {
        util_usage_error("one MANIFEST or CATALOG expected, but also got '%s'", argv[optind + 1]);
        return 1;
    }
    const char *target = optind < argc ? argv[optind] : NULL;
    if (catalog_opt && target) {
        util_usage_error("--catalog %s and '%s': give one of them", catalog_opt, target);
        return 1;
    }
    /* a manifest (file, directory, stdin, -e, an environment) or a catalog */
    int compiling = !catalog_opt && (cli.code || (target ? is_manifest(target) : cli.environment_given || cli.environmentpath));
    if (!catalog_opt && !target && !compiling) {
        util_usage_error("no MANIFEST given (usage: mapply [options] MANIFEST|CATALOG.json)");
        return 1;
    }
    const char *catalog_path = catalog_opt ? catalog_opt : target;
    if (!compiling && cli.compile_only_given) {
        util_usage_error("%s applies to a manifest, not to the catalog %s", cli.compile_only_name, catalog_path);
        return 1;
    }
    if (compiling) {
        cli.opt.noop = opt.noop;            /* the clientnoop fact */
        if (copt_resolve(&cli, target) != 0) {
            copt_free(&cli);
            return 1;
        }
        opt.modulepath = cli.opt.modulepath;
    } else {
        opt.modulepath = cli.modulepath;
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
    RunReport run;
    rep_init(&run, &arena, mapply_version, opt.noop);
    opt.log_fn = rep_log;     /* every line the transaction prints goes into the report */
    opt.log_ctx = &run;
    int keep_report = 0;      /* the state directory is ours: the run's report is written at the end */
    Catalog cat;
    cat_init(&cat, &arena);
    Buf err = BUF_INIT;
    Graph g;
    memset(&g, 0, sizeof g);
    int rc = 1, lock = -1, root_lock = -1, report_fd = -1;
    char *gdir = NULL, *catalog_modulepath = NULL;
    /* --puppetdb: the compile's catalog carries the run's transaction_uuid,
     * the run's report goes to PuppetDB at the end */
    const StorePdbConfig *pdb = NULL;
    if (compiling) {
        pdb = cli.opt.puppetdb;
        cli.opt.transaction_uuid = run.uuid;
    } else if (copt_puppetdb(&cli, &pdb) != 0) {
        goto out;
    }
    if (compiling) {
        if (compile_catalog(&cli.opt, &cat, &err) != 0) goto out;
    } else {
        struct stat cst;
        int cfd = open(catalog_path, O_RDONLY | O_CLOEXEC);
        if (cfd < 0 || fstat(cfd, &cst) != 0 || (S_ISDIR(cst.st_mode) && (errno = EISDIR))) {
            diag_fprintf(stderr, "Error: Could not read catalog %s: %s\n", catalog_path, strerror(errno));
            if (cfd >= 0) close(cfd);
            goto out;
        }
        close(cfd);
        if (cat_read_json(&cat, catalog_path, &err) != 0) {
            diag_fprintf(stderr, "Error: Could not parse catalog %s: %s\n", catalog_path, buf_cstr(&err));
            goto out;
        }
    }
    /* --modulepath wins; else the module path mcomp compiled the catalog with */
    if (!opt.modulepath && cat.nmodulepath) {
        Buf mp = BUF_INIT;
        for (size_t i = 0; i < cat.nmodulepath; i++) buf_printf(&mp, "%s%s", i ? ":" : "", cat.modulepath[i]);
        opt.modulepath = catalog_modulepath = buf_detach(&mp);
        if (opt.log_level <= LL_DEBUG) printf("Debug: Using the catalog's module path %s\n", opt.modulepath);
    }
    /* Deferred values: their functions are called now, on this node, as a
     * Puppet agent does before it applies a catalog */
    {
        CompileOptions dopt;
        if (compiling) {
            dopt = cli.opt;
        } else {
            memset(&dopt, 0, sizeof dopt);
            dopt.certname = cat.name;
            dopt.environment = cat.environment;
            dopt.noop = opt.noop;
        }
        dopt.modulepath = opt.modulepath;
        if (dfr_resolve(&cat, &dopt) != 0) {
            rby_stdout_back();
            goto out;
        }
        rby_stdout_back();
    }
    rep_time(&run, "config_retrieval", since(&t0));
    /* an invalid catalog changes nothing, but its run is reported (below) */
    int invalid = graph_build_log(&g, &cat, validate_only ? NULL : report_error, &run) != 0;
    if (!invalid) invalid = tx_validate(&g, "mapply", &opt, validate_only ? NULL : rep_log, &run) != 0;
    if (invalid && validate_only) goto out;
    if (validate_only) {        /* the checks a run makes before its first write */
        CycleSet cs;
        memset(&cs, 0, sizeof cs);
        if (graph_cycles(&g, &cs)) {
            diag_fprintf(stderr, "Error: %s%s", cs.message, cs.message[strlen(cs.message) - 1] == '\n' ? "" : "\n");
            diag_fprintf(stderr, "Error: Failed to apply catalog: One or more resource dependency cycles detected in graph\n");
        } else {
            if (opt.log_level <= LL_INFO) printf("Info: Catalog %s is valid\n", compiling ? "of the manifest" : catalog_path);
            rc = 0;
        }
        cycles_free(&cs);
        goto out;
    }
    /* one run per root, then per state directory: nothing is written before */
    if ((root_lock = runlock_root(opt.root, wait)) < 0)
        goto out;
    if (util_mkdir_p(vardir, 0755, 0) != 0) {
        diag_fprintf(stderr, "Error: Cannot create the state directory %s: %s\n", vardir, strerror(errno));
        goto out;
    }
    if ((lock = runlock_vardir(vardir, wait)) < 0)
        goto out;
    keep_report = 1;
    if (report) {
        /* a report about secrets is kept from other users (0600), though it holds none */
        int secret = cat_has_secrets(&cat);
        report_fd = open(report, O_WRONLY | O_CREAT | O_CLOEXEC, secret ? 0600 : 0644);
        if (report_fd >= 0 && secret && fchmod(report_fd, 0600) != 0) {
            close(report_fd);
            report_fd = -1;
        }
        if (report_fd < 0) {
            char *msg = arena_printf(&arena, "Cannot write the report %s: %s", report, strerror(errno));
            run_error(&run, msg);
            goto out;
        }
    }
    if (invalid) {        /* nothing was changed: say so in the state directory */
        rep_finish(&run, &cat, 0);
        goto out;
    }
    struct timespec app0;
    clock_gettime(CLOCK_MONOTONIC, &app0);
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
            char *full = xmalloc(strlen(msg) + strlen(gdir) + 64);
            sprintf(full, "%sCycle graph written to %s/cycles.dot.", msg, gdir);
            run_error(&run, full);
            free(full);
        } else {
            run_error(&run, msg);
        }
        run_error(&run, "Failed to apply catalog: One or more resource dependency cycles detected in graph");
        /* as Puppet: each resource of a cycle failed, and the run's summary is still given */
        rep_cycle(&run, &g, &cs);
        cycles_free(&cs);
        rep_finish(&run, &cat, 0);
        if (summary) rep_print_summary(&run);
        goto out;
    }
    if (opt.log_level <= LL_INFO) {
        printf("Info: Applying configuration version '%s'\n", cat.version ? cat.version : "");
        char *line = arena_printf(&arena, "Applying configuration version '%s'", cat.version ? cat.version : "");
        rep_log(&run, LL_INFO, NULL, NULL, NULL, line);
    }
    opt.report_fn = on_status;
    opt.report_ctx = &run;
    TxSummary sum;
    struct timespec tx0;
    clock_gettime(CLOCK_MONOTONIC, &tx0);
    int aborted = tx_run(&g, &opt, &arena, &sum) != 0;
    if (!aborted) {     /* Puppet's run that raised has neither time */
        rep_time(&run, "transaction_evaluation", since(&tx0));
        rep_time(&run, "catalog_application", since(&app0));
    }
    if (aborted) {      /* already said why */
        rep_finish(&run, &cat, 0);
        goto out;
    }
    double secs = since(&t0);
    printf("Notice: Applied catalog in %.2f seconds\n", secs);
    {
        char line[64];
        snprintf(line, sizeof line, "Applied catalog in %.2f seconds", secs);
        rep_log(&run, LL_NOTICE, NULL, NULL, NULL, line);
    }
    rep_finish(&run, &cat, 1);
    if (summary) rep_print_summary(&run);
    rc = 0;
    if (detailed) rc = (sum.changes > 0 ? 2 : 0) | (sum.failed + sum.failed_to_restart > 0 ? 4 : 0);
out:
    /* the last run's report and summary, also for a run that stopped
     * (cycle, invalid catalog); only under the state directory's lock */
    if (keep_report) {
        if (!run.finished) rep_finish(&run, &cat, 0);
        rep_write(&run, vardir);
        if (report_fd >= 0) rep_save(&run, report_fd, report);
        if (pdb && pdbrep_send(pdb, &run) != 0 && rc == 0) rc = 1;
    }
    if (lock >= 0) close(lock);
    if (root_lock >= 0) close(root_lock);
    graph_free(&g);
    buf_free(&err);
    free(gdir);
    free(catalog_modulepath);
    free(home_vardir);
    free((void *)opt.tags);
    free((void *)opt.skip_tags);
    cat_free(&cat);
    arena_free(&arena);
    rootfs_fini();
    copt_free(&cli);
    return rc;
}
