/*
 * mcomp.c - the manifest compiler's command line: compile a Puppet
 * manifest and print its catalog (JSON format v2) on stdout.  Nothing is
 * printed on stdout unless the whole compile succeeded.
 */
#include "compiler/compiler.h"
#include "compiler/options.h"
#include "compiler/ruby/rb.h"
#include "catalog/json.h"
#include "apply/graph.h"
#include "base/util.h"
#include <fcntl.h>
#include <getopt.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static void usage(FILE *out)
{
    fputs("usage: mcomp [options] MANIFEST|MANIFESTDIR|ENVDIR|-\n"
          "       mcomp [options] -e CODE\n"
          "       mcomp [options] --environment NAME\n"
          "       mcomp --print-facts [options]\n"
          "Compile a Puppet manifest into a JSON catalog (format v2) on stdout.\n"
          "MANIFEST is a file; MANIFESTDIR a directory whose .pp files (at any depth) are read\n"
          "in path order; ENVDIR an environment directory (it holds environment.conf,\n"
          "hiera.yaml, manifests/ or modules/); - reads the manifest from standard input.\n"
          "\n", out);
    copt_usage(out);
    fputs("  --print-facts           print the facts (facter --json's shape) and compile nothing;\n"
          "                          MANIFEST is then optional\n"
          "  -o, --output FILE       write the catalog to FILE instead of stdout\n"
          "  --stats                 print resources, wall time, peak memory and whether Ruby\n"
          "                          was started (for ERB templates) on stderr\n"
          "  -h, --help              this text\n"
          "  -V, --version           the version\n"
          "\n"
          "Exit status: 0 compiled, 1 manifest errors, 2 usage or I/O errors (a usage\n"
          "error is one line on stderr: mcomp: REASON).\n",
          out);
}

/* The compile-time cycle check: the graph mapply would build, and its
 * cycles (cycles.message set when there are some). */
typedef struct CycleJob { Catalog *cat; int rc; CycleSet cycles; } CycleJob;

static void *cycle_thread(void *p)
{
    CycleJob *job = p;
    Graph g;
    job->rc = graph_build(&g, job->cat);
    if (job->rc == 0 && graph_cycles(&g, &job->cycles) <= 0) job->cycles.message = NULL;
    graph_free(&g);
    return NULL;
}

/* The catalog file: one that holds secrets (a Sensitive value, or a
 * user's password) is made 0600, and an existing one is chmodded to 0600
 * before the secrets go in; others are fopen'd as usual. */
static FILE *open_output(const char *path, const Catalog *cat)
{
    if (!cat_has_secrets(cat))
        return fopen(path, "w");
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0)
        return NULL;
    struct stat st;
    if (fstat(fd, &st) != 0 || (S_ISREG(st.st_mode) && (st.st_mode & 077) && fchmod(fd, 0600) != 0)) {
        close(fd);
        return NULL;
    }
    FILE *f = fdopen(fd, "w");
    if (!f)
        close(fd);
    return f;
}

int main(int argc, char **argv)
{
    util_progname = "mcomp";
    util_big_heap((size_t)64 << 20);
    CompileCli cli;
    memset(&cli, 0, sizeof cli);
    const char *output = NULL;
    enum { O_STATS = 256, O_PRINT_FACTS };
    int stats = 0;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    static const struct option own[] = {
        {"stats", no_argument, NULL, O_STATS},
        {"print-facts", no_argument, NULL, O_PRINT_FACTS},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    struct option *longopts = copt_merge(own);
    int ch;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, ":o:hV" COPT_SHORTOPTS, longopts, NULL)) != -1) {
        if (copt_handle(&cli, ch, optarg)) continue;
        switch (ch) {
        case O_STATS: stats = 1; break;
        case O_PRINT_FACTS: cli.opt.print_facts = 1; break;
        case 'o': output = optarg; break;
        case 'h': usage(stdout); free(longopts); return 0;
        case 'V': puts("mcomp 0.1"); free(longopts); return 0;
        default: util_getopt_error(ch, argv, longopts); free(longopts); return 2;
        }
    }
    free(longopts);
    if (optind == argc && !cli.opt.print_facts && !cli.code && !cli.environment_given && !cli.environmentpath) {
        util_usage_error("no MANIFEST given (usage: mcomp [options] MANIFEST)");
        return 2;
    }
    if (optind < argc - 1) {
        util_usage_error("one MANIFEST expected, but also got '%s'", argv[optind + 1]);
        return 2;
    }
    if (cli.opt.print_facts && optind == argc && !cli.code) {
        /* no environment to find: only the facts */
        if (!cli.opt.environment) cli.opt.environment = "production";
    } else if (copt_resolve(&cli, optind < argc ? argv[optind] : NULL) != 0) {
        copt_free(&cli);
        return 2;
    }
    const CompileOptions opt = cli.opt;
    Arena arena;
    arena_init(&arena);
    Catalog cat;
    cat_init(&cat, &arena);
    int rc = copt_compile(&opt, &arena, &cat);
    if (rc == 0 && !opt.print_facts) {
        /* Cycles are found here already (users want them at compile time),
         * as a warning: Puppet compiles such a catalog, and so do we; mapply
         * refuses to apply it.  The check runs on a second thread while
         * this one renders the catalog; it is printed once both are done
         * and the graph was sound. */
        CycleJob job = {&cat, 0, {0}};
        pthread_t th;
        int threaded = pthread_create(&th, NULL, cycle_thread, &job) == 0;
        if (!threaded) cycle_thread(&job);
        CatJson js;
        cat_json_prepare(&cat, &js);
        if (threaded) pthread_join(th, NULL);
        if (job.cycles.message) {
            /* Puppet's text ends "Try the '--graph' option ...", an option
             * of mapply's, not mcomp's: say what to run instead. */
            char *m = job.cycles.message, *tail = strstr(m, "Try the '--graph' option");
            if (tail) *tail = '\0';
            fprintf(stderr, "mcomp: warning: %s%s", m, m[0] && m[strlen(m) - 1] != '\n' ? "\n" : "");
            fputs("mcomp: warning: mapply refuses this catalog; 'mapply --graph CATALOG' writes the cycle "
                  "as cycles.dot (for GraphViz) and changes nothing\n", stderr);
            cycles_free(&job.cycles);
        }
        rby_stdout_back();
        FILE *out = stdout;
        if (job.rc != 0) {
            rc = 1;
        } else if (output && !(out = open_output(output, &cat))) {
            perror(output);
            rc = 2;
        } else if ((cat_json_write(&cat, &js, out) != 0) + ((out != stdout ? fclose(out) : fflush(out)) != 0)) {
            /* (both run: the file is closed even after a failed write) */
            fprintf(stderr, "mcomp: error: cannot write the catalog\n");
            rc = 2;
        }
        cat_json_free(&js);
    }
    if (stats) {
        struct timespec t1;
        clock_gettime(CLOCK_MONOTONIC, &t1);
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        size_t n = 0;
        for (size_t i = 0; i < cat.nres; i++) n += !cat.res[i]->is_virtual;
        fprintf(stderr, "mcomp: stats: resources=%zu wall_ms=%.1f peak_kib=%ld arena_kib=%zu ruby=%s", n,
                (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6, ru.ru_maxrss,
                arena.total / 1024, rby_started() ? "started" : "no");
        if (rby_started()) fprintf(stderr, " ruby_startup_ms=%.1f", rby_startup_ms());
        fputc('\n', stderr);
    }
    cat_free(&cat);
    arena_free(&arena);
    copt_free(&cli);
    return rc;
}
