/*
 * disk.c - the file type's operations on the managed system's files.
 * Every path here is the managed system's ("/etc/x"), opened through
 * base/rootfs: the directory holding it is resolved by the kernel inside
 * the root, and the last component is worked on relative to that
 * directory's fd with the *at() calls and O_NOFOLLOW, so neither "..", nor
 * a symlink in the root (there before, or made by this run) leads out.
 * Replacements go through a temporary file beside the path (Tmp), made
 * with its final mode and owner, fsynced, then renamed over it; links the
 * same way.  Temporary files a killed run left behind are swept before a
 * run makes its own in a directory.
 *
 * Group commit: fsync per file plus one per directory is what a first run
 * spends its time on, so a plain file's write may be deferred (see
 * file_tmp_defer): its temporary file is written without fsync and kept;
 * when the transaction flushes the batch (before anything that could see
 * the files, and at the end) the data of them all is made durable at once
 * (one syncfs per filesystem), then each is renamed into place in walk
 * order, then each distinct directory is fsynced once.  Data is durable
 * before the rename that exposes it, so a kill or a power cut at any
 * moment leaves every file wholly old or wholly new, and at worst
 * temporary files that the next run sweeps.  A file that depends on
 * deferred ones may join their batch when its whole change is such a
 * write (file_joinable: a new file in a directory that is there); its
 * rename comes after theirs, and is dropped when one of them failed.
 */
#define _GNU_SOURCE
#include "types/file/internal.h"
#include "base/atomic.h"
#include "base/rootfs.h"
#include "base/util.h"
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- files ---------------------------------------------------------- */

FType file_ftype_of(const struct stat *st)
{
    if (S_ISREG(st->st_mode)) return FT_FILE;
    if (S_ISDIR(st->st_mode)) return FT_DIRECTORY;
    if (S_ISLNK(st->st_mode)) return FT_LINK;
    return FT_OTHER;
}

const char *file_ftype_name(FType t, const struct stat *st)
{
    switch (t) {
    case FT_ABSENT: return "absent";
    case FT_FILE: return "file";
    case FT_DIRECTORY: return "directory";
    case FT_LINK: return "link";
    case FT_OTHER: break;
    }
    if (S_ISFIFO(st->st_mode)) return "fifo";
    if (S_ISSOCK(st->st_mode)) return "socket";
    if (S_ISCHR(st->st_mode)) return "characterSpecial";
    if (S_ISBLK(st->st_mode)) return "blockSpecial";
    return "unknown";
}

/* Every path below is the managed system's ("/etc/x"), opened through
 * base/rootfs: the directory holding it is resolved by the kernel inside
 * the root, and the last component is worked on relative to that
 * directory's fd with the *at() calls and O_NOFOLLOW, so neither "..", nor
 * a symlink in the root (there before, or made by this run) leads out. */

/* Closes fd keeping errno. */
void file_close_keep(int fd)
{
    int e = errno;
    if (fd >= 0)
        close(fd);
    errno = e;
}

/* Reads the regular file at path (never through a link at the end) into
 * out; -1 (errno). */
int file_read_path(const char *path, Buf *out)
{
    return rootfs_read_file(path, O_NOFOLLOW | O_NONBLOCK, out);
}

/* rm -rf of name in the directory dfd: directories are opened with
 * O_NOFOLLOW and emptied through their own fd, links are removed, never
 * followed. */
static int remove_at(int dfd, const char *name)
{
    struct stat st;
    if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return -1;
    if (!S_ISDIR(st.st_mode))
        return unlinkat(dfd, name, 0);
    int fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    if (!d) {
        file_close_keep(fd);
        return -1;
    }
    int rc = 0;
    for (struct dirent *e; rc == 0 && (e = readdir(d));)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            rc = remove_at(dirfd(d), e->d_name);
    int e = errno;
    closedir(d);
    errno = e;
    return rc ? -1 : unlinkat(dfd, name, AT_REMOVEDIR);
}

/* rm -rf of path in the root. */
int file_remove_tree(const char *path)
{
    const char *leaf;
    int dfd = rootfs_parent(path, &leaf);
    if (dfd < 0)
        return -1;
    int rc = remove_at(dfd, leaf);
    file_close_keep(dfd);
    return rc;
}

