/*
 * mpm.c - the module packager's command line and its install and remove
 * transactions: SPM's command set (build, install, remove, info, files,
 * list, repo, create_repo, ...) for Puppet modules.  The packager lives in
 * pkg/, a folder of its own, because it is a fourth tool beside the
 * compiler and the applier, sharing only base/ (arena, buffers, SHA-256,
 * the root-confined path layer) and the JSON reader of catalog/.
 *
 * The one idea that makes installs, upgrades and removes atomic: a package
 * lives in one directory (its module directory), so a change builds that
 * directory's next state whole beside it (the new version's files, plus
 * what stays of the old tree: edited files, files of nobody's, as hard
 * links) and swaps it in with one renameat2 (RENAME_EXCHANGE; a rename for
 * a first install or a remove).  The package's new database rows are
 * committed before that, beside the current ones, with the inode of the
 * tree built; every reader takes the rows the directory on disk makes true
 * (pkg/pkgdb.c).  A package with files elsewhere (share files, the old
 * module directory when top_level_dir changed) and a file system that
 * cannot exchange (two renames) need more than one step: the module
 * directory's swap stays the moment of the change, and an intent record
 * in the module directory (base/intent.h), written before it, names every
 * step; whoever reads after a kill (mcomp before it reads the module path,
 * mpm's own commands, the next writer) finishes the steps of a change that
 * was made and drops those of one that was not, under the record's lock,
 * so no reader sees the module directory new and the share files old.  We
 * chose this over staging the outside files in the module directory with
 * symlinks pointing in: a symlink cannot make a changing top_level_dir or
 * the two-rename fallback one step, the record closes all three the same
 * way, and the share directory keeps real files (docs/decisions.md).
 * Power cuts: a run's packages change as one group (those with pre or
 * post states one by one), so one syncfs makes all staged trees and the
 * record durable before the first swap, the rows are committed synced
 * before it too, and one fsync per directory makes the swaps durable
 * before the rows are settled: old or new after a power cut as after a
 * kill.  Every path of the managed system goes through base/rootfs, so
 * --root confines them as mapply --root does.
 */
#define _GNU_SOURCE   /* renameat2 */
#include "pkg/formula.h"
#include "pkg/pkgdb.h"
#include "pkg/repo.h"
#include "pkg/spmfile.h"
#include "pkg/states.h"
#include "pkg/version.h"
#include "base/intent.h"
#include "base/rootfs.h"
#include "base/sha256.h"
#include "base/map.h"
#include "base/util.h"
#include "types/passwd.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_PACKAGE ((size_t)1 << 30)   /* the largest .spm fetched from a repository */

static struct {
    int yes, force, verbose;
    const char *root;        /* --root, or NULL */
    const char *vardir;      /* in the root */
    const char *confdir;     /* in the root */
    const char *moddir;      /* the first --modulepath entry, in the root */
    const char *sharedir;    /* where c d g l r tagged files go, in the root */
    const char *build_dir;   /* host path for build */
    const char *dups;        /* create_repo: ignore, archive or delete */
    const char *dbpath;      /* <vardir>/mpm/packages.db */
    const char *cachedir;    /* <vardir>/mpm/cache */
    const char *modulepath;  /* --modulepath as given */
} o;

static Arena A;   /* everything of one run */

static int fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return 1;
}

static int fail_buf(Buf *err)
{
    int rc = fail("%s", buf_cstr(err));
    buf_free(err);
    return rc;
}

/* A path of the managed system: absolute as given, or relative to the cwd
 * without --root (to "/" with it). */
static const char *system_path(const char *p)
{
    if (p[0] == '/') return p;
    if (o.root) return arena_printf(&A, "/%s", p);
    char cwd[4096];
    if (!getcwd(cwd, sizeof cwd)) return p;
    return arena_printf(&A, "%s/%s", cwd, p);
}

/* ---- files of the managed system, all through rootfs ---- */

static int sys_unlink(const char *path, int flags)
{
    const char *leaf;
    int fd = rootfs_parent(path, &leaf);
    if (fd < 0) return -1;
    int rc = unlinkat(fd, leaf, flags);
    int e = errno;
    close(fd);
    errno = e;
    return rc;
}

static int sys_rename(const char *from, const char *to)
{
    const char *lf, *lt;
    int ff = rootfs_parent(from, &lf);
    if (ff < 0) return -1;
    const char *sf = strrchr(from, '/'), *st = strrchr(to, '/');
    if (sf && st && sf - from == st - to && !strncmp(from, to, (size_t)(sf - from))) {   /* one directory */
        int rc = renameat(ff, lf, ff, st + 1);
        int e = errno;
        close(ff);
        errno = e;
        return rc;
    }
    int ft = rootfs_parent(to, &lt);
    if (ft < 0) { close(ff); return -1; }
    int rc = renameat(ff, lf, ft, lt);
    int e = errno;
    close(ff);
    close(ft);
    errno = e;
    return rc;
}

static int sys_write(const char *path, const char *data, size_t len, mode_t mode)
{
    const char *leaf;
    int dfd = rootfs_parent(path, &leaf);
    if (dfd < 0) return -1;
    int fd = openat(dfd, leaf, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, mode);
    int e = errno;
    close(dfd);
    if (fd < 0) { errno = e; return -1; }
    if (util_write_all(fd, data, len) != 0 || fchmod(fd, mode) != 0) {
        e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return close(fd);
}

static int sys_read(const char *path, Buf *out)
{
    int fd = rootfs_open(path, O_RDONLY | O_CLOEXEC, 0);
    if (fd < 0) return -1;
    int rc = buf_read_fd(out, fd);
    int e = errno;
    close(fd);
    errno = e;
    return rc;
}

/* The SHA-256 of a regular file, in hex; "" when it is missing or not a
 * regular file. */
static void sys_sum(const char *path, char out[65])
{
    out[0] = 0;
    int fd = rootfs_open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC, 0);
    if (fd < 0) return;
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
        Sha256 s;
        sha256_init(&s);
        char b[65536];
        ssize_t n;
        while ((n = read(fd, b, sizeof b)) > 0) sha256_update(&s, b, (size_t)n);
        if (n == 0) {
            unsigned char d[32];
            sha256_final(&s, d);
            for (int i = 0; i < 32; i++) sprintf(out + 2 * i, "%02x", d[i]);
        }
    }
    close(fd);
}

/* The temporary name an install writes beside path: dir/.<leaf>.mpm-new */
static const char *tmp_beside(const char *path)
{
    const char *slash = strrchr(path, '/');
    return arena_printf(&A, "%.*s/.%s.mpm-new", (int)(slash - path), path, slash + 1);
}

/* ---- the database, and what a killed mpm left ---- */

static sqlite3 *db;
static const char *normal(const char *path);

static int txn(const char *sql)
{
    Buf err = BUF_INIT;
    if (pkgdb_exec(db, sql, &err) != 0) return fail_buf(&err);
    return 0;
}

/* rm -rf of leaf in the directory dfd, never following a symlink. */
static int rm_tree_at(int dfd, const char *leaf)
{
    struct stat st;
    if (fstatat(dfd, leaf, &st, AT_SYMLINK_NOFOLLOW) != 0) return errno == ENOENT ? 0 : -1;
    if (!S_ISDIR(st.st_mode)) return unlinkat(dfd, leaf, 0);
    DIR *d = util_opendirat(dfd, leaf, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (!d)
        return -1;
    int rc = 0;
    for (struct dirent *e; (e = readdir(d));)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && rm_tree_at(dirfd(d), e->d_name) != 0) rc = -1;
    closedir(d);
    if (unlinkat(dfd, leaf, AT_REMOVEDIR) != 0) rc = -1;
    return rc;
}

static int sys_rm_tree(const char *path)
{
    const char *leaf;
    int fd = rootfs_parent(path, &leaf);
    if (fd < 0) return errno == ENOENT ? 0 : -1;
    int rc = rm_tree_at(fd, leaf);
    int e = errno;
    close(fd);
    errno = e;
    return rc;
}

/* The directory of p's root, opened through rootfs, and p as a step of
 * base/intent in it; -1 when the directory cannot be opened. */
static int step_of(const PkgPending *p, IntentStep *s)
{
    const char *lr;
    int fd = rootfs_parent(p->root, &lr);
    if (fd < 0) return -1;
    *s = (IntentStep){p->package, ".", lr, strrchr(p->tmp, '/') + 1, p->old_tmp ? strrchr(p->old_tmp, '/') + 1 : NULL,
                      p->dev, p->ino, p->anchor};
    return fd;
}

/* Makes p's directory the tree it stages (base/intent: an exchange, a
 * rename, or the two renames of the fallback), from wherever a kill left
 * it; its directory goes into *dirs (path -> "") to be synced. */
static int swap_in(const PkgPending *p, Map *dirs)
{
    IntentStep s;
    int fd = step_of(p, &s);
    if (fd < 0) return -1;
    int was_done = intent_step_done(fd, &s) == 2;
    int rc = was_done ? 0 : intent_finish(fd, &s);
    int e = errno;
    close(fd);
    const char *dir = arena_strndup(&A, p->root, (size_t)(strrchr(p->root, '/') - p->root));
    if (dirs && !was_done) map_put(dirs, dir, strlen(dir), (void *)"");
    errno = e;
    return rc;
}

/* fsync of each directory of dirs (keys: paths of the managed system), so
 * the swaps made in them survive a power cut. */
