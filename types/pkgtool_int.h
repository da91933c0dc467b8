/*
 * pkgtool_int.h - the small helpers pkgtool.c (the dpkg database, apt,
 * install and remove, lowpkg) and aptsources.c (sources.list entries)
 * share; no other file includes it.  Strings are malloc'd; the caller
 * frees them.
 */
#ifndef TYPES_PKGTOOL_INT_H
#define TYPES_PKGTOOL_INT_H
#include "base/rootfs.h"
#include "base/util.h"
#include <stdlib.h>
#include <string.h>

static inline char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

/* mkdir -p of rel (starts with '/') in the root (base/rootfs). */
static inline void mkdirs(const char *root, const char *rel)
{
    (void)root;
    rootfs_mkdirs(rel, 0755);
}

/* Appends a copy of s[0..len) to the vector *v of *n strings. */
static inline void strv_add(char ***v, size_t *n, const char *s, size_t len)
{
    *v = xrealloc(*v, (*n + 1) * sizeof **v);
    (*v)[(*n)++] = xstrndup(s, len);
}

#endif
