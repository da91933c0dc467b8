/*
 * change.c - mpm's install and remove transactions: a run's packages
 * changed as one group (staged, synced, swapped, settled), and the
 * recovery every command runs after a killed one.
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
#define _GNU_SOURCE   /* syncfs */
#include "pkg/formula.h"
#include "pkg/pkgdb.h"
#include "pkg/repo.h"
#include "pkg/spmfile.h"
#include "pkg/states.h"
#include "base/intent.h"
#include "base/rootfs.h"
#include "base/sha256.h"
#include "base/map.h"
#include "base/util.h"
#include "types/passwd.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "pkg/mpmint.h"

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

int mpm_sys_rename(const char *from, const char *to)
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

int mpm_sys_write(const char *path, const char *data, size_t len, mode_t mode)
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

int mpm_sys_read(const char *path, Buf *out) { return rootfs_read_file(path, O_CLOEXEC, out); }

/* The SHA-256 of a regular file, in hex; "" when it is missing or not a
 * regular file. */
void mpm_sys_sum(const char *path, char out[65])
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
const char *mpm_tmp_beside(const char *path)
{
    const char *slash = strrchr(path, '/');
    return arena_printf(&A, "%.*s/.%s.mpm-new", (int)(slash - path), path, slash + 1);
}

/* ---- the database, and what a killed mpm left ---- */

sqlite3 *mpm_db;
static const char *normal(const char *path);

static int txn(const char *sql)
{
    Buf err = BUF_INIT;
    if (pkgdb_exec(mpm_db, sql, &err) != 0) return mpm_fail_buf(&err);
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
    PkgPending *p = pkgdb_pending(mpm_db, &A, &np);
    PkgJournal *j = pkgdb_journal(mpm_db, &A, &nj);
    /* the records of this run's module directory and of those the pending
     * changes were made in (an anchor's directory), locked */
    const char **mdirs = arena_alloc(&A, (np + 2) * sizeof *mdirs);
    int *mfd = arena_alloc(&A, (np + 2) * sizeof *mfd), *ifd = arena_alloc(&A, (np + 2) * sizeof *ifd);
    size_t nm = 0;
    mdirs[nm++] = mpm_opt.moddir;
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
                rc = mpm_fail("Cannot install %s%s: %s", rootfs_prefix(), p[q].root, strerror(errno));
    }
    sync_dirs(&dirs);   /* 2. durable before the rows say so */
    map_free(&dirs);
    if (rc || txn("BEGIN IMMEDIATE") != 0) {
        rc = 1;
        goto done;
    }
    Buf err = BUF_INIT;
    for (size_t i = 0; i < np && !rc; i++)   /* 3. the rows */
        if ((i == 0 || strcmp(p[i].package, p[i - 1].package)) && pkgdb_settle(mpm_db, p[i].package, is_new[i], &err) != 0)
            rc = mpm_fail_buf(&err);
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
int mpm_open_db(int mode)
{
    Buf err = BUF_INIT;
    int rc = pkgdb_open(mpm_opt.dbpath, mode, &mpm_db, &err);
    if (rc < 0) { mpm_fail_buf(&err); return -1; }
    buf_free(&err);
    if (rc == 1) return 1;
    if (rc == 2) return 0;
    if (mode == PKGDB_READ) {
        size_t np, nj;
        pkgdb_pending(mpm_db, &A, &np);
        pkgdb_journal(mpm_db, &A, &nj);
        if (!np && !nj) return 0;
        if (pkgdb_lock_writer(&err) != 0) { mpm_fail_buf(&err); return -1; }
    }
    if (recover() != 0 && mode != PKGDB_READ) return -1;   /* (a reader reads what is there) */
    if (mode == PKGDB_READ && pkgdb_refresh(mpm_db, &err) != 0) { mpm_fail_buf(&err); return -1; }
    return 0;
}

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
            return arena_printf(&A, "%s/%s/%s", mpm_opt.sharedir, f->name, m->rel);
    if (strcmp(f->top_level_dir, f->name)) {
        size_t tl = strlen(f->top_level_dir);
        if (strncmp(m->rel, f->top_level_dir, tl) || (m->rel[tl] && m->rel[tl] != '/')) return NULL;
        return arena_printf(&A, "%s/%s", mpm_opt.moddir, m->rel);
    }
    return *m->rel ? arena_printf(&A, "%s/%s/%s", mpm_opt.moddir, f->name, m->rel) : arena_printf(&A, "%s/%s", mpm_opt.moddir, f->name);
}

