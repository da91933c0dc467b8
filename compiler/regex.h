/*
 * regex.h - Puppet's regular expressions are Ruby's, so they are compiled by
 * Oniguruma in its Ruby syntax (\A, \z, (?i:...), (?x), named groups).
 * Compiled patterns are cached by source text for the whole compile.
 */
#ifndef COMPILER_REGEX_H
#define COMPILER_REGEX_H
#include <stddef.h>

typedef struct Regex Regex;

/* Compiles (or finds in the cache) pattern src.  On a bad pattern returns
 * NULL and, when err is not NULL, a message in *err (static or cached). */
Regex *rx_get(const char *src, const char **err);
/* Searches s[0..len) from byte start.  Returns 1 on a match and fills
 * caps[0..ncap) with byte offsets (begin, end) pairs, -1 for unset groups;
 * *ncap in: room in caps (pairs), out: groups in the pattern + 1. */
int rx_search(Regex *re, const char *s, size_t len, size_t start, int *caps, int *ncap);
/* Frees every cached pattern (end of compile). */
void rx_cleanup(void);
#endif
