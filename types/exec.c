/*
 * exec.c - the exec type at apply time, with its posix and shell providers.
 * The idea Puppet builds exec on: the only property is `returns`, whose
 * current value is 'notrun' when every check (refreshonly, creates, unless,
 * onlyif, in that order) lets the command run, and already the wanted value
 * otherwise.  So a blocked exec is simply in sync: nothing is logged.  When
 * it is out of sync, syncing means running the command and comparing its
 * exit status with `returns`.  A refresh re-runs `refresh` (or the command)
 * under the same checks, except refreshonly.  Processes are started by
 * types/run.c; this file parses the parameters, keeps Puppet's messages and
 * decides what is logged (output per logoutput, at the resource's loglevel).
 */
#include "types/txres.h"
#include "types/run.h"
#include "types/textfile.h"
#include "types/param.h"
#include "catalog/rubyval.h"
#include "base/rootfs.h"
#include "base/util.h"
#include <errno.h>
#include <grp.h>
#include <math.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

extern const Provider provider_exec;

typedef enum LogOutput { LO_FALSE, LO_TRUE, LO_ON_FAILURE } LogOutput;

/* One command: a line, or an argument vector (command => ['/bin/echo', 'x']). */
typedef struct Cmd {
    char *line;     /* malloc'd, or NULL */
    char **argv;    /* malloc'd, NULL-terminated, or NULL */
} Cmd;

typedef struct CmdList { Cmd *v; size_t n; } CmdList;

/* A NULL-terminated list of malloc'd strings. */
typedef StrList Strs;

/* An exec's parameters, parsed and checked (exec_parse). */
typedef struct Exec {
    const Resource *r;
    Cmd command;          /* command, defaulting to the title */
    Cmd refresh;          /* refresh command, or none */
    CmdList onlyif, unless_;
    Strs creates;
    Strs path;            /* search path; path.v NULL when unset */
    Strs env;             /* environment "K=V" */
    Strs returns;         /* acceptable exit statuses, as strings */
    char *cwd;
    char *user, *group;   /* run as (names or ids), or NULL */
    double timeout;       /* seconds, 0: none */
    long tries;           /* attempts until a status is acceptable (>= 1) */
    double try_sleep;     /* seconds between tries */
    int umask;            /* the command's umask, -1: inherit */
    LogOutput logoutput;
    int refreshonly;
    int shell;            /* provider => shell */
    int sensitive;        /* command, onlyif or unless is Sensitive */
    LogLevel level;       /* the loglevel metaparameter */
} Exec;

static char *dup_text(const Value *v)
{
    Buf b = BUF_INIT;
    val_to_s(&b, v);
    if (!b.s)
        return xstrndup("", 0);
    return buf_detach(&b);
}

static void strs_push(Strs *s, char *str)
{
    s->v = xrealloc(s->v, (s->n + 2) * sizeof *s->v);
    s->v[s->n++] = str;
    s->v[s->n] = NULL;
}

static void strs_free(Strs *s)
{
    for (size_t i = 0; i < s->n; i++)
        free(s->v[i]);
    free(s->v);
    s->v = NULL;
    s->n = 0;
}

static void cmd_free(Cmd *c)
{
    free(c->line);
    if (c->argv)
        for (char **p = c->argv; *p; p++)
            free(*p);
    free(c->argv);
    c->line = NULL;
    c->argv = NULL;
}

static int cmd_set(Cmd *c, const Value *v)
{
    if (v->kind == V_ARRAY) {
        c->argv = xcalloc(v->arr.n + 1, sizeof *c->argv);
        for (size_t i = 0; i < v->arr.n; i++)
            c->argv[i] = dup_text(v->arr.items[i]);
        return 0;
    }
    if (v->kind != V_STR)
        return -1;
    c->line = dup_text(v);
    return 0;
}

static void cmdlist_free(CmdList *l)
{
    for (size_t i = 0; i < l->n; i++)
        cmd_free(&l->v[i]);
    free(l->v);
    l->v = NULL;
    l->n = 0;
}

/* onlyif/unless: a string, an array of strings, or an array holding
 * argument vectors ([['test', '-f', '/x'], 'test -f /y']). */
static void cmdlist_set(CmdList *l, const Value *v)
{
    if (v->kind != V_ARRAY) {
        l->v = xcalloc(1, sizeof *l->v);
        if (cmd_set(&l->v[0], v) != 0)
            l->v[0].line = dup_text(v);
        l->n = 1;
        return;
    }
    l->v = xcalloc(v->arr.n ? v->arr.n : 1, sizeof *l->v);
    for (size_t i = 0; i < v->arr.n; i++) {
        if (cmd_set(&l->v[i], v->arr.items[i]) != 0)
            l->v[i].line = dup_text(v->arr.items[i]);
    }
    l->n = v->arr.n;
}