void mpm_plan_dests(Plan *p)
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
        mpm_fail("Cannot create %s%s: %s", rootfs_prefix(), s->tmp, strerror(errno));
        return -1;
    }
    const char *leaf;
    int pfd = rootfs_parent(s->tmp, &leaf);
    if (pfd < 0 || mkdirat(pfd, leaf, root_mode) != 0 || fchmodat(pfd, leaf, root_mode, 0) != 0) {
        mpm_fail("Cannot create %s%s: %s", rootfs_prefix(), s->tmp, strerror(errno));
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
            mpm_fail("Cannot create %s%s: %s", rootfs_prefix(), dir, strerror(errno));
            return -1;
        }
        made = dir;
        if (!m->is_dir && mpm_sys_write(sp, m->data, m->size, m->mode & 0755) != 0) {
            mpm_fail("Cannot write %s%s: %s", rootfs_prefix(), sp, strerror(errno));
            return -1;
        }
        if (owner.set && sys_chown(sp) != 0) {
            mpm_fail("Cannot give %s%s to %s:%s (spm_uid, spm_gid): %s", rootfs_prefix(), p->dest[i], owner.uname,
                 owner.gname, strerror(errno));
            return -1;
        }
    }
    int tfd = rootfs_open(s->tmp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, 0);
    int rfd = existed ? rootfs_open(s->root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, 0) : -1;
    int rc = tfd < 0 || (existed && (rfd < 0 || carry(rfd, tfd, s->root, c) != 0)) ? -1 : 0;
    if (!rc && existed && geteuid() == 0 && !members) rc = fchown(tfd, st.st_uid, st.st_gid);
    if (rc) mpm_fail("Cannot copy what stays of %s%s: %s", rootfs_prefix(), s->root, strerror(errno));
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
    const char *m = normal(mpm_opt.moddir), *d = normal(dir);
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
        if (mpm_opt.verbose) fprintf(stderr, "%s%s%.*s%s\n", before, rootfs_prefix(), (int)(e - s), s, after);
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
    PkgRow *row = pkgdb_info(mpm_db, &A, ch->name);
    const char *old_tld = NULL;
    if (row && row->formula) {
        Formula *of = formula_parse(&A, row->formula, strlen(row->formula), FORMULA_INSTALL, &err);
        if (of) old_tld = of->top_level_dir;
    }
    buf_free(&err);
    memset(&ch->c, 0, sizeof ch->c);
    map_init(&ch->c.rec);
    size_t nold = 0;
    PkgFileRow *old = row ? pkgdb_files(mpm_db, &A, ch->name, &nold) : NULL;
    for (size_t i = 0; i < nold; i++) map_put(&ch->c.rec, old[i].path, strlen(old[i].path), (void *)old[i].sum);
    const char *roots[3] = {ch->p ? arena_printf(&A, "%s/%s", mpm_opt.moddir, ch->p->pkg.f->top_level_dir) : NULL,
                            old_tld ? arena_printf(&A, "%s/%s", mpm_opt.moddir, old_tld) : NULL,
                            arena_printf(&A, "%s/%s", mpm_opt.sharedir, ch->name)};
    ch->ns = 0;
    for (int i = 0; i < 3; i++) {
        if (!roots[i] || (i == 1 && roots[0] && !strcmp(roots[0], roots[1]))) continue;
        ch->st[ch->ns] = (Stage){roots[i], mpm_tmp_beside(roots[i]), arena_printf(&A, "%s.mpm-old", roots[i]), i == 2, 0, 0};
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
    if (rootfs_mkdirs(mpm_opt.moddir, 0755) != 0 ||
        (mfd = rootfs_open(mpm_opt.moddir, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)) < 0) {
        mpm_fail("Cannot create %s%s: %s", rootfs_prefix(), mpm_opt.moddir, strerror(errno));
        goto out;
    }
    /* 1. the trees about to be made, so that a kill leaves no garbage */
    if (txn("BEGIN IMMEDIATE") != 0) goto out;
    int bad = 0;
    for (size_t k = 0; k < n && !bad; k++)
        for (size_t i = 0; i < cs[k].ns && !bad; i++)
            bad = pkgdb_journal_add(mpm_db, 't', cs[k].name, cs[k].st[i].root, cs[k].st[i].tmp, NULL, &err) != 0 ||
                  pkgdb_journal_add(mpm_db, 't', cs[k].name, cs[k].st[i].root, cs[k].st[i].old_tmp, NULL, &err) != 0;
    if (bad) {
        txn("ROLLBACK");
        mpm_fail_buf(&err);
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
        bad = p && pkgdb_register(mpm_db, p->pkg.f, &err) != 0;
        for (size_t i = 0; p && i < p->pkg.n && !bad; i++) {
            if (!p->dest[i]) continue;
            const SpmMember *m = &p->pkg.m[i];
            char sum[65] = "";
            if (!m->is_dir) sha256_hex(m->data, m->size, sum);
            bad = pkgdb_register_file(mpm_db, name, p->dest[i], m->size, m->mode, sum, (long long)m->mtime, m->is_dir,
                                      owner.uname, owner.gname, &err) ||
                  (!m->is_dir && pkgdb_disown(mpm_db, name, p->dest[i], &err));
        }
        int anchor = 1;
        for (size_t i = 0; i < cs[k].ns && !bad; i++) {
            const Stage *s = &cs[k].st[i];
            if (!cs[k].built[i]) continue;
            bad = pkgdb_pending_add(mpm_db, name, s->root, s->tmp, s->old_tmp, s->dev, s->ino, anchor, &err);
            const char *dir = arena_strndup(&A, s->root, (size_t)(strrchr(s->root, '/') - s->root));
            map_put(&dirs, dir, strlen(dir), (void *)"");
            steps[nsteps++] = (IntentStep){name, from_moddir(dir), strrchr(s->root, '/') + 1, strrchr(s->tmp, '/') + 1,
                                           strrchr(s->old_tmp, '/') + 1, s->dev, s->ino, anchor};
            anchor = 0;
        }
        if (!bad && anchor) bad = pkgdb_settle(mpm_db, name, 1, &err);   /* nothing on disk changes */
    }
    if (bad) {
        txn("ROLLBACK");
        mpm_fail_buf(&err);
        recover();
        goto out;
    }
    if (txn("COMMIT") != 0) { recover(); goto out; }
    /* 4. the intent record, then everything made so far on disk, synced:
     * one syncfs per file system the group writes to */
    if (nsteps && (ifd = intent_write(mfd, steps, nsteps)) < 0) {
        mpm_fail("Cannot write %s%s/%s: %s", rootfs_prefix(), mpm_opt.moddir, INTENT_FILE, strerror(errno));
        recover();
        goto out;
    }
    if (nsteps) map_put(&dirs, mpm_opt.moddir, strlen(mpm_opt.moddir), (void *)"");   /* (the record's) */
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
                mpm_fail("Cannot %s %s%s: %s", cs[k].p ? "install" : "remove", rootfs_prefix(), s->root, strerror(errno));
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
int mpm_check_existing(Plan *p)
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
            const char *sum = NULL, *owner_pkg = pkgdb_owner(mpm_db, &A, p->dest[i], &sum);
            int own = owner_pkg && !strcmp(owner_pkg, p->pkg.f->name);
            if (own) {
                char now[65];
                mpm_sys_sum(p->dest[i], now);
                own = sum && !strcmp(now, sum);
            }
            in_way = !own && !mpm_opt.force;
        }
        if (in_way) buf_printf(&list, "%s%s\n", rootfs_prefix(), p->dest[i]);
    }
    if (!list.len) return 0;
    list.s[--list.len] = 0;
    mpm_fail("Not installing %s due to existing files:\n\n%s", p->pkg.f->name, list.s);
    buf_free(&list);
    return 1;
}

