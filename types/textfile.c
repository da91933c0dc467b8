/*
 * textfile.c - read a small system file whole, write it back atomically
 * (see textfile.h).  Shared by host (types/host.c) and cron (types/cron.c).
 * Errors read like Ruby's Errno messages, which is what Puppet prints when
 * a flat file cannot be read or written: "<strerror> @ rb_sysopen - <path>".
 */
#define _GNU_SOURCE
#include "types/textfile.h"
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

/* root + path with a symlink at the end followed (up to 16 hops), an
 * absolute link target taken inside root.  Returns a malloc'd string. */
static char *resolve(const char *root, const char *path)
{
    Buf cur = BUF_INIT, disk = BUF_INIT;
    buf_adds(&cur, path);
    for (int hop = 0;; hop++) {
        buf_clear(&disk);
        buf_printf(&disk, "%s%s", root, buf_cstr(&cur));
        struct stat st;
        char target[PATH_MAX];
        ssize_t n;
        if (hop == 16 || lstat(buf_cstr(&disk), &st) != 0 || !S_ISLNK(st.st_mode) ||
            (n = readlink(buf_cstr(&disk), target, sizeof target - 1)) <= 0)
            break;
        target[n] = '\0';
        if (target[0] == '/') {
            buf_clear(&cur);
            buf_adds(&cur, target);
        } else {
            char *slash = strrchr(cur.s, '/');
            cur.len = (size_t)(slash - cur.s) + 1;
            cur.s[cur.len] = '\0';
            buf_adds(&cur, target);
        }
    }
    buf_free(&cur);
    buf_cstr(&disk);
    return buf_detach(&disk);
}

int textfile_load(TextFile *f, const char *root, const char *path, Buf *err)
{
    memset(f, 0, sizeof *f);
    f->shown = xstrndup(path, strlen(path));
    f->disk = resolve(root, path);
    f->mode = 0644;
    f->uid = f->gid = -1;
    /* O_NONBLOCK: a FIFO at the path must not hang the run */
    int fd = open(f->disk, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
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

/* fsync the directory holding path, so a rename is durable. */
static void sync_dir(const char *path)
{
    char *dir = xstrndup(path, strlen(path));
    char *slash = strrchr(dir, '/');
    if (slash == dir)
        slash[1] = '\0';
    else if (slash)
        *slash = '\0';
    int fd = open(slash ? dir : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(dir);
}

/* The bind-mount fallback: rewrite the file where it is (its inode, mode
 * and owner stay). */
static int write_in_place(const char *path, const char *data, size_t len)
{
    int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
        return -1;
    if (util_write_all(fd, data, len) != 0 || fsync(fd) != 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return close(fd);
}

int textfile_store(const TextFile *f, const char *data, size_t len, Buf *err)
{
    Buf tmp = BUF_INIT;
    const char *slash = strrchr(f->disk, '/');
    const char *base = slash ? slash + 1 : f->disk;
    if (slash)
        buf_add(&tmp, f->disk, (size_t)(slash - f->disk) + 1);
    buf_printf(&tmp, ".%s.mapply.XXXXXX", base);
    const char *op = "rb_sysopen";
    int fd = mkostemp(tmp.s, O_CLOEXEC), created = fd >= 0;
    if (fd < 0)
        goto fail;
    if (fchmod(fd, f->mode) != 0)
        goto fail;
    if ((f->uid != -1 || f->gid != -1) &&
        fchown(fd, (uid_t)f->uid, (gid_t)f->gid) != 0 && errno != EPERM)
        goto fail;
    op = "io_write";
    if (util_write_all(fd, data, len) != 0 || fsync(fd) != 0)
        goto fail;
    int rc = close(fd);
    fd = -1;
    if (rc != 0)
        goto fail;
    op = "rb_file_s_rename";
    if (rename(tmp.s, f->disk) != 0) {
        if (errno != EBUSY || write_in_place(f->disk, data, len) != 0)
            goto fail;
        unlink(tmp.s);
    }
    sync_dir(f->disk);
    buf_free(&tmp);
    return 0;
fail:;
    int e = errno;
    if (fd >= 0)
        close(fd);
    if (created)
        unlink(tmp.s);
    buf_printf(err, "%s @ %s - %s", strerror(e), op, f->shown);
    buf_free(&tmp);
    errno = e;
    return -1;
}

void textfile_free(TextFile *f)
{
    free(f->disk);
    free(f->shown);
    buf_free(&f->text);
    memset(f, 0, sizeof *f);
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
