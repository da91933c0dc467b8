/*
 * providers.c - the table of apply-time providers, one per resource type
 * (types/notify.c, types/exec.c, types/file.c, types/schedule.c), looked up
 * by type name.
 */
#include "types/provider.h"
#include <strings.h>

extern const Provider provider_notify, provider_exec, provider_file, provider_schedule;

static const Provider *const providers[] = {
    &provider_exec,
    &provider_file,
    &provider_notify,
    &provider_schedule,
};

const Provider *provider_find(const char *type)
{
    if (!type)
        return NULL;
    for (size_t i = 0; i < sizeof providers / sizeof providers[0]; i++)
        if (strcasecmp(providers[i]->type, type) == 0)
            return providers[i];
    return NULL;
}