/* Appends each string of a string or array value (arrays flattened). */
static void strs_from(Strs *s, const Value *v)
{
    if (v->kind == V_ARRAY) {
        for (size_t i = 0; i < v->arr.n; i++)
            strs_from(s, v->arr.items[i]);
        return;
    }
    strs_push(s, dup_text(v));
}

static void exec_free(Exec *e)
{
    cmd_free(&e->command);
    cmd_free(&e->refresh);
    cmdlist_free(&e->onlyif);
    cmdlist_free(&e->unless_);
    strs_free(&e->creates);
    strs_free(&e->path);
    strs_free(&e->env);
    strs_free(&e->returns);
    free(e->cwd);
    free(e->user);
    free(e->group);
    memset(e, 0, sizeof *e);
}

/* The command as Puppet interpolates it: the line, or Array#to_s. */
static void cmd_shown(Buf *b, const Cmd *c)
{
    if (c->line) {
        buf_adds(b, c->line);
        return;
    }
    buf_addc(b, '[');
    for (char **p = c->argv; p && *p; p++) {
        if (p != c->argv)
            buf_adds(b, ", ");
        rv_inspect_str(b, *p, strlen(*p), RV_FN);
    }
    buf_addc(b, ']');
}


/* "Parameter x failed on Exec[y]: Munging failed for value V in class x:
 * why"; returns -1. */
static int munge_fail(Buf *err, const Resource *r, const char *name, const Value *v, const char *why)
{
    buf_printf(param_fail(err, r, name), "Munging failed for value ");
    provider_inspect(err, v);
    buf_printf(err, " in class %s: %s", name, why);
    return -1;
}

/* Puppet's validatecmd: a command must be absolute unless path is set. */
static int check_qualified(const Exec *e, const Cmd *c, Buf *msg)
{
    if (e->shell || e->path.v)
        return 0;
    RunCmd rc = { .command = c->line, .argv = (const char *const *)c->argv };
    Buf exe = BUF_INIT;
    run_extract_exe(&rc, &exe);
    int bad = buf_cstr(&exe)[0] != '/';
    /* Puppet names the executable; a Sensitive one is never shown */
    if (bad)
        buf_printf(msg, "'%s' is not qualified and no path was specified. Please qualify the command or specify a path.",
                   e->sensitive ? "[redacted]" : buf_cstr(&exe));
    buf_free(&exe);
    return bad ? -1 : 0;
}

/* command: a String or an Array of Strings; the title when unset. */
static int exec_command(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    Exec *e = obj;
    if (!v) {
        e->command.line = xstrndup(r->title, strlen(r->title));
        return 0;
    }
    if (cmd_set(&e->command, v) == 0)
        return 0;
    buf_printf(param_fail(err, r, p->name), "Command must be a String or Array<String>, got value of class %s",
               val_type_name(v));
    return -1;
}

/* path: an array or ':'-joined strings, split on ':'; path.v is non-NULL
 * once path is set, even when it names no directory. */
static int exec_path(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    Exec *e = obj;
    Strs raw = {0};
    strs_from(&raw, v);
    strs_push(&e->path, NULL);
    e->path.n = 0;
    for (size_t i = 0; i < raw.n; i++) {
        const char *s = raw.v[i];
        for (;;) {
            size_t n = strcspn(s, ":");
            if (n)
                strs_push(&e->path, xstrndup(s, n));
            if (!s[n])
                break;
            s += n + 1;
        }
    }
    strs_free(&raw);
    return 0;
}

/* timeout: a number of seconds (the first of an array); 0 or less: none. */
static int exec_timeout(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    Exec *e = obj;
    const Value *tv = v->kind == V_ARRAY ? (v->arr.n ? v->arr.items[0] : NULL) : v;
    double t = 0;
    int okv = 0;
    if (tv && tv->kind == V_INT) {
        t = (double)tv->i;
        okv = 1;
    } else if (tv && tv->kind == V_FLOAT) {
        t = tv->f;
        okv = 1;
    } else if (tv && tv->kind == V_STR) {
        char *end;
        errno = 0;
        t = strtod(tv->str.s, &end);
        while (*end == ' ' || *end == '\t' || *end == '\n')
            end++;
        okv = end != tv->str.s && !*end && errno == 0 && isfinite(t);
    }
    if (!okv && v->kind == V_ARRAY) {
        /* Puppet's munge took the first element out of the array (shift)
         * before its message shows the value */
        Value rest = { .kind = V_ARRAY };   /* not *v: a value is only as big as its kind needs */
        rest.arr.items = v->arr.items + (v->arr.n > 0);
        rest.arr.n = v->arr.n - (v->arr.n > 0);
        return munge_fail(err, r, p->name, &rest, "The timeout must be a number.");
    }
    if (!okv)
        return munge_fail(err, r, p->name, v, "The timeout must be a number.");
    e->timeout = t > 0 ? t : 0;
    return 0;
}

