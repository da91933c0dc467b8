/*
 * providers.c - the table of apply-time providers, one per resource type
 * (types/notify.c, types/exec.c, types/file.c, types/schedule.c), looked up
 * by type name.
 */
#include "types/provider.h"
#include <string.h>
#include <strings.h>

extern const Provider provider_notify, provider_exec, provider_file, provider_schedule;

static const Provider *const providers[] = {
    &provider_exec,
    &provider_file,
    &provider_notify,
    &provider_schedule,
};

LogLevel res_loglevel(const Resource *r)
{
    Value *v = res_get((Resource *)r, "loglevel");
    if (!v || v->kind != V_STR)
        return LOG_NOTICE;
    const char *s = v->str.s;
    if (!strcmp(s, "debug")) return LOG_DEBUG;
    if (!strcmp(s, "info") || !strcmp(s, "verbose")) return LOG_INFO;
    if (!strcmp(s, "warning")) return LOG_WARNING;
    if (!strcmp(s, "err") || !strcmp(s, "alert") || !strcmp(s, "emerg") || !strcmp(s, "crit"))
        return LOG_ERR;
    return LOG_NOTICE;
}

const Provider *provider_find(const char *type)
{
    if (!type)
        return NULL;
    for (size_t i = 0; i < sizeof providers / sizeof providers[0]; i++)
        if (strcasecmp(providers[i]->type, type) == 0)
            return providers[i];
    return NULL;
}
