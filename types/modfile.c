/*
 * modfile.c - helpers shared by the module types' providers (modfile.h).
 * The one idea: a module type's Ruby provider reads its parameters with
 * to_s and compares against 'true', raises Ruby exceptions that Puppet
 * logs in two shapes, and rewrites whole files; each of those is done once
 * here so that file_line, ini_setting and concat_file say and do the same.
 */
#include "types/modfile.h"
#include "types/bucket.h"
#include <stdio.h>
#include <string.h>

int modfile_str(const Resource *r, const char *name, Buf *out)
{
    Value *v = provider_param(r, name);
    if (!v)
        return 0;
    if (v->kind == V_STR)
        buf_add(out, v->str.s, v->str.len);
    else
        val_to_s(out, v);
    return 1;
}

OnigRegex modfile_regex(const char *src, Buf *err)
{
    static OnigEncoding encs[1];
    OnigRegex re;
    OnigErrorInfo einfo;
    encs[0] = ONIG_ENCODING_UTF8;
    onig_initialize(encs, 1);   /* a no-op once done */
    const OnigUChar *p = (const OnigUChar *)src;
    int rc = onig_new(&re, p, p + strlen(src), ONIG_OPTION_NONE, ONIG_ENCODING_UTF8, ONIG_SYNTAX_RUBY, &einfo);
    if (rc != ONIG_NORMAL) {
        OnigUChar msg[ONIG_MAX_ERROR_MESSAGE_LEN];
        onig_error_code_to_str(msg, rc, &einfo);
        if (err) buf_printf(err, "%s: /%s/", (const char *)msg, src);
        return NULL;
    }
    return re;
}

int modfile_match(OnigRegex re, const char *s, size_t len)
{
    const OnigUChar *p = (const OnigUChar *)s;
    return onig_search(re, p, p + len, p, p + len, NULL, ONIG_OPTION_NONE) >= 0;
}

void modfile_location(Buf *b, const Resource *r)
{
    if (r->file && r->line)
        buf_printf(b, " (file: %s, line: %d)", r->file, r->line);
    else if (r->file)
        buf_printf(b, " (file: %s)", r->file);
    else if (r->line)
        buf_printf(b, " (line: %d)", r->line);
}

void modfile_fail_wrapped(TxRes *t, const char *is, const char *should, const char *msg)
{
    Buf m = BUF_INIT;
    buf_printf(&m, "Could not set '%s' on ensure: %s", should, msg);
    modfile_location(&m, tx_resource(t));
    tx_log_plain(t, LL_ERR, "%s", buf_cstr(&m));
    tx_log_plain(t, LL_ERR, "%s\nWrapped exception:\n%s", buf_cstr(&m), msg);
    char to[64];
    snprintf(to, sizeof to, "'%s'", should);
    tx_failed(t, "ensure", is, to, "%s", buf_cstr(&m));
    buf_free(&m);
}

void modfile_fail_error(TxRes *t, const char *is, const char *should, const char *msg)
{
    tx_log_plain(t, LL_ERR, "%s", msg);
    char to[64];
    snprintf(to, sizeof to, "'%s'", should);
    tx_failed(t, "ensure", is, to, "%s", msg);
}

int modfile_write(TxRes *t, const TextFile *f, const char *data, size_t len, Buf *err)
{
    if (f->exists && (f->text.len != len || memcmp(f->text.s ? f->text.s : "", data, len) != 0)) {
        char sum[65];
        Buf why = BUF_INIT;
        if (bucket_put(tx_vardir(t), f->shown, f->text.s ? f->text.s : "", f->text.len, sum, &why) != 0) {
            buf_printf(err, "Could not back up %s: %s", f->shown, buf_cstr(&why));
            buf_free(&why);
            return -1;
        }
        buf_free(&why);
        /* what a resource with a Sensitive value replaces may be a secret:
         * its sum is not shown */
        tx_log(t, LL_DEBUG, NULL, "Filebucketed %s to puppet with sum %s", f->shown,
               provider_sensitive(tx_resource(t), NULL) ? "[redacted]" : sum);
    }
    return textfile_store(f, data, len, err);
}
