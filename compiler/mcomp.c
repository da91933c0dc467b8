/*
 * mcomp.c - the manifest compiler's command line: compile a Puppet
 * manifest and print its catalog (JSON format v2) on stdout.  Nothing is
 * printed on stdout unless the whole compile succeeded.
 *
 * Many nodes (--nodes DIR --outdir DIR -j N): one catalog per facts file.
 * The one idea is to parse once and compile each node in a fresh fork of
 * the process that parsed.  The parent reads and parses every manifest
 * and EPP template the environment could load, and reads its ERB
 * templates (load_share), into memory that every child then shares
 * copy-on-write (the top of its heap given back first: fleet_fresh_top);
 * it then keeps up to N
 * children running, one per node, each compiling its node on that shared
 * parse, writing OUTDIR/<certname>.json atomically and exiting.  Threads
 * would share more, but one compile is not thread-safe: the embedded Ruby
 * (ERB templates, Ruby functions and types) is one interpreter per
 * process, it keeps a process-wide table from values to Ruby objects, and
 * the compiler keeps counters and warn-once flags in globals.  A process
 * per node (rather than a worker compiling node after node) also keeps
 * every node's compile exactly the single compile `mcomp --facts` does:
 * nothing one node did is left for the next, and memory is given back
 * whole when a node ends, so the peak does not grow with the number of
 * nodes.  A fork costs well under a millisecond next to a compile.  Each
 * child's messages are gathered and printed by the parent, each line
 * prefixed with the node's certname, in the nodes' order (certnames
 * sorted), so -j changes no output.  With --storeconfigs, each node's
 * exports are stored when its compile ends: a node's collectors see the
 * exports of the nodes that ended before they ran (with -j 1, every node
 * before it in certname order).
 */