/* unlink of path in the root (not a directory). */
int file_unlink_path(const char *path)
{
    const char *leaf;
    int dfd = rootfs_parent(path, &leaf);
    if (dfd < 0)
        return -1;
    int rc = unlinkat(dfd, leaf, 0);
    file_close_keep(dfd);
    return rc;
}

/* lchown of path in the root (-1: leave that id). */
int file_chown_path(const char *path, long uid, long gid)
{
    const char *leaf;
    int dfd = rootfs_parent(path, &leaf);
    if (dfd < 0)
        return -1;
    int rc = fchownat(dfd, leaf, (uid_t)uid, (gid_t)gid, AT_SYMLINK_NOFOLLOW);
    file_close_keep(dfd);
    return rc;
}

/* chmod of path in the root, which must not be a link: the inode is
 * opened O_PATH | O_NOFOLLOW and changed through /proc/self/fd (fchmod
 * refuses O_PATH descriptors); without /proc, by name in its directory. */
int file_chmod_path(const char *path, mode_t mode)
{
    const char *leaf;
    int dfd = rootfs_parent(path, &leaf);
    if (dfd < 0)
        return -1;
    int fd = openat(dfd, leaf, O_PATH | O_NOFOLLOW | O_CLOEXEC), rc = -1;
    struct stat st;
    if (fd >= 0 && fstat(fd, &st) == 0) {
        if (S_ISLNK(st.st_mode)) {
            errno = ELOOP;
        } else {
            char proc[64];
            snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
            rc = chmod(proc, mode);
            if (rc != 0 && errno == ENOENT)
                rc = fchmodat(dfd, leaf, mode, 0);
        }
    }
    file_close_keep(fd);
    file_close_keep(dfd);
    return rc;
}

/* readlink of path (in the root when base is -1, else below base: see
 * file_space_open) into buf, NUL-terminated; the length or -1. */
static int space_parent(int base, const char *path, const char **leaf);
ssize_t file_readlink_in(int base, const char *path, char *buf, size_t n)
{
    const char *leaf;
    int dfd = space_parent(base, path, &leaf);
    ssize_t k = dfd < 0 ? -1 : readlinkat(dfd, leaf, buf, n - 1);
    file_close_keep(dfd);
    buf[k < 0 ? 0 : k] = '\0';
    return k;
}

/* ---- sources' spaces ------------------------------------------------ */

/* A source path lives in one of two spaces: base -1 is the managed system
 * (an absolute path resolved in the root, links followed inside it), else
 * base is the fd of a module's files/ directory and the path is below it,
 * which no "..", absolute link or link pointing out may leave. */
int file_space_open(int base, const char *path, int flags)
{
    return base < 0 ? rootfs_open(path, flags, 0) : rootfs_open_beneath(base, path, flags, 0);
}

/* The directory holding path in its space (O_PATH; close it) and path's
 * last component in *leaf. */
static int space_parent(int base, const char *path, const char **leaf)
{
    if (base < 0)
        return rootfs_parent(path, leaf);
    const char *slash = strrchr(path, '/');
    *leaf = slash ? slash + 1 : path;
    char *dir = xstrndup(path, slash ? (size_t)(slash - path) : 0);
    int fd = rootfs_open_beneath(base, dir, O_PATH | O_DIRECTORY, 0);
    int e = errno;
    free(dir);
    errno = e;
    return fd;
}

/* ---- stale temporary files ------------------------------------------ */

/* A run killed between writing a temporary file and renaming it leaves
 * ".NAME.mapply.PID.XXXXXX" (a file) or ".NAME.mapply.PID.N" (a link)
 * behind.  Before the first temporary file a run makes in a directory, and
 * before it lists a directory it manages recursively, it removes the stale
 * ones there: exactly that pattern, a regular file or a symlink, owned by
 * the running user, modified before this run started to sweep, and whose
 * PID names no live process (kill(PID, 0) fails with ESRCH; a reused PID
 * keeps the file, the safe side).  Runs hold the run lock, so no other
 * mapply run of this root is between its write and its rename.  Each
 * directory is swept once per run. */

/* 1 when name is ".NAME.mapply.PID.SUFFIX" (NAME non-empty, SUFFIX six
 * characters of mkstemp's alphabet or a decimal counter); *pid set. */
