/*
 * rootfs.c - the managed system's paths, resolved by the kernel inside the
 * root (see rootfs.h).  openat2() with RESOLVE_IN_ROOT treats the root fd as
 * "/" for the whole walk: "..", absolute and relative symlinks alike.  The
 * last component is left to the caller's *at() call on the parent's fd.
 */
#define _GNU_SOURCE
#include "base/rootfs.h"
#include "base/util.h"
#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static int root_fd = -1;
static char *root_dir;       /* "" for "/" */
static int confined;         /* a real --root: RESOLVE_IN_ROOT is needed */

/* openat2(), retried when the kernel saw a concurrent rename (EAGAIN). */
static int open2(int dirfd, const char *path, int flags, mode_t mode, unsigned long long resolve)
{
    struct open_how how;
    memset(&how, 0, sizeof how);
    how.flags = (unsigned long long)(flags | O_CLOEXEC);
    /* open_how refuses a mode without O_CREAT or O_TMPFILE */
    if (flags & (O_CREAT | __O_TMPFILE))
        how.mode = mode;
    how.resolve = resolve;
    for (int tries = 0;; tries++) {
        long fd = syscall(SYS_openat2, dirfd, path, &how, sizeof how);
        if (fd >= 0 || errno != EAGAIN || tries == 8)
            return (int)fd;
    }
}