#define _GNU_SOURCE   /* memfd_create, mkostemp */
#include "compiler/compiler.h"
#include "compiler/modtree.h"
#include "compiler/options.h"
#include "compiler/ruby/rb.h"
#include "catalog/json.h"
#include "apply/graph.h"
#include "base/oniglib.h"
#include "base/util.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <malloc.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void usage(FILE *out)
{
    fputs("usage: mcomp [options] MANIFEST|MANIFESTDIR|ENVDIR|-\n"
          "       mcomp [options] -e CODE\n"
          "       mcomp [options] --environment NAME\n"
          "       mcomp --print-facts [options]\n"
          "       mcomp --nodes DIR --outdir DIR [-j N] [options] [MANIFEST|MANIFESTDIR|ENVDIR]\n"
          "Compile a Puppet manifest into a JSON catalog (format v2) on stdout.\n"
          "MANIFEST is a file; MANIFESTDIR a directory whose .pp files (at any depth) are read\n"
          "in path order; ENVDIR an environment directory (it holds environment.conf,\n"
          "hiera.yaml, manifests/ or modules/); - reads the manifest from standard input.\n"
          "\n", out);
    copt_usage(out);
    fputs("  --print-facts           print the facts (facter --json's shape) and compile nothing;\n"
          "                          MANIFEST is then optional\n"
          "  -o, --output FILE       write the catalog to FILE instead of stdout\n"
          "  --nodes DIR             compile one catalog per facts file DIR/CERTNAME.json (facter\n"
          "                          --json's shape, as --facts reads it), for node CERTNAME, into\n"
          "                          OUTDIR/CERTNAME.json; manifests, templates and data files\n"
          "                          are parsed once for all nodes; one node's errors (each line\n"
          "                          prefixed with its certname) do not stop the others\n"
          "  --outdir DIR            where --nodes writes the catalogs (made when missing; not\n"
          "                          the facts directory)\n"
          "  -j, --jobs N            with --nodes, compile N nodes at a time (default: the\n"
          "                          number of processors)\n"
          "  --stats                 print resources, wall time, peak memory and whether Ruby\n"
          "                          was started (for ERB templates) on stderr; with --nodes,\n"
          "                          nodes, failures, nodes/s, CPU time and peak memory\n"
          "  -h, --help              this text\n"
          "  -V, --version           the version\n"
          "\n"
          "Exit status: 0 compiled, 1 manifest errors, 2 usage or I/O errors (a usage\n"
          "error is one line on stderr: mcomp: REASON).  With --nodes: 0 every node\n"
          "compiled, 1 one or more failed, 2 usage errors or an unusable DIR or OUTDIR.\n",
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

/* A new file in dir for a catalog (*path: its name, malloc'd), 0600 when
 * the catalog holds secrets, else as fopen would make it. */
static FILE *open_temp(const char *dir, const Catalog *cat, char **path)
{
    size_t n = strlen(dir) + sizeof "/.mcomp-catalog.XXXXXX";
    *path = xmalloc(n);
    snprintf(*path, n, "%s/.mcomp-catalog.XXXXXX", dir);
    int fd = mkostemp(*path, O_CLOEXEC);
    if (fd < 0) {
        free(*path);
        *path = NULL;
        return NULL;
    }
    if (!cat_has_secrets(cat)) {
        mode_t um = umask(0);
        umask(um);
        fchmod(fd, 0666 & ~um);
    }
    FILE *f = fdopen(fd, "w");
    if (!f) {
        close(fd);
        unlink(*path);
        free(*path);
        *path = NULL;
    }
    return f;
}

/* The end of a successful compile: the cycle check, then the catalog on
 * stdout (output NULL) or in the file output; with tmp_dir, written to a
 * new file there first and renamed to output (a reader sees the old file
 * or the whole new one).  Returns mcomp's status. */
static int emit_catalog(Catalog *cat, const char *output, const char *tmp_dir, int threaded)
{
    int rc = 0;
    /* Cycles are found here already (users want them at compile time),
     * as a warning: Puppet compiles such a catalog, and so do we; mapply
     * refuses to apply it.  The check runs on a second thread while
     * this one renders the catalog; it is printed once both are done
     * and the graph was sound. */
    CycleJob job = {cat, 0, {0}};
    pthread_t th;
    if (threaded) threaded = pthread_create(&th, NULL, cycle_thread, &job) == 0;
    if (!threaded) cycle_thread(&job);
    CatJson js;
    cat_json_prepare(cat, &js);
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
    char *tmp = NULL;
    if (job.rc != 0) {
        rc = 1;
    } else if (tmp_dir && !(out = open_temp(tmp_dir, cat, &tmp))) {
        fprintf(stderr, "mcomp: error: cannot write in %s: %s\n", tmp_dir, strerror(errno));
        rc = 2;
    } else if (!tmp_dir && output && !(out = open_output(output, cat))) {
        perror(output);
        rc = 2;
    } else if ((cat_json_write(cat, &js, out) != 0) + ((out != stdout ? fclose(out) : fflush(out)) != 0)) {
        /* (both run: the file is closed even after a failed write) */
        fprintf(stderr, "mcomp: error: cannot write the catalog\n");
        rc = 2;
    } else if (tmp && rename(tmp, output) != 0) {
        fprintf(stderr, "mcomp: error: cannot write %s: %s\n", output, strerror(errno));
        rc = 2;
    }
    if (tmp && rc != 0) unlink(tmp);
    free(tmp);
    cat_json_free(&js);
    return rc;
}

/* ---- many nodes ---- */

typedef struct FleetNode {
    char *certname;                  /* the facts file's name without .json (malloc'd) */
    int rc;                          /* mcomp's status for it; -1 while not ended */
    char *messages;                  /* what it printed, lines prefixed (malloc'd), until shown */
    size_t len;
} FleetNode;

static int name_cmp(const void *a, const void *b)
{
    return strcmp(((const FleetNode *)a)->certname, ((const FleetNode *)b)->certname);
}

/* The nodes: DIR's regular files NAME.json (not hidden), sorted by name;
 * NULL after an error line when there are none. */
static FleetNode *fleet_scan(const char *dir, size_t *n)
{
    *n = 0;
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "mcomp: error: cannot read %s: %s\n", dir, strerror(errno));
        return NULL;
    }
    FleetNode *v = NULL;
    size_t cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (e->d_name[0] == '.' || l <= 5 || strcmp(e->d_name + l - 5, ".json")) continue;
        char *p = xmalloc(strlen(dir) + l + 2);
        sprintf(p, "%s/%s", dir, e->d_name);
        struct stat st;
        int reg = stat(p, &st) == 0 && S_ISREG(st.st_mode);
        free(p);
        if (!reg) continue;
        if (*n == cap) v = xrealloc(v, (cap = cap ? 2 * cap : 64) * sizeof *v);
        v[(*n)++] = (FleetNode){xstrndup(e->d_name, l - 5), -1, NULL, 0};
    }
    closedir(d);
    if (!*n) fprintf(stderr, "mcomp: error: no facts files (CERTNAME.json) in %s\n", dir);
    else qsort(v, *n, sizeof *v, name_cmp);
    return v;     /* (NULL when there is none) */
}