static int stale_name(const char *name, long *pid)
{
    const char *m = strstr(name, ".mapply.");
    if (name[0] != '.' || !m || m == name + 1)
        return 0;
    while (strstr(m + 1, ".mapply."))      /* NAME may itself hold ".mapply." */
        m = strstr(m + 1, ".mapply.");
    const char *p = m + 8, *q = p;
    while (*q >= '0' && *q <= '9') q++;
    if (q == p || q - p > 10 || *q != '.' || *p == '0')
        return 0;
    const char *sfx = q + 1;
    size_t n = strlen(sfx), digits = strspn(sfx, "0123456789"), alnum = 0;
    for (const char *c = sfx; *c && (isalnum((unsigned char)*c)); c++) alnum++;
    if (!(n == 6 && alnum == 6) && !(n && digits == n && n <= 10))
        return 0;
    *pid = strtol(p, NULL, 10);
    return 1;
}

void file_sweep_stale(const char *dir)
{
    static struct timespec start;
    static char **seen;
    static size_t nseen, capseen;
    if (!start.tv_sec)
        clock_gettime(CLOCK_REALTIME, &start);
    size_t h = 5381;
    for (const char *c = dir; *c; c++) h = h * 33 + (unsigned char)*c;
    if (nseen * 2 >= capseen) {                /* open addressing, rebuilt at half full */
        size_t ncap = capseen ? 2 * capseen : 64;
        char **nv = xcalloc(ncap, sizeof *nv);
        for (size_t i = 0; i < capseen; i++) {
            if (!seen[i]) continue;
            size_t g = 5381;
            for (const char *c = seen[i]; *c; c++) g = g * 33 + (unsigned char)*c;
            size_t j = g & (ncap - 1);
            while (nv[j]) j = (j + 1) & (ncap - 1);
            nv[j] = seen[i];
        }
        free(seen);
        seen = nv, capseen = ncap;
    }
    size_t j = h & (capseen - 1);
    for (; seen[j]; j = (j + 1) & (capseen - 1))
        if (!strcmp(seen[j], dir))
            return;
    seen[j] = xstrndup(dir, strlen(dir));
    nseen++;
    int fd = rootfs_open(dir[0] ? dir : "/", O_RDONLY | O_DIRECTORY, 0);
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    if (!d) {
        file_close_keep(fd);
        return;
    }
    for (struct dirent *e; (e = readdir(d));) {
        long pid;
        struct stat st;
        if (!stale_name(e->d_name, &pid) || pid == (long)getpid())
            continue;
        if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
            !(S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)) || st.st_uid != geteuid())
            continue;
        if (st.st_mtim.tv_sec > start.tv_sec ||
            (st.st_mtim.tv_sec == start.tv_sec && st.st_mtim.tv_nsec >= start.tv_nsec))
            continue;
        if (pid > INT32_MAX || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        unlinkat(dirfd(d), e->d_name, 0);
    }
    closedir(d);
}

/* The directory part of path (without its last slash) swept. */
static void sweep_beside(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return;
    char *dir = xstrndup(path, (size_t)(slash - path));
    file_sweep_stale(dir);
    free(dir);
}

/* Removes the temporary file, if any is left. */
void file_tmp_drop(Tmp *tmp)
{
    if (tmp->dfd >= 0 && tmp->name.len) {
        int e = errno;
        unlinkat(tmp->dfd, tmp->name.s, 0);
        errno = e;
    }
    buf_clear(&tmp->name);
}

void file_tmp_free(Tmp *tmp)
{
    if (tmp->batch_dir < 0)
        file_close_keep(tmp->dfd);
    tmp->dfd = tmp->batch_dir = -1;
    buf_free(&tmp->name);
    buf_free(&tmp->leaf);
    buf_free(&tmp->shown);
}

/* Opens the directory of path into tmp and sweeps it of stale temporary
 * files; -1 (errno). */
static int tmp_dir(const char *path, Tmp *tmp)
{
    const char *leaf;
    file_tmp_free(tmp);
    sweep_beside(path);
    tmp->dfd = rootfs_parent(path, &leaf);
    if (tmp->dfd < 0)
        return -1;
    buf_adds(&tmp->leaf, leaf);
    return 0;
}

/* The temporary names' prefix, ".NAME.mapply.PID.", into out. */
static void tmp_prefix(const Tmp *tmp, Buf *out)
{
    static long pid;            /* the run's: no process it starts writes files */
    char digits[24];
    size_t n = 0;
    if (!pid)
        pid = (long)getpid();
    for (long v = pid; v; v /= 10) digits[n++] = (char)('0' + v % 10);
    buf_clear(out);
    buf_addc(out, '.');
    buf_add(out, tmp->leaf.s, tmp->leaf.len);
    buf_add(out, ".mapply.", 8);
    while (n) buf_addc(out, digits[--n]);
    buf_addc(out, '.');
}