/* tries: an Integer, or a String of digits, at least 1. */
static int exec_tries(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    Exec *e = obj;
    const char *bad = NULL;
    if ((v->kind == V_STR && (!v->str.len || strspn(v->str.s, "0123456789") != v->str.len)) ||
        (v->kind != V_STR && v->kind != V_INT))
        bad = "Tries must be an integer";
    else if ((e->tries = v->kind == V_INT ? (long)v->i : atol(v->str.s)) < 1)
        bad = "Tries must be an integer >= 1";
    return bad ? munge_fail(err, r, p->name, v, bad) : 0;
}

/* try_sleep: a number of seconds, not negative. */
static int exec_try_sleep(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    Exec *e = obj;
    const char *bad = NULL;
    if (v->kind == V_INT)
        e->try_sleep = (double)v->i;
    else if (v->kind == V_FLOAT)
        e->try_sleep = v->f;
    else if (v->kind == V_STR && v->str.len && strspn(v->str.s, "-0123456789.") == v->str.len)
        e->try_sleep = strtod(v->str.s, NULL);
    else
        bad = "try_sleep must be a number";
    if (!bad && e->try_sleep < 0)
        bad = "try_sleep cannot be a negative number";
    return bad ? munge_fail(err, r, p->name, v, bad) : 0;
}

/* cwd: one absolute path (Puppet::Parameter::Path). */
static int exec_cwd(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    Exec *e = obj;
    if (v->kind == V_ARRAY) {
        buf_printf(param_fail(err, r, p->name), "%s only accepts a single path, not an array of paths", p->name);
        return -1;
    }
    if (v->kind != V_STR || v->str.s[0] != '/') {
        buf_printf(param_fail(err, r, p->name), "%s must be a fully qualified path", p->name);
        return -1;
    }
    free(e->cwd);
    e->cwd = xstrndup(v->str.s, v->str.len);
    return 0;
}

/* refresh: a command, which must be qualified like the command. */
static int exec_refresh_cmd(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    Exec *e = obj;
    Buf tmp = BUF_INIT;
    if (cmd_set(&e->refresh, v) != 0)
        e->refresh.line = dup_text(v);
    int rc = check_qualified(e, &e->refresh, &tmp);
    if (rc != 0)
        buf_printf(param_fail(err, r, p->name), "%s", buf_cstr(&tmp));
    buf_free(&tmp);
    return rc;
}

/* onlyif, unless: commands, checked once both are read (exec_parse). */
static int exec_checks(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    Exec *e = obj;
    cmdlist_set(p->name[0] == 'o' ? &e->onlyif : &e->unless_, v);
    return 0;
}

/* Puppet: value =~ /\w+=/ */
static int valid_env(const char *s)
{
    const char *eq = strchr(s, '=');
    return eq && eq > s && (eq[-1] == '_' || (eq[-1] >= '0' && eq[-1] <= '9') ||
                            ((eq[-1] | 32) >= 'a' && (eq[-1] | 32) <= 'z'));
}

static const ParamWord exec_providers[] = { { "posix", 0 }, { "shell", 1 }, { NULL, 0 } };
static const ParamWord exec_logoutputs[] = { { "true", LO_TRUE }, { "false", LO_FALSE }, { "on_failure", LO_ON_FAILURE },
                                             { NULL, 0 } };
static const ParamWord exec_bools[] = { { "true", 1 }, { "false", 0 }, { NULL, 0 } };

/* exec's parameters, in the order they are checked; the fields that are
 * not custom are freed by exec_free. */