/* The child's whole life: node's compile with the facts file, its catalog
 * in OUTDIR; returns the status to exit with. */
static int fleet_compile(const CompileOptions *base, const char *nodes_dir, const char *outdir, const char *cert,
                         int big_stack)
{
    CompileOptions opt = *base;
    char *facts = xmalloc(strlen(nodes_dir) + strlen(cert) + 7);
    sprintf(facts, "%s/%s.json", nodes_dir, cert);
    char *out = xmalloc(strlen(outdir) + strlen(cert) + 7);
    sprintf(out, "%s/%s.json", outdir, cert);
    opt.facts_file = facts;
    opt.certname = cert;
    Arena arena;
    arena_init(&arena);
    Catalog cat;
    cat_init(&cat, &arena);
    int rc = big_stack ? cmp_compile(&opt, &arena, &cat) : copt_compile(&opt, &arena, &cat);
    if (rc == 0) rc = emit_catalog(&cat, out, outdir, 0);
    fflush(NULL);
    return rc;
}

/* A child's captured output, each line prefixed "CERTNAME: ". */
static void fleet_gather(FleetNode *nd, int fd)
{
    Buf in = BUF_INIT, out = BUF_INIT;
    char tmp[65536];
    ssize_t got;
    off_t at = 0;
    while ((got = pread(fd, tmp, sizeof tmp, at)) > 0) buf_add(&in, tmp, (size_t)got), at += got;
    for (size_t i = 0; i < in.len;) {
        const char *s = in.s + i, *nl = memchr(s, '\n', in.len - i);
        size_t l = nl ? (size_t)(nl - s) + 1 : in.len - i;
        diag_escape(&out, nd->certname, strlen(nd->certname));   /* a file name may hold anything */
        buf_adds(&out, ": ");
        buf_add(&out, s, l);
        if (!nl) buf_addc(&out, '\n');
        i += l;
    }
    buf_free(&in);
    nd->messages = out.s;
    nd->len = out.len;
}

static void fleet_free(FleetNode *nodes, size_t n)
{
    for (size_t i = 0; i < n; i++) free(nodes[i].certname), free(nodes[i].messages);
    free(nodes);
}

typedef struct Slot { pid_t pid; int fd; size_t node; } Slot;

typedef struct FleetRun {
    const CompileOptions *base;
    const char *nodes_dir, *outdir;
    long jobs;
    FleetNode *nodes;
    size_t n;
    int big_stack;                   /* the loop runs on a thread with cmp_compile()'s stack */
    size_t failed;
} FleetRun;

/* Fresh memory for the nodes' malloc (glibc's).  A node's allocations that
 * malloc cannot fit in a free chunk come from the top of the heap, memory
 * the parent has touched and the node shares with it: each 4 KiB page a
 * node wrote there was a copy-on-write fault (some 300 a node; a fault in
 * a virtual machine costs microseconds).  Here the parent takes a chunk
 * that ends where a 2 MiB span begins, so that the top's memory starts at
 * that boundary, and gives the kernel back the pages from there to the
 * last boundary below the break (MADV_DONTNEED: the top is free memory):
 * a node's first write to the first span is then one fault for a whole
 * zeroed huge page, and its pages after that span are fresh ones, not
 * copies.  The heap is checked to be laid out as glibc lays it out
 * (the top chunk ending at the break, its size the one mallinfo2 gives);
 * otherwise nothing is done (a sanitizer's allocator, another libc). */
