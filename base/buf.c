/* buf.c - growable strings; see buf.h. */
#include "base/buf.h"
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include "base/util.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void buf_reserve(Buf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap) return;
    size_t cap = b->cap ? b->cap * 2 : 64;
    while (cap < b->len + extra + 1) cap *= 2;
    b->s = xrealloc(b->s, cap);
    b->cap = cap;
}

void buf_add(Buf *b, const void *p, size_t n)
{
    buf_reserve(b, n);
    if (n) memcpy(b->s + b->len, p, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void buf_adds(Buf *b, const char *s) { buf_add(b, s, strlen(s)); }

void buf_printf(Buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    buf_reserve(b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void buf_clear(Buf *b)
{
    b->len = 0;
    if (b->cap) b->s[0] = '\0';
}

void buf_free(Buf *b)
{
    free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}

char *buf_detach(Buf *b)
{
    char *s = b->s ? b->s : xstrndup("", 0);
    b->s = NULL;
    b->len = b->cap = 0;
    return s;
}

const char *buf_cstr(Buf *b) { return b->cap ? b->s : ""; }

int buf_read_fd(Buf *b, int fd) { return buf_read_fd_max(b, fd, (size_t)-1); }

int buf_read_fd_max(Buf *b, int fd, size_t max)
{
    char chunk[65536];
    for (size_t got = 0;;) {
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n > 0 && (got += (size_t)n) > max) {
            errno = EFBIG;
            return -1;
        } else if (n > 0)
            buf_add(b, chunk, (size_t)n);
        else if (n == 0)
            return 0;
        else if (errno != EINTR)
            return -1;
    }
}

int buf_read_fd_close(Buf *b, int fd)
{
    if (fd < 0)
        return -1;
    int rc = buf_read_fd(b, fd), e = errno;
    close(fd);
    errno = e;
    return rc;
}

int buf_read_file(Buf *b, const char *path, int oflags)
{
    return buf_read_fd_close(b, open(path, O_RDONLY | O_CLOEXEC | oflags));
}
