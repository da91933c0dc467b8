/*
 * states.c - pre and post states of mpm packages.  SPM renders a Salt
 * state and runs state.high; here the state is Puppet code, and the two
 * halves of the toolchain run it without a second process: the compiler
 * (compile(), on a thread with a big stack as mcomp does) makes the
 * catalog, the engine (graph_build, tx_run) applies it with mapply's rules
 * and log lines.  Unlike SPM the outcome counts: the caller aborts an
 * install whose pre state failed.  The text is the body of a defined type
 * declared once, titled with the package name, so $name and $title are the
 * package's (Puppet reserves them at top scope) and every other FORMULA
 * field is a parameter with its value as default ($version, $release, ...);
 * the header takes only the text's first line, so line numbers in messages
 * are the text's own.
 */
#include "pkg/states.h"
#include "apply/apply.h"
#include "compiler/compiler.h"
#include "compiler/ruby/rb.h"
#include "types/provider.h"
#include "base/util.h"
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct Job { const CompileOptions *opt; Arena *arena; Catalog *cat; int rc; } Job;

static void *compile_thread(void *p)
{
    Job *j = p;
    j->rc = compile(j->opt, j->arena, j->cat);
    return NULL;
}

static int valid_var(const char *s)
{
    if (!((*s >= 'a' && *s <= 'z') || *s == '_')) return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_')) return 0;
    return 1;
}

int states_run(const char *what, const Formula *f, const char *text, const StateEnv *env)
{
    /* define mpm_state(<field> = '<value>', ...) { <text>
     * } mpm_state { '<name>': } -- $name and $title are the package's */
    Buf src = BUF_INIT;
    buf_adds(&src, "define mpm_state(");
    int first = 1;
    for (size_t i = 0; i < f->nvars; i++) {
        const char *k = f->var_names[i];
        if (!valid_var(k) || !strcmp(k, "name") || !strcmp(k, "title") || strstr(k, "_state")) continue;
        buf_printf(&src, "%s$%s = '", first ? "" : ", ", k);
        first = 0;
        for (const char *p = f->var_values[i]; *p; p++) {
            if (*p == '\'' || *p == '\\') buf_addc(&src, '\\');
            buf_addc(&src, *p == '\n' ? ' ' : *p);
        }
        buf_addc(&src, '\'');
    }
    buf_adds(&src, ") { ");
    buf_adds(&src, text);
    buf_printf(&src, "\n}\nmpm_state { '%s': }\n", f->name);
    const char *tmpdir = getenv("TMPDIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/mpm-%s-XXXXXX.pp", tmpdir && *tmpdir ? tmpdir : "/tmp", what);
    int fd = mkstemps(path, 3);
    if (fd < 0 || util_write_all(fd, src.s, src.len) != 0) {
        fprintf(stderr, "Cannot write the %s of %s: %s\n", what, f->name, strerror(errno));
        if (fd >= 0) { close(fd); unlink(path); }
        buf_free(&src);
        return 1;
    }
    close(fd);
    buf_free(&src);
    CompileOptions opt;
    memset(&opt, 0, sizeof opt);
    opt.manifest = path;
    opt.modulepath = env->modulepath;
    Arena arena;
    arena_init(&arena);
    Catalog cat;
    cat_init(&cat, &arena);
    Job job = {&opt, &arena, &cat, 2};
    pthread_attr_t attr;
    pthread_t th;
    if (pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, (size_t)1 << 30) == 0 &&
        pthread_create(&th, &attr, compile_thread, &job) == 0) {
        pthread_join(th, NULL);
        pthread_attr_destroy(&attr);
    } else {
        compile_thread(&job);
    }
    rby_stdout_back();
    unlink(path);
    int rc = 1;
    Graph g;
    memset(&g, 0, sizeof g);
    if (job.rc != 0) {
        fprintf(stderr, "The %s of %s does not compile\n", what, f->name);
    } else if (graph_build(&g, &cat) == 0 && !tx_validate(&g, "mpm")) {
        CycleSet cs;
        memset(&cs, 0, sizeof cs);
        if (graph_cycles(&g, &cs)) {
            fprintf(stderr, "Error: %s\n", cs.message);
        } else {
            ApplyOptions aopt;
            memset(&aopt, 0, sizeof aopt);
            aopt.log_level = LOG_NOTICE;
            aopt.root = env->root;
            aopt.vardir = env->vardir;
            aopt.modulepath = env->modulepath;
            TxSummary sum;
            if (tx_run(&g, &aopt, &arena, &sum) == 0 && sum.failed + sum.failed_to_restart == 0) rc = 0;
        }
        cycles_free(&cs);
    }
    if (rc && job.rc == 0) fprintf(stderr, "The %s of %s failed\n", what, f->name);
    graph_free(&g);
    cat_free(&cat);
    arena_free(&arena);
    return rc;
}