/* Runs a pre or post state; 0 ok. */
static int run_state(const char *what, const Formula *f, const char *text)
{
    Buf mp = BUF_INIT;
    const char *p = mpm_opt.modulepath;
    while (*p) {   /* every entry, as a path of the managed system */
        const char *e = strchr(p, ':');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        if (n) buf_printf(&mp, "%s%s", mp.len ? ":" : "", mpm_system_path(arena_strndup(&A, p, n)));
        p += n + (e != NULL);
    }
    StateEnv env = {arena_strdup(&A, buf_cstr(&mp)), mpm_opt.root, arena_printf(&A, "%s%s", rootfs_prefix(), mpm_opt.vardir)};
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
int mpm_install_group(Plan *ps, size_t n)
{
    Change *cs = arena_alloc(&A, (n + 1) * sizeof *cs);
    for (size_t i = 0; i < n; i++) {
        const Formula *f = ps[i].pkg.f;
        printf("... installing %s\n", f->name);
        fflush(stdout);
        if (f->pre_local_state && run_state("pre_local_state", f, f->pre_local_state) != 0)
            return mpm_fail("Not installing %s: its pre_local_state failed", f->name);
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
            mpm_fail("%s is installed, but its post_local_state failed", f->name);
            rc = 2;
        }
    }
    return rc;
}