static const ParamSpec exec_params[] = {
    { "command", PK_CUSTOM, .hook = exec_command, .flags = PF_ALWAYS },
    { "provider", PK_WORD, offsetof(Exec, shell), .words = exec_providers, .bad = "Invalid %t provider '%v'" },
    { "path", PK_CUSTOM, .hook = exec_path },
    { "environment", PK_LIST, offsetof(Exec, env), .flags = PF_FLATTEN,
      .checks = { { valid_env, "Invalid environment setting '%v'" } } },
    { "returns", PK_LIST, offsetof(Exec, returns), .dflt = "0", .flags = PF_FLATTEN },
    { "timeout", PK_CUSTOM, .hook = exec_timeout },
    { "logoutput", PK_WORD, offsetof(Exec, logoutput), .dflt = "on_failure", .words = exec_logoutputs },
    { "refreshonly", PK_WORD, offsetof(Exec, refreshonly), .words = exec_bools },
    { "creates", PK_LIST, offsetof(Exec, creates), .flags = PF_FLATTEN },
    { "cwd", PK_CUSTOM, .hook = exec_cwd },
    { "user", PK_STRING, .field = offsetof(Exec, user) },
    { "group", PK_STRING, .field = offsetof(Exec, group) },
    { "tries", PK_CUSTOM, .hook = exec_tries },
    { "try_sleep", PK_CUSTOM, .hook = exec_try_sleep },
    { "umask", PK_MODE, offsetof(Exec, umask), .bad = "The umask specification is invalid: %i" },
    { "refresh", PK_CUSTOM, .hook = exec_refresh_cmd },
    { "unless", PK_CUSTOM, .hook = exec_checks },
    { "onlyif", PK_CUSTOM, .hook = exec_checks },
};

/* Parses and validates r's parameters into e (which the caller frees with
 * exec_free even on failure).  On failure err holds the message: bare for
 * the whole-resource check (Puppet's "Validation of Exec[x] failed: ..."),
 * "Parameter <p> failed on Exec[x]: ..." for one parameter. */
static int exec_parse(const Resource *r, Exec *e, Buf *err)
{
    memset(e, 0, sizeof *e);
    e->r = r;
    e->timeout = 300;
    e->tries = 1;
    e->umask = -1;
    e->level = provider_loglevel(r);
    for (size_t i = 0; i < r->nsensitive; i++)
        if (!strcmp(r->sensitive[i], "command") || !strcmp(r->sensitive[i], "onlyif") ||
            !strcmp(r->sensitive[i], "unless"))
            e->sensitive = 1;
    for (size_t i = 0; i < r->nparams; i++)
        if (r->params[i].value && r->params[i].value->kind == V_SENSITIVE &&
            (!strcmp(r->params[i].name, "command") || !strcmp(r->params[i].name, "onlyif") ||
             !strcmp(r->params[i].name, "unless") || !strcmp(r->params[i].name, "refresh")))
            e->sensitive = 1;
    if (param_parse(exec_params, PARAM_COUNT(exec_params), r, e, err) != 0)
        return -1;
    /* onlyif and unless must be qualified too, like the command */
    const char *names[2] = { "onlyif", "unless" };
    CmdList *lists[2] = { &e->onlyif, &e->unless_ };
    Buf tmp = BUF_INIT;
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; i < lists[k]->n; i++) {
            buf_clear(&tmp);
            if (check_qualified(e, &lists[k]->v[i], &tmp) != 0) {
                buf_printf(param_fail(err, r, names[k]), "%s", buf_cstr(&tmp));
                buf_free(&tmp);
                return -1;
            }
        }
    buf_free(&tmp);
    /* The whole-resource check comes last, as Puppet's validate block does. */
    return check_qualified(e, &e->command, err);
}

static int exec_validate(const Resource *r, Buf *err)
{
    Exec e;
    int rc = exec_parse(r, &e, err);
    exec_free(&e);
    return rc;
}

static RunCmd run_spec(const Exec *e, const Cmd *c)
{
    RunCmd rc = {
        .command = c->line,
        .argv = (const char *const *)c->argv,
        .shell = e->shell,
        .path = (const char *const *)e->path.v,
        .env = (const char *const *)e->env.v,
        .cwd = e->cwd,
        .timeout = e->timeout,
        .set_umask = e->umask >= 0,
        .umask = e->umask >= 0 ? (unsigned)e->umask : 0,
    };
    return rc;
}

enum { NGROUPS_MAX_RUN = 256 };

/* The passwd or group entry called name (or with that id, when name is all
 * digits) in root's files when root is set, else through the system's
 * lookup; fills *id (and *gid for a user).  Returns 0 or -1. */
static int lookup_id(const char *root, int user, const char *name, unsigned *id, unsigned *gid)
{
    int numeric = name[0] && strspn(name, "0123456789") == strlen(name);
    unsigned want = numeric ? (unsigned)strtoul(name, NULL, 10) : 0;
    if (!root[0]) {
        if (user) {
            struct passwd *pw = numeric ? getpwuid((uid_t)want) : getpwnam(name);
            if (!pw) return numeric ? (*id = want, *gid = want, 0) : -1;
            *id = pw->pw_uid;
            *gid = pw->pw_gid;
        } else {
            struct group *gr = numeric ? getgrgid((gid_t)want) : getgrnam(name);
            if (!gr) return numeric ? (*id = want, 0) : -1;
            *id = gr->gr_gid;
        }
        return 0;
    }
    FILE *f = textfile_fopen(user ? "/etc/passwd" : "/etc/group");   /* the root's */
    int rc = numeric ? (*id = want, user ? (*gid = want) : 0, 0) : -1;
    if (!f) return rc;
    if (user) {
        for (struct passwd *pw; (pw = fgetpwent(f));)
            if (numeric ? pw->pw_uid == want : !strcmp(pw->pw_name, name)) {
                *id = pw->pw_uid;
                *gid = pw->pw_gid;
                rc = 0;
                break;
            }
    } else {
        for (struct group *gr; (gr = fgetgrent(f));)
            if (numeric ? gr->gr_gid == want : !strcmp(gr->gr_name, name)) {
                *id = gr->gr_gid;
                rc = 0;
                break;
            }
    }
    fclose(f);
    return rc;
}

