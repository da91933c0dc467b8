/*
 * arena.h - one arena per compile (and per apply run): everything the stage
 * allocates lives until arena_free(), so no node is ever freed on its own.
 * Built with -DARENA_TRACK every allocation is a separate malloc kept on a
 * list, so AddressSanitizer sees overflows between objects.
 */
#ifndef BASE_ARENA_H
#define BASE_ARENA_H
#include <stddef.h>

typedef struct ArenaBlock ArenaBlock;
typedef struct Arena {
    ArenaBlock *head;   /* newest block first */
    char *cur, *end;    /* free space in the head block */
    size_t total;       /* bytes handed out, for statistics */
    int small;          /* arena_init_small: no reserved span */
} Arena;

void arena_init(Arena *a);
/* An arena for a short-lived small job (a file's string parts while it is
 * parsed): its first block is 16 KiB of the heap, not a reserved span of
 * address space (whose set-up and teardown cost a few system calls and
 * page faults); blocks grow as arena_init's do after the first. */
void arena_init_small(Arena *a);
void arena_free(Arena *a);                         /* frees every allocation of a */
void *arena_alloc(Arena *a, size_t n);             /* zeroed, 16-byte aligned; lives in a */
void *arena_alloc8(Arena *a, size_t n);            /* zeroed, 8-byte aligned (small records); lives in a */
/* n bytes with no alignment and no zeroing (strings); lives in a. */
char *arena_alloc_bytes(Arena *a, size_t n);
char *arena_strndup(Arena *a, const char *s, size_t n); /* NUL-terminated copy in a */
char *arena_strdup(Arena *a, const char *s);
char *arena_printf(Arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void *arena_memdup(Arena *a, const void *p, size_t n);

/* A scratch arena is used as a stack: arena_mark() notes where it stands,
 * arena_release() frees everything allocated since (later marks included;
 * the memory is zeroed again and reused).  An allocation must not be used
 * after a release to a mark taken before it.  A longjmp past a release
 * only delays the freeing to the next release further out. */
typedef struct ArenaMark { ArenaBlock *head; char *cur; size_t total; } ArenaMark;
ArenaMark arena_mark(Arena *a);
void arena_release(Arena *a, ArenaMark m);

/* A type that needs no more than 8-byte alignment gets 8-byte rounding
 * (a 24-byte record takes 24 bytes, not 32). */
#define ARENA_NEW(a, T) ((T *)(_Alignof(T) <= 8 ? arena_alloc8 : arena_alloc)((a), sizeof(T)))
#define ARENA_NEWN(a, T, n) ((T *)(_Alignof(T) <= 8 ? arena_alloc8 : arena_alloc)((a), sizeof(T) * (size_t)(n)))
#endif