static void fleet_fresh_top(void)
{
#if defined(__GLIBC__) && defined(__x86_64__)
    enum { HUGE = 2u << 20 };
    struct mallinfo2 mi = mallinfo2();
    char *end = sbrk(0);
    if (end == (char *)-1 || mi.keepcost < 3 * (size_t)HUGE) return;
    char *top = end - mi.keepcost;
    size_t size_field;
    if ((uintptr_t)top & 15) return;
    memcpy(&size_field, top + 8, sizeof size_field);
    if ((size_field & ~(size_t)7) != mi.keepcost) return;
    /* the top's memory will start at b: its 16-byte header just before */
    char *b = (char *)(((uintptr_t)top + 16 + 4096 + HUGE - 1) & ~(uintptr_t)(HUGE - 1));
    char *e = (char *)((uintptr_t)end & ~(uintptr_t)(HUGE - 1));
    if (e <= b) return;
    size_t fill_size = (size_t)(b - 16 - top);
    void *fill = malloc(fill_size - 8);       /* (a chunk of exactly fill_size, from the top: kept, never used) */
    if (fill != top + 16) {
        free(fill);
        return;
    }
    if (madvise(b, (size_t)(e - b), MADV_DONTNEED) != 0) return;
    /* one huge page, the first span: a node that needs more than it gets
     * 4 KiB pages after it, so that its peak grows by what it uses, not by
     * 2 MiB at a time */
    util_huge_pages(b, HUGE);
    if (e > b + HUGE) madvise(b + HUGE, (size_t)(e - b) - HUGE, MADV_NOHUGEPAGE);
#endif
}

/* The parse shared, Ruby started when modules want it, then the nodes,
 * up to jobs at a time, each in a fork of this thread. */
static void *fleet_thread(void *arg)
{
    FleetRun *run = arg;
    const CompileOptions *base = run->base;
    const char *nodes_dir = run->nodes_dir, *outdir = run->outdir;
    FleetNode *nodes = run->nodes;
    size_t n = run->n;
    long jobs = run->jobs;
    /* libonig, which every node's regular expressions load */
    oniglib_preload();
    /* (Ruby runs on this thread from now: compiles must not use another) */
    if (load_share(base) && run->big_stack && rby_prestart() == 0) {
        rby_preload();
        rby_prime_lib_path(base->modulepath);
    }
    {   /* which module lib directory first holds each Ruby file (modtree.c) */
        size_t len, ndirs = 0;
        char *list = load_libdirs_of(base->modulepath, &len);
        for (size_t i = 0; i < len; i += strlen(list + i) + 1) ndirs++;
        const char **dirs = xcalloc(ndirs ? ndirs : 1, sizeof *dirs);
        ndirs = 0;
        for (size_t i = 0; i < len; i += strlen(list + i) + 1) dirs[ndirs++] = list + i;
        mtree_index_dirs(dirs, ndirs);
        free(dirs);
        free(list);
    }
    fleet_fresh_top();
    Slot *slots = xcalloc((size_t)jobs, sizeof *slots);
    size_t next = 0, shown = 0, running = 0, failed = 0;
    fflush(NULL);
    while (shown < n) {
        /* start nodes while a slot is free */
        for (long i = 0; i < jobs && next < n; i++) {
            if (slots[i].pid) continue;
            int fd = memfd_create("mcomp-node", MFD_CLOEXEC);
            if (fd < 0) {
                fprintf(stderr, "mcomp: error: cannot capture a node's messages: %s\n", strerror(errno));
                break;
            }
            pid_t pid = rby_fork();
            if (pid == 0) {
                dup2(fd, 2);
                dup2(fd, 1);
                _exit(fleet_compile(base, nodes_dir, outdir, nodes[next].certname, run->big_stack));
            }
            if (pid < 0) {
                fprintf(stderr, "mcomp: error: cannot start a compile: %s\n", strerror(errno));
                close(fd);
                break;
            }
            slots[i] = (Slot){pid, fd, next++};
            running++;
        }
        if (!running) {
            /* nothing could start: the rest fail */
            while (next < n) nodes[next++].rc = 2, failed++;
        } else {
            int status;
            pid_t pid = waitpid(-1, &status, 0);
            if (pid < 0) {
                if (errno == EINTR) continue;
                break;
            }
            long i = 0;
            while (i < jobs && slots[i].pid != pid) i++;
            if (i == jobs) continue;
            FleetNode *nd = &nodes[slots[i].node];
            fleet_gather(nd, slots[i].fd);
            close(slots[i].fd);
            if (WIFEXITED(status)) {
                nd->rc = WEXITSTATUS(status);
            } else {
                Buf b = BUF_INIT;
                buf_add(&b, nd->messages ? nd->messages : "", nd->len);
                diag_escape(&b, nd->certname, strlen(nd->certname));
                buf_printf(&b, ": mcomp: error: the compile ended by signal %d (%s)\n", WTERMSIG(status),
                           strsignal(WTERMSIG(status)));
                free(nd->messages);
                nd->messages = b.s;
                nd->len = b.len;
                nd->rc = 2;
            }
            failed += nd->rc != 0;
            slots[i].pid = 0;
            running--;
        }
        /* the messages, in the nodes' order */
        for (; shown < n && nodes[shown].rc >= 0; shown++) {
            if (nodes[shown].len) fwrite(nodes[shown].messages, 1, nodes[shown].len, stderr);
            free(nodes[shown].messages);
            nodes[shown].messages = NULL;
        }
    }
    run->failed = failed;
    free(slots);
    return NULL;
}

