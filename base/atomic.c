/*
 * atomic.c - temporary file, fill and directory sync for atomic
 * replacement; see atomic.h.  Temporary names take their suffix from
 * getrandom(), falling back to a clock-and-pid mix when it fails.
 */
#define _GNU_SOURCE
#include "base/atomic.h"
#include "base/util.h"
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/random.h>
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

int atomic_temp(int dfd, int flags, Buf *name, const char *fmt, ...)
{
    static const char abc[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    char *prefix;
    va_list ap;
    va_start(ap, fmt);
    int ok = vasprintf(&prefix, fmt, ap) >= 0;
    va_end(ap);
    if (!ok) {
        errno = ENOMEM;
        return -1;
    }
    for (unsigned i = 0;; i++) {
        unsigned char r[6];
        if (getrandom(r, sizeof r, 0) != (ssize_t)sizeof r)
            for (size_t k = 0; k < sizeof r; k++)
                r[k] = (unsigned char)(i * 31 + k * 7 + (unsigned)clock() + (unsigned)getpid());
        buf_clear(name);
        buf_adds(name, prefix);
        for (size_t k = 0; k < sizeof r; k++)
            buf_addc(name, abc[r[k] % (sizeof abc - 1)]);
        int fd = openat(dfd, name->s, flags | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (fd >= 0 || errno != EEXIST || i >= 100) {
            int e = errno;
            free(prefix);
            errno = e;
            return fd;
        }
    }
}

int atomic_fill(int fd, const void *data, size_t len)
{
    if (util_write_all(fd, data, len) != 0 || fsync(fd) != 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return close(fd);
}