/* Sets tmp->shown, the temporary file's path on the managed system. */
static void tmp_shown(const char *path, Tmp *tmp)
{
    const char *slash = strrchr(path, '/');
    buf_clear(&tmp->shown);
    buf_add(&tmp->shown, path, slash ? (size_t)(slash - path) : 0);
    buf_addc(&tmp->shown, '/');
    buf_add(&tmp->shown, tmp->name.s, tmp->name.len);
}

/* The process's umask, read once (mapply never changes its own). */
static mode_t run_umask(void)
{
    static int known;
    static mode_t mask;
    if (!known) {
        mask = umask(0);
        umask(mask);
        known = 1;
    }
    return mask;
}

static int batch_dir_of(const char *path, Tmp *tmp);

/* Writes data to a new temporary file next to path (see Tmp), with its
 * final mode and owner set before the first byte (uid/gid -1: leave;
 * lenient: an EPERM from fchown is ignored, as when keeping the owner of a
 * file being replaced), fsynced and closed.  Returns 0, or -1 with errno
 * set and nothing left behind.  A write for the batch (sync 0) in a
 * directory the batch already holds uses the batch's fd for it: one open
 * of a directory per batch, not per file. */
int file_tmp_write(const char *path, const char *data, size_t len, unsigned mode, long uid, long gid,
                     int lenient, int sync, Tmp *tmp)
{
    if (!(sync == 0 && batch_dir_of(path, tmp) == 0) && tmp_dir(path, tmp) != 0)
        return -1;
    tmp_prefix(tmp, &tmp->name);
    int chown = (uid >= 0 && (uid_t)uid != geteuid()) || (gid >= 0 && (gid_t)gid != getegid());
    /* made with its mode when the umask takes nothing from it and no
     * chown comes first; else private, then chowned and chmodded */
    int direct = !chown && !(mode & ~0777u) && !(mode & run_umask());
    int fd = atomic_temp_at(tmp->dfd, O_WRONLY, direct ? (mode_t)mode : 0600, &tmp->name);
    if (fd < 0) {
        buf_clear(&tmp->name);
        return -1;
    }
    tmp_shown(path, tmp);
    /* the owner first: a chown clears the setuid and setgid bits */
    if (chown && fchown(fd, (uid_t)uid, (gid_t)gid) != 0 && !(lenient && errno == EPERM))
        goto fail;
    if (!direct && fchmod(fd, mode) != 0)
        goto fail;
    if (atomic_fill_sync(fd, data, len, sync) != 0) {
        fd = -1;
        goto fail;
    }
    return 0;
fail:
    file_close_keep(fd);
    file_tmp_drop(tmp);
    return -1;
}

/* Renames the temporary file over its path, durably; -1 (errno, the
 * temporary file removed). */
int file_tmp_commit(Tmp *tmp)
{
    if (renameat(tmp->dfd, tmp->name.s, tmp->dfd, tmp->leaf.s) != 0) {
        file_tmp_drop(tmp);
        return -1;
    }
    buf_clear(&tmp->name);
    atomic_sync_dir(tmp->dfd, ".");
    return 0;
}

/* Points path at target atomically (symlinkat to a temporary name,
 * lchown, renameat). */
int file_atomic_symlink(const char *target, const char *path, long uid, long gid)
{
    Tmp tmp = TMP_INIT;
    int rc = -1;
    if (tmp_dir(path, &tmp) != 0)
        goto out;
    for (unsigned i = 0;; i++) {
        tmp_prefix(&tmp, &tmp.name);
        buf_printf(&tmp.name, "%u", i);
        tmp_shown(path, &tmp);
        if (symlinkat(target, tmp.dfd, tmp.name.s) == 0)
            break;
        if (errno != EEXIST || i > 100) {
            buf_clear(&tmp.name);
            goto out;
        }
    }
    if ((uid >= 0 || gid >= 0) &&
        fchownat(tmp.dfd, tmp.name.s, (uid_t)uid, (gid_t)gid, AT_SYMLINK_NOFOLLOW) != 0) {
        file_tmp_drop(&tmp);
        goto out;
    }
    rc = file_tmp_commit(&tmp);
out:
    file_tmp_free(&tmp);
    return rc;
}