/* mcomp --nodes: see the opening paragraph. */
static int fleet_run(const CompileOptions *base, const char *nodes_dir, const char *outdir, long jobs, int stats)
{
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    size_t n;
    FleetNode *nodes = fleet_scan(nodes_dir, &n);
    if (!nodes) return 2;
    struct stat st;
    if (stat(outdir, &st) != 0) {
        if (errno != ENOENT || mkdir(outdir, 0777) != 0) {
            fprintf(stderr, "mcomp: error: cannot make the output directory %s: %s\n", outdir, strerror(errno));
            return fleet_free(nodes, n), 2;
        }
    } else if (!S_ISDIR(st.st_mode)) {
        fprintf(stderr, "mcomp: error: the output directory %s: %s\n", outdir, strerror(ENOTDIR));
        return fleet_free(nodes, n), 2;
    } else if (access(outdir, W_OK | X_OK) != 0) {
        fprintf(stderr, "mcomp: error: cannot write in %s: %s\n", outdir, strerror(errno));
        return fleet_free(nodes, n), 2;
    }
    struct stat nst;
    if (stat(outdir, &st) == 0 && stat(nodes_dir, &nst) == 0 && st.st_dev == nst.st_dev && st.st_ino == nst.st_ino) {
        /* the catalogs would replace the facts files */
        fprintf(stderr, "mcomp: error: the output directory %s is the facts directory %s\n", outdir, nodes_dir);
        return fleet_free(nodes, n), 2;
    }
    FleetRun run = {base, nodes_dir, outdir, jobs > (long)n ? (long)n : jobs, nodes, n, 1, 0};
    /* the loop runs on a thread with cmp_compile()'s big stack (copt_compile),
     * so that each fork, a copy of that one thread, compiles on it */
    pthread_attr_t attr;
    pthread_t th;
    if (pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, (size_t)1 << 30) == 0 &&
        pthread_create(&th, &attr, fleet_thread, &run) == 0) {
        pthread_join(th, NULL);
        pthread_attr_destroy(&attr);
    } else {
        run.big_stack = 0;
        fleet_thread(&run);
    }
    jobs = run.jobs;
    size_t failed = run.failed;
    if (failed) {
        Buf b = BUF_INIT;
        size_t listed = 0;
        for (size_t i = 0; i < n && listed < 10; i++)
            if (nodes[i].rc) {
                if (listed++) buf_adds(&b, ", ");
                diag_escape(&b, nodes[i].certname, strlen(nodes[i].certname));
            }
        fprintf(stderr, "mcomp: error: %zu of %zu nodes failed: %s%s\n", failed, n, buf_cstr(&b),
                failed > listed ? ", ..." : "");
        buf_free(&b);
    }
    if (stats) {
        clock_gettime(CLOCK_MONOTONIC, &t1);
        struct rusage self, kids;
        getrusage(RUSAGE_SELF, &self);
        getrusage(RUSAGE_CHILDREN, &kids);
        double wall = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
        double cpu = (double)(self.ru_utime.tv_sec + self.ru_stime.tv_sec + kids.ru_utime.tv_sec + kids.ru_stime.tv_sec) +
                     (double)(self.ru_utime.tv_usec + self.ru_stime.tv_usec + kids.ru_utime.tv_usec + kids.ru_stime.tv_usec) / 1e6;
        fprintf(stderr, "mcomp: stats: nodes=%zu failed=%zu jobs=%ld wall_ms=%.1f nodes_per_s=%.1f cpu_ms=%.1f "
                        "peak_kib=%ld parent_peak_kib=%ld\n",
                n, failed, jobs, wall * 1e3, wall > 0 ? (double)n / wall : 0.0, cpu * 1e3,
                kids.ru_maxrss > self.ru_maxrss ? kids.ru_maxrss : self.ru_maxrss, self.ru_maxrss);
    }
    fleet_free(nodes, n);
    return failed ? 1 : 0;
}

