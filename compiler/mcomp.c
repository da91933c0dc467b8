/*
 * mcomp.c - the manifest compiler's command line: compile a Puppet
 * manifest and print its catalog (JSON format v2) on stdout.  Nothing is
 * printed on stdout unless the whole compile succeeded.
 */
#include "compiler/compiler.h"
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
    fputs("usage: mcomp [options] MANIFEST\n"
          "       mcomp --print-facts [options]\n"
          "Compile a Puppet manifest into a JSON catalog (format v2) on stdout.\n"
          "\n"
          "  --modulepath DIR[:DIR]  where to find modules (include ntp -> DIR/ntp/manifests/init.pp);\n"
          "                          recorded in the catalog (\"modulepath\", absolute), where\n"
          "                          mapply finds puppet:///modules sources\n"
          "  --facts FILE            facts as JSON (the output of facter --json; at most 64 MiB);\n"
          "                          default: gather this machine's facts as Facter 4 does\n"
          "  --external-facts DIR[:DIR]  facts.d directories to read too (.txt, .json, .yaml,\n"
          "                          executables), after Facter's default ones\n"
          "  --print-facts           print the facts (facter --json's shape) and compile nothing;\n"
          "                          MANIFEST is then optional\n"
          "  --certname NAME         the node name (default: the fqdn fact)\n"
          "  --environment NAME      the catalog's environment (default: production)\n"
          "  --strict-variables      an unknown variable is an error, not a warning\n"
          "  --hiera-config FILE     the environment's hiera.yaml (version 5); default: the\n"
          "                          hiera.yaml beside MANIFEST, when there is one\n"
          "  --datadir DIR           the environment's data directory, instead of the one\n"
          "                          hiera.yaml names (with no hiera.yaml: DIR/common.yaml)\n"
          "  -o, --output FILE       write the catalog to FILE instead of stdout\n"
          "  --stats                 print resources, wall time, peak memory and whether Ruby\n"
          "                          was started (for ERB templates) on stderr\n"
          "  --no-cache              do not read or write the cache of compiled Ruby (ERB\n"
          "                          templates) in $XDG_CACHE_HOME/mcomp or ~/.cache/mcomp\n"
          "  -h, --help              this text\n"
          "  -V, --version           the version\n"
          "\n"
          "Exit status: 0 compiled, 1 manifest errors, 2 usage or I/O errors (a usage\n"
          "error is one line on stderr: mcomp: REASON).\n",
          out);
}

typedef struct CompileJob { const CompileOptions *opt; Arena *arena; Catalog *cat; int rc; } CompileJob;

static void *compile_thread(void *p)
{
    CompileJob *j = p;
    j->rc = compile(j->opt, j->arena, j->cat);
    return NULL;
}

/* Evaluation recurses on the syntax tree, so the compile runs on a thread
 * with a 1 GiB stack (address space only: pages are touched as used);
 * the evaluator's own depth bounds turn anything deeper into an error. */
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

static int compile_big_stack(const CompileOptions *opt, Arena *arena, Catalog *cat)
{
    CompileJob job = {opt, arena, cat, 2};
    pthread_attr_t attr;
    pthread_t th;
    if (pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, (size_t)1 << 30) == 0 &&
        pthread_create(&th, &attr, compile_thread, &job) == 0) {
        pthread_join(th, NULL);
        pthread_attr_destroy(&attr);
        return job.rc;
    }
    return compile(opt, arena, cat);
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
    CompileOptions opt;
    memset(&opt, 0, sizeof opt);
    const char *output = NULL;
    enum { O_MODULEPATH = 256, O_FACTS, O_CERTNAME, O_ENV, O_STRICT, O_STATS, O_HIERA_CONFIG, O_DATADIR, O_NO_CACHE, O_EXTERNAL_FACTS, O_PRINT_FACTS };
    int stats = 0;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    static const struct option longopts[] = {
        {"modulepath", required_argument, NULL, O_MODULEPATH},
        {"facts", required_argument, NULL, O_FACTS},
        {"certname", required_argument, NULL, O_CERTNAME},
        {"environment", required_argument, NULL, O_ENV},
        {"strict-variables", no_argument, NULL, O_STRICT},
        {"stats", no_argument, NULL, O_STATS},
        {"hiera-config", required_argument, NULL, O_HIERA_CONFIG},
        {"datadir", required_argument, NULL, O_DATADIR},
        {"no-cache", no_argument, NULL, O_NO_CACHE},
        {"external-facts", required_argument, NULL, O_EXTERNAL_FACTS},
        {"print-facts", no_argument, NULL, O_PRINT_FACTS},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    int ch;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, ":o:hV", longopts, NULL)) != -1) {
        switch (ch) {
        case O_MODULEPATH: opt.modulepath = optarg; break;
        case O_FACTS: opt.facts_file = optarg; break;
        case O_CERTNAME: opt.certname = optarg; break;
        case O_ENV: opt.environment = optarg; break;
        case O_STRICT: opt.strict_variables = 1; break;
        case O_STATS: stats = 1; break;
        case O_HIERA_CONFIG: opt.hiera_config = optarg; break;
        case O_DATADIR: opt.datadir = optarg; break;
        case O_NO_CACHE: rby_cache_disable(); break;
        case O_EXTERNAL_FACTS: opt.external_facts = optarg; break;
        case O_PRINT_FACTS: opt.print_facts = 1; break;
        case 'o': output = optarg; break;
        case 'h': usage(stdout); return 0;
        case 'V': puts("mcomp 0.1"); return 0;
        default: util_getopt_error(ch, argv, longopts); return 2;
        }
    }
    if (optind == argc && !opt.print_facts) {
        util_usage_error("no MANIFEST given (usage: mcomp [options] MANIFEST)");
        return 2;
    }
    if (optind < argc - 1) {
        util_usage_error("one MANIFEST expected, but also got '%s'", argv[optind + 1]);
        return 2;
    }
    opt.manifest = optind < argc ? argv[optind] : NULL;
    Arena arena;
    arena_init(&arena);
    Catalog cat;
    cat_init(&cat, &arena);
    int rc = compile_big_stack(&opt, &arena, &cat);
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
    return rc;
}
