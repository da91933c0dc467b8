/*
 * txcheck.c - the catalog checked whole before the walk changes anything
 * (docs/apply.md §6.2): every resource's type must have a provider here,
 * each provider validates its resources' parameters with Puppet's
 * messages, and providers that check the catalog as a whole (validate_run)
 * look at it once.  Every error is printed and counted, none stops the
 * check, so one run names every invalid resource; mapply then refuses the
 * catalog before its first change.  Part of the transaction's module
 * (tx_), apart from the walk in tx.c.
 */
#include "apply/apply.h"
#include "types/provider.h"
#include "types/types.h"
#include "base/diag.h"
#include "base/util.h"
#include <stdlib.h>
#include <string.h>

/* One validation error about r, printed and handed (without "Error: ") to
 * log_fn when there is one: providers give Puppet's two wordings, a bare
 * reason or a whole "Parameter x failed on Exec[y]: ..." sentence. */
static void print_invalid(const Resource *r, const char *msg, LogFn log_fn, void *log_ctx)
{
    Buf line = BUF_INIT;
    if (strncmp(msg, "Parameter ", 10) == 0) buf_printf(&line, "%s", msg);
    else buf_printf(&line, "Validation of %s failed: %s", r->ref, msg);
    if (r->file) buf_printf(&line, " (file: %s, line: %d)", r->file, r->line);
    else if (r->line) buf_printf(&line, " (line: %d)", r->line);
    diag_fprintf(stderr, "Error: %s\n", buf_cstr(&line));
    if (log_fn) log_fn(log_ctx, LL_ERR, NULL, NULL, NULL, buf_cstr(&line));
    buf_free(&line);
}

/* The per-resource half of tx_validate. */
static int validate_resources(const Graph *g, const char *tool, LogFn log_fn, void *log_ctx)
{
    int errors = 0;
    for (int v = 0; v < g->nv; v++) {
        if (g->v[v].role != V_RESOURCE) continue;
        const Resource *r = g->v[v].res;
        const Provider *p = provider_find(r->type);
        Buf err = BUF_INIT;
        if (!p) {
            if (type_find_applied(r->type, strlen(r->type)))
                buf_printf(&err, "%s cannot manage %s resources yet", tool, r->type);
            else
                buf_printf(&err, "Unknown resource type '%s'", r->type);
        } else if (p->validate) {
            provider_validate(p, r, &err);
        }
        Value *par = cat_res_get((Resource *)r, "parallel");   /* a Boolean, as noop */
        if (!err.len && par && par->kind != V_BOOL
            && !(par->kind == V_STR && (!strcmp(par->str.s, "true") || !strcmp(par->str.s, "false")))) {
            buf_printf(&err, "Parameter parallel failed on %s: Invalid value ", r->ref);
            provider_inspect(&err, par);
            buf_adds(&err, ". Valid values are true, false.");
        }
        if (err.len) {
            print_invalid(r, buf_cstr(&err), log_fn, log_ctx);
            errors++;
        }
        buf_free(&err);
    }
    return errors;
}

/* validate_run's report: printed as tx_validate prints, Sensitive values
 * scrubbed out. */
typedef struct RunInvalid {
    int errors;
    LogFn log_fn;
    void *log_ctx;
} RunInvalid;

static void run_invalid(void *ctx, const Resource *r, const char *msg)
{
    RunInvalid *ri = ctx;
    char *safe = provider_scrub(r, msg);   /* never a secret in a message */
    print_invalid(r, safe ? safe : msg, ri->log_fn, ri->log_ctx);
    free(safe);
    ri->errors++;
}

int tx_validate(const Graph *g, const char *tool, const ApplyOptions *opt, LogFn log_fn, void *log_ctx)
{
    RunInvalid ri = {validate_resources(g, tool, log_fn, log_ctx), log_fn, log_ctx};
    for (size_t i = 0; opt && provider_at(i); i++) {
        const Provider *p = provider_at(i);
        if (p->validate_run) p->validate_run(g->cat, opt->modulepath ? opt->modulepath : "", run_invalid, &ri);
    }
    return ri.errors;
}
