/*
 * arena.c - bump allocation in growing blocks; see arena.h.  Blocks double
 * up to 1 MiB; a request larger than a block gets a block of its own.
 */
#include "base/arena.h"
#include "base/util.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ArenaBlock {
    ArenaBlock *next;
    size_t size;
    _Alignas(16) char data[];
};

void arena_init(Arena *a) { memset(a, 0, sizeof *a); }

void arena_free(Arena *a)
{
    ArenaBlock *b = a->head;
    while (b) {
        ArenaBlock *n = b->next;
        free(b);
        b = n;
    }
    arena_init(a);
}

#ifdef ARENA_TRACK
void *arena_alloc(Arena *a, size_t n)
{
    ArenaBlock *b = xcalloc(1, sizeof *b + n);
    b->size = n;
    b->next = a->head;
    a->head = b;
    a->total += n;
    return b->data;
}
#else
void *arena_alloc(Arena *a, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    if ((size_t)(a->end - a->cur) < n) {
        size_t size = a->head ? a->head->size * 2 : 16384;
        if (size > (1u << 20)) size = 1u << 20;
        if (size < n) size = n;
        ArenaBlock *b = xmalloc(sizeof *b + size);
        b->size = size;
        b->next = a->head;
        a->head = b;
        a->cur = b->data;
        a->end = b->data + size;
    }
    void *p = a->cur;
    a->cur += n;
    a->total += n;
    memset(p, 0, n);
    return p;
}
#endif

char *arena_strndup(Arena *a, const char *s, size_t n)
{
    char *p = arena_alloc(a, n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *arena_strdup(Arena *a, const char *s) { return arena_strndup(a, s, strlen(s)); }

void *arena_memdup(Arena *a, const void *p, size_t n)
{
    void *q = arena_alloc(a, n);
    if (n) memcpy(q, p, n);
    return q;
}

char *arena_printf(Arena *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *p = arena_alloc(a, (size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return p;
}
