/* util.c - checked allocation; see util.h. */
#include "base/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *util_progname = "mcomp";

_Noreturn void util_oom(void)
{
    fprintf(stderr, "%s: error: cannot allocate memory\n", util_progname);
    exit(2);
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) util_oom();
    return p;
}

void *xcalloc(size_t n, size_t m)
{
    void *p = calloc(n ? n : 1, m ? m : 1);
    if (!p) util_oom();
    return p;
}

void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p) util_oom();
    return p;
}

char *xstrndup(const char *s, size_t n)
{
    char *p = xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}