int rootfs_init(const char *dir, Buf *err)
{
    rootfs_fini();
    if (!dir || !dir[0])
        dir = "/";
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/')
        n--;
    root_dir = xstrndup(dir, n);
    confined = strcmp(root_dir, "/") != 0;
    if (!confined)
        root_dir[0] = '\0';
    root_fd = open(confined ? root_dir : "/", O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (root_fd < 0) {
        buf_printf(err, "cannot open the root %s: %s", dir, strerror(errno));
        return -1;
    }
    if (confined && open2(root_fd, ".", O_PATH, 0, RESOLVE_IN_ROOT) < 0 && errno == ENOSYS) {
        buf_printf(err, "--root needs Linux 5.6 or later (openat2 with RESOLVE_IN_ROOT)");
        rootfs_fini();
        return -1;
    }
    return 0;
}

void rootfs_fini(void)
{
    if (root_fd >= 0)
        close(root_fd);
    root_fd = -1;
    free(root_dir);
    root_dir = NULL;
}

int rootfs_fd(void) { return root_fd; }
const char *rootfs_prefix(void) { return root_dir ? root_dir : ""; }

int rootfs_open(const char *path, int flags, mode_t mode)
{
    if (root_fd < 0) {
        errno = EBADF;
        return -1;
    }
    while (*path == '/')
        path++;
    if (!*path)
        path = ".";
    int fd = confined ? open2(root_fd, path, flags, mode, RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS)
                      : open2(root_fd, path, flags, mode, 0);
    if (fd < 0 && errno == ENOSYS && !confined)   /* an old kernel, no root to keep */
        fd = openat(root_fd, path, flags | O_CLOEXEC, mode);
    return fd;
}

int rootfs_read_file(const char *path, int flags, Buf *out)
{
    return buf_read_fd_close(out, rootfs_open(path, O_RDONLY | flags, 0));
}

int rootfs_parent(const char *path, const char **leaf)
{
    size_t end = strlen(path);
    while (end > 0 && path[end - 1] == '/')
        end--;
    if (end == 0) {                           /* "/" (or "") is the root itself */
        *leaf = ".";
        return rootfs_open("/", O_PATH | O_DIRECTORY, 0);
    }
    size_t start = end;
    while (start > 0 && path[start - 1] != '/')
        start--;
    size_t len = end - start;
    if ((len == 1 && path[start] == '.') || (len == 2 && path[start] == '.' && path[start + 1] == '.')) {
        errno = EINVAL;
        return -1;
    }
    if (end != strlen(path)) {
        /* trailing slashes: the leaf must be a string of its own; keep one
         * per path in a small ring so callers need not free it */
        static __thread char ring[4][256];
        static __thread unsigned next;
        if (len >= sizeof ring[0]) {
            errno = ENAMETOOLONG;
            return -1;
        }
        char *l = ring[next++ % 4];
        memcpy(l, path + start, len);
        l[len] = '\0';
        *leaf = l;
    } else {
        *leaf = path + start;
    }
    char *dir = xstrndup(path, start);
    int fd = rootfs_open(dir[0] ? dir : "/", O_PATH | O_DIRECTORY, 0);
    int e = errno;
    free(dir);
    errno = e;
    return fd;
}

/* Without a real --root, a plain path (no trailing slash, not ending in
 * "." or "..") is stat'ed in one call from "/": the same walk, answer and
 * errno as the parent's open and the stat of the leaf in it, two system
 * calls fewer per file (most of an idempotent run's time). */
static int plain_rel(const char *path, const char **rel)
{
    if (confined || root_fd < 0)
        return 0;
    while (*path == '/')
        path++;
    size_t n = strlen(path);
    if (!n || path[n - 1] == '/')
        return 0;
    const char *leaf = strrchr(path, '/');
    leaf = leaf ? leaf + 1 : path;
    if (!strcmp(leaf, ".") || !strcmp(leaf, ".."))
        return 0;
    *rel = path;
    return 1;
}

static int stat_in_root(const char *path, struct stat *st, int at_flags)
{
    const char *leaf;
    if (plain_rel(path, &leaf))
        return fstatat(root_fd, leaf, st, at_flags & AT_SYMLINK_NOFOLLOW);
    int dfd = rootfs_parent(path, &leaf);
    if (dfd < 0)
        return -1;
    int rc = 0;
    if (at_flags & AT_SYMLINK_NOFOLLOW) {
        rc = fstatat(dfd, leaf, st, AT_SYMLINK_NOFOLLOW);
    } else {
        /* follow the last link inside the root too */
        int fd = rootfs_open(path, O_PATH, 0);
        rc = fd < 0 ? -1 : fstat(fd, st);
        if (fd >= 0) {
            int e = errno;
            close(fd);
            errno = e;
        }
    }
    int e = errno;
    close(dfd);
    errno = e;
    return rc;
}

int rootfs_lstat(const char *path, struct stat *st) { return stat_in_root(path, st, AT_SYMLINK_NOFOLLOW); }
int rootfs_stat(const char *path, struct stat *st) { return stat_in_root(path, st, 0); }

int rootfs_mkdirs(const char *path, mode_t mode)
{
    struct stat st;
    if (rootfs_stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return 0;
        errno = ENOTDIR;
        return -1;
    }
    if (errno != ENOENT)
        return -1;
    /* make the parent first, then this one relative to the parent's fd */
    size_t end = strlen(path);
    while (end > 0 && path[end - 1] == '/')
        end--;
    size_t start = end;
    while (start > 0 && path[start - 1] != '/')
        start--;
    if (start > 1) {
        char *dir = xstrndup(path, start - 1);
        int rc = rootfs_mkdirs(dir, mode);
        free(dir);
        if (rc != 0)
            return -1;
    }
    const char *leaf;
    int dfd = rootfs_parent(path, &leaf);
    if (dfd < 0)
        return -1;
    int rc = mkdirat(dfd, leaf, mode);
    if (rc != 0 && errno == EEXIST) {         /* made meanwhile, or a link: look again */
        struct stat now;
        rc = rootfs_stat(path, &now) == 0 && S_ISDIR(now.st_mode) ? 0 : -1;
        if (rc != 0)
            errno = ENOTDIR;
    }
    int e = errno;
    close(dfd);
    errno = e;
    return rc;
}

int rootfs_open_beneath(int dirfd, const char *rel, int flags, mode_t mode)
{
    while (*rel == '/')
        rel++;
    if (!*rel)
        rel = ".";
    return open2(dirfd, rel, flags, mode, RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS);
}

char *rootfs_canon(const char *path)
{
    size_t n = strlen(path);
    char *out = xmalloc(n + 2);
    size_t len = 0;
    for (const char *p = path; *p;) {
        while (*p == '/')
            p++;
        size_t k = strcspn(p, "/");
        if (k == 0 || (k == 1 && p[0] == '.')) {
            p += k;
            continue;
        }
        if (k == 2 && p[0] == '.' && p[1] == '.') {
            while (len > 0 && out[len - 1] != '/')
                len--;
            if (len > 0)
                len--;                            /* the slash before it */
        } else {
            out[len++] = '/';
            memcpy(out + len, p, k);
            len += k;
        }
        p += k;
    }
    if (len == 0)
        out[len++] = '/';
    out[len] = '\0';
    return out;
}