/* The supplementary groups of user (named) with primary group gid, from
 * root's group file or the system's (initgroups' view). */
static size_t user_groups(const char *root, const char *user, unsigned gid, unsigned *out, size_t max)
{
    size_t n = 0;
    out[n++] = gid;
    if (!root[0]) {
        gid_t g[NGROUPS_MAX_RUN];
        int ng = NGROUPS_MAX_RUN;
        if (getgrouplist(user, (gid_t)gid, g, &ng) < 0) ng = 0;
        for (int i = 0; i < ng && n < max; i++)
            if (g[i] != gid) out[n++] = g[i];
        return n;
    }
    FILE *f = textfile_fopen("/etc/group");
    if (!f) return n;
    for (struct group *gr; (gr = fgetgrent(f)) && n < max;)
        for (char **m = gr->gr_mem; m && *m; m++)
            if (!strcmp(*m, user) && gr->gr_gid != gid) {
                out[n++] = gr->gr_gid;
                break;
            }
    fclose(f);
    return n;
}

/* exec's user and group (Puppet runs the command with the user's uid, its
 * primary group unless group is given, and its supplementary groups). */
static int run_as(const char *root, const Exec *e, RunCmd *spec, unsigned *groups, Buf *msg)
{
    /* Puppet checks this when it validates; here validation also runs at
     * compile time, on another machine, so it waits for the run */
    if (geteuid() != 0) {
        buf_printf(msg, "Only root can execute commands as other %s", e->user ? "users" : "groups");
        return -1;
    }
    unsigned uid = (unsigned)geteuid(), gid = (unsigned)getegid();
    if (e->user && lookup_id(root, 1, e->user, &uid, &gid) != 0) {
        buf_printf(msg, "Invalid user: %s", e->user);
        return -1;
    }
    if (e->group && lookup_id(root, 0, e->group, &gid, NULL) != 0) {
        buf_printf(msg, "Invalid group: %s", e->group);
        return -1;
    }
    spec->set_ids = 1;
    spec->uid = uid;
    spec->gid = gid;
    spec->groups = groups;
    if (e->user && strspn(e->user, "0123456789") != strlen(e->user))
        spec->ngroups = user_groups(root, e->user, gid, groups, NGROUPS_MAX_RUN);
    else {
        groups[0] = gid;
        spec->ngroups = 1;
    }
    return 0;
}

/* What running one command came to. */
typedef enum Ran { RAN_OK, RAN_TIMEOUT, RAN_ERROR } Ran;

/* Runs c as Puppet's provider.run does: checkexe, the cwd check, then the
 * process.  RAN_OK: *status set (-1 when killed by a signal: Ruby's nil).
 * RAN_ERROR: msg holds Puppet's error ("Could not find command 'x'", or the
 * output of a command that exited 127).  RAN_TIMEOUT: nothing else. */