int mpm_confirm(const char *what, Plan *plans, const char **names, size_t n)
{
    if (mpm_opt.yes) return 0;
    printf("%s packages:\n", what);
    for (size_t i = 0; i < n; i++) printf("\t%s\n", plans ? plans[i].pkg.f->name : names[i]);
    printf("\nProceed? [N/y] ");
    fflush(stdout);
    char line[64] = "";
    if (!fgets(line, sizeof line, stdin) || (line[0] != 'y' && line[0] != 'Y')) {
        if (!strchr(line, '\n')) putchar('\n');
        return mpm_fail("canceled");
    }
    return 0;
}

/* ---- remove ---- */

int mpm_cmd_remove(char **args, int nargs)
{
    if (!nargs) return mpm_fail("A package must be specified");
    int rc = mpm_open_db(PKGDB_WRITE);
    if (rc < 0) return 1;
    if (rc == 1) return mpm_fail("No database at %s%s, cannot remove %s", rootfs_prefix(), mpm_opt.dbpath, args[0]);
    for (int i = 0; i < nargs; i++)
        if (!pkgdb_info(mpm_db, &A, args[i])) return mpm_fail("Package %s not installed", args[i]);
    if (mpm_confirm("Removing", NULL, (const char **)args, (size_t)nargs) != 0) return 1;
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

/* CONFDIR/mpm.conf: SPM's spm_uid and spm_gid (a number, or a name of
 * the managed system's /etc/passwd or /etc/group), the owner of every
 * file and directory an install writes; without them nothing is changed
 * (files belong to whoever runs mpm).  The database records the names. */
int mpm_load_settings(void)
{
    const char *file = arena_printf(&A, "%s/mpm.conf", mpm_opt.confdir);
    Buf text = BUF_INIT, err = BUF_INIT;
    const char **keys = NULL, **vals = NULL;
    size_t n = 0;
    if (mpm_sys_read(file, &text) == 0 &&
        repo_parse_settings(&A, file, buf_cstr(&text), text.len, &keys, &vals, &n, &err) != 0) {
        buf_free(&text);
        return mpm_fail_buf(&err);
    }
    buf_free(&text);
    PwDb pw = PWDB_INIT;
    if (pw_load(&pw, mpm_opt.root, PW_PASSWD | PW_GROUP, &err) != 0) {
        pw_free(&pw);
        return mpm_fail_buf(&err);
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
                rc = mpm_fail("%s%s: %s: no %s named %s", rootfs_prefix(), file, keys[i], is_uid ? "user" : "group", vals[i]);
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
