/*
 * states.c - pre and post states of mpm packages.  SPM renders a Salt
 * state and runs state.high; here the state is Puppet code, and the two
 * halves of the toolchain run it without a second process: the compiler
 * (copt_compile(), on a thread with a big stack as mcomp does) makes the
 * catalog, the engine (graph_build, tx_run) applies it with mapply's rules
 * and log lines.  Unlike SPM the outcome counts: the caller aborts an
 * install whose pre state failed.  The text is the body of a defined type
 * declared once, titled with the package name, so $name and $title are the
 * package's (Puppet reserves them at top scope) and every other FORMULA
 * field is a parameter with its value as default ($version, $release, ...);
 * the header takes only the text's first line, so line numbers in messages
 * are the text's own.
 *
 * Under --root the modules a state reads are the root's, confined as
 * mapply --root confines paths: before the compile, each modulepath
 * directory is copied through base/rootfs (every component, symlinks
 * included, resolved by the kernel inside the root) into a private
 * temporary directory, and the compiler and the engine read that copy.
 */
#define _XOPEN_SOURCE 700   /* nftw */
#define _GNU_SOURCE
#include "pkg/states.h"
#include "apply/apply.h"
#include "compiler/compiler.h"
#include "compiler/options.h"
#include "compiler/ruby/rb.h"
#include "types/provider.h"
#include "base/rootfs.h"
#include "base/util.h"
#include <dirent.h>
#include <ftw.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int valid_var(const char *s)
{
    if (!((*s >= 'a' && *s <= 'z') || *s == '_')) return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_')) return 0;
    return 1;
}

static int remove_one(const char *p, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st; (void)flag; (void)ftw;
    return remove(p) != 0 && errno != ENOENT;
}

/* rm -rf of this run's own temporary directory (never a symlink followed). */
static void remove_tree(const char *dir)
{
    nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* Copies the directory src (open, the managed system's path spath) into
 * the host directory dst (open): directories and regular files, a symlink
 * as what it resolves to inside the root; depth bounds symlink loops. */
static int copy_tree(int src, const char *spath, int dst, int depth)
{
    DIR *d = util_opendirat(src, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (!d)
        return -1;
    int rc = 0;
    for (struct dirent *e; !rc && (e = readdir(d));) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        char *sub = xmalloc(strlen(spath) + strlen(e->d_name) + 2);
        sprintf(sub, "%s/%s", spath, e->d_name);
        struct stat st;
        int fd = -1;
        if (fstatat(src, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0) {
            if (S_ISLNK(st.st_mode)) fd = rootfs_open(sub, O_RDONLY | O_CLOEXEC, 0);   /* inside the root */
            else if (S_ISDIR(st.st_mode) || S_ISREG(st.st_mode))
                fd = openat(src, e->d_name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
        }
        if (fd >= 0 && fstat(fd, &st) == 0) {
            if (S_ISDIR(st.st_mode) && depth < 40) {
                int out = mkdirat(dst, e->d_name, 0700) == 0 ? openat(dst, e->d_name, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
                rc = out >= 0 ? copy_tree(fd, sub, out, depth + 1) : -1;
                if (out >= 0) close(out);
            } else if (S_ISREG(st.st_mode)) {
                Buf b = BUF_INIT;
                int out = openat(dst, e->d_name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
                rc = out < 0 || buf_read_fd(&b, fd) != 0 || util_write_all(out, b.s, b.len) != 0 ? -1 : 0;
                if (out >= 0) close(out);
                buf_free(&b);
            }
        }
        if (fd >= 0) close(fd);
        free(sub);
    }
    closedir(d);
    return rc;
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
    /* the manifest alone in a directory of its own (no hiera.yaml beside
     * it), with the copies of the root's modules */
    const char *tmpdir = getenv("TMPDIR");
    char dir[4096], path[4200];
    snprintf(dir, sizeof dir, "%s/mpm-%s-XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp", what);
    int fd = -1;
    if (mkdtemp(dir)) {
        snprintf(path, sizeof path, "%s/state.pp", dir);
        fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    }
    if (fd < 0 || util_write_all(fd, src.s, src.len) != 0) {
        fprintf(stderr, "Cannot write the %s of %s: %s\n", what, f->name, strerror(errno));
        if (fd >= 0) close(fd);
        remove_tree(dir);
        buf_free(&src);
        return 1;
    }
    close(fd);
    buf_free(&src);
    Buf mp = BUF_INIT;
    if (env->root) {
        int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        const char *p = env->modulepath;
        for (int i = 0; *p; i++) {
            size_t n = strcspn(p, ":");
            char *entry = xstrndup(p, n);
            char leaf[32];
            snprintf(leaf, sizeof leaf, "modules%d", i);
            int in = n ? rootfs_open(entry, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0) : -1;
            int out = in >= 0 && mkdirat(dfd, leaf, 0700) == 0 ? openat(dfd, leaf, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
            if (out >= 0 && copy_tree(in, entry, out, 0) != 0)
                fprintf(stderr, "mpm: warning: cannot read all of %s%s: %s\n", rootfs_prefix(), entry, strerror(errno));
            if (out >= 0) buf_printf(&mp, "%s%s/%s", mp.len ? ":" : "", dir, leaf);
            if (in >= 0) close(in);
            if (out >= 0) close(out);
            free(entry);
            p += n + (p[n] == ':');
        }
        if (dfd >= 0) close(dfd);
    } else {
        buf_adds(&mp, env->modulepath);
    }
    CompileOptions opt;
    memset(&opt, 0, sizeof opt);
    opt.manifest = path;
    opt.modulepath = buf_cstr(&mp);
    Arena arena;
    arena_init(&arena);
    Catalog cat;
    cat_init(&cat, &arena);
    int crc = copt_compile(&opt, &arena, &cat);
    rby_stdout_back();
    int rc = 1;
    Graph g;
    memset(&g, 0, sizeof g);
    ApplyOptions aopt;
    memset(&aopt, 0, sizeof aopt);
    aopt.log_level = LL_NOTICE;
    aopt.root = env->root;
    aopt.vardir = env->vardir;
    aopt.modulepath = buf_cstr(&mp);
    if (crc != 0) {
        fprintf(stderr, "The %s of %s does not compile\n", what, f->name);
    } else if (graph_build(&g, &cat) == 0 && !tx_validate(&g, "mpm", &aopt, NULL, NULL)) {
        CycleSet cs;
        memset(&cs, 0, sizeof cs);
        if (graph_cycles(&g, &cs)) {
            fprintf(stderr, "Error: %s\n", cs.message);
        } else {
            TxSummary sum;
            if (tx_run(&g, &aopt, &arena, &sum) == 0 && sum.failed + sum.failed_to_restart == 0) rc = 0;
        }
        cycles_free(&cs);
    }
    if (rc && crc == 0) fprintf(stderr, "The %s of %s failed\n", what, f->name);
    graph_free(&g);
    cat_free(&cat);
    arena_free(&arena);
    remove_tree(dir);
    buf_free(&mp);
    return rc;
}