/* ---- group commit --------------------------------------------------- */

/* A deferred write: its temporary file, and how to report its failure
 * (Puppet's lines for the step that failed: "<pre><strerror><post>", bare,
 * with a "Wrapped exception" line when wrapped, then the property's
 * failure from -> to). */
typedef struct Pending {
    TxRes *t;
    size_t dir;              /* index in batch.dirs */
    char *name, *leaf;       /* the temporary file, the name it gets */
    const char *prop;        /* a string literal: the failure's event keeps it */
    char *from, *to, *pre, *post, *wrapped_post;
    int err;                 /* at the flush: 0, or the errno that failed it */
} Pending;

/* The directories of the batch, each once: an O_PATH fd and its path. */
typedef struct BatchDir { int fd; char *path; int renamed; } BatchDir;

enum { BATCH_DIRS = 256 };   /* directory fds held at once, at most */

static struct {
    Pending *v;
    size_t n, cap;
    BatchDir dirs[BATCH_DIRS];
    size_t ndirs;
} batch;

/* When the open batch holds path's directory: tmp borrows its fd (no
 * open, no sweep: the batch's first file there swept it) and leaf is set;
 * 0.  Else -1 and tmp is as it was. */
static int batch_dir_of(const char *path, Tmp *tmp)
{
    const char *slash = strrchr(path, '/');
    if (!slash || !slash[1])
        return -1;
    size_t dlen = (size_t)(slash - path) + 1;     /* a batch directory's path ends in '/' */
    static size_t hint;                           /* the one the last file was in */
    for (size_t k = 0; k < batch.ndirs; k++) {
        size_t d = (hint + k) % batch.ndirs;
        if (!strncmp(batch.dirs[d].path, path, dlen) && !batch.dirs[d].path[dlen]) {
            file_tmp_free(tmp);
            tmp->dfd = batch.dirs[d].fd;
            tmp->batch_dir = (int)d;
            buf_adds(&tmp->leaf, slash + 1);
            hint = d;
            return 0;
        }
    }
    return -1;
}

int file_can_defer(Out *o, const FileSpec *f)
{
    return !o->child && !f->is_child && batch.ndirs < BATCH_DIRS && tx_batching(o->t);
}

/* 1 when f, joined to the open batch (tx_joined), can be created there
 * without looking at anything the batch may still change: a plain new
 * file (no owner or group to look up in the root's passwd, no source or
 * validate_cmd), its path absent, its directory there, the batch with
 * room for it.  Anything else (replacing or backing up a file, a mode or
 * owner change, a directory or link) settles the batch first. */
int file_joinable(Out *o, const FileSpec *f)
{
    if ((f->ensure != EN_FILE && f->ensure != EN_PRESENT) || f->source || f->validate_cmd || f->owner || f->group
        || f->recurse != RC_NO || !file_can_defer(o, f))
        return 0;
    struct stat st;
    if (rootfs_lstat(f->path, &st) == 0 || errno != ENOENT)
        return 0;
    /* a directory the batch holds is there: a new file is all it has
     * seen made since it was opened */
    Tmp probe = TMP_INIT;
    if (batch_dir_of(f->path, &probe) == 0) {
        file_tmp_free(&probe);
        o->absent_seen = 1;
        return 1;
    }
    char *dir = xstrndup(f->path, strlen(f->path));
    char *slash = strrchr(dir, '/');
    if (slash)
        slash[slash == dir] = '\0';
    int ok = rootfs_stat(dir, &st) == 0 && S_ISDIR(st.st_mode);
    free(dir);
    o->absent_seen = ok;
    return ok;
}

static char *dup_s(const char *s) { return xstrndup(s ? s : "", s ? strlen(s) : 0); }

/* How the batch's data is made durable: "syncfs" (the default) or
 * "fsync" (a pool of threads, one fsync per file), from
 * MAPPLY_GROUP_SYNC. */
static int use_fsync_pool(void)
{
    const char *e = getenv("MAPPLY_GROUP_SYNC");
    return e && !strcmp(e, "fsync");
}

