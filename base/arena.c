/*
 * arena.c - bump allocation; see arena.h.  An arena's first block is one
 * large span of reserved address space (RESERVE, MAP_NORESERVE): memory the
 * kernel hands out zeroed and only when first touched, so the arena never
 * clears memory, never copies, and costs only what it uses.  The span's
 * start is placed SMALL bytes before a 2 MiB boundary: a small arena (a
 * package database, a tiny manifest) touches only those small pages, and
 * everything past the boundary is offered to the kernel as transparent huge
 * pages, because on virtual machines page faults, not the allocator, were
 * the cost of a big compile.  Where the reservation is refused (strict
 * overcommit, a low address-space limit) or once the span is full, blocks
 * doubling up to 4 MiB follow (huge-page-mapped from 2 MiB up, calloc'd
 * below).  Blocks start zeroed and are never reused, so arena_alloc hands
 * out zeroed memory without clearing it again; the one exception is a
 * scratch arena's arena_release, which clears what it gives back.
 */
#include "base/arena.h"
#include "base/util.h"
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

struct ArenaBlock {
    ArenaBlock *next;
    size_t size;
    void *map;              /* mmap'd region to unmap (huge blocks), or NULL */
    size_t maplen;
    char *used;             /* end of what was handed out, once a newer block took over */
    _Alignas(16) char data[];
};

enum { HUGE = 2u << 20, MAX_BLOCK = 4u << 20, SMALL = 64u << 10 };
#define RESERVE ((size_t)16 << 30)

#ifndef ARENA_TRACK
static ArenaBlock *block_alloc(size_t size)
{
    if (size + sizeof(ArenaBlock) >= HUGE) {
        size_t want = (size + sizeof(ArenaBlock) + HUGE - 1) & ~(size_t)(HUGE - 1);
        size_t len = want + HUGE;
        char *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (m != MAP_FAILED) {
            char *aligned = (char *)(((uintptr_t)m + HUGE - 1) & ~(uintptr_t)(HUGE - 1));
            util_huge_pages(aligned, want);
            ArenaBlock *b = (ArenaBlock *)aligned;
            b->map = m;
            b->maplen = len;
            b->size = want - sizeof(ArenaBlock);
            return b;
        }
    }
    ArenaBlock *b = xcalloc(1, sizeof *b + size);   /* zeroed once: arena_alloc relies on it */
    b->map = NULL;
    b->maplen = 0;
    b->size = size;
    return b;
}

#endif

static void block_free(ArenaBlock *b)
{
    if (b->map) munmap(b->map, b->maplen);
    else free(b);
}

void arena_init(Arena *a) { memset(a, 0, sizeof *a); }

void arena_init_small(Arena *a)
{
    arena_init(a);
    a->small = 1;
}

void arena_free(Arena *a)
{
    ArenaBlock *b = a->head;
    while (b) {
        ArenaBlock *n = b->next;
        block_free(b);
        b = n;
    }
    int small = a->small;
    arena_init(a);
    a->small = small;
}

#ifdef ARENA_TRACK
void *arena_alloc(Arena *a, size_t n)
{
    ArenaBlock *b = xcalloc(1, sizeof *b + n);
    b->size = n;
    b->map = NULL;
    b->next = a->head;
    a->head = b;
    a->total += n;
    return b->data;
}
char *arena_alloc_bytes(Arena *a, size_t n) { return arena_alloc(a, n); }
void *arena_alloc8(Arena *a, size_t n) { return arena_alloc(a, n); }
#else
/* The first block: RESERVE bytes of address space, or NULL when refused. */
static ArenaBlock *span_alloc(void)
{
    char *m = mmap(NULL, RESERVE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED) return NULL;
    char *boundary = (char *)(((uintptr_t)m + SMALL + HUGE - 1) & ~(uintptr_t)(HUGE - 1));
    util_huge_pages(boundary, (size_t)(m + RESERVE - boundary));
    ArenaBlock *b = (ArenaBlock *)(boundary - SMALL);
    b->map = m;
    b->maplen = RESERVE;
    b->size = (size_t)(m + RESERVE - b->data);
    return b;
}

static void new_block(Arena *a, size_t n)
{
    if (a->head) a->head->used = a->cur;
    ArenaBlock *b = a->head || a->small ? NULL : span_alloc();
    if (!b) {
        size_t size = a->head ? a->head->size * 2 : 16384;
        if (size > MAX_BLOCK - sizeof(ArenaBlock)) size = MAX_BLOCK - sizeof(ArenaBlock);
        if (size < n) size = n;
        b = block_alloc(size);
    }
    b->next = a->head;
    a->head = b;
    a->cur = b->data;
    a->end = b->data + b->size;
}

char *arena_alloc_bytes(Arena *a, size_t n)
{
    if ((size_t)(a->end - a->cur) < n) new_block(a, n);
    char *p = a->cur;
    a->cur += n;
    a->total += n;
    return p;
}

void *arena_alloc(Arena *a, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    size_t pad = (size_t)(-(uintptr_t)a->cur & 15);
    if (!a->cur || (size_t)(a->end - a->cur) < pad + n) new_block(a, n);
    else a->cur += pad;
    void *p = a->cur;
    a->cur += n;
    a->total += n;
    return p;   /* already zero: blocks start zeroed and bump allocation never reuses memory */
}

void *arena_alloc8(Arena *a, size_t n)
{
    n = (n + 7) & ~(size_t)7;
    size_t pad = (size_t)(-(uintptr_t)a->cur & 7);
    if (!a->cur || (size_t)(a->end - a->cur) < pad + n) new_block(a, n);
    else a->cur += pad;
    void *p = a->cur;
    a->cur += n;
    a->total += n;
    return p;
}
#endif

#ifdef ARENA_TRACK
ArenaMark arena_mark(Arena *a) { return (ArenaMark){a->head, NULL, a->total}; }

void arena_release(Arena *a, ArenaMark m)
{
    while (a->head != m.head) {
        ArenaBlock *b = a->head;
        a->head = b->next;
        block_free(b);
    }
    a->total = m.total;
}
#else
ArenaMark arena_mark(Arena *a)
{
    if (!a->head) new_block(a, 0);
    return (ArenaMark){a->head, a->cur, a->total};
}

void arena_release(Arena *a, ArenaMark m)
{
    if (a->head == m.head && a->cur == m.cur) return;
    char *end = a->cur;
    while (a->head != m.head) {
        ArenaBlock *b = a->head;
        a->head = b->next;
        block_free(b);
        end = a->head->used;
    }
    memset(m.cur, 0, (size_t)(end - m.cur));   /* arena_alloc hands out zeroed memory */
    a->cur = m.cur;
    a->end = a->head->data + a->head->size;
    a->total = m.total;
}
#endif

char *arena_strndup(Arena *a, const char *s, size_t n)
{
    char *p = arena_alloc_bytes(a, n + 1);
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
