/*
 * buf.h - a growable byte string, always NUL-terminated.  The Buf owns its
 * memory (malloc); buf_free() releases it, buf_detach() hands it to the caller.
 */
#ifndef BASE_BUF_H
#define BASE_BUF_H
#include <stddef.h>

typedef struct Buf {
    char *s;      /* data, NUL-terminated when cap > 0 */
    size_t len;   /* bytes used, excluding the NUL */
    size_t cap;   /* bytes allocated */
} Buf;

#define BUF_INIT {0, 0, 0}
void buf_reserve(Buf *b, size_t extra);
void buf_add(Buf *b, const void *p, size_t n);
void buf_adds(Buf *b, const char *s);

/* One byte; inline because output loops call it per character. */
static inline void buf_addc(Buf *b, char c)
{
    if (b->len + 2 > b->cap) buf_reserve(b, 1);
    b->s[b->len++] = c;
    b->s[b->len] = '\0';
}
void buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_clear(Buf *b);                 /* len = 0, keeps memory */
void buf_free(Buf *b);
char *buf_detach(Buf *b);               /* caller frees; b is empty afterwards */
const char *buf_cstr(Buf *b);           /* "" when empty; valid until the next change */
/* Appends everything readable from fd (to end of file; EINTR retried);
 * fd stays open.  0, or -1 with errno set (what was read stays in b). */
int buf_read_fd(Buf *b, int fd);
/* buf_read_fd that stops with -1 and errno EFBIG once more than max bytes
 * came (a device such as /dev/zero never ends). */
int buf_read_fd_max(Buf *b, int fd, size_t max);
/* buf_read_fd, then closes fd (errno kept): the one way to read a whole
 * file once it is open.  fd < 0 (a failed open, errno set): -1. */
int buf_read_fd_close(Buf *b, int fd);
/* Appends the file at path, opened O_RDONLY | O_CLOEXEC | oflags (e.g.
 * O_NOFOLLOW).  0, or -1 with errno set. */
int buf_read_file(Buf *b, const char *path, int oflags);
#endif