static Ran exec_run(TxRes *t, const Exec *e, const Cmd *c, Buf *out, int *status, Buf *msg)
{
    RunCmd spec = run_spec(e, c);
    const char *root = tx_root(t);
    Buf cwd = BUF_INIT;
    RunResult res;
    struct stat st;

    /* --root: the command runs chrooted there, so paths are the root's */
    if (root[0])
        spec.chroot_dir = root;
    spec.sensitive = e->sensitive;
    if (run_check_exe(&spec, msg) != 0)
        return RAN_ERROR;
    if (e->cwd) {
        buf_printf(&cwd, "%s%s", root, e->cwd);
        /* looked up in the root, as the chrooted command will see it */
        if (rootfs_stat(e->cwd, &st) != 0 || !S_ISDIR(st.st_mode)) {
            buf_printf(msg, "Working directory %s does not exist!", e->cwd);
            buf_free(&cwd);
            return RAN_ERROR;
        }
        spec.cwd = root[0] ? e->cwd : buf_cstr(&cwd);
    }
    unsigned groups[NGROUPS_MAX_RUN];
    if ((e->user || e->group) && run_as(root, e, &spec, groups, msg) != 0) {
        buf_free(&cwd);
        return RAN_ERROR;
    }
    run_command(&spec, out, &res);
    buf_free(&cwd);
    switch (res.outcome) {
    case RUN_TIMEOUT:
        return RAN_TIMEOUT;
    case RUN_ERROR: {
        /* Puppet's forked child logs this and exits 1. */
        Buf exe = BUF_INIT;
        run_extract_exe(&spec, &exe);
        tx_log_plain(t, LL_ERR, "Could not execute posix command: %s - %s", strerror(res.err),
                     res.in_chdir ? e->cwd : e->sensitive ? "[redacted]" : buf_cstr(&exe));
        buf_free(&exe);
        *status = 1;
        return RAN_OK;
    }
    case RUN_SIGNALED:
        *status = -1;
        return RAN_OK;
    case RUN_EXITED:
        *status = res.status;
        if (res.status == 127) {
            /* Puppet raises the output itself as the error (the shell's
             * "not found" line names a Sensitive command: never shown) */
            if (e->sensitive)
                buf_adds(msg, "[output redacted]");
            else
                buf_add(msg, out->s ? out->s : "", out->len);
            while (msg->len && msg->s[msg->len - 1] == '\n')
                msg->s[--msg->len] = '\0';
            return RAN_ERROR;
        }
        return RAN_OK;
    }
    return RAN_OK;
}

/* Logs each output line at prop, at the resource's loglevel. */
static void log_lines(TxRes *t, LogLevel lvl, const char *prop, const Buf *out)
{
    const char *s = out->s ? out->s : "";
    size_t len = out->len;
    while (len && s[len - 1] == '\n')   /* Ruby's split drops trailing empty lines */
        len--;
    const char *end = s + len;
    while (s < end) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);
        tx_log(t, lvl, prop, "%.*s", (int)n, s);
        s += n;
        if (*s)
            s++;
    }
}

/* One onlyif or unless command: 1 if it exits 0, 0 if not or if it timed
 * out (logged), -1 when it could not run at all (msg set). */
static int run_check(TxRes *t, const Exec *e, const char *which, const Cmd *c, Buf *msg)
{
    Buf out = BUF_INIT;
    int status = 0;
    Buf what = BUF_INIT;
    cmd_shown(&what, c);
    tx_log(t, LL_DEBUG, NULL, "Executing check '%s'", e->sensitive ? "[redacted]" : buf_cstr(&what));
    buf_free(&what);
    Ran ran = exec_run(t, e, c, &out, &status, msg);
    if (ran == RAN_TIMEOUT) {
        Buf shown = BUF_INIT, q = BUF_INIT;
        cmd_shown(&shown, c);
        if (e->sensitive)
            buf_adds(&q, "[redacted]");
        else if (c->line)
            rv_inspect_str(&q, c->line, strlen(c->line), RV_FN);
        else
            buf_add(&q, shown.s, shown.len);
        tx_log(t, LL_ERR, which, "Check %s exceeded timeout", buf_cstr(&q));
        buf_free(&shown);
        buf_free(&q);
        buf_free(&out);
        return 0;
    }
    if (ran == RAN_ERROR) {
        buf_free(&out);
        return -1;
    }
    if (e->sensitive)
        tx_log(t, LL_DEBUG, which, "[output redacted]");
    else
        log_lines(t, LL_DEBUG, which, &out);
    buf_free(&out);
    return status == 0;
}

/* Puppet's check_all_attributes: 1 if the command should run, 0 if a check
 * blocks it, -1 if a check could not run (msg set). */
static int checks_pass(TxRes *t, const Exec *e, int refreshing, Buf *msg)
{
    Buf shown = BUF_INIT;
    int rc = 1;
    const char *blocked = NULL;

    if (e->sensitive)
        buf_adds(&shown, "[command redacted]");
    else
        cmd_shown(&shown, &e->command);
    if (!refreshing && e->refreshonly) {
        blocked = "refreshonly";
        goto out;
    }
    for (size_t i = 0; i < e->creates.n; i++) {
        struct stat st;
        tx_log(t, LL_DEBUG, "creates", "Checking that 'creates' path '%s' exists", e->creates.v[i]);
        /* File.exist?: a link counts when what it names exists, all in the root */
        int exists = rootfs_stat(e->creates.v[i], &st) == 0;
        if (exists) {
            blocked = "creates";
            goto out;
        }
    }
    for (size_t i = 0; i < e->unless_.n; i++) {
        int ok = run_check(t, e, "unless", &e->unless_.v[i], msg);
        if (ok < 0) {
            rc = -1;
            goto out;
        }
        if (ok) {   /* unless: a command that succeeds blocks the run */
            blocked = "unless";
            goto out;
        }
    }
    for (size_t i = 0; i < e->onlyif.n; i++) {
        int ok = run_check(t, e, "onlyif", &e->onlyif.v[i], msg);
        if (ok < 0) {
            rc = -1;
            goto out;
        }
        if (!ok) {  /* onlyif: every command must succeed */
            blocked = "onlyif";
            goto out;
        }
    }
out:
    if (blocked) {
        tx_log(t, LL_DEBUG, NULL, "'%s' won't be executed because of failed check '%s'", buf_cstr(&shown), blocked);
        rc = 0;
    }
    buf_free(&shown);
    return rc;
}