static void file_flush(void)
{
    size_t n = batch.n;
    int err = 0;
    if (n && use_fsync_pool()) {
        int *dfds = xmalloc(n * sizeof *dfds);
        char **names = xmalloc(n * sizeof *names);
        for (size_t i = 0; i < n; i++) {
            dfds[i] = batch.dirs[batch.v[i].dir].fd;
            names[i] = batch.v[i].name;
        }
        long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        if (atomic_fsync_many(dfds, names, n, cpus > 0 ? 4 * (int)cpus : 4) != 0)
            err = errno;
        free(dfds);
        free(names);
    } else if (n) {
        /* one syncfs per filesystem the batch's directories are on */
        dev_t *devs = xmalloc(batch.ndirs * sizeof *devs);
        size_t ndevs = 0;
        for (size_t d = 0; d < batch.ndirs && !err; d++) {
            struct stat st;
            if (fstat(batch.dirs[d].fd, &st) != 0) {
                err = errno;
                break;
            }
            size_t k = 0;
            while (k < ndevs && devs[k] != st.st_dev) k++;
            if (k < ndevs)
                continue;
            devs[ndevs++] = st.st_dev;
            if (atomic_sync_fs(batch.dirs[d].fd) != 0)
                err = errno;
        }
        free(devs);
    }
    /* in walk order (a dependent after its dependencies): a failed sync
     * fails them all (nothing renamed); a change whose resource a failed
     * dependency now skips is dropped; a failure is reported at once, so
     * that the dependents after it see it */
    for (size_t i = 0; i < n; i++) {
        Pending *p = &batch.v[i];
        BatchDir *d = &batch.dirs[p->dir];
        if (tx_defer_cancelled(p->t)) {
            unlinkat(d->fd, p->name, 0);
            continue;
        }
        p->err = err;
        if (!err && renameat(d->fd, p->name, d->fd, p->leaf) != 0)
            p->err = errno;
        if (p->err)
            unlinkat(d->fd, p->name, 0);
        else
            d->renamed = 1;
        if (p->err) {
            Buf msg = BUF_INIT;
            buf_printf(&msg, "%s%s%s", p->pre, strerror(p->err), p->post);
            tx_defer_failed(p->t);
            tx_log_plain(p->t, LL_ERR, "%s", msg.s);
            if (p->wrapped_post[0])
                tx_log_plain(p->t, LL_ERR, "%s\nWrapped exception:\n%s%s", msg.s, strerror(p->err), p->wrapped_post);
            tx_failed(p->t, p->prop, p->from, p->to, "%s", msg.s);
            buf_free(&msg);
        }
    }
    for (size_t d = 0; d < batch.ndirs; d++) {
        if (batch.dirs[d].renamed)
            atomic_sync_dir(batch.dirs[d].fd, ".");
        close(batch.dirs[d].fd);
        free(batch.dirs[d].path);
    }
    batch.ndirs = 0;
    for (size_t i = 0; i < n; i++) {
        Pending *p = &batch.v[i];
        free(p->name);
        free(p->leaf);
        free(p->from);
        free(p->to);
        free(p->pre);
        free(p->post);
        free(p->wrapped_post);
    }
    batch.n = 0;
}

void file_tmp_defer(Out *o, Tmp *tmp, const char *prop, const char *from, const char *to, const char *pre,
                    const char *post, const char *wrapped_post)
{
    size_t dlen = tmp->shown.len - tmp->name.len;   /* shown is "<dir>/<name>" */
    size_t d = tmp->batch_dir >= 0 ? (size_t)tmp->batch_dir : 0;
    if (tmp->batch_dir < 0)
        for (; d < batch.ndirs; d++)
            if (strlen(batch.dirs[d].path) == dlen && !memcmp(batch.dirs[d].path, tmp->shown.s, dlen))
                break;
    if (d == batch.ndirs) {
        batch.dirs[d] = (BatchDir){tmp->dfd, xstrndup(tmp->shown.s, dlen), 0};
        batch.ndirs++;
        tmp->dfd = -1;        /* the batch holds it now */
    }
    if (batch.n == batch.cap) {
        batch.cap = batch.cap ? 2 * batch.cap : 256;
        batch.v = xrealloc(batch.v, batch.cap * sizeof *batch.v);
    }
    batch.v[batch.n++] = (Pending){o->t, d, dup_s(tmp->name.s), dup_s(tmp->leaf.s), prop, dup_s(from),
                                   dup_s(to), dup_s(pre), dup_s(post), dup_s(wrapped_post), 0};
    buf_clear(&tmp->name);    /* no longer the caller's to drop */
    tx_defer(o->t, file_flush);
}