static void sync_dirs(Map *dirs)
{
    for (size_t i = 0; i < dirs->count; i++) {
        int fd = rootfs_open(dirs->entries[i].key, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
        if (fd >= 0) {
            fsync(fd);
            close(fd);
        }
    }
}

/* Settles what an interrupted or failed change left (pkg/pkgdb.c), under
 * the lock of the intent record a killed run left (mcomp may be finishing
 * the same swaps): each pending package whose anchor directory is the new
 * tree (or half-way there, set aside where the file system cannot
 * exchange) has its other directories swapped too, then its new rows
 * become its rows; one whose anchor is not keeps the old rows and nothing
 * on disk moves.  Then every tree in the journal goes.  Run by every
 * writer at open and by a reader that may write (before it reads). */
static int recover(void)
{
    size_t np, nj;
    PkgPending *p = pkgdb_pending(db, &A, &np);
    PkgJournal *j = pkgdb_journal(db, &A, &nj);
    /* the records of this run's module directory and of those the pending
     * changes were made in (an anchor's directory), locked */
    const char **mdirs = arena_alloc(&A, (np + 2) * sizeof *mdirs);
    int *mfd = arena_alloc(&A, (np + 2) * sizeof *mfd), *ifd = arena_alloc(&A, (np + 2) * sizeof *ifd);
    size_t nm = 0;
    mdirs[nm++] = o.moddir;
    for (size_t i = 0; i < np; i++) {
        if (!p[i].anchor) continue;
        const char *d = arena_strndup(&A, p[i].root, (size_t)(strrchr(p[i].root, '/') - p[i].root));
        size_t q = 0;
        while (q < nm && strcmp(normal(mdirs[q]), normal(d))) q++;
        if (q == nm) mdirs[nm++] = d;
    }
    for (size_t q = 0; q < nm; q++) {
        mfd[q] = rootfs_open(mdirs[q], O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
        ifd[q] = mfd[q] >= 0 ? intent_lock(mfd[q]) : -1;
    }
    int rc = 0;
    if (!np && !nj) goto done;
    Map dirs;
    map_init(&dirs);
    char *is_new = arena_alloc(&A, np + 1);
    for (size_t i = 0, k; i < np; i = k) {   /* 1. finish the changes made */
        is_new[i] = p[i].anchor && pkgdb_is_new(&p[i]);
        for (k = i + 1; k < np && !strcmp(p[k].package, p[i].package); k++) is_new[k] = is_new[i];
        for (size_t q = i; q < k && is_new[i] && !rc; q++)
            if (swap_in(&p[q], &dirs) != 0)
                rc = fail("Cannot install %s%s: %s", rootfs_prefix(), p[q].root, strerror(errno));
    }
    sync_dirs(&dirs);   /* 2. durable before the rows say so */
    map_free(&dirs);
    if (rc || txn("BEGIN IMMEDIATE") != 0) {
        rc = 1;
        goto done;
    }
    Buf err = BUF_INIT;
    for (size_t i = 0; i < np && !rc; i++)   /* 3. the rows */
        if ((i == 0 || strcmp(p[i].package, p[i - 1].package)) && pkgdb_settle(db, p[i].package, is_new[i], &err) != 0)
            rc = fail_buf(&err);
    if (rc) {
        txn("ROLLBACK");
        goto done;
    }
    for (size_t i = 0; i < nj; i++)   /* (steps of another kind: an older mpm's, dropped) */
        if (j[i].op == 't' && j[i].tmp && sys_rm_tree(j[i].tmp) != 0)
            fprintf(stderr, "mpm: warning: cannot remove %s%s: %s\n", rootfs_prefix(), j[i].tmp, strerror(errno));
    rc = txn("DELETE FROM journal; COMMIT");
done:
    for (size_t q = 0; q < nm; q++) {
        if (ifd[q] >= 0) {
            if (!rc) intent_clear(mfd[q], ifd[q]);
            else close(ifd[q]);
        }
        if (mfd[q] >= 0) close(mfd[q]);
    }
    return rc;
}

/* Opens the database (mode as pkgdb_open's); a writer first settles what a
 * killed mpm left, and so does a reader that may write the database,
 * before it reads (under the writers' lock: it waits for a live one).
 * 0 open, 1 no database, -1 error. */
static int open_db(int mode)
{
    Buf err = BUF_INIT;
    int rc = pkgdb_open(o.dbpath, mode, &db, &err);
    if (rc < 0) { fail_buf(&err); return -1; }
    buf_free(&err);
    if (rc == 1) return 1;
    if (rc == 2) return 0;
    if (mode == PKGDB_READ) {
        size_t np, nj;
        pkgdb_pending(db, &A, &np);
        pkgdb_journal(db, &A, &nj);
        if (!np && !nj) return 0;
        if (pkgdb_lock_writer(&err) != 0) { fail_buf(&err); return -1; }
    }
    if (recover() != 0 && mode != PKGDB_READ) return -1;   /* (a reader reads what is there) */
    if (mode == PKGDB_READ && pkgdb_refresh(db, &err) != 0) { fail_buf(&err); return -1; }
    return 0;
}

static int load_settings(void);

/* ---- install and remove: one directory swapped in per root ---- */

/* Where a member goes: <moddir>/<name>/<rel>; with a top_level_dir other
 * than the name, only what is under it, to <moddir>/<rel>; files tagged
 * c d g l r in files: to <sharedir>/<name>/<rel>.  NULL: not installed
 * (the FORMULA is the package's, not the module's). */
static const char *member_dest(const Formula *f, const SpmMember *m)
{
    if (!strcmp(m->rel, "FORMULA")) return NULL;
    for (size_t i = 0; i < f->nfiles; i++)
        if (f->files[i].tag && strchr("cdglr", f->files[i].tag) && !strcmp(f->files[i].path, m->rel))
            return arena_printf(&A, "%s/%s/%s", o.sharedir, f->name, m->rel);
    if (strcmp(f->top_level_dir, f->name)) {
        size_t tl = strlen(f->top_level_dir);
        if (strncmp(m->rel, f->top_level_dir, tl) || (m->rel[tl] && m->rel[tl] != '/')) return NULL;
        return arena_printf(&A, "%s/%s", o.moddir, m->rel);
    }
    return *m->rel ? arena_printf(&A, "%s/%s/%s", o.moddir, f->name, m->rel) : arena_printf(&A, "%s/%s", o.moddir, f->name);
}

typedef struct Plan {
    SpmPackage pkg;
    const char **dest;       /* per member, or NULL */
    const char *source;      /* the repo name, or NULL for a file */
    int explicit_arg;        /* named on the command line */
} Plan;

static void plan_dests(Plan *p)
{
    p->dest = arena_alloc(&A, (p->pkg.n + 1) * sizeof *p->dest);
    for (size_t i = 0; i < p->pkg.n; i++) p->dest[i] = member_dest(p->pkg.f, &p->pkg.m[i]);
}

/* Whether path is root or below it. */
static int under(const char *path, const char *root)
{
    size_t l = strlen(root);
    return !strncmp(path, root, l) && (!path[l] || path[l] == '/');
}

/* Who installed files belong to: spm_uid and spm_gid of mpm.conf (SPM's
 * keys), else whoever runs mpm (nothing is changed). */
static struct { int set; uid_t uid; gid_t gid; const char *uname, *gname; } owner;

/* What the copy of an old tree keeps: everything but the package's own
 * unedited files and its directories left empty. */
typedef struct Carry {
    Map rec;                 /* the package's recorded paths: path -> sum ("" a directory) */
    Buf kept;                /* edited files kept, one per line */
    Buf stays;               /* the package's directories that stay, not empty */
} Carry;

static int fd_sum(int dfd, const char *leaf, char out[65])
{
    out[0] = 0;
    int fd = openat(dfd, leaf, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return -1;
    Sha256 s;
    sha256_init(&s);
    char b[65536];
    ssize_t n;
    while ((n = read(fd, b, sizeof b)) > 0) sha256_update(&s, b, (size_t)n);
    close(fd);
    if (n < 0) return -1;
    unsigned char d[32];
    sha256_final(&s, d);
    for (int i = 0; i < 32; i++) sprintf(out + 2 * i, "%02x", d[i]);
    return 0;
}

/* A file kept from the old tree: the same inode (a hard link), or where
 * that is refused a copy with the same mode. */
static int keep_file(int rfd, int tfd, const char *leaf, const struct stat *st)
{
    if (linkat(rfd, leaf, tfd, leaf, 0) == 0) return 0;
    if (S_ISLNK(st->st_mode)) {
        char target[4096];
        ssize_t n = readlinkat(rfd, leaf, target, sizeof target - 1);
        if (n < 0) return -1;
        target[n] = 0;
        return symlinkat(target, tfd, leaf);
    }
    if (!S_ISREG(st->st_mode)) return -1;
    int in = openat(rfd, leaf, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    int out = in >= 0 ? openat(tfd, leaf, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, st->st_mode & 07777) : -1;
    int rc = out >= 0 ? 0 : -1;
    char b[65536];
    ssize_t n;
    while (!rc && (n = read(in, b, sizeof b)) != 0) rc = n < 0 || util_write_all(out, b, (size_t)n) != 0 ? -1 : 0;
    if (!rc) rc = fchmod(out, st->st_mode & 07777);
    if (in >= 0) close(in);
    if (out >= 0 && close(out) != 0) rc = -1;
    return rc;
}

static int dir_is_empty(int fd)
{
    DIR *d = util_opendirat(fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (!d)
        return 0;
    int empty = 1;
    for (struct dirent *e; empty && (e = readdir(d));) empty = !strcmp(e->d_name, ".") || !strcmp(e->d_name, "..");
    closedir(d);
    return empty;
}

/* Copies the old tree at rfd (the managed system's path rpath) into the
 * new one at tfd, beneath what the new version already put there (which
 * wins), leaving out the package's own unedited files and its directories
 * that end up empty. */
static int carry(int rfd, int tfd, const char *rpath, Carry *c)
{
    DIR *d = util_opendirat(rfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (!d)
        return -1;
    int rc = 0;
    for (struct dirent *e; !rc && (e = readdir(d));) {
        const char *leaf = e->d_name;
        if (!strcmp(leaf, ".") || !strcmp(leaf, "..")) continue;
        const char *sub = arena_printf(&A, "%s/%s", rpath, leaf);
        const char *rec = map_get(&c->rec, sub, strlen(sub));
        struct stat st, ts;
        if (fstatat(rfd, leaf, &st, AT_SYMLINK_NOFOLLOW) != 0) { rc = -1; break; }
        int in_new = fstatat(tfd, leaf, &ts, AT_SYMLINK_NOFOLLOW) == 0;
        if (S_ISDIR(st.st_mode)) {
            if (in_new && !S_ISDIR(ts.st_mode)) continue;   /* the new version has a file there */
            int made = !in_new && mkdirat(tfd, leaf, 0700) == 0;
            if (!in_new && !made) { rc = -1; break; }
            int rs = openat(rfd, leaf, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            int ts_fd = openat(tfd, leaf, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            rc = rs >= 0 && ts_fd >= 0 ? carry(rs, ts_fd, sub, c) : -1;
            if (!rc && made) {
                if (rec && !*rec && dir_is_empty(ts_fd)) {
                    rc = unlinkat(tfd, leaf, AT_REMOVEDIR);
                } else {
                    if (rec && !*rec) buf_printf(&c->stays, "%s\n", sub);
                    rc = fchmod(ts_fd, st.st_mode & 07777);
                    if (!rc && geteuid() == 0) rc = fchown(ts_fd, st.st_uid, st.st_gid);
                }
            }
            if (rs >= 0) close(rs);
            if (ts_fd >= 0) close(ts_fd);
            continue;
        }
        if (in_new) continue;   /* replaced by the new version's file */
        if (rec && *rec) {
            char now[65] = "";
            if (S_ISREG(st.st_mode) && fd_sum(rfd, leaf, now) != 0) { rc = -1; break; }
            if (!strcmp(now, rec)) continue;   /* the package's own, unedited: it goes */
            buf_printf(&c->kept, "%s\n", sub);   /* edited, or replaced */
        }
        rc = keep_file(rfd, tfd, leaf, &st);
    }
    closedir(d);
    return rc;
}

/* One directory a change makes anew: root (a module directory, or the
 * package's share directory) becomes the tree built at tmp. */
typedef struct Stage {
    const char *root, *tmp, *old_tmp;
    int own_root;            /* root itself goes when it ends up empty */
    unsigned long long dev, ino;   /* the built tree; 0: root goes */
} Stage;

static int sys_chown(const char *path)
{
    const char *leaf;
    int fd = rootfs_parent(path, &leaf);
    if (fd < 0) return -1;
    int rc = fchownat(fd, leaf, owner.uid, owner.gid, AT_SYMLINK_NOFOLLOW);
    int e = errno;
    close(fd);
    errno = e;
    return rc;
}

/* Builds s->tmp: the members of p (NULL for a remove) under s->root, then
 * what the old tree keeps.  Returns 0 built, 1 nothing to do (no tree
 * there and none wanted), -1 error (message printed). */
static int build_stage(Stage *s, Plan *p, Carry *c)
{
    struct stat st;
    int existed = rootfs_lstat(s->root, &st) == 0 && S_ISDIR(st.st_mode);
    mode_t root_mode = existed ? st.st_mode & 07777 : 0755;
    int members = 0;
    for (size_t i = 0; p && i < p->pkg.n; i++)
        if (p->dest[i] && under(p->dest[i], s->root)) {
            members = 1;
            if (!strcmp(p->dest[i], s->root)) root_mode = p->pkg.m[i].mode & 0755;
        }
    if (!existed && !members) return 1;
    if (sys_rm_tree(s->tmp) != 0 || (existed ? 0 : rootfs_mkdirs(arena_strndup(&A, s->root, (size_t)(strrchr(s->root, '/') - s->root)), 0755)) != 0) {
        fail("Cannot create %s%s: %s", rootfs_prefix(), s->tmp, strerror(errno));
        return -1;
    }
    const char *leaf;
    int pfd = rootfs_parent(s->tmp, &leaf);
    if (pfd < 0 || mkdirat(pfd, leaf, root_mode) != 0 || fchmodat(pfd, leaf, root_mode, 0) != 0) {
        fail("Cannot create %s%s: %s", rootfs_prefix(), s->tmp, strerror(errno));
        if (pfd >= 0) close(pfd);
        return -1;
    }
    close(pfd);
    size_t rl = strlen(s->root);
    const char *made = NULL;
    for (size_t i = 0; p && i < p->pkg.n; i++) {
        if (!p->dest[i] || !under(p->dest[i], s->root)) continue;
        const SpmMember *m = &p->pkg.m[i];
        const char *sp = arena_printf(&A, "%s%s", s->tmp, p->dest[i] + rl);
        const char *dir = m->is_dir ? sp : arena_strndup(&A, sp, (size_t)(strrchr(sp, '/') - sp));
        if (!(made && !strcmp(made, dir)) && rootfs_mkdirs(dir, 0755) != 0) {
            fail("Cannot create %s%s: %s", rootfs_prefix(), dir, strerror(errno));
            return -1;
        }
        made = dir;
        if (!m->is_dir && sys_write(sp, m->data, m->size, m->mode & 0755) != 0) {
            fail("Cannot write %s%s: %s", rootfs_prefix(), sp, strerror(errno));
            return -1;
        }
        if (owner.set && sys_chown(sp) != 0) {
            fail("Cannot give %s%s to %s:%s (spm_uid, spm_gid): %s", rootfs_prefix(), p->dest[i], owner.uname,
                 owner.gname, strerror(errno));
            return -1;
        }
    }
    int tfd = rootfs_open(s->tmp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, 0);
    int rfd = existed ? rootfs_open(s->root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, 0) : -1;
    int rc = tfd < 0 || (existed && (rfd < 0 || carry(rfd, tfd, s->root, c) != 0)) ? -1 : 0;
    if (!rc && existed && geteuid() == 0 && !members) rc = fchown(tfd, st.st_uid, st.st_gid);
    if (rc) fail("Cannot copy what stays of %s%s: %s", rootfs_prefix(), s->root, strerror(errno));
    struct stat ts;
    if (!rc && fstat(tfd, &ts) != 0) rc = -1;
    s->dev = (unsigned long long)ts.st_dev;
    s->ino = (unsigned long long)ts.st_ino;
    if (!rc && !members && dir_is_empty(tfd) && (s->own_root || map_get(&c->rec, s->root, strlen(s->root)))) {
        if (sys_unlink(s->tmp, AT_REMOVEDIR) != 0) rc = -1;
        s->ino = s->dev = 0;   /* the change removes root */
    } else if (!rc && !members && existed && (s->own_root || map_get(&c->rec, s->root, strlen(s->root)))) {
        buf_printf(&c->stays, "%s\n", s->root);
    }
    if (tfd >= 0) close(tfd);
    if (rfd >= 0) close(rfd);
    return rc;
}

/* path's components, lexically ("." and empty ones dropped, ".." taking
 * one back), joined by "/" with no leading one. */
static const char *normal(const char *path)
{
    Buf b = BUF_INIT;
    for (const char *s = path; *s;) {
        size_t n = strcspn(s, "/");
        if (n == 2 && !strncmp(s, "..", 2)) {
            char *slash = b.len ? strrchr(b.s, '/') : NULL;
            b.len = slash ? (size_t)(slash - b.s) : 0;
            if (b.s) b.s[b.len] = 0;
        } else if (n && !(n == 1 && *s == '.')) {
            buf_printf(&b, "%s%.*s", b.len ? "/" : "", (int)n, s);
        }
        s += n + (s[n] == '/');
    }
    const char *r = arena_strdup(&A, buf_cstr(&b));
    buf_free(&b);
    return r;
}

/* The directory dir (a path of the managed system) relative to the module
 * directory, as the intent record names it. */
static const char *from_moddir(const char *dir)
{
    const char *m = normal(o.moddir), *d = normal(dir);
    size_t i = 0, common = 0;   /* the longest common run of whole components */
    while (m[i] && m[i] == d[i]) {
        i++;
        if ((!m[i] || m[i] == '/') && (!d[i] || d[i] == '/')) common = i;
    }
    Buf b = BUF_INIT;
    for (const char *s = m + common; *s;) {   /* up out of what is left of m */
        s += *s == '/';
        buf_adds(&b, b.len ? "/.." : "..");
        s += strcspn(s, "/");
    }
    const char *rest = d + common + (d[common] == '/');
    if (*rest) buf_printf(&b, "%s%s", b.len ? "/" : "", rest);
    const char *r = arena_strdup(&A, b.len ? buf_cstr(&b) : ".");
    buf_free(&b);
    return r;
}

/* Prints heading and the paths of list (when there are any); -v: each
 * also on stderr as "<before><path><after>". */
static void print_list(const char *heading, Buf *list, const char *before, const char *after)
{
    if (!list->len) return;
    if (heading) printf("%s\n\n", heading);
    for (char *s = list->s, *e; *s; s = e + 1) {
        e = strchr(s, '\n');
        if (heading) printf("%s%.*s\n", rootfs_prefix(), (int)(e - s), s);
        if (o.verbose) fprintf(stderr, "%s%s%.*s%s\n", before, rootfs_prefix(), (int)(e - s), s, after);
    }
}

/* One package's change within a group (change_group): its files (p; NULL
 * when the package goes), and what building it found. */
typedef struct Change {
    const char *name;
    Plan *p;
    const char *kept_heading;   /* titles the edited files kept */
    Carry c;
    Stage st[3];
    size_t ns;
    int built[3];
} Change;

/* The directories ch touches (module directory, share directory; the old
 * version's module directory too when top_level_dir changed), and what
 * the installed version recorded. */
static void change_setup(Change *ch)
{
    Buf err = BUF_INIT;
    PkgRow *row = pkgdb_info(db, &A, ch->name);
    const char *old_tld = NULL;
    if (row && row->formula) {
        Formula *of = formula_parse(&A, row->formula, strlen(row->formula), FORMULA_INSTALL, &err);
        if (of) old_tld = of->top_level_dir;
    }
    buf_free(&err);
    memset(&ch->c, 0, sizeof ch->c);
    map_init(&ch->c.rec);
    size_t nold = 0;
    PkgFileRow *old = row ? pkgdb_files(db, &A, ch->name, &nold) : NULL;
    for (size_t i = 0; i < nold; i++) map_put(&ch->c.rec, old[i].path, strlen(old[i].path), (void *)old[i].sum);
    const char *roots[3] = {ch->p ? arena_printf(&A, "%s/%s", o.moddir, ch->p->pkg.f->top_level_dir) : NULL,
                            old_tld ? arena_printf(&A, "%s/%s", o.moddir, old_tld) : NULL,
                            arena_printf(&A, "%s/%s", o.sharedir, ch->name)};
    ch->ns = 0;
    for (int i = 0; i < 3; i++) {
        if (!roots[i] || (i == 1 && roots[0] && !strcmp(roots[0], roots[1]))) continue;
        ch->st[ch->ns] = (Stage){roots[i], tmp_beside(roots[i]), arena_printf(&A, "%s.mpm-old", roots[i]), i == 2, 0, 0};
        ch->built[ch->ns++] = 0;
    }
}

static void change_free(Change *ch)
{
    map_free(&ch->c.rec);
    buf_free(&ch->c.kept);
    buf_free(&ch->c.stays);
}

/* A change of n packages, one atomic unit: for each, its files in place of
 * the installed version's (or none: the package goes), atomic with its
 * rows.  Each directory a package touches is built anew beside itself,
 * keeping what is not the old version's or was edited, and swapped in
 * with one exchange; the package's first swap (its anchor) is the moment
 * its new rows become true (pkg/pkgdb.c).  The intent record (base/intent)
 * names every swap before the first is made, so whoever reads after a
 * kill finishes the others first.  For a power cut, the group's disk
 * writes are ordered by one syncfs and a few fsyncs, whatever n is: the
 * staged trees, the new rows and the record are durable before the first
 * swap, the swaps before the rows are settled. */
static int change_group(Change *cs, size_t n)
{
    Buf err = BUF_INIT;
    Map roots, dirs;
    map_init(&roots);
    map_init(&dirs);
    int rc = 1, ifd = -1, mfd = -1;
    size_t set = 0;
    for (; set < n; set++) {
        change_setup(&cs[set]);
        int clash = 0;
        for (size_t i = 0; i < cs[set].ns; i++)
            clash |= map_put(&roots, cs[set].st[i].root, strlen(cs[set].st[i].root), (void *)"") != NULL;
        if (clash && set) {   /* two packages of the group in one directory: one after the other */
            change_free(&cs[set]);
            map_free(&roots);
            map_free(&dirs);
            for (size_t i = 0; i < set; i++) change_free(&cs[i]);
            return change_group(cs, set) || change_group(cs + set, n - set);
        }
    }
    if (rootfs_mkdirs(o.moddir, 0755) != 0 ||
        (mfd = rootfs_open(o.moddir, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)) < 0) {
        fail("Cannot create %s%s: %s", rootfs_prefix(), o.moddir, strerror(errno));
        goto out;
    }
    /* 1. the trees about to be made, so that a kill leaves no garbage */
    if (txn("BEGIN IMMEDIATE") != 0) goto out;
    int bad = 0;
    for (size_t k = 0; k < n && !bad; k++)
        for (size_t i = 0; i < cs[k].ns && !bad; i++)
            bad = pkgdb_journal_add(db, 't', cs[k].name, cs[k].st[i].root, cs[k].st[i].tmp, NULL, &err) != 0 ||
                  pkgdb_journal_add(db, 't', cs[k].name, cs[k].st[i].root, cs[k].st[i].old_tmp, NULL, &err) != 0;
    if (bad) {
        txn("ROLLBACK");
        fail_buf(&err);
        goto out;
    }
    if (txn("COMMIT") != 0) goto out;
    /* 2. the new trees */
    for (size_t k = 0; k < n; k++)
        for (size_t i = 0; i < cs[k].ns; i++) {
            int b = build_stage(&cs[k].st[i], cs[k].p, &cs[k].c);
            if (b < 0) { recover(); goto out; }
            cs[k].built[i] = b == 0;
        }
    /* 3. the new rows, staged, with the swaps that will make them true */
    if (txn("BEGIN IMMEDIATE") != 0) { recover(); goto out; }
    size_t nsteps = 0;
    IntentStep *steps = arena_alloc(&A, (3 * n + 1) * sizeof *steps);
    for (size_t k = 0; k < n && !bad; k++) {
        Plan *p = cs[k].p;
        const char *name = cs[k].name;
        bad = p && pkgdb_register(db, p->pkg.f, &err) != 0;
        for (size_t i = 0; p && i < p->pkg.n && !bad; i++) {
            if (!p->dest[i]) continue;
            const SpmMember *m = &p->pkg.m[i];
            char sum[65] = "";
            if (!m->is_dir) sha256_hex(m->data, m->size, sum);
            bad = pkgdb_register_file(db, name, p->dest[i], m->size, m->mode, sum, (long long)m->mtime, m->is_dir,
                                      owner.uname, owner.gname, &err) ||
                  (!m->is_dir && pkgdb_disown(db, name, p->dest[i], &err));
        }
        int anchor = 1;
        for (size_t i = 0; i < cs[k].ns && !bad; i++) {
            const Stage *s = &cs[k].st[i];
            if (!cs[k].built[i]) continue;
            bad = pkgdb_pending_add(db, name, s->root, s->tmp, s->old_tmp, s->dev, s->ino, anchor, &err);
            const char *dir = arena_strndup(&A, s->root, (size_t)(strrchr(s->root, '/') - s->root));
            map_put(&dirs, dir, strlen(dir), (void *)"");
            steps[nsteps++] = (IntentStep){name, from_moddir(dir), strrchr(s->root, '/') + 1, strrchr(s->tmp, '/') + 1,
                                           strrchr(s->old_tmp, '/') + 1, s->dev, s->ino, anchor};
            anchor = 0;
        }
        if (!bad && anchor) bad = pkgdb_settle(db, name, 1, &err);   /* nothing on disk changes */
    }
    if (bad) {
        txn("ROLLBACK");
        fail_buf(&err);
        recover();
        goto out;
    }
    if (txn("COMMIT") != 0) { recover(); goto out; }
    /* 4. the intent record, then everything made so far on disk, synced:
     * one syncfs per file system the group writes to */
    if (nsteps && (ifd = intent_write(mfd, steps, nsteps)) < 0) {
        fail("Cannot write %s%s/%s: %s", rootfs_prefix(), o.moddir, INTENT_FILE, strerror(errno));
        recover();
        goto out;
    }
    if (nsteps) map_put(&dirs, o.moddir, strlen(o.moddir), (void *)"");   /* (the record's) */
    dev_t synced[4];
    size_t nsynced = 0;
    for (size_t i = 0; i < dirs.count; i++) {
        struct stat st;
        int fd = rootfs_open(dirs.entries[i].key, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
        if (fd < 0) continue;
        int seen = fstat(fd, &st) != 0;
        for (size_t q = 0; q < nsynced && !seen; q++) seen = synced[q] == st.st_dev;
        if (!seen) {
            if (nsynced < 4) synced[nsynced++] = st.st_dev;
            syncfs(fd);
        }
        close(fd);
    }
    /* 5. the swaps: a package's first is the moment it is changed */
    for (size_t k = 0; k < n; k++)
        for (size_t i = 0; i < cs[k].ns; i++) {
            const Stage *s = &cs[k].st[i];
            if (!cs[k].built[i]) continue;
            PkgPending pp = {cs[k].name, s->root, s->tmp, s->old_tmp, s->dev, s->ino, 0};
            if (swap_in(&pp, NULL) != 0) {
                fail("Cannot %s %s%s: %s", cs[k].p ? "install" : "remove", rootfs_prefix(), s->root, strerror(errno));
                close(ifd);   /* recover() finishes or undoes it */
                ifd = -1;
                recover();
                goto out;
            }
        }
    /* 6. the swaps durable, then the record goes */
    sync_dirs(&dirs);
    if (ifd >= 0) intent_clear(mfd, ifd);
    ifd = -1;
    for (size_t k = 0; k < n; k++) {
        print_list(cs[k].kept_heading, &cs[k].c.kept, "Not removing file ", "");
        if (!cs[k].p) print_list(NULL, &cs[k].c.stays, "Cannot remove directory ", ", probably not empty");
    }
    /* 7. the old trees go, and the rows are settled */
    rc = recover();
out:
    if (ifd >= 0) close(ifd);
    if (mfd >= 0) close(mfd);
    for (size_t k = 0; k < set; k++) change_free(&cs[k]);
    map_free(&roots);
    map_free(&dirs);
    buf_free(&err);
    return rc;
}

/* check_existing, REC: every destination, not only those under
 * top_level_dir.  A file of the same package (a reinstall, an upgrade) is
 * no conflict unless it was edited since: a local edit is never replaced
 * without --force.  Prints SPM's message and returns 1 when something is
 * in the way. */
static int check_existing(Plan *p)
{
    Buf list = BUF_INIT;
    for (size_t i = 0; i < p->pkg.n; i++) {
        if (!p->dest[i]) continue;
        struct stat st;
        if (rootfs_lstat(p->dest[i], &st) != 0) continue;
        int in_way;
        if (p->pkg.m[i].is_dir) {
            in_way = !S_ISDIR(st.st_mode);
        } else if (S_ISDIR(st.st_mode)) {
            in_way = 1;
        } else {
            const char *sum = NULL, *owner_pkg = pkgdb_owner(db, &A, p->dest[i], &sum);
            int own = owner_pkg && !strcmp(owner_pkg, p->pkg.f->name);
            if (own) {
                char now[65];
                sys_sum(p->dest[i], now);
                own = sum && !strcmp(now, sum);
            }
            in_way = !own && !o.force;
        }
        if (in_way) buf_printf(&list, "%s%s\n", rootfs_prefix(), p->dest[i]);
    }
    if (!list.len) return 0;
    list.s[--list.len] = 0;
    fail("Not installing %s due to existing files:\n\n%s", p->pkg.f->name, list.s);
    buf_free(&list);
    return 1;
}

/* Runs a pre or post state; 0 ok. */
static int run_state(const char *what, const Formula *f, const char *text)
{
    Buf mp = BUF_INIT;
    const char *p = o.modulepath;
    while (*p) {   /* every entry, as a path of the managed system */
        const char *e = strchr(p, ':');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        if (n) buf_printf(&mp, "%s%s", mp.len ? ":" : "", system_path(arena_strndup(&A, p, n)));
        p += n + (e != NULL);
    }
    StateEnv env = {arena_strdup(&A, buf_cstr(&mp)), o.root, arena_printf(&A, "%s%s", rootfs_prefix(), o.vardir)};
    buf_free(&mp);
    fflush(stdout);
    int rc = states_run(what, f, text, &env);
    fflush(stdout);
    return rc;
}

/* Installs the n packages of ps, one atomic unit (change_group), between
 * their pre and post states; a package with a state is a group of its
 * own (its pre state sees the packages before it installed).  0 done, 1
 * not installed, 2 installed but a post state failed. */
static int install_group(Plan *ps, size_t n)
{
    Change *cs = arena_alloc(&A, (n + 1) * sizeof *cs);
    for (size_t i = 0; i < n; i++) {
        const Formula *f = ps[i].pkg.f;
        printf("... installing %s\n", f->name);
        fflush(stdout);
        if (f->pre_local_state && run_state("pre_local_state", f, f->pre_local_state) != 0)
            return fail("Not installing %s: its pre_local_state failed", f->name);
        memset(&cs[i], 0, sizeof cs[i]);
        cs[i].name = f->name;
        cs[i].p = &ps[i];
        cs[i].kept_heading = "Kept locally modified files of the older version:";
    }
    if (change_group(cs, n) != 0) return 1;
    int rc = 0;
    for (size_t i = 0; i < n; i++) {
        const Formula *f = ps[i].pkg.f;
        if (f->post_local_state && run_state("post_local_state", f, f->post_local_state) != 0) {
            fail("%s is installed, but its post_local_state failed", f->name);
            rc = 2;
        }
    }
    return rc;
}

static int confirm(const char *what, Plan *plans, const char **names, size_t n)
{
    if (o.yes) return 0;
    printf("%s packages:\n", what);
    for (size_t i = 0; i < n; i++) printf("\t%s\n", plans ? plans[i].pkg.f->name : names[i]);
    printf("\nProceed? [N/y] ");
    fflush(stdout);
    char line[64] = "";
    if (!fgets(line, sizeof line, stdin) || (line[0] != 'y' && line[0] != 'Y')) {
        if (!strchr(line, '\n')) putchar('\n');
        return fail("canceled");
    }
    return 0;
}

/* ---- repositories ---- */

static Repo *repos;
static size_t nrepos;
static RepoEntry *entries;
static size_t nentries;

static int by_str(const void *x, const void *y) { return strcmp(*(const char *const *)x, *(const char *const *)y); }

static int load_repo_config(void)
{
    Buf text = BUF_INIT, err = BUF_INIT;
    const char *main_file = arena_printf(&A, "%s/mpm.repos", o.confdir);
    if (sys_read(main_file, &text) == 0) {
        if (repo_parse_config(&A, main_file, buf_cstr(&text), text.len, &repos, &nrepos, &err) != 0) {
            buf_free(&text);
            return fail_buf(&err);
        }
    }
    const char *dname = arena_printf(&A, "%s/mpm.repos.d", o.confdir);
    int fd = rootfs_open(dname, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    if (fd >= 0 && !d) close(fd);
    if (d) {
        const char **names = NULL;
        size_t n = 0, cap = 0;
        struct dirent *e;
        while ((e = readdir(d))) {
            size_t l = strlen(e->d_name);
            if (l < 6 || strcmp(e->d_name + l - 5, ".repo") || e->d_name[0] == '.') continue;
            if (n == cap) {
                cap = cap ? 2 * cap : 16;
                const char **w = arena_alloc(&A, cap * sizeof *w);
                if (n) memcpy(w, names, n * sizeof *w);
                names = w;
            }
            names[n++] = arena_strdup(&A, e->d_name);
        }
        closedir(d);
        if (n) qsort(names, n, sizeof *names, by_str);
        for (size_t i = 0; i < n; i++) {
            const char *file = arena_printf(&A, "%s/%s", dname, names[i]);
            buf_clear(&text);
            if (sys_read(file, &text) != 0) continue;
            if (repo_parse_config(&A, file, buf_cstr(&text), text.len, &repos, &nrepos, &err) != 0) {
                buf_free(&text);
                return fail_buf(&err);
            }
        }
    }
    buf_free(&text);
    return 0;
}

/* update_repo: fetches each enabled repository's SPM-METADATA (or only
 * only's) into the cache. */
static int update_repos(const char *only)
{
    int rc = 0, found = 0;
    for (size_t i = 0; i < nrepos; i++) {
        const Repo *r = &repos[i];
        if (!r->enabled || (only && strcmp(only, r->name))) continue;
        found = 1;
        Buf data = BUF_INIT, err = BUF_INIT;
        RepoEntry *tmpv = NULL;
        size_t tmpn = 0;
        if (repo_fetch(r, "SPM-METADATA", 64 << 20, &data, &err) != 0 ||
            repo_parse_metadata(&A, r, buf_cstr(&data), data.len, &tmpv, &tmpn, &err) != 0) {
            fail("Cannot update repository %s: %s", r->name, buf_cstr(&err));
            rc = 1;
        } else {
            const char *dir = arena_printf(&A, "%s/%s", o.cachedir, r->name);
            const char *file = arena_printf(&A, "%s/SPM-METADATA", dir);
            if (rootfs_mkdirs(dir, 0755) != 0 || sys_write(tmp_beside(file), buf_cstr(&data), data.len, 0644) != 0 ||
                sys_rename(tmp_beside(file), file) != 0) {
                fail("Cannot write %s%s: %s", rootfs_prefix(), file, strerror(errno));
                rc = 1;
            }
        }
        buf_free(&data);
        buf_free(&err);
    }
    if (only && !found) return fail("Repository %s is not configured (or not enabled)", only);
    return rc;
}

/* The cached metadata of every enabled repository into entries; a
 * repository without a cache is fetched first (SPM's "Updating repo
 * metadata"). */
static int load_metadata(void)
{
    if (load_repo_config() != 0) return 1;
    for (size_t i = 0; i < nrepos; i++) {
        const Repo *r = &repos[i];
        if (!r->enabled) continue;
        const char *file = arena_printf(&A, "%s/%s/SPM-METADATA", o.cachedir, r->name);
        Buf text = BUF_INIT, err = BUF_INIT;
        if (sys_read(file, &text) != 0) {
            static int said;
            if (!said++) fprintf(stderr, "Updating repo metadata\n");
            if (update_repos(r->name) != 0 || sys_read(file, &text) != 0) {
                buf_free(&text);
                return 1;
            }
        }
        int rc = repo_parse_metadata(&A, r, buf_cstr(&text), text.len, &entries, &nentries, &err);
        buf_free(&text);
        if (rc != 0) return fail_buf(&err);
        buf_free(&err);
    }
    return 0;
}

/* ---- dependency resolution (SPM's, plus version ranges) ---- */

typedef struct Need {
    const char *name;
    const char *by;          /* who needs it ("" for the command line) */
    const char *range;
} Need;

typedef struct Resolver {
    Plan *plans;             /* chosen: to install, in dependency order at the end */
    const RepoEntry **chosen_entry;   /* per plan: the repo entry, or NULL for a file */
    size_t n, cap;
    Need *needs;             /* every requirement seen */
    size_t nneeds, capneeds;
    Buf missing;             /* the "needed" list */
    int failed;
} Resolver;

static void add_need(Resolver *r, const char *name, const char *by, const char *range)
{
    if (r->nneeds == r->capneeds) {
        r->capneeds = r->capneeds ? 2 * r->capneeds : 32;
        Need *w = arena_alloc(&A, r->capneeds * sizeof *w);
        if (r->nneeds) memcpy(w, r->needs, r->nneeds * sizeof *w);
        r->needs = w;
    }
    r->needs[r->nneeds++] = (Need){name, by, range};
}

static int plan_index(Resolver *r, const char *name)
{
    for (size_t i = 0; i < r->n; i++)
        if (!strcmp(r->plans[i].pkg.f->name, name)) return (int)i;
    return -1;
}

static Plan *add_plan(Resolver *r, const RepoEntry *e)
{
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 16;
        Plan *w = arena_alloc(&A, r->cap * sizeof *w);
        const RepoEntry **we = arena_alloc(&A, r->cap * sizeof *we);
        if (r->n) { memcpy(w, r->plans, r->n * sizeof *w); memcpy(we, r->chosen_entry, r->n * sizeof *we); }
        r->plans = w;
        r->chosen_entry = we;
    }
    memset(&r->plans[r->n], 0, sizeof r->plans[r->n]);
    r->chosen_entry[r->n] = e;
    if (e) {
        r->plans[r->n].pkg.f = e->f;
        r->plans[r->n].source = e->repo->name;
    }
    return &r->plans[r->n++];
}

/* Whether version v of name meets every requirement on name seen so far;
 * *bad is set to the first that it does not. */
static int meets_all(Resolver *r, const char *name, const char *v, const Need **bad)
{
    for (size_t i = 0; i < r->nneeds; i++)
        if (!strcmp(r->needs[i].name, name) && pkgver_satisfies(r->needs[i].range, v) != 1) {
            if (bad) *bad = &r->needs[i];
            return 0;
        }
    return 1;
}

/* The best repository entry for name meeting every requirement: the
 * newest version, then release; on a tie the file:// one, then the first
 * configured (REC: local first, deterministically).  *exists is set when
 * any repository has name at all. */
static const RepoEntry *best_entry(Resolver *r, const char *name, int *exists)
{
    const RepoEntry *best = NULL;
    *exists = 0;
    for (size_t i = 0; i < nentries; i++) {
        const RepoEntry *e = &entries[i];
        if (strcmp(e->f->name, name)) continue;
        *exists = 1;
        if (!meets_all(r, name, e->f->version, NULL)) continue;
        if (best) {
            int c = pkgver_cmp(e->f->version, best->f->version);
            if (!c) c = pkgver_cmp(e->f->release, best->f->release);
            if (!c) c = !strncmp(e->repo->url, "file://", 7) && strncmp(best->repo->url, "file://", 7);
            if (c <= 0) continue;
        }
        best = e;
    }
    return best;
}

static void describe_need(Buf *b, const Need *n)
{
    if (*n->by) buf_printf(b, "%s needs %s", n->by, n->name);
    else buf_printf(b, "the command line asks for %s", n->name);
    if (n->range && *n->range) buf_printf(b, " (%s)", n->range);
}

/* Resolves the dependencies of plan i (recursively, through the plans it
 * adds).  Conflicts are printed and set failed; unknown names go to
 * missing (SPM's "needed" list). */
static void resolve(Resolver *r, size_t i)
{
    const Formula *f = r->plans[i].pkg.f;
    for (size_t d = 0; d < f->ndeps; d++) {
        const PkgDep *dep = &f->deps[d];
        add_need(r, dep->name, f->name, dep->range);
        const Need *me = &r->needs[r->nneeds - 1], *bad = NULL;
        int k = plan_index(r, dep->name);
        if (k >= 0) {
            const char *v = r->plans[k].pkg.f->version;
            if (pkgver_satisfies(dep->range, v) == 1) continue;
            if (r->chosen_entry[k] && !r->plans[k].explicit_arg) {
                /* a dependency picked earlier: another version may suit both */
                int exists;
                const RepoEntry *e = best_entry(r, dep->name, &exists);
                if (e) {
                    r->chosen_entry[k] = e;
                    r->plans[k].pkg.f = e->f;
                    r->plans[k].source = e->repo->name;
                    resolve(r, (size_t)k);   /* the new version's own dependencies */
                    continue;
                }
            }
            /* the other side: a requirement the chosen version meets */
            const Need *other = NULL;
            for (size_t q = 0; q < r->nneeds && !other; q++)
                if (!strcmp(r->needs[q].name, dep->name) && &r->needs[q] != me &&
                    pkgver_satisfies(r->needs[q].range, v) == 1)
                    other = &r->needs[q];
            Buf m = BUF_INIT;
            buf_printf(&m, "Conflicting dependencies on %s: ", dep->name);
            describe_need(&m, me);
            buf_adds(&m, ", but ");
            if (other) {
                describe_need(&m, other);
                buf_printf(&m, " (%s %s)", dep->name, v);
            } else {
                buf_printf(&m, "%s %s is to be installed", dep->name, v);
            }
            fail_buf(&m);
            r->failed = 1;
            continue;
        }
        PkgRow *row = pkgdb_info(db, &A, dep->name);
        if (row && meets_all(r, dep->name, row->version, NULL)) continue;
        int exists;
        const RepoEntry *e = best_entry(r, dep->name, &exists);
        if (e) {
            Plan *p = add_plan(r, e);
            (void)p;
            resolve(r, r->n - 1);
            continue;
        }
        if (row) {
            meets_all(r, dep->name, row->version, &bad);
            Buf m = BUF_INIT;
            buf_printf(&m, "Conflicting dependencies on %s: ", dep->name);
            describe_need(&m, bad ? bad : me);
            buf_printf(&m, ", but %s %s is installed%s", dep->name, row->version,
                       exists ? " and no repository has a version that fits" : "");
            fail_buf(&m);
            r->failed = 1;
        } else if (exists) {
            meets_all(r, dep->name, "0", &bad);
            Buf m = BUF_INIT;
            buf_printf(&m, "Conflicting dependencies on %s: ", dep->name);
            describe_need(&m, me);
            buf_adds(&m, ", and no repository has a version that fits");
            for (size_t q = 0; q < r->nneeds; q++)
                if (!strcmp(r->needs[q].name, dep->name) && &r->needs[q] != me) {
                    buf_adds(&m, " together with: ");
                    describe_need(&m, &r->needs[q]);
                }
            fail_buf(&m);
            r->failed = 1;
        } else {
            Buf tmp = BUF_INIT;
            buf_printf(&tmp, "\n%s", dep->name);
            if (!strstr(buf_cstr(&r->missing), tmp.s)) buf_add(&r->missing, tmp.s, tmp.len);
            buf_free(&tmp);
        }
    }
}

/* Dependencies first (a depth-first walk; the visited marks stop loops). */
static void order_visit(Resolver *r, size_t i, char *mark, Plan *out, size_t *n)
{
    if (mark[i]) return;
    mark[i] = 1;
    const Formula *f = r->plans[i].pkg.f;
    for (size_t d = 0; d < f->ndeps; d++) {
        int k = plan_index(r, f->deps[d].name);
        if (k >= 0) order_visit(r, (size_t)k, mark, out, n);
    }
    out[(*n)++] = r->plans[i];
}

static void print_infos(const char *what, const char *list)
{
    if (!list || !*list) return;
    printf("The following dependencies are %s:\n", what);
    const char *s = list;
    while (*s) {
        const char *e = strchr(s, ',');
        if (!e) e = s + strlen(s);
        while (s < e && *s == ' ') s++;
        size_t l = (size_t)(e - s);
        while (l && s[l - 1] == ' ') l--;
        char *nm = arena_strndup(&A, s, l);
        if (*nm) printf("\t%s%s\n", nm, pkgdb_info(db, &A, nm) ? " [Installed]" : "");
        s = *e ? e + 1 : e;
    }
    putchar('\n');
}

/* install / local install: args are .spm files or (install only) names. */
static int install_with(Resolver *rp, char **args, int nargs, int local)
{
    int rc = 1;
    if (!nargs) return fail(local ? "A package file must be specified" : "A package must be specified");
    if (load_settings() != 0 || open_db(PKGDB_CREATE) != 0) return 1;
    int have_meta = 0;
    for (int i = 0; i < nargs; i++) {
        const char *a = args[i];
        size_t l = strlen(a);
        struct stat st;
        Buf err = BUF_INIT;
        if (l > 4 && !strcmp(a + l - 4, ".spm") && stat(a, &st) == 0) {
            Plan *p = add_plan(rp, NULL);
            p->explicit_arg = 1;
            if (S_ISDIR(st.st_mode)) return fail("Cannot read package %s: %s", a, strerror(EISDIR));
            if (spm_read(&A, a, NULL, 0, &p->pkg, &err) != 0) return fail_buf(&err);
        } else if (local || (l > 4 && !strcmp(a + l - 4, ".spm"))) {
            return fail("Package file %s not found", a);
        } else {
            if (!have_meta && load_metadata() != 0) return 1;
            have_meta = 1;
            add_need(rp, a, "", NULL);
            int exists;
            const RepoEntry *e = best_entry(rp, a, &exists);
            if (!e && !exists) return fail("Unable to read formula for %s", a);   /* SPM's: no repository has it */
            if (!e) return fail("Cannot install %s: no repository has a version that fits", a);
            add_plan(rp, e)->explicit_arg = 1;
        }
        buf_free(&err);
        const Formula *f = rp->plans[rp->n - 1].pkg.f;
        if (plan_index(rp, f->name) != (int)rp->n - 1) return fail("Package %s is named twice", f->name);
        if (pkgdb_info(db, &A, f->name) && !o.force)
            return fail("Package %s already installed, not installing again", f->name);
        if (f->pre_tgt_state || f->post_tgt_state)
            return fail("Cannot install %s: pre_tgt_state and post_tgt_state need a master; mpm installs on this machine only", f->name);
    }
    size_t nargs_plans = rp->n;   /* resolve() adds (and resolves) the dependencies */
    for (size_t i = 0; i < nargs_plans; i++) {
        const Formula *f = rp->plans[i].pkg.f;
        int needs_repo = 0;
        for (size_t d = 0; d < f->ndeps; d++)
            if (plan_index(rp, f->deps[d].name) < 0 && !pkgdb_info(db, &A, f->deps[d].name)) needs_repo = 1;
        if (needs_repo && !have_meta) {
            if (load_metadata() != 0) return 1;
            have_meta = 1;
        }
        size_t before = rp->missing.len;
        resolve(rp, i);
        if (rp->missing.len > before && rp->plans[i].explicit_arg) {
            fail("Cannot install %s, the following dependencies are needed:\n%s", f->name, rp->missing.s + before);
            rp->failed = 1;
        }
    }
    /* an installed package whose range an upgrade would break */
    size_t ninst;
    const char **inst = pkgdb_list(db, &A, &ninst);
    for (size_t i = 0; i < ninst; i++) {
        if (plan_index(rp, inst[i]) >= 0) continue;
        PkgRow *row = pkgdb_info(db, &A, inst[i]);
        if (!row || !row->formula) continue;
        Buf err = BUF_INIT;
        Formula *f = formula_parse(&A, row->formula, strlen(row->formula), FORMULA_INSTALL, &err);
        buf_free(&err);
        for (size_t d = 0; f && d < f->ndeps; d++) {
            int k = plan_index(rp, f->deps[d].name);
            if (k >= 0 && pkgver_satisfies(f->deps[d].range, rp->plans[k].pkg.f->version) != 1) {
                fail("Conflicting dependencies on %s: %s %s is to be installed, but the installed %s needs %s (%s)",
                     f->deps[d].name, f->deps[d].name, rp->plans[k].pkg.f->version, inst[i], f->deps[d].name,
                     f->deps[d].range);
                rp->failed = 1;
            }
        }
    }
    if (rp->failed) return 1;
    Plan *ordered = arena_alloc(&A, (rp->n + 1) * sizeof *ordered);
    char *mark = arena_alloc(&A, rp->n + 1);
    size_t n = 0;
    for (size_t i = 0; i < rp->n; i++) order_visit(rp, i, mark, ordered, &n);
    for (size_t i = 0; i < n; i++) {
        print_infos("optional", ordered[i].pkg.f->optional);
        print_infos("recommended", ordered[i].pkg.f->recommended);
    }
    if (confirm("Installing", ordered, NULL, n) != 0) return 1;
    /* download every repository package first (kept in the cache) */
    for (size_t i = 0; i < n; i++) {
        Plan *p = &ordered[i];
        if (!p->source) continue;
        const RepoEntry *e = NULL;
        for (size_t k = 0; k < rp->n; k++)
            if (rp->chosen_entry[k] && !strcmp(rp->chosen_entry[k]->f->name, p->pkg.f->name)) e = rp->chosen_entry[k];
        Buf data = BUF_INIT, err = BUF_INIT;
        if (repo_fetch(e->repo, e->filename, MAX_PACKAGE, &data, &err) != 0) return fail_buf(&err);
        char sum[65];
        sha256_hex(buf_cstr(&data), data.len, sum);
        if (e->sha256 && strcmp(e->sha256, sum)) {
            buf_free(&data);
            return fail("Repository %s: %s does not have the SHA-256 its SPM-METADATA gives", e->repo->name, e->filename);
        }
        /* a download is kept in the cache (a file:// package is at hand already) */
        const char *dir = arena_printf(&A, "%s/%s", o.cachedir, e->repo->name);
        const char *file = arena_printf(&A, "%s/%s", dir, e->filename);
        if (strncmp(e->repo->url, "file://", 7) &&
            (rootfs_mkdirs(dir, 0755) != 0 || sys_write(file, buf_cstr(&data), data.len, 0644) != 0))
            fprintf(stderr, "mpm: warning: cannot keep %s%s in the cache: %s\n", rootfs_prefix(), file, strerror(errno));
        char *copy = arena_memdup(&A, buf_cstr(&data), data.len + 1);
        size_t len = data.len;
        buf_free(&data);
        const char *want = e->f->name;
        if (spm_read(&A, arena_printf(&A, "%s/%s", e->repo->url, e->filename), copy, len, &p->pkg, &err) != 0)
            return fail_buf(&err);
        if (strcmp(p->pkg.f->name, want))
            return fail("Repository %s: %s holds %s, not %s", e->repo->name, e->filename, p->pkg.f->name, want);
        buf_free(&err);
    }
    for (size_t i = 0; i < n; i++) plan_dests(&ordered[i]);
    int conflicts = 0;
    for (size_t i = 0; i < n; i++) conflicts |= check_existing(&ordered[i]);
    if (conflicts) return 1;
    rc = 0;
    for (size_t i = 0, k; i < n; i = k) {   /* the runs of packages without states go together */
        const Formula *f = ordered[i].pkg.f;
        k = i + 1;
        if (!f->pre_local_state && !f->post_local_state)
            while (k < n && !ordered[k].pkg.f->pre_local_state && !ordered[k].pkg.f->post_local_state) k++;
        int one = install_group(&ordered[i], k - i);
        if (one == 1) return 1;
        if (one) rc = 1;
    }
    return rc;
}

static int cmd_install(char **args, int nargs, int local)
{
    Resolver r;
    memset(&r, 0, sizeof r);
    Buf *missing = &r.missing;
    int rc = install_with(&r, args, nargs, local);
    buf_free(missing);
    return rc;
}

/* ---- remove, verify ---- */

static int cmd_remove(char **args, int nargs)
{
    if (!nargs) return fail("A package must be specified");
    int rc = open_db(PKGDB_WRITE);
    if (rc < 0) return 1;
    if (rc == 1) return fail("No database at %s%s, cannot remove %s", rootfs_prefix(), o.dbpath, args[0]);
    for (int i = 0; i < nargs; i++)
        if (!pkgdb_info(db, &A, args[i])) return fail("Package %s not installed", args[i]);
    if (confirm("Removing", NULL, (const char **)args, (size_t)nargs) != 0) return 1;
    Change *cs = arena_alloc(&A, ((size_t)nargs + 1) * sizeof *cs);
    for (int i = 0; i < nargs; i++) {
        printf("... removing %s\n", args[i]);
        memset(&cs[i], 0, sizeof cs[i]);
        cs[i].name = args[i];
        cs[i].kept_heading = arena_printf(&A, "Kept locally modified files of %s:", args[i]);
    }
    fflush(stdout);
    return change_group(cs, (size_t)nargs) != 0;
}

static int cmd_verify(const char *name)
{
    if (!name) return fail("A package must be specified");
    int rc = open_db(PKGDB_READ);
    if (rc < 0) return 1;
    if (rc == 1 || !pkgdb_info(db, &A, name)) return fail("package %s not installed", name);
    size_t n;
    PkgFileRow *files = pkgdb_files(db, &A, name, &n);
    int changed = 0;
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        const char *p = files[i].path;
        if (rootfs_lstat(p, &st) != 0 || (files[i].is_dir && !S_ISDIR(st.st_mode))) {
            printf("missing: %s%s\n", rootfs_prefix(), p);
            changed = 1;
        } else if (!files[i].is_dir) {
            char sum[65];
            sys_sum(p, sum);
            if (strcmp(sum, files[i].sum)) {
                printf("modified: %s%s\n", rootfs_prefix(), p);
                changed = 1;
            }
        }
    }
    return changed;
}

/* ---- information ---- */

static const char *or_none(const char *s) { return s && *s ? s : "None"; }

static void print_info(const char *name, const char *version, const char *release, const char *installed,
                       const char *os, const char *os_family, const char *deps, const char *os_deps,
                       const char *osf_deps, const char *summary, const char *description)
{
    printf("Name: %s\nVersion: %s\nRelease: %s\nInstall Date: %s\nSupported OSes: %s\n"
           "Supported OS families: %s\nDependencies: %s\nOS Dependencies: %s\n"
           "OS Family Dependencies: %s\nSummary: %s\nDescription:\n%s\n",
           or_none(name), or_none(version), or_none(release), installed ? installed : "Not installed", or_none(os),
           or_none(os_family), or_none(deps), or_none(os_deps), or_none(osf_deps), or_none(summary),
           or_none(description));
}

static int cmd_info(const char *name)
{
    if (!name) return fail("A package must be specified");
    int rc = open_db(PKGDB_READ);
    if (rc < 0) return 1;
    PkgRow *r = rc == 0 ? pkgdb_info(db, &A, name) : NULL;
    if (!r) return fail("package %s not installed", name);
    print_info(r->name, r->version, r->release, r->installed, r->os, r->os_family, r->dependencies,
               r->os_dependencies, r->os_family_dependencies, r->summary, r->description);
    return 0;
}

static int cmd_files(const char *name)
{
    if (!name) return fail("A package name must be specified");
    int rc = open_db(PKGDB_READ);
    if (rc < 0) return 1;
    if (rc == 1 || !pkgdb_info(db, &A, name)) return fail("package %s not installed", name);
    size_t n;
    PkgFileRow *files = pkgdb_files(db, &A, name, &n);
    for (size_t i = 0; i < n; i++) {
        if (o.verbose) printf("%s%s,%s\n", rootfs_prefix(), files[i].path, files[i].sum);
        else printf("%s%s\n", rootfs_prefix(), files[i].path);
    }
    return 0;
}

static int cmd_list_packages(void)
{
    int rc = open_db(PKGDB_READ);
    if (rc < 0) return 1;
    if (rc == 1) return 0;
    size_t n;
    const char **names = pkgdb_list(db, &A, &n);
    for (size_t i = 0; i < n; i++) puts(names[i]);
    return 0;
}

static int cmd_local(char **args, int nargs)
{
    if (!nargs) return fail("Invalid local command ''");
    const char *c = args[0];
    if (!strcmp(c, "install")) return cmd_install(args + 1, nargs - 1, 1);
    if (strcmp(c, "info") && strcmp(c, "files")) return fail("Invalid local command '%s'", c);
    if (nargs < 2) return fail("A package filename must be specified");
    struct stat st;
    if (stat(args[1], &st) != 0) return fail("Package file %s not found", args[1]);
    if (S_ISDIR(st.st_mode)) return fail("Cannot read package %s: %s", args[1], strerror(EISDIR));
    SpmPackage p;
    Buf err = BUF_INIT;
    if (spm_read(&A, args[1], NULL, 0, &p, &err) != 0) return fail_buf(&err);
    const Formula *f = p.f;
    if (!strcmp(c, "info")) {
        print_info(f->name, f->version, f->release, NULL, f->os, f->os_family, f->dependencies,
                   f->os_dependencies, f->os_family_dependencies, f->summary, f->description);
    } else {
        for (size_t i = 0; i < p.n; i++)
            printf("%s%s%s\n", f->name, *p.m[i].rel ? "/" : "", p.m[i].rel);
    }
    return 0;
}

static int by_search(const void *x, const void *y)
{
    const RepoEntry *a = x, *b = y;
    int c = strcmp(a->f->name, b->f->name);
    return c ? c : strcmp(a->repo->name, b->repo->name);
}

static int cmd_repo(const char *c, const char *arg)
{
    if (!strcmp(c, "list")) {
        if (load_repo_config() != 0) return 1;
        for (size_t i = 0; i < nrepos; i++)
            if (repos[i].enabled) puts(repos[i].name);
        return 0;
    }
    if (!strcmp(c, "update")) {
        if (load_repo_config() != 0) return 1;
        return update_repos(arg);
    }
    if (!strcmp(c, "packages") || !strcmp(c, "search")) {
        if (load_metadata() != 0) return 1;
        if (nentries) qsort(entries, nentries, sizeof *entries, by_search);
        for (size_t i = 0; i < nentries; i++)
            if (!arg || strstr(entries[i].f->name, arg))
                printf("%s\t%s-%s\t%s\n", entries[i].f->name, entries[i].f->version, entries[i].f->release,
                       entries[i].repo->name);
        return 0;
    }
    if (!strcmp(c, "create")) {
        if (!arg) return fail("A path to a directory must be specified");
        Buf err = BUF_INIT;
        if (strcmp(o.dups, "ignore") && strcmp(o.dups, "archive") && strcmp(o.dups, "delete"))
            return fail("--repo-dups must be ignore, archive or delete");
        if (repo_create(&A, arg, o.dups, &err) != 0) return fail_buf(&err);
        return 0;
    }
    return fail("Invalid repo command '%s'", c);
}

/* CONFDIR/mpm.conf: SPM's spm_uid and spm_gid (a number, or a name of
 * the managed system's /etc/passwd or /etc/group), the owner of every
 * file and directory an install writes; without them nothing is changed
 * (files belong to whoever runs mpm).  The database records the names. */
static int load_settings(void)
{
    const char *file = arena_printf(&A, "%s/mpm.conf", o.confdir);
    Buf text = BUF_INIT, err = BUF_INIT;
    const char **keys = NULL, **vals = NULL;
    size_t n = 0;
    if (sys_read(file, &text) == 0 &&
        repo_parse_settings(&A, file, buf_cstr(&text), text.len, &keys, &vals, &n, &err) != 0) {
        buf_free(&text);
        return fail_buf(&err);
    }
    buf_free(&text);
    PwDb pw = PWDB_INIT;
    if (pw_load(&pw, o.root, PW_PASSWD | PW_GROUP, &err) != 0) {
        pw_free(&pw);
        return fail_buf(&err);
    }
    unsigned long uid = geteuid(), gid = getegid();
    int rc = 0;
    for (size_t i = 0; i < n && !rc; i++) {
        int is_uid = !strcmp(keys[i], "spm_uid");
        if (!is_uid && strcmp(keys[i], "spm_gid")) continue;
        unsigned long id;
        if (!pw_parse_id(vals[i], &id)) {
            const PwUser *u = is_uid ? pw_user(&pw, vals[i]) : NULL;
            const PwGroup *g = is_uid ? NULL : pw_group(&pw, vals[i]);
            if (!u && !g) {
                rc = fail("%s%s: %s: no %s named %s", rootfs_prefix(), file, keys[i], is_uid ? "user" : "group", vals[i]);
                break;
            }
            id = u ? u->uid : g->gid;
        }
        if (is_uid) uid = id;
        else gid = id;
        owner.set = 1;
    }
    owner.uid = (uid_t)uid;
    owner.gid = (gid_t)gid;
    owner.uname = owner.gname = NULL;
    for (size_t i = 0; i < pw.nusers && !owner.uname; i++)
        if (pw.users[i].uid == uid) owner.uname = arena_strdup(&A, pw.users[i].name);
    const PwGroup *g = pw_group_by_gid(&pw, gid);
    owner.gname = g ? arena_strdup(&A, g->name) : NULL;
    if (!owner.uname) owner.uname = arena_printf(&A, "%lu", uid);
    if (!owner.gname) owner.gname = arena_printf(&A, "%lu", gid);
    pw_free(&pw);
    buf_free(&err);
    return rc;
}

static void usage(FILE *out)
{
    fputs("usage: mpm [options] COMMAND [ARGS]\n"
          "Module packages: build them, serve them from repositories, install them with\n"
          "their dependencies, remove them keeping files a person edited.\n"
          "\n"
          "Commands:\n"
          "  build DIR                  pack the module DIR into NAME-VERSION-RELEASE.spm\n"
          "                             (metadata from DIR/FORMULA, else DIR/metadata.json)\n"
          "  install NAME|FILE.spm ...  install from the repositories (or files), with\n"
          "                             their dependencies; atomic, as upgrades and removes\n"
          "  local install FILE.spm ... install package files\n"
          "  local info FILE.spm        a package file's FORMULA information\n"
          "  local files FILE.spm       a package file's members\n"
          "  remove NAME ...            uninstall; files edited since are kept and listed\n"
          "  verify NAME                list the package's modified and missing files\n"
          "  info NAME                  an installed package's information\n"
          "  files NAME                 its installed paths (-v: PATH,SHA256)\n"
          "  list packages | list files NAME | list repos\n"
          "  repo list | repo search [TEXT] | repo update [REPO] | repo create DIR\n"
          "  update_repo [REPO]         fetch the repositories' SPM-METADATA\n"
          "  create_repo DIR            write DIR/SPM-METADATA for the packages in DIR\n"
          "\n"
          "Options:\n"
          "  -y, --assume-yes           do not ask before installing or removing\n"
          "  -f, --force                install over existing files and installed packages\n"
          "  -v, --verbose              files -v: with sums; remove: say what stays\n"
          "  --modulepath DIR[:DIR]     install into the first DIR\n"
          "                             (default CONFDIR/code/modules, mcomp's base\n"
          "                             module path)\n"
          "  --vardir DIR               state directory: DIR/mpm/packages.db and\n"
          "                             DIR/mpm/cache\n"
          "                             (default /var/lib/mapply as root, else ~/.mapply)\n"
          "  --confdir DIR              DIR/mpm.conf (spm_uid, spm_gid: who owns installed\n"
          "                             files), repositories: DIR/mpm.repos and\n"
          "                             DIR/mpm.repos.d/*.repo (file://, http://, https://,\n"
          "                             ftp://) (default /etc/mcomp as root, else\n"
          "                             ~/.mcomp: mcomp's CONFDIR)\n"
          "  --sharedir DIR             files tagged c d g l r (default /usr/share/mpm)\n"
          "  --root DIR                 manage the system under DIR: module directory,\n"
          "                             database, configuration and cache inside it\n"
          "  --build-dir DIR            where build writes packages (default: .)\n"
          "  --repo-dups ignore|archive|delete\n"
          "                             create_repo: what to do with older packages\n"
          "  -h, --help                 this text\n"
          "  -V, --version              the version\n"
          "\n"
          "Exit status: 0 ok, 1 an error (verify: a file changed or missing), 2 a usage\n"
          "error (one line on stderr: mpm: REASON).\n",
          out);
}

static int run(char **args, int nargs)
{
    if (!nargs) { util_usage_error("no COMMAND given (usage: mpm [options] COMMAND [ARGS])"); return 2; }
    const char *c = args[0];
    char **rest = args + 1;
    int nrest = nargs - 1;
    const char *a1 = nrest > 0 ? rest[0] : NULL, *a2 = nrest > 1 ? rest[1] : NULL;
    if (!strcmp(c, "build")) {
        if (!a1) return fail("A path to a formula must be specified");
        int rc = 0;
        for (int i = 0; i < nrest && !rc; i++) {
            const char *out;
            Buf err = BUF_INIT;
            if (spm_build(&A, rest[i], o.build_dir, &out, &err) != 0) rc = fail_buf(&err);
            else printf("Built package %s\n", out);
        }
        return rc;
    }
    if (!strcmp(c, "install")) return cmd_install(rest, nrest, 0);
    if (!strcmp(c, "local")) return cmd_local(rest, nrest);
    if (!strcmp(c, "remove")) return cmd_remove(rest, nrest);
    if (!strcmp(c, "verify")) return cmd_verify(a1);
    if (!strcmp(c, "info")) return cmd_info(a1);
    if (!strcmp(c, "files")) return cmd_files(a1);
    if (!strcmp(c, "list")) {
        if (!a1) return fail("Invalid list command ''");
        if (!strcmp(a1, "packages")) return cmd_list_packages();
        if (!strcmp(a1, "files")) return cmd_files(a2);
        if (!strcmp(a1, "repos")) return cmd_repo("list", NULL);
        return fail("Invalid list command '%s'", a1);
    }
    if (!strcmp(c, "repo")) {
        if (!a1) return fail("Invalid repo command ''");
        return cmd_repo(a1, a2);
    }
    if (!strcmp(c, "update_repo")) return cmd_repo("update", a1);
    if (!strcmp(c, "create_repo")) return cmd_repo("create", a1);
    return fail("Invalid command '%s'", c);
}

int main(int argc, char **argv)
{
    util_progname = "mpm";
    arena_init(&A);
    enum { O_MODULEPATH = 256, O_VARDIR, O_CONFDIR, O_SHAREDIR, O_ROOT, O_BUILD_DIR, O_DUPS };
    static const struct option longopts[] = {
        {"assume-yes", no_argument, NULL, 'y'},
        {"force", no_argument, NULL, 'f'},
        {"verbose", no_argument, NULL, 'v'},
        {"modulepath", required_argument, NULL, O_MODULEPATH},
        {"vardir", required_argument, NULL, O_VARDIR},
        {"confdir", required_argument, NULL, O_CONFDIR},
        {"sharedir", required_argument, NULL, O_SHAREDIR},
        {"root", required_argument, NULL, O_ROOT},
        {"build-dir", required_argument, NULL, O_BUILD_DIR},
        {"repo-dups", required_argument, NULL, O_DUPS},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    /* the defaults mcomp uses: CONFDIR/code/modules is its base module path */
    char *default_confdir = util_default_confdir();
    const char *modulepath = arena_printf(&A, "%s/code/modules", default_confdir);
    o.build_dir = ".";
    o.dups = "ignore";
    o.confdir = arena_strdup(&A, default_confdir);
    free(default_confdir);
    o.sharedir = "/usr/share/mpm";
    int ch;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, ":yfvhV", longopts, NULL)) != -1) {
        switch (ch) {
        case 'y': o.yes = 1; break;
        case 'f': o.force = 1; break;
        case 'v': o.verbose = 1; break;
        case O_MODULEPATH: modulepath = optarg; break;
        case O_VARDIR: o.vardir = optarg; break;
        case O_CONFDIR: o.confdir = optarg; break;
        case O_SHAREDIR: o.sharedir = optarg; break;
        case O_ROOT: o.root = optarg; break;
        case O_BUILD_DIR: o.build_dir = optarg; break;
        case O_DUPS: o.dups = optarg; break;
        case 'h': usage(stdout); return 0;
        case 'V': puts("mpm 0.1"); return 0;
        default: util_getopt_error(ch, argv, longopts); return 2;
        }
    }
    Buf err = BUF_INIT;
    if (rootfs_init(o.root, &err) != 0) return fail_buf(&err);
    const char *colon = strchr(modulepath, ':');
    const char *first = colon ? arena_strndup(&A, modulepath, (size_t)(colon - modulepath)) : modulepath;
    if (!*first) return fail("--modulepath: the first entry is empty");
    char *home_vardir = NULL;
    if (!o.vardir) o.vardir = home_vardir = util_default_vardir();
    o.modulepath = modulepath;
    o.moddir = system_path(first);
    o.vardir = system_path(o.vardir);
    o.confdir = system_path(o.confdir);
    o.sharedir = system_path(o.sharedir);
    o.dbpath = arena_printf(&A, "%s/mpm/packages.db", o.vardir);
    o.cachedir = arena_printf(&A, "%s/mpm/cache", o.vardir);
    int rc = run(argv + optind, argc - optind);
    pkgdb_close(db);
    free(home_vardir);
    rootfs_fini();
    arena_free(&A);
    if (fflush(stdout) != 0 && !rc) rc = fail("mpm: cannot write the output");
    return rc;
}
