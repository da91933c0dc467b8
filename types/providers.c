/*
 * providers.c - the table of apply-time providers, one per resource type
 * (types/notify.c, types/exec.c, types/file/, ...), looked up by type
 * name.  The table names its entries weakly, so a program (or a unit test)
 * that links only some provider files gets NULL for the others, and those
 * types simply have no provider.
 */
#include "types/provider.h"
#include "catalog/rubyval.h"
#include "base/buf.h"
#include "base/md5.h"
#include "base/sha1.h"
#include "base/sha256.h"
#include "base/util.h"
#include <stdlib.h>
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

LogLevel provider_loglevel(const Resource *r)
{
    Value *v = cat_res_get((Resource *)r, "loglevel");
    if (!v || v->kind != V_STR)
        return LL_NOTICE;
    const char *s = v->str.s;
    if (!strcmp(s, "debug")) return LL_DEBUG;
    if (!strcmp(s, "info") || !strcmp(s, "verbose")) return LL_INFO;
    if (!strcmp(s, "warning")) return LL_WARNING;
    if (!strcmp(s, "err") || !strcmp(s, "alert") || !strcmp(s, "emerg") || !strcmp(s, "crit"))
        return LL_ERR;
    return LL_NOTICE;
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
    Value *v = cat_res_get((Resource *)r, name);
    if (v && v->kind == V_SENSITIVE)
        v = v->sensitive;
    return v && v->kind != V_UNDEF ? v : NULL;
}

/* Replaces every occurrence of needle in *msg (a malloc'd string, or the
 * caller's when *owned is 0) with [redacted]. */
static void scrub_one(char **msg, int *owned, const char *needle, size_t n)
{
    if (n < 2 || !strstr(*msg, needle))
        return;
    Buf b = BUF_INIT;
    const char *s = *msg, *hit;
    while ((hit = strstr(s, needle))) {
        buf_add(&b, s, (size_t)(hit - s));
        buf_adds(&b, "[redacted]");
        s = hit + n;
    }
    buf_adds(&b, s);
    if (*owned)
        free(*msg);
    *msg = xstrndup(buf_cstr(&b), b.len);
    *owned = 1;
    buf_free(&b);
}

static void hexify(const unsigned char *d, size_t n, char *out)
{
    static const char hx[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = hx[d[i] >> 4];
        out[2 * i + 1] = hx[d[i] & 15];
    }
    out[2 * n] = '\0';
}

/* Scrubs each string inside v (arrays and hashes walked) out of *msg; with
 * all 0, only those inside a Sensitive value. */
static void scrub_value(char **msg, int *owned, const Value *v, int depth, int all)
{
    if (!v || depth > 32)
        return;
    switch (v->kind) {
    case V_SENSITIVE:
        scrub_value(msg, owned, v->sensitive, depth + 1, 1);
        break;
    case V_ARRAY:
        for (size_t i = 0; i < v->arr.n; i++)
            scrub_value(msg, owned, v->arr.items[i], depth + 1, all);
        break;
    case V_HASH:
        for (size_t i = 0; i < v->hash.n; i++)
            scrub_value(msg, owned, v->hash.vals[i], depth + 1, all);
        break;
    case V_STR: {
        if (!all || v->str.len < 2)
            break;
        char hex[65];
        unsigned char d[32];
        scrub_one(msg, owned, v->str.s, v->str.len);
        Buf ins = BUF_INIT;   /* as an inspected value shows it: "a\"b" */
        rv_inspect_str(&ins, v->str.s, v->str.len, RV_AGENT);
        ins.s[ins.len - 1] = '\0';
        if (strcmp(ins.s + 1, v->str.s) != 0)
            scrub_one(msg, owned, ins.s + 1, ins.len - 2);
        buf_free(&ins);
        sha256_hex(v->str.s, v->str.len, hex);
        scrub_one(msg, owned, hex, 64);
        Sha1 s1;
        sha1_init(&s1);
        sha1_update(&s1, v->str.s, v->str.len);
        sha1_final(&s1, d);
        hexify(d, 20, hex);
        scrub_one(msg, owned, hex, 40);
        Md5 m;
        md5_init(&m);
        md5_update(&m, v->str.s, v->str.len);
        md5_final(&m, d);
        hexify(d, 16, hex);
        scrub_one(msg, owned, hex, 32);
        break;
    }
    default:
        break;
    }
}

char *provider_scrub(const Resource *r, const char *msg)
{
    if (!r || !msg)
        return NULL;
    char *out = (char *)msg;
    int owned = 0;
    for (size_t i = 0; i < r->nparams; i++) {
        const Value *v = r->params[i].value;
        /* a user's password is sensitive in Puppet whether wrapped or not */
        int listed = v && (v->kind == V_SENSITIVE ||
                           (!strcasecmp(r->type, "User") && !strcmp(r->params[i].name, "password")));
        for (size_t k = 0; !listed && k < r->nsensitive; k++)
            listed = !strcmp(r->sensitive[k], r->params[i].name);
        scrub_value(&out, &owned, v, 0, listed);
    }
    return owned ? out : NULL;
}

int provider_sensitive(const Resource *r, const char *name)
{
    for (size_t i = 0; i < r->nparams; i++)
        if ((!name || !strcmp(r->params[i].name, name)) && val_has_sensitive(r->params[i].value))
            return 1;
    for (size_t k = 0; k < r->nsensitive; k++)
        if (!name || !strcmp(r->sensitive[k], name))
            return 1;
    return 0;
}

int provider_validate(const Provider *p, const Resource *r, Buf *err)
{
    int rc = p->validate(r, err);
    char *clean = err->len ? provider_scrub(r, buf_cstr(err)) : NULL;
    if (clean) {
        buf_clear(err);
        buf_adds(err, clean);
        free(clean);
    }
    return rc;
}

void provider_inspect(Buf *b, const Value *v) { rv_inspect(b, v, RV_AGENT); }

void provider_to_s(Buf *b, const Value *v)
{
    if (v->kind == V_ARRAY || v->kind == V_HASH)
        rv_inspect(b, v, RV_AGENT);   /* Array#to_s and Hash#to_s are their inspect */
    else
        val_to_s(b, v);
}
