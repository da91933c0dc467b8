/*
 * version.h - module versions compared as versions, not as strings or ints,
 * and the version ranges of a module's metadata.json dependencies
 * (">= 4.13.1 < 10.0.0", "1.x", "~> 2.3", "^1.2", "1.0.0 - 2.0.0", "a || b").
 */
#ifndef PKG_VERSION_H
#define PKG_VERSION_H

/* <0, 0, >0 as version a is older than, equal to or newer than b.  Runs
 * of digits compare as numbers, runs of letters as text, and a number is
 * newer than a word ("1.10" > "1.9" > "1.9rc1"); the separators . - + _
 * only split.  Never fails: any two strings compare. */
int pkgver_cmp(const char *a, const char *b);

/* Whether version satisfies range (NULL or "" means any version): 1 yes,
 * 0 no, -1 the range is malformed. */
int pkgver_satisfies(const char *range, const char *version);
#endif
