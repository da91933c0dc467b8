/*
 * txguard.c - the commands that guard a resource of any type: Puppet's
 * exec checks (onlyif, unless, creates) given to other types, and Salt's
 * check_cmd after a sync.  They run through the shell, as Salt runs them,
 * inside the root under --root, as execs do.  Part of the transaction's
 * module (tx_); tx.c decides what a failed guard means for the walk.
 */
#include "apply/tx.h"
#include "types/run.h"
#include "catalog/catalog.h"
#include "base/rootfs.h"
#include "base/util.h"
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The strings of a string-or-array parameter; *out is malloc'd (free it). */
static int value_strings(Value *v, const char ***out)
{
    size_t n = !v ? 0 : v->kind == V_ARRAY ? v->arr.n : 1;
    const char **s = xmalloc((n + 1) * sizeof *s);
    int k = 0;
    for (size_t i = 0; i < n; i++) {
        Value *x = v->kind == V_ARRAY ? v->arr.items[i] : v;
        if (x->kind == V_STR) s[k++] = x->str.s;
    }
    *out = s;
    return k;
}

/* Runs a check command through the shell (Salt runs them so); its exit
 * status, or -1 when it could not run or did not exit. */
static int run_check(TxRes *t, const char *cmd)
{
    RunCmd rc;
    memset(&rc, 0, sizeof rc);
    rc.command = cmd;
    rc.shell = 1;
    rc.timeout = 300;
    if (tx_root(t)[0]) rc.chroot_dir = tx_root(t);   /* --root: checks run inside it, as execs do */
    Buf out = BUF_INIT;
    RunResult res;
    int ok = run_command(&rc, &out, &res);
    buf_free(&out);
    return ok == 0 && res.outcome == RUN_EXITED ? res.status : -1;
}

/* onlyif / unless / creates on types other than exec (exec has its own):
 * Puppet's exec rules for lists (unless skips if any succeeds, onlyif runs
 * only if all succeed).  Returns 1 to manage the resource. */
int tx_generic_checks_allow(TxRes *t)
{
    Resource *r = (Resource *)tx_resource(t);
    if (!strcmp(r->type, "Exec")) return 1;
    const char **cmds;
    int skip = 0;
    int n = value_strings(cat_res_get(r, "onlyif"), &cmds);
    for (int i = 0; i < n && !skip; i++)
        if (run_check(t, cmds[i]) != 0) {
            tx_log(t, LL_INFO, NULL, "onlyif condition is false");
            skip = 1;
        }
    free(cmds);
    n = value_strings(cat_res_get(r, "unless"), &cmds);
    for (int i = 0; i < n && !skip; i++)
        if (run_check(t, cmds[i]) == 0) {
            tx_log(t, LL_INFO, NULL, "unless condition is true");
            skip = 1;
        }
    free(cmds);
    n = value_strings(cat_res_get(r, "creates"), &cmds);
    for (int i = 0; i < n && !skip; i++) {
        struct stat st;
        /* looked up in the root, never through a link out of it */
        if (rootfs_lstat(cmds[i], &st) == 0) {
            tx_log(t, LL_INFO, NULL, "%s exists", cmds[i]);
            skip = 1;
        }
    }
    free(cmds);
    return !skip;
}

/* check_cmd: 1 when every command of t's check_cmd succeeds (or it has
 * none). */
int tx_check_cmds_pass(TxRes *t)
{
    const char **cmds;
    Value *v = cat_res_get((Resource *)tx_resource(t), "check_cmd");
    if (!v) return 1;
    int n = value_strings(v, &cmds), ok = 1;
    for (int i = 0; i < n && ok; i++)
        if (run_check(t, cmds[i]) != 0) ok = 0;
    free(cmds);
    return ok;
}