static int status_ok(const Exec *e, int status)
{
    char s[32];
    if (status < 0)
        return 0;
    snprintf(s, sizeof s, "%d", status);
    for (size_t i = 0; i < e->returns.n; i++)
        if (!strcmp(e->returns.v[i], s))
            return 1;
    return 0;
}

/* The `returns` should value as Puppet prints it: ['0'] or ['0', '3']. */
static void returns_shown(Buf *b, const Exec *e)
{
    buf_addc(b, '[');
    for (size_t i = 0; i < e->returns.n; i++)
        buf_printf(b, "%s'%s'", i ? ", " : "", e->returns.v[i]);
    buf_addc(b, ']');
}

/* Runs the command as the returns property's sync does.  Returns 0, or -1
 * with Puppet's failure message in msg. */
static int exec_sync(TxRes *t, const Exec *e, Buf *msg)
{
    Buf out = BUF_INIT;
    int status = 0;
    Ran ran = RAN_OK;
    for (long try = 0; try < e->tries; try++) {
        if (e->tries > 1)
            tx_log(t, LL_DEBUG, "returns", "Exec try %ld/%ld", try + 1, e->tries);
        Buf what = BUF_INIT;
        cmd_shown(&what, &e->command);
        tx_log(t, LL_DEBUG, NULL, "Executing '%s'", e->sensitive ? "[redacted]" : buf_cstr(&what));
        buf_free(&what);
        buf_clear(&out);
        ran = exec_run(t, e, &e->command, &out, &status, msg);
        if (ran != RAN_OK || status_ok(e, status))
            break;
        if (e->try_sleep > 0 && e->tries > 1 && try + 1 < e->tries) {
            tx_log(t, LL_DEBUG, "returns", "Sleeping for %g seconds between tries", e->try_sleep);
            struct timespec ts = { (time_t)e->try_sleep,
                                   (long)((e->try_sleep - (double)(time_t)e->try_sleep) * 1e9) };
            while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
                ;
        }
    }
    if (ran == RAN_TIMEOUT) {
        buf_adds(msg, "Command exceeded timeout");
        buf_free(&out);
        return -1;
    }
    if (ran == RAN_ERROR) {
        buf_free(&out);
        return -1;
    }
    int ok = status_ok(e, status);
    if (e->logoutput == LO_TRUE || (e->logoutput == LO_ON_FAILURE && !ok)) {
        if (e->sensitive)
            tx_log(t, e->level, "returns", "[output redacted]");
        else
            log_lines(t, e->level, "returns", &out);
    }
    buf_free(&out);
    if (ok)
        return 0;
    Buf st = BUF_INIT;
    if (status >= 0)
        buf_printf(&st, "%d", status);
    if (e->sensitive)
        buf_printf(msg, "[command redacted] returned %s instead of one of [", buf_cstr(&st));
    else {
        buf_adds(msg, "'");
        cmd_shown(msg, &e->command);
        buf_printf(msg, "' returned %s instead of one of [", buf_cstr(&st));
    }
    for (size_t i = 0; i < e->returns.n; i++)
        buf_printf(msg, "%s%s", i ? "," : "", e->returns.v[i]);
    buf_addc(msg, ']');
    buf_free(&st);
    return -1;
}

static int exec_apply(TxRes *t)
{
    const Resource *r = tx_resource(t);
    Exec e;
    Buf msg = BUF_INIT;
    int rc = 0;

    if (exec_parse(r, &e, &msg) != 0) {
        /* validate() should have stopped this resource before the run */
        tx_log(t, LL_ERR, NULL, "%s", buf_cstr(&msg));
        rc = -1;
        goto out;
    }
    int run = checks_pass(t, &e, 0, &msg);
    if (run < 0) {
        tx_log(t, LL_ERR, NULL, "Could not evaluate: %s", buf_cstr(&msg));
        rc = -1;
        goto out;
    }
    if (!run)
        goto out;   /* in sync: 'returns' already reads as wanted */
    Buf should = BUF_INIT;
    returns_shown(&should, &e);
    if (tx_noop(t)) {
        tx_would(t, "returns", "executed_command", "'notrun'", buf_cstr(&should));
    } else if (exec_sync(t, &e, &msg) != 0) {
        /* The exception line (no source), then the failed change. */
        tx_log_plain(t, LL_ERR, "%s", buf_cstr(&msg));
        tx_failed(t, "returns", "'notrun'", buf_cstr(&should), "%s", buf_cstr(&msg));
        rc = -1;
    } else {
        tx_change(t, "returns", "executed_command", "executed successfully");
    }
    buf_free(&should);
out:
    buf_free(&msg);
    exec_free(&e);
    return rc;
}

