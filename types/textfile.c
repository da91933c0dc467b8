/*
 * textfile.c - read a small system file whole, write it back atomically
 * (see textfile.h).  Shared by host, cron and the module types.  Every
 * path is resolved in the root by base/rootfs: a final symlink is followed
 * here one hop at a time, each hop read with readlinkat() in its parent
 * directory's fd, so an absolute target is the root's and ".." stops at the
 * root's top.  Errors read like Ruby's Errno messages, which is what Puppet
 * prints when a flat file cannot be read or written:
 * "<strerror> @ rb_sysopen - <path>".
 */
#define _GNU_SOURCE
#include "types/textfile.h"
#include "base/atomic.h"
#include "base/rootfs.h"
#include "base/util.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* path with a symlink at the end followed (up to 16 hops), each target
 * taken inside the root.  Returns a malloc'd managed path. */
static char *resolve(const char *path)
{
    Buf cur = BUF_INIT;
    buf_adds(&cur, path);
    for (int hop = 0; hop < 16; hop++) {
        const char *leaf;
        char target[PATH_MAX];
        int dfd = rootfs_parent(buf_cstr(&cur), &leaf);
        if (dfd < 0)
            break;
        ssize_t n = readlinkat(dfd, leaf, target, sizeof target - 1);
        close(dfd);
        if (n <= 0)
            break;
        target[n] = '\0';
        if (target[0] == '/') {
            buf_clear(&cur);
            buf_adds(&cur, target);
        } else {
            char *slash = strrchr(cur.s, '/');
            cur.len = slash ? (size_t)(slash - cur.s) + 1 : 0;
            cur.s[cur.len] = '\0';
            if (!cur.len)
                buf_addc(&cur, '/');
            buf_adds(&cur, target);
        }
    }
    buf_cstr(&cur);
    return buf_detach(&cur);
}

int textfile_load(TextFile *f, const char *path, Buf *err)
{
    memset(f, 0, sizeof *f);
    f->shown = xstrndup(path, strlen(path));
    f->path = resolve(path);
    f->mode = 0644;
    f->uid = f->gid = -1;
    /* O_NONBLOCK: a FIFO at the path must not hang the run */
    int fd = rootfs_open(f->path, O_RDONLY | O_NOCTTY | O_NONBLOCK, 0);
    if (fd < 0) {
        if (errno == ENOENT)
            return 0;
        buf_printf(err, "%s @ rb_sysopen - %s", strerror(errno), f->shown);
        return -1;
    }
    struct stat st;
    int bad = fstat(fd, &st) != 0 ? errno : S_ISDIR(st.st_mode) ? EISDIR : !S_ISREG(st.st_mode) ? EINVAL : 0;
    if (bad) {
        buf_printf(err, "%s @ rb_sysopen - %s", strerror(bad), f->shown);
        close(fd);
        return -1;
    }
    f->exists = 1;
    f->mode = st.st_mode & 07777;
    f->uid = (long)st.st_uid;
    f->gid = (long)st.st_gid;
    if (buf_read_fd(&f->text, fd) != 0) {
        buf_printf(err, "%s @ io_fread - %s", strerror(errno), f->shown);
        close(fd);
        return -1;
    }
    close(fd);
    buf_cstr(&f->text);
    return 0;
}

/* The bind-mount fallback: rewrite the file where it is (its inode, mode
 * and owner stay). */
static int write_in_place(int dfd, const char *leaf, const char *data, size_t len)
{
    int fd = openat(dfd, leaf, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW);
    if (fd < 0)
        return -1;
    return atomic_fill(fd, data, len);
}

/* Creates ".LEAF.mapply.XXXXXX" in dfd (never through a link); its fd, the
 * name in tmp. */
static int make_temp(int dfd, const char *leaf, Buf *tmp)
{
    return atomic_temp(dfd, O_RDWR, tmp, ".%s.mapply.", leaf);
}

int textfile_store(const TextFile *f, const char *data, size_t len, Buf *err)
{
    Buf tmp = BUF_INIT;
    const char *op = "rb_sysopen", *leaf;
    int fd = -1, created = 0;
    int dfd = rootfs_parent(f->path, &leaf);
    if (dfd < 0)
        goto fail;
    fd = make_temp(dfd, leaf, &tmp);
    created = fd >= 0;
    if (fd < 0)
        goto fail;
    if (fchmod(fd, f->mode) != 0)
        goto fail;
    if ((f->uid != -1 || f->gid != -1) &&
        fchown(fd, (uid_t)f->uid, (gid_t)f->gid) != 0 && errno != EPERM)
        goto fail;
    op = "io_write";
    int rc = atomic_fill(fd, data, len);
    fd = -1;
    if (rc != 0)
        goto fail;
    op = "rb_file_s_rename";
    if (renameat(dfd, buf_cstr(&tmp), dfd, leaf) != 0) {
        if (errno != EBUSY || write_in_place(dfd, leaf, data, len) != 0)
            goto fail;
        unlinkat(dfd, buf_cstr(&tmp), 0);
    }
    atomic_sync_dir(dfd, ".");
    close(dfd);
    buf_free(&tmp);
    return 0;
fail:;
    int e = errno;
    if (fd >= 0)
        close(fd);
    if (created)
        unlinkat(dfd, buf_cstr(&tmp), 0);
    if (dfd >= 0)
        close(dfd);
    buf_printf(err, "%s @ %s - %s", strerror(e), op, f->shown);
    buf_free(&tmp);
    errno = e;
    return -1;
}

void textfile_free(TextFile *f)
{
    free(f->path);
    free(f->shown);
    buf_free(&f->text);
    memset(f, 0, sizeof *f);
}
FILE *textfile_fopen(const char *path)
{
    int fd = rootfs_open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK, 0);
    if (fd < 0)
        return NULL;
    struct stat st;
    if (fstat(fd, &st) != 0 || S_ISDIR(st.st_mode)) {
        close(fd);
        errno = EISDIR;
        return NULL;
    }
    FILE *f = fdopen(fd, "re");
    if (!f) {
        int e = errno;
        close(fd);
        errno = e;
    }
    return f;
}

int textfile_read(const char *path, Buf *b) { return rootfs_read_file(path, O_NOCTTY | O_NONBLOCK, b); }

DIR *textfile_opendir(const char *path)
{
    int fd = rootfs_open(path, O_RDONLY | O_DIRECTORY, 0);
    if (fd < 0)
        return NULL;
    DIR *d = fdopendir(fd);
    if (!d) {
        int e = errno;
        close(fd);
        errno = e;
    }
    return d;
}

void textfile_now(Buf *b)
{
    char s[64];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(s, sizeof s, "%Y-%m-%d %H:%M:%S %z", &tm);
    buf_adds(b, s);
}