int main(int argc, char **argv)
{
    util_progname = "mcomp";
    util_big_heap((size_t)64 << 20);
    CompileCli cli;
    memset(&cli, 0, sizeof cli);
    const char *output = NULL;
    enum { O_STATS = 256, O_PRINT_FACTS, O_NODES, O_OUTDIR };
    int stats = 0;
    const char *nodes_dir = NULL, *outdir = NULL, *jobs_arg = NULL;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    static const struct option own[] = {
        {"stats", no_argument, NULL, O_STATS},
        {"print-facts", no_argument, NULL, O_PRINT_FACTS},
        {"output", required_argument, NULL, 'o'},
        {"nodes", required_argument, NULL, O_NODES},
        {"outdir", required_argument, NULL, O_OUTDIR},
        {"jobs", required_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    struct option *longopts = copt_merge(own);
    int ch;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, ":o:j:hV" COPT_SHORTOPTS, longopts, NULL)) != -1) {
        if (copt_handle(&cli, ch, optarg)) continue;
        switch (ch) {
        case O_STATS: stats = 1; break;
        case O_PRINT_FACTS: cli.opt.print_facts = 1; break;
        case 'o': output = optarg; break;
        case O_NODES: nodes_dir = optarg; break;
        case O_OUTDIR: outdir = optarg; break;
        case 'j': jobs_arg = optarg; break;
        case 'h': usage(stdout); free(longopts); return 0;
        case 'V': puts("mcomp 0.1"); free(longopts); return 0;
        default: util_getopt_error(ch, argv, longopts); free(longopts); return 2;
        }
    }
    free(longopts);
    long jobs = 0;
    if (nodes_dir || outdir || jobs_arg) {
        const char *clash = !nodes_dir ? (outdir ? "--outdir" : "-j") : !outdir ? NULL : cli.opt.facts_file ? "--facts"
                          : cli.opt.certname ? "--certname" : output ? "--output" : cli.opt.print_facts ? "--print-facts" : NULL;
        if (!nodes_dir) {
            util_usage_error("%s is for --nodes", clash);
            return 2;
        }
        if (!outdir) {
            util_usage_error("--nodes needs --outdir DIR");
            return 2;
        }
        if (clash) {
            util_usage_error("--nodes and %s: each node's facts and name come from DIR/CERTNAME.json", clash);
            return 2;
        }
        char *end;
        jobs = jobs_arg ? strtol(jobs_arg, &end, 10) : sysconf(_SC_NPROCESSORS_ONLN);
        if (jobs_arg && (*end || end == jobs_arg || jobs < 1 || jobs > 1024)) {
            util_usage_error("-j wants a number of jobs from 1 to 1024, not '%s'", jobs_arg);
            return 2;
        }
        if (jobs < 1) jobs = 1;
    }
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
    if (nodes_dir) {
        int frc = fleet_run(&opt, nodes_dir, outdir, jobs, stats);
        copt_free(&cli);
        return frc;
    }
    Arena arena;
    arena_init(&arena);
    Catalog cat;
    cat_init(&cat, &arena);
    int rc = copt_compile(&opt, &arena, &cat);
    if (rc == 0 && !opt.print_facts) rc = emit_catalog(&cat, output, NULL, 1);
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
