/*
 * atomic.c - temporary file, fill and directory sync for atomic
 * replacement; see atomic.h.  Temporary names take their suffix from
 * getrandom(), falling back to a clock-and-pid mix when it fails.
 */
#define _GNU_SOURCE
#include "base/atomic.h"
#include "base/util.h"
#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

void atomic_sync_dir(int dirfd, const char *rel)
{
    int fd = openat(dirfd, rel, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

/* Six letters or digits for a temporary name, from a pool of getrandom()
 * bytes refilled a few hundred names at a time (one system call, not one
 * per file); a clock-and-pid mix when getrandom fails.  Per thread. */
static void random_suffix(char out[6], unsigned attempt)
{
    static const char abc[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    static __thread unsigned char pool[1536];
    static __thread size_t left;
    if (left < 6) {
        if (getrandom(pool, sizeof pool, 0) == (ssize_t)sizeof pool) {
            left = sizeof pool;
        } else {
            for (size_t k = 0; k < 6; k++)
                out[k] = abc[(unsigned char)(attempt * 31 + k * 7 + (unsigned)clock() + (unsigned)getpid()) % (sizeof abc - 1)];
            return;
        }
    }
    for (size_t k = 0; k < 6; k++)
        out[k] = abc[pool[--left] % (sizeof abc - 1)];
}

int atomic_temp_at(int dfd, int flags, mode_t mode, Buf *name)
{
    size_t plen = name->len;
    for (unsigned i = 0;; i++) {
        char r[6];
        random_suffix(r, i);
        name->len = plen;
        buf_add(name, r, sizeof r);
        int fd = openat(dfd, name->s, flags | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
        if (fd >= 0 || errno != EEXIST || i >= 100)
            return fd;
    }
}

int atomic_temp(int dfd, int flags, Buf *name, const char *fmt, ...)
{
    char *prefix;
    va_list ap;
    va_start(ap, fmt);
    int ok = vasprintf(&prefix, fmt, ap) >= 0;
    va_end(ap);
    if (!ok) {
        errno = ENOMEM;
        return -1;
    }
    buf_clear(name);
    buf_adds(name, prefix);
    free(prefix);
    return atomic_temp_at(dfd, flags, 0600, name);
}

int atomic_fill(int fd, const void *data, size_t len)
{
    return atomic_fill_sync(fd, data, len, 1);
}

int atomic_fill_sync(int fd, const void *data, size_t len, int sync)
{
    if (util_write_all(fd, data, len) != 0 || (sync && fsync(fd) != 0)) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return close(fd);
}

int atomic_replace(int dfd, const char *name, const char *tool, const void *data, size_t len, int mode)
{
    return atomic_replace_sync(dfd, name, tool, data, len, mode, 1);
}

int atomic_begin(int dfd, const char *name, const char *tool, int mode, AtomicOut *out)
{
    out->dfd = dfd;
    out->name = name;
    out->tmp = (Buf)BUF_INIT;
    out->fd = atomic_temp(dfd, O_WRONLY, &out->tmp, ".%s.%s.", name, tool);
    if (out->fd < 0) {
        buf_free(&out->tmp);
        return -1;
    }
    if (mode < 0) {
        mode_t mask = umask(0);
        umask(mask);
        mode = (int)(0666 & ~mask);
    }
    if (fchmod(out->fd, (mode_t)mode) != 0) {
        atomic_end(out, 0, 0);
        return -1;
    }
    return out->fd;
}

int atomic_end(AtomicOut *out, int sync, int ok)
{
    int rc = -1;
    if (out->fd < 0)
        return -1;
    if (!ok) {
        int e = errno;
        close(out->fd);
        errno = e;
    } else if (atomic_fill_sync(out->fd, "", 0, sync) == 0 && renameat(out->dfd, out->tmp.s, out->dfd, out->name) == 0) {
        rc = 0;
    }
    if (rc != 0) {
        int e = errno;
        unlinkat(out->dfd, out->tmp.s, 0);
        errno = e;
    }
    out->fd = -1;
    buf_free(&out->tmp);
    return rc;
}

int atomic_replace_sync(int dfd, const char *name, const char *tool, const void *data, size_t len, int mode, int sync)
{
    AtomicOut out;
    if (atomic_begin(dfd, name, tool, mode, &out) < 0)
        return -1;
    return atomic_end(&out, sync, util_write_all(out.fd, len ? data : "", len) == 0);
}

int atomic_replace_in(const char *dir, const char *name, const char *tool, const void *data, size_t len, int mode,
                      int sync)
{
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd < 0)
        return -1;
    int rc = atomic_replace(dfd, name, tool, data, len, mode), e = errno;
    if (rc == 0 && sync)
        atomic_sync_dir(dfd, ".");
    close(dfd);
    errno = e;
    return rc;
}

int atomic_sync_fs(int dirfd)
{
    int fd = openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    int rc = syncfs(fd);
    int e = errno;
    close(fd);
    errno = e;
    return rc;
}

/* The fsync pool: workers take the next file by an atomic counter. */
typedef struct SyncJob {
    const int *dfds;
    char *const *names;
    size_t n;
    size_t next;             /* the next index to take (atomic) */
    int err;                 /* the first errno, or 0 (atomic) */
} SyncJob;

static void *sync_worker(void *arg)
{
    SyncJob *j = arg;
    for (;;) {
        size_t i = __atomic_fetch_add(&j->next, 1, __ATOMIC_RELAXED);
        if (i >= j->n)
            return NULL;
        int fd = openat(j->dfds[i], j->names[i], O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0 || fsync(fd) != 0) {
            int zero = 0;
            __atomic_compare_exchange_n(&j->err, &zero, errno, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
        }
        if (fd >= 0)
            close(fd);
    }
}

int atomic_fsync_many(const int *dfds, char *const *names, size_t n, int threads)
{
    SyncJob j = {dfds, names, n, 0, 0};
    pthread_t tid[64];
    int started = 0;
    if (threads > 64)
        threads = 64;
    for (; started < threads - 1 && (size_t)started + 1 < n; started++)
        if (pthread_create(&tid[started], NULL, sync_worker, &j) != 0)
            break;
    sync_worker(&j);
    for (int i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    if (j.err) {
        errno = j.err;
        return -1;
    }
    return 0;
}