/* Exec's refresh: the checks still apply (refreshonly excepted); then the
 * `refresh` command, whose status and output Puppet ignores, or the command
 * itself through the returns property (output logged, status checked, but
 * no "executed successfully" line). */
static int exec_refresh(TxRes *t, Buf *err)
{
    const Resource *r = tx_resource(t);
    Exec e;
    int rc = 0;

    if (exec_parse(r, &e, err) != 0) {
        exec_free(&e);
        return -1;
    }
    int run = checks_pass(t, &e, 1, err);
    if (run < 0) {
        rc = -1;
    } else if (run == 0) {
        rc = 0;     /* a check blocks it: the refresh still counts as done */
    } else if (e.refresh.line || e.refresh.argv) {
        Buf out = BUF_INIT;
        int status;
        Ran ran = exec_run(t, &e, &e.refresh, &out, &status, err);
        if (ran == RAN_TIMEOUT) {
            buf_adds(err, "execution expired");
            rc = -1;
        } else if (ran == RAN_ERROR) {
            rc = -1;
        }
        buf_free(&out);
    } else {
        rc = exec_sync(t, &e, err);
    }
    exec_free(&e);
    return rc;
}

/* Ruby's scan(%r{^(/\S+)}): every line that starts with '/', up to the
 * first blank. */
static void scan_paths(const char *s, AutoreqFn add, void *ctx)
{
    for (const char *line = s; line; ) {
        if (*line == '/') {
            size_t n = strcspn(line, " \t\n\r\f\v");
            char *p = xstrndup(line, n);
            add(ctx, "File", p);
            free(p);
        }
        line = strchr(line, '\n');
        if (line)
            line++;
    }
}

/* Ruby's scan(/^"([^"]+)"/): a double-quoted path at the start of a line. */
static void scan_quoted(const char *s, AutoreqFn add, void *ctx)
{
    for (const char *line = s; line; ) {
        if (*line == '"') {
            size_t n = strcspn(line + 1, "\"");
            if (n && line[1 + n] == '"') {
                char *p = xstrndup(line + 1, n);
                add(ctx, "File", p);
                free(p);
            }
        }
        line = strchr(line, '\n');
        if (line)
            line++;
    }
}

/* docs/apply.md §7.2: File cwd; File for each line-leading /path of the command, then
 * a leading "quoted path"; the same /path rule on each onlyif and unless
 * (first element of an argument vector); User user unless numeric. */
static void exec_autorequire(const Catalog *c, const Resource *r, AutoreqFn add, void *ctx)
{
    Value *v;
    if ((v = provider_param(r, "cwd")) && v->kind == V_STR)
        add(ctx, "File", v->str.s);
    v = provider_param(r, "command");
    const char *cmd = r->title;
    if (v && v->kind == V_STR)
        cmd = v->str.s;
    else if (v && v->kind == V_ARRAY)
        cmd = v->arr.n && v->arr.items[0]->kind == V_STR ? v->arr.items[0]->str.s : "";
    else if (v)
        cmd = "";
    scan_paths(cmd, add, ctx);
    scan_quoted(cmd, add, ctx);
    const char *checks[2] = { "onlyif", "unless" };
    for (int k = 0; k < 2; k++) {
        if (!(v = provider_param(r, checks[k])))
            continue;
        size_t n = v->kind == V_ARRAY ? v->arr.n : 1;
        for (size_t i = 0; i < n; i++) {
            const Value *line = v->kind == V_ARRAY ? v->arr.items[i] : v;
            if (line->kind == V_ARRAY)
                line = line->arr.n ? line->arr.items[0] : NULL;
            if (line && line->kind == V_STR)
                scan_paths(line->str.s, add, ctx);
        }
    }
    if ((v = provider_param(r, "user")) && v->kind == V_STR && v->str.s[0] &&
        strspn(v->str.s, "0123456789") != v->str.len)
        add(ctx, "User", v->str.s);
}

const Provider provider_exec = {
    .type = "exec",
    .validate = exec_validate,
    .apply = exec_apply,
    .refresh = exec_refresh,
    .autorequire = exec_autorequire,
};
