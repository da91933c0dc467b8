/*
 * providers.c - the table of apply-time providers, one per resource type
 * (types/notify.c, types/exec.c, types/file.c, ...), looked up by type
 * name.  The table names its entries weakly, so a program (or a unit test)
 * that links only some provider files gets NULL for the others, and those
 * types simply have no provider.
 */
#include "types/provider.h"
#include "base/buf.h"
#include <string.h>
#include <strings.h>

#define WEAK __attribute__((weak))
extern const Provider provider_anchor WEAK, provider_concat_file WEAK, provider_concat_fragment WEAK,
    provider_file_line WEAK, provider_ini_setting WEAK, provider_ini_subsetting WEAK,
    provider_cron WEAK, provider_exec WEAK, provider_file WEAK, provider_group WEAK,
    provider_host WEAK, provider_notify WEAK, provider_package WEAK, provider_pkgrepo WEAK,
    provider_schedule WEAK, provider_service WEAK, provider_user WEAK;

static const Provider *const providers[] = {
    &provider_anchor,           /* module types (types.h, type_find_module) */
    &provider_concat_file,
    &provider_concat_fragment,
    &provider_file_line,
    &provider_ini_setting,
    &provider_ini_subsetting,
    &provider_cron,
    &provider_exec,
    &provider_file,
    &provider_group,
    &provider_host,
    &provider_notify,
    &provider_package,
    &provider_pkgrepo,
    &provider_schedule,
    &provider_service,
    &provider_user,
};
enum { NPROVIDERS = sizeof providers / sizeof providers[0] };

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
    for (size_t i = 0; i < NPROVIDERS; i++)
        if (providers[i] && strcasecmp(providers[i]->type, type) == 0)
            return providers[i];
    return NULL;
}

const Provider *provider_at(size_t i)
{
    for (size_t k = 0; k < NPROVIDERS; k++)
        if (providers[k] && i-- == 0)
            return providers[k];
    return NULL;
}

void provider_quote(Buf *b, const char *s) { val_puppet_quote(b, s, strlen(s), 0); }

Value *provider_param(const Resource *r, const char *name)
{
    Value *v = res_get((Resource *)r, name);
    if (v && v->kind == V_SENSITIVE)
        v = v->sensitive;
    return v && v->kind != V_UNDEF ? v : NULL;
}

void provider_inspect(Buf *b, const Value *v)
{
    if (v->kind != V_STR) {
        val_to_s(b, v);
        return;
    }
    buf_addc(b, '"');
    for (const char *s = v->str.s; *s; s++) {
        switch (*s) {
        case '"': buf_adds(b, "\\\""); break;
        case '\\': buf_adds(b, "\\\\"); break;
        case '\n': buf_adds(b, "\\n"); break;
        case '\r': buf_adds(b, "\\r"); break;
        case '\t': buf_adds(b, "\\t"); break;
        default: buf_addc(b, *s);
        }
    }
    buf_addc(b, '"');
}
