/*
 * factsint.h - what the two halves of the facts module share: facts.c
 * gathers the machine's own facts, factsext.c adds the legacy, external
 * and agent facts and prints facter's JSON.  Not for other modules.
 */
#ifndef COMPILER_FACTSINT_H
#define COMPILER_FACTSINT_H
#include "compiler/compiler.h"

/* A hash builder: keys in insertion order, the last put wins; its arrays
 * are malloc'd until facts_hb_done. */
typedef struct FactsHB { Value **k, **v; size_t n, cap; } FactsHB;

/* Puts key => v (nothing when v is NULL); the key lives in the compile arena. */
void facts_hb_put(Compiler *c, FactsHB *h, const char *key, Value *v);
/* The hash, in the compile arena (NULL when empty and !keep_empty); frees the builder. */
Value *facts_hb_done(Compiler *c, FactsHB *h, int keep_empty);
/* facts followed by the builder's entries (a later key wins); frees h. */
Value *facts_with_added(Compiler *c, Value *facts, FactsHB *h);

/* MCOMP_FACTS_ROOT (tests only), or NULL. */
const char *facts_root(void);
/* A small file's text (in the arena, NUL-terminated), or NULL. */
char *facts_read_text(Compiler *c, const char *path, size_t *len);
/* qsort comparison of two char * by strcmp. */
int facts_name_cmp(const void *a, const void *b);
#endif
