/*
 * stdlib.c - puppetlabs-stdlib functions as built-ins (see stdlib.h).
 */
#include "compiler/stdlib.h"
#include <string.h>

static const struct { const char *name; StdlibFn fn; } stdlib_fns[] = {
    {NULL, NULL},
};

StdlibFn stdlib_find(const char *name)
{
    for (size_t i = 0; stdlib_fns[i].name; i++)
        if (strcmp(stdlib_fns[i].name, name) == 0) return stdlib_fns[i].fn;
    return NULL;
}
