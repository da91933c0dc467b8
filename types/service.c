/*
 * service.c - the service type at apply time, with three providers:
 * systemd (systemctl), debian (/etc/init.d scripts, update-rc.d links) and
 * base (only the commands the manifest gives, else the process table).
 * The idea Puppet builds service on: two properties, ensure (running or
 * stopped, read by a status check) and enable (read from the init
 * system), and one rule that ties them: when ensure has to change, syncing
 * it starts or stops the service and then quietly fixes enable too, so
 * only the ensure change is logged.  Every action is "the manifest's
 * command if given, else the provider's own": start, stop, status and
 * restart all resolve that way, and without any status command the
 * process table (/proc/<pid>/cmdline) is searched for `pattern` (default:
 * the binary, else the name), as the base provider does with ps.  A
 * refresh restarts a running service and leaves a stopped one alone; a
 * start in the same run drops the pending refresh (invalidate_refreshes).
 *
 * Under mapply --root: debian and base commands run chrooted there (the
 * init scripts and update-rc.d are the root's own), and the process table
 * only counts processes whose root is that directory.  systemd manages
 * enable with `systemctl --root=<root>`, but does not manage ensure: an
 * offline root has no running systemd to start anything, and a user who
 * builds an image from a manifest written for live hosts wants its
 * `ensure => running` lines ignored (said once per resource at Info
 * level), not turned into failures.
 */
#include "types/txres.h"
#include "types/run.h"
#include "types/modfile.h"   /* modfile_regex: Ruby's Regexp.new (libonig through base/oniglib.h) */
#include "types/textfile.h"
#include "types/param.h"
#include "base/rootfs.h"
#include "base/util.h"
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

extern const Provider provider_service;


typedef enum Kind { SK_SYSTEMD, SK_DEBIAN, SK_INIT, SK_BASE } Kind;
static const char *const kind_names[] = { "systemd", "debian", "init", "base", NULL };

typedef enum Enable { EN_UNSET = -1, EN_FALSE, EN_TRUE, EN_MANUAL, EN_MASK, EN_DELAYED } Enable;
static const char *const enable_names[] = { "false", "true", "manual", "mask", "delayed", NULL };

/* Default seconds a service command may take.  Puppet waits forever on
 * Linux (its timeout parameter is Windows-only); we stop a hung init
 * script after this, and take `timeout` as the limit on every provider. */
#define SVC_DEFAULT_TIMEOUT 300

/* A manifest command: a line (Ruby's exec rule decides on a shell) or an
 * argument vector.  Both NULL: not given. */
typedef struct Cmd {
    char *line;     /* malloc'd, or NULL */
    char **argv;    /* malloc'd, NULL-terminated, or NULL */
} Cmd;

/* One service resource, parsed (svc_parse) and, at apply time, bound to
 * its transaction and root. */
typedef struct Svc {
    const Resource *r;
    TxRes *t;             /* NULL outside a run (mres) */
    const char *root;     /* "" or the --root directory */
    const char *name;     /* name parameter, else title (borrowed) */
    Kind kind;
    int kind_given;       /* provider => was set */
    int default_known;    /* the caller knows the machine's default kind */
    int ensure;           /* -1 unmanaged, 0 stopped, 1 running */
    Enable enable;
    int hasstatus;        /* default true */
    int hasrestart;       /* default false */
    Cmd start, stop, status, restart;
    char *binary;         /* or NULL */
    char *pattern;        /* pattern, else binary, else name (malloc'd) */
    char **path;          /* init script directories, NULL-terminated (malloc'd) */
    double timeout;
    char *initscript;     /* found script (path inside the root), cached */
    int initscript_looked;
} Svc;

/* ---- parameters ---- */

static char *dup_text(const Value *v)
{
    Buf b = BUF_INIT;
    val_to_s(&b, v);
    if (!b.s)
        return xstrndup("", 0);
    return buf_detach(&b);
}

static void cmd_free(Cmd *c)
{
    free(c->line);
    for (char **p = c->argv; p && *p; p++)
        free(*p);
    free(c->argv);
    c->line = NULL;
    c->argv = NULL;
}

static int cmd_given(const Cmd *c) { return c->line || c->argv; }

/* A command parameter: a string, or an array taken as an argument vector. */
static void cmd_set(Cmd *c, const Value *v)
{
    if (v->kind == V_ARRAY && v->arr.n) {
        c->argv = xcalloc(v->arr.n + 1, sizeof *c->argv);
        for (size_t i = 0; i < v->arr.n; i++)
            c->argv[i] = dup_text(v->arr.items[i]);
    } else {
        c->line = dup_text(v);
    }
}

static void svc_free(Svc *s)
{
    cmd_free(&s->start);
    cmd_free(&s->stop);
    cmd_free(&s->status);
    cmd_free(&s->restart);
    free(s->binary);
    free(s->pattern);
    for (char **p = s->path; p && *p; p++)
        free(*p);
    free(s->path);
    free(s->initscript);
    memset(s, 0, sizeof *s);
}

static int enableable(Kind k) { return k == SK_SYSTEMD || k == SK_DEBIAN; }

/* Puppet's per-value features: a value the provider cannot set is refused
 * ("Provider debian must have features 'maskable' to set 'enable' to
 * 'mask'"). */
static int enable_supported(const Svc *s, Buf *err)
{
    const char *feature = s->enable == EN_MANUAL ? "manual_startable"
                        : s->enable == EN_DELAYED ? "delayed_startable"
                        : s->enable == EN_MASK && s->kind != SK_SYSTEMD ? "maskable" : NULL;
    if (!feature)
        return 0;
    buf_printf(err, "Parameter enable failed on %s: Provider %s must have features '%s' to set 'enable' to '%s'",
               s->r->ref, kind_names[s->kind], feature, enable_names[s->enable]);
    return -1;
}

/* enable: a provider that cannot enable does not manage enable at all,
 * so Puppet checks no value of it (the run says so at debug level). */
static int svc_enable(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    Svc *s = obj;
    if ((s->kind_given || s->default_known) && !enableable(s->kind))
        return 0;
    const ParamWord *w = p->words;
    Buf text = BUF_INIT;
    val_to_s(&text, v);
    while (w->word && ((v->kind != V_STR && v->kind != V_BOOL) || strcmp(w->word, buf_cstr(&text)) != 0))
        w++;
    buf_free(&text);
    if (!w->word) {
        param_message(param_fail(err, r, p->name), p->bad, r, p, v);
        return -1;
    }
    s->enable = (Enable)w->value;
    return s->kind_given || s->default_known ? enable_supported(s, err) : 0;
}

/* timeout: a positive number of seconds (a fraction is cut off). */
static int svc_timeout(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    Svc *s = obj;
    long n = v->kind == V_INT ? (long)v->i : v->kind == V_FLOAT ? (long)v->f
           : v->kind == V_STR ? strtol(v->str.s, NULL, 10) : 0;
    if (n < 1) {
        param_message(param_fail(err, r, p->name), "\"%v\" is not a positive integer: "
                      "the timeout parameter must be specified as a positive integer", r, p, v);
        return -1;
    }
    s->timeout = (double)n;
    return 0;
}

/* start, stop, status, restart: a command. */
static int svc_command(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    Svc *s = obj;
    cmd_set(!strcmp(p->name, "start") ? &s->start : !strcmp(p->name, "stop") ? &s->stop
            : !strcmp(p->name, "status") ? &s->status : &s->restart, v);
    return 0;
}

/* pattern: a regular expression; binary, else the name, when unset. */
static int svc_pattern(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    Svc *s = obj;
    s->pattern = v ? dup_text(v) : s->binary ? xstrndup(s->binary, strlen(s->binary)) : xstrndup(s->name, strlen(s->name));
    if (!v)
        return 0;
    Buf why = BUF_INIT;
    OnigRegex re = modfile_regex(s->pattern, &why);
    if (re)
        onig_free(re);
    else
        buf_printf(param_fail(err, r, p->name), "%s", buf_cstr(&why));
    buf_free(&why);
    return re ? 0 : -1;
}

/* path: an array or ':'-joined strings, as Puppet munges it; /etc/init.d
 * when unset. */
static int svc_path(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    Svc *s = obj;
    size_t npath = 0;
    s->path = xcalloc(2, sizeof *s->path);
    if (!v) {
        s->path[0] = xstrndup("/etc/init.d", 11);
        return 0;
    }
    size_t n = v->kind == V_ARRAY ? v->arr.n : 1;
    for (size_t i = 0; i < n; i++) {
        char *text = dup_text(v->kind == V_ARRAY ? v->arr.items[i] : v);
        for (char *q = text;;) {
            size_t len = strcspn(q, ":");
            if (len) {
                s->path = xrealloc(s->path, (npath + 2) * sizeof *s->path);
                s->path[npath++] = xstrndup(q, len);
                s->path[npath] = NULL;
            }
            if (!q[len])
                break;
            q += len + 1;
        }
        free(text);
    }
    return 0;
}

/* ensure's false and true are stopped and running */
static const ParamWord svc_ensures[] = { { "stopped", 0 }, { "running", 1 }, { "false", 0 }, { "true", 1 }, { NULL, 0 } };
static const ParamWord svc_enables[] = { { "true", EN_TRUE }, { "false", EN_FALSE }, { "manual", EN_MANUAL },
                                         { "mask", EN_MASK }, { "delayed", EN_DELAYED }, { NULL, 0 } };
static const ParamWord svc_bools[] = { { "true", 1 }, { "false", 0 }, { NULL, 0 } };

/* name: the name parameter when it is a non-empty String, else the title. */
static int svc_name(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    (void)p, (void)err;
    Svc *s = obj;
    s->name = v && v->kind == V_STR && v->str.len ? v->str.s : r->title;
    return 0;
}

static const ParamWord svc_kinds[] = { { "systemd", SK_SYSTEMD }, { "debian", SK_DEBIAN }, { "init", SK_INIT },
                                       { "base", SK_BASE }, { NULL, 0 } };

/* The service's parameters, in the order they are checked. */
static const ParamSpec svc_params[] = {
    { "name", PK_CUSTOM, .hook = svc_name, .flags = PF_ALWAYS },
    { "provider", PK_WORD, offsetof(Svc, kind), PARAM_GIVEN(Svc, kind_given), .words = svc_kinds,
      .bad = "Invalid %t provider '%v'" },
    { "ensure", PK_WORD, offsetof(Svc, ensure), .words = svc_ensures, .flags = PF_PROPERTY,
      .bad = "Invalid value %i. Valid values are stopped, running." },
    { "enable", PK_CUSTOM, .words = svc_enables, .hook = svc_enable, .flags = PF_PROPERTY, .bad = "Invalid value %i. Valid values are %w." },
    { "hasstatus", PK_WORD, offsetof(Svc, hasstatus), .dflt = "true", .words = svc_bools,
      .bad = "Invalid value %i. Valid values are %w." },
    { "hasrestart", PK_WORD, offsetof(Svc, hasrestart), .words = svc_bools, .bad = "Invalid value %i. Valid values are %w." },
    { "timeout", PK_CUSTOM, .hook = svc_timeout },
    { "start", PK_CUSTOM, .hook = svc_command },
    { "stop", PK_CUSTOM, .hook = svc_command },
    { "status", PK_CUSTOM, .hook = svc_command },
    { "restart", PK_CUSTOM, .hook = svc_command },
    { "binary", PK_STRING, .field = offsetof(Svc, binary) },
    { "pattern", PK_CUSTOM, .hook = svc_pattern, .flags = PF_ALWAYS },
    { "path", PK_CUSTOM, .hook = svc_path, .flags = PF_ALWAYS },
};

/* Parses r into s (which the caller frees with svc_free even on failure).
 * The provider is the one given, else kind (the machine's default, or
 * -1 at compile time, when the machine is unknown and checks that need
 * the provider are left to the run).  On failure err holds Puppet's
 * message: "Parameter <p> failed on Service[x]: ..." for one parameter,
 * a bare reason for the whole resource. */
static int svc_parse(const Resource *r, Svc *s, int kind, Buf *err)
{
    memset(s, 0, sizeof *s);
    s->r = r;
    s->root = "";
    s->ensure = -1;
    s->enable = EN_UNSET;
    s->timeout = SVC_DEFAULT_TIMEOUT;
    s->kind = kind < 0 ? SK_BASE : (Kind)kind;   /* unless provider is given */
    s->default_known = kind >= 0;
    if (param_parse(svc_params, PARAM_COUNT(svc_params), r, s, err) != 0)
        return -1;
    if (provider_param(r, "logonpassword") && !provider_param(r, "logonaccount")) {
        buf_adds(err, "The 'logonaccount' parameter is mandatory when setting 'logonpassword'.");
        return -1;
    }
    /* Puppet's base provider has no start of its own: it needs `start` or
     * `binary`.  Puppet finds out when it first starts the service; we
     * refuse it before the run wherever it could be started, i.e. unless
     * it only ever gets stopped or has its own restart command. */
    if (s->kind_given && s->kind == SK_BASE && !cmd_given(&s->start) && !s->binary &&
        (s->ensure == 1 || (s->ensure < 0 && !cmd_given(&s->restart)))) {
        buf_adds(err, "Services must specify a start command or a binary");
        return -1;
    }
    return 0;
}

static int service_validate(const Resource *r, Buf *err)
{
    Svc s;
    int rc = svc_parse(r, &s, -1, err);
    svc_free(&s);
    return rc;
}

/* ---- the machine ---- */

/* path exists in the root (base/rootfs: links and ".." stay inside it). */
static int path_exists(const char *path, int want_dir)
{
    struct stat st;
    return rootfs_stat(path, &st) == 0 && (!want_dir || S_ISDIR(st.st_mode));
}

/* The default provider, as Puppet picks it on Debian: systemd where
 * systemd runs (/run/systemd/system; in an offline root: where systemd is
 * installed), else debian where /etc/init.d exists, else base. */
static Kind default_kind(const char *root)
{
    if (path_exists("/run/systemd/system", 1) ||
        (root[0] && (path_exists("/usr/lib/systemd/systemd", 0) || path_exists("/lib/systemd/systemd", 0))))
        return SK_SYSTEMD;
    if (path_exists("/etc/init.d", 1))
        return SK_DEBIAN;
    return SK_BASE;
}

/* The source Puppet gives a provider's own lines: "Service[x](provider=base)". */
static void svc_note(Svc *s, LogLevel lvl, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void svc_note(Svc *s, LogLevel lvl, const char *fmt, ...)
{
    if (!s->t)
        return;
    char msg[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    tx_log_plain(s->t, lvl, "%s(provider=%s): %s", s->r->ref, kind_names[s->kind], msg);
}

/* A command as Puppet prints it: the line, or the vector joined by blanks. */
static void cmd_text(Buf *b, const char *line, const char *const *argv)
{
    if (line) {
        buf_adds(b, line);
        return;
    }
    for (size_t i = 0; argv && argv[i]; i++) {
        if (i)
            buf_addc(b, ' ');
        buf_adds(b, argv[i]);
    }
}

/* Runs one command for s: chrooted under --root, except systemctl, which
 * is given --root itself.  Its output (stdout and stderr) goes to out.
 * Returns the exit status, or -1 when it timed out or was killed, with
 * the reason in why. */
static int svc_run(Svc *s, const char *line, const char *const *argv, Buf *out, Buf *why)
{
    RunCmd rc;
    RunResult res;
    Buf shown = BUF_INIT;
    memset(&rc, 0, sizeof rc);
    rc.command = line;
    rc.argv = argv;
    rc.timeout = s->timeout;
    if (s->root[0] && s->kind != SK_SYSTEMD)
        rc.chroot_dir = s->root;
    cmd_text(&shown, line, argv);
    if (s->t)
        tx_log_plain(s->t, LL_DEBUG, "Executing: '%s'", buf_cstr(&shown));
    run_command(&rc, out, &res);
    int status = -1;
    switch (res.outcome) {
    case RUN_EXITED:
        status = res.status;
        break;
    case RUN_SIGNALED:
        buf_printf(why, "Execution of '%s' was killed by signal %d", buf_cstr(&shown), res.status);
        break;
    case RUN_TIMEOUT:
        buf_printf(why, "Execution of '%s' exceeded the timeout of %g seconds", buf_cstr(&shown), s->timeout);
        break;
    case RUN_ERROR: {
        /* Puppet's forked child logs this and exits 1 */
        Buf exe = BUF_INIT;
        run_extract_exe(&rc, &exe);
        if (s->t)
            tx_log_plain(s->t, LL_ERR, "Could not execute posix command: %s - %s", strerror(res.err), buf_cstr(&exe));
        buf_free(&exe);
        status = 1;
        break;
    }
    }
    buf_free(&shown);
    return status;
}

/* Runs a command that must succeed (Puppet's failonfail).  Returns 0, or
 * -1 with "Execution of '<cmd>' returned N: <output>" in fail. */
static int run_ok(Svc *s, const char *line, const char *const *argv, Buf *fail)
{
    Buf out = BUF_INIT;
    int status = svc_run(s, line, argv, &out, fail);
    if (status == 0) {
        buf_free(&out);
        return 0;
    }
    if (status > 0) {
        /* Puppet strips the output at both ends */
        const char *o = buf_cstr(&out);
        size_t n = out.len;
        while (n && strchr(" \t\r\n", o[n - 1]))
            n--;
        while (n && strchr(" \t\r\n", *o))
            o++, n--;
        Buf shown = BUF_INIT;
        cmd_text(&shown, line, argv);
        buf_printf(fail, "Execution of '%s' returned %d: %.*s", buf_cstr(&shown), status, (int)n, o);
        buf_free(&shown);
    }
    buf_free(&out);
    return -1;
}

/* systemctl [--root=R] <verb> -- <name>; the exit status (or -1), output
 * in out when out is not NULL. */
static int systemctl(Svc *s, const char *verb, Buf *out, Buf *fail)
{
    Buf rootopt = BUF_INIT;
    const char *argv[7];
    size_t n = 0;
    argv[n++] = "systemctl";
    if (s->root[0]) {
        buf_printf(&rootopt, "--root=%s", s->root);
        argv[n++] = buf_cstr(&rootopt);
    }
    argv[n++] = verb;
    argv[n++] = "--";
    argv[n++] = s->name;
    argv[n] = NULL;
    int rc;
    if (fail) {
        rc = run_ok(s, NULL, argv, fail);
    } else {
        Buf why = BUF_INIT, tmp = BUF_INIT;
        rc = svc_run(s, NULL, argv, out ? out : &tmp, &why);
        buf_free(&why);
        buf_free(&tmp);
    }
    buf_free(&rootopt);
    return rc;
}

/* The init script for s: the first <dir>/<name>, then <dir>/<name>.sh, of
 * the search path (inside the root); NULL when there is none. */
static const char *initscript(Svc *s)
{
    if (s->initscript_looked)
        return s->initscript;
    s->initscript_looked = 1;
    for (int sh = 0; sh < 2 && !s->initscript; sh++)
        for (char **d = s->path; *d && !s->initscript; d++) {
            if (!path_exists(*d, 1))
                continue;
            Buf p = BUF_INIT;
            buf_printf(&p, "%s/%s%s", *d, s->name, sh ? ".sh" : "");
            if (path_exists(buf_cstr(&p), 0))
                s->initscript = buf_detach(&p);
            buf_free(&p);
        }
    return s->initscript;
}

/* Runs "<initscript> <action>".  Returns as run_ok, or -1 with Puppet's
 * "Could not find init script for 'x'" in fail. */
static int initscript_run(Svc *s, const char *action, Buf *fail)
{
    const char *script = initscript(s);
    if (!script) {
        buf_printf(fail, "Could not find init script for '%s'", s->name);
        return -1;
    }
    const char *argv[] = { script, action, NULL };
    return run_ok(s, NULL, argv, fail);
}

/* ---- the process table ---- */

/* Replaces bytes that are not valid UTF-8 by '?' (Puppet scrubs ps output
 * the same way before matching). */
static void scrub_utf8(char *s, size_t n)
{
    unsigned char *p = (unsigned char *)s, *end = p + n;
    while (p < end) {
        int len = *p < 0x80 ? 1 : (*p & 0xE0) == 0xC0 ? 2 : (*p & 0xF0) == 0xE0 ? 3 : (*p & 0xF8) == 0xF0 ? 4 : 0;
        int ok = len > 0 && p + len <= end;
        for (int i = 1; ok && i < len; i++)
            ok = (p[i] & 0xC0) == 0x80;
        if (!ok) {
            *p++ = '?';
            continue;
        }
        p += len;
    }
}

/* The command line of a process, its arguments joined by blanks; 0 when
 * it has none (kernel threads, zombies) or is gone. */
static int read_cmdline(const char *pid, Buf *line)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%s/cmdline", pid);
    FILE *f = fopen(path, "re");
    if (!f)
        return 0;
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        buf_add(line, chunk, n);
    fclose(f);
    while (line->len && line->s[line->len - 1] == '\0')
        line->len--;
    if (!line->len)
        return 0;
    for (size_t i = 0; i < line->len; i++)
        if (line->s[i] == '\0')
            line->s[i] = ' ';
    line->s[line->len] = '\0';
    scrub_utf8(line->s, line->len);
    return 1;
}

/* Under --root a process counts only if it runs chrooted there. */
static int process_in_root(const char *pid, const char *root_real)
{
    if (!root_real)
        return 1;
    char path[64], target[PATH_MAX];
    snprintf(path, sizeof path, "/proc/%s/root", pid);
    ssize_t n = readlink(path, target, sizeof target - 1);
    if (n < 0)
        return 0;
    target[n] = '\0';
    return !strcmp(target, root_real);
}

/* Puppet's getpid: the first process (lowest pid) whose command line
 * matches pattern, mapply itself aside.  Returns its pid, 0 when none
 * matches, -1 with the reason in fail. */
static long proc_find(Svc *s, Buf *fail)
{
    OnigRegex re = modfile_regex(s->pattern, fail);
    if (!re)
        return -1;
    char *root_real = s->root[0] ? realpath(s->root, NULL) : NULL;
    DIR *d = opendir("/proc");
    if (!d) {
        buf_printf(fail, "Could not read the process table: /proc: %s", strerror(errno));
        free(root_real);
        onig_free(re);
        return -1;
    }
    long found = 0, self = (long)getpid();
    Buf line = BUF_INIT, matched = BUF_INIT;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (strspn(e->d_name, "0123456789") != strlen(e->d_name))
            continue;
        long pid = strtol(e->d_name, NULL, 10);
        if (pid == self || (found && pid > found))
            continue;
        buf_clear(&line);
        if (!read_cmdline(e->d_name, &line) || !process_in_root(e->d_name, root_real))
            continue;
        const OnigUChar *p = (const OnigUChar *)line.s;
        if (onig_search(re, p, p + line.len, p, p + line.len, NULL, ONIG_OPTION_NONE) >= 0) {
            found = pid;
            buf_clear(&matched);
            buf_add(&matched, line.s, line.len);
        }
    }
    closedir(d);
    if (found) {
        svc_note(s, LL_DEBUG, "Process matched: %ld %s", found, buf_cstr(&matched));
        svc_note(s, LL_DEBUG, "PID is %ld", found);
    }
    buf_free(&line);
    buf_free(&matched);
    free(root_real);
    onig_free(re);
    return found;
}

/* ---- the provider's operations ---- */

/* Puppet's status: the manifest's status command, else the provider's
 * (systemctl is-active; the init script's status when hasstatus), else
 * the process table.  Returns 1 running, 0 stopped, -1 with the reason
 * in fail.  An offline root runs no systemd service. */
static int svc_status(Svc *s, Buf *fail)
{
    Buf out = BUF_INIT, why = BUF_INIT;
    int st = -2;
    if (cmd_given(&s->status)) {
        st = svc_run(s, s->status.line, (const char *const *)s->status.argv, &out, &why);
    } else if (s->kind == SK_SYSTEMD) {
        if (s->root[0])
            return 0;
        st = systemctl(s, "is-active", NULL, NULL);
    } else if ((s->kind == SK_DEBIAN || s->kind == SK_INIT) && s->hasstatus) {
        /* no script: not running (Puppet's debian asks `service`, which
         * says the same) */
        const char *script = initscript(s);
        if (!script)
            return 0;
        const char *argv[] = { script, "status", NULL };
        st = svc_run(s, NULL, argv, &out, &why);
    }
    buf_free(&out);
    buf_free(&why);
    if (st != -2)
        return st == 0;     /* a status that timed out or was killed: not running */
    long pid = proc_find(s, fail);
    return pid < 0 ? -1 : pid > 0;
}

/* systemd: reloads units first when this one changed on disk (PUP-3483). */
static void daemon_reload_if_needed(Svc *s)
{
    Buf out = BUF_INIT;
    const char *argv[] = { "systemctl", "show", "--property=NeedDaemonReload", "--", s->name, NULL };
    Buf why = BUF_INIT;
    svc_run(s, NULL, argv, &out, &why);
    const char *eq = strrchr(buf_cstr(&out), '=');
    if (eq && !strncmp(eq + 1, "yes", 3)) {
        const char *reload[] = { "systemctl", "daemon-reload", NULL };
        buf_clear(&out);
        svc_run(s, NULL, reload, &out, &why);
    }
    buf_free(&out);
    buf_free(&why);
}

/* systemd replaces a failed action's message by the unit's journal. */
static void systemd_failure(Svc *s, const char *action, Buf *msg)
{
    Buf out = BUF_INIT, why = BUF_INIT;
    const char *argv[] = { "journalctl", "-n", "50", "--since", "5 minutes ago", "-u", s->name, "--no-pager", NULL };
    svc_run(s, NULL, argv, &out, &why);
    while (out.len && out.s[out.len - 1] == '\n')
        out.s[--out.len] = '\0';
    buf_clear(msg);
    buf_printf(msg, "Systemd %s for %s failed!\njournalctl log for %s:\n%s", action, s->name, s->name, buf_cstr(&out));
    buf_free(&out);
    buf_free(&why);
}

/* Starts, stops or restarts s (Puppet's provider start/stop/restart).
 * Returns 0, or -1 with Puppet's message ("Could not start Service[x]:
 * Execution of ... returned 1: ...") in msg. */
static int svc_action(Svc *s, const char *action, Buf *msg)
{
    Buf fail = BUF_INIT;
    int rc = 0, is_start = !strcmp(action, "start"), is_stop = !strcmp(action, "stop");
    const Cmd *given = is_start ? &s->start : is_stop ? &s->stop : &s->restart;
    int with_reason = 1;    /* message "Could not <action> Service[x]: <fail>" */
    int is_init = s->kind == SK_DEBIAN || s->kind == SK_INIT;
    /* Puppet's restartcmd: systemctl restart always, the init script's
     * restart when hasrestart; none for base */
    int own_restart = s->kind == SK_SYSTEMD || (is_init && s->hasrestart);

    if (cmd_given(given)) {
        if (s->kind == SK_SYSTEMD && !is_stop)
            daemon_reload_if_needed(s);
        rc = run_ok(s, given->line, (const char *const *)given->argv, &fail);
    } else if (!is_start && !is_stop && !own_restart) {
        /* no restart command: stop, then start */
        if ((rc = svc_action(s, "stop", msg)) == 0)
            rc = svc_action(s, "start", msg);
        return rc;
    } else if (s->kind == SK_SYSTEMD) {
        if (!is_stop)
            daemon_reload_if_needed(s);
        if (is_start) {
            Buf ignore = BUF_INIT;
            systemctl(s, "unmask", &ignore, NULL);   /* Puppet's startcmd unmasks first */
            buf_free(&ignore);
        }
        rc = systemctl(s, action, NULL, &fail) == 0 ? 0 : -1;
    } else if (is_init) {
        rc = initscript_run(s, action, &fail);
        with_reason = !(rc != 0 && !initscript(s));
    } else if (is_start) {
        if (s->binary) {
            rc = run_ok(s, s->binary, NULL, &fail);
        } else {
            buf_adds(&fail, "Services must specify a start command or a binary");
            with_reason = 0;
            rc = -1;
        }
    } else {
        /* base stop without a stop command: kill what the pattern finds */
        long pid = proc_find(s, &fail);
        if (pid == 0) {
            svc_note(s, LL_INFO, "%s is not running", s->name);
        } else if (pid > 0 && kill((pid_t)pid, SIGTERM) != 0) {
            buf_printf(&fail, "Could not kill %s, PID %ld: %s", s->name, pid, strerror(errno));
            with_reason = 0;
            rc = -1;
        } else if (pid < 0) {
            with_reason = 0;
            rc = -1;
        }
    }
    if (rc != 0) {
        if (with_reason)
            buf_printf(msg, "Could not %s %s: %s", action, s->r->ref, buf_cstr(&fail));
        else
            buf_adds(msg, buf_cstr(&fail));
        if (s->kind == SK_SYSTEMD)
            systemd_failure(s, action, msg);
    }
    buf_free(&fail);
    return rc;
}

/* ---- enable ---- */

/* S links of the debian runlevels: /etc/rc[2-5].d/S??<name>. */
static int start_links(Svc *s)
{
    int count = 0;
    size_t n = strlen(s->name);
    for (char lvl = '2'; lvl <= '5'; lvl++) {
        char dir[16];
        snprintf(dir, sizeof dir, "/etc/rc%c.d", lvl);
        DIR *d = textfile_opendir(dir);
        if (!d)
            continue;
        struct dirent *e;
        while ((e = readdir(d)))
            if (e->d_name[0] == 'S' && strlen(e->d_name) == n + 3 && e->d_name[1] && e->d_name[2] &&
                !strcmp(e->d_name + 3, s->name))
                count++;
        closedir(d);
    }
    return count;
}

/* The enable property's current value, and whether it counts as in sync
 * whatever is wanted (systemd's static and indirect units cannot be
 * enabled or disabled, Puppet's enabled_insync?). */
static Enable svc_enabled(Svc *s, int *always_insync)
{
    *always_insync = 0;
    if (s->kind == SK_DEBIAN)
        return start_links(s) ? EN_TRUE : EN_FALSE;
    Buf out = BUF_INIT;
    int code = systemctl(s, "is-enabled", &out, NULL);
    while (out.len && (out.s[out.len - 1] == '\n' || out.s[out.len - 1] == '\r'))
        out.s[--out.len] = '\0';
    const char *o = buf_cstr(&out);
    Enable cur;
    if (!strcmp(o, "static") && s->enable != EN_MASK) {
        svc_note(s, LL_DEBUG, "Unable to enable or disable static service %s", s->name);
        *always_insync = 1;
    } else if (!strcmp(o, "indirect")) {
        svc_note(s, LL_DEBUG, "Service %s is in 'indirect' state and cannot be enabled/disabled", s->name);
        *always_insync = 1;
    }
    if (s->enable == EN_MASK && !strcmp(o, "masked"))
        cur = EN_MASK;
    else if (!strcmp(o, "indirect"))
        cur = EN_FALSE;
    else if (code == 0)
        cur = EN_TRUE;
    else if (!out.len && code > 0 && path_exists("/etc/debian_version", 0))
        cur = start_links(s) ? EN_TRUE : EN_FALSE;  /* SysV script under systemd (PUP-5016) */
    else
        cur = EN_FALSE;
    buf_free(&out);
    return cur;
}

/* Sets enable to s->enable.  Returns 0, or -1 with the reason in msg. */
static int svc_set_enable(Svc *s, Buf *msg)
{
    Buf fail = BUF_INIT;
    int rc = 0;
    if (s->kind == SK_SYSTEMD) {
        const char *verb = s->enable == EN_TRUE ? "enable" : s->enable == EN_MASK ? "mask" : "disable";
        if (s->enable == EN_TRUE)
            rc = systemctl(s, "unmask", NULL, &fail);
        if (rc == 0 && s->enable == EN_MASK && systemctl(s, "cat", NULL, NULL) == 0)
            rc = systemctl(s, "disable", NULL, &fail);  /* an existing unit is disabled first */
        if (rc == 0)
            rc = systemctl(s, verb, NULL, &fail);
        if (rc != 0)
            buf_printf(msg, "Could not %s %s: %s", verb, s->name, buf_cstr(&fail));
    } else {
        /* Puppet's debian provider: enable = remove + defaults (defaults
         * alone keeps existing K links); disable = update-rc.d disable */
        const char *remove[] = { "/usr/sbin/update-rc.d", "-f", s->name, "remove", NULL };
        const char *defaults[] = { "/usr/sbin/update-rc.d", s->name, "defaults", NULL };
        const char *disable[] = { "/usr/sbin/update-rc.d", s->name, "disable", NULL };
        if (s->enable == EN_TRUE)
            rc = run_ok(s, NULL, remove, &fail) == 0 ? run_ok(s, NULL, defaults, &fail) : -1;
        else
            rc = run_ok(s, NULL, disable, &fail);
        if (rc != 0)
            buf_printf(msg, "Could not %s %s: %s", s->enable == EN_TRUE ? "enable" : "disable", s->name, buf_cstr(&fail));
    }
    buf_free(&fail);
    return rc;
}

/* ---- the run ---- */

/* Puppet's invalidate_refreshes: a service its ensure has just started
 * is not restarted again by the refresh events queued for it. */
static void unschedule_refresh(TxRes *t)
{
    tx_unschedule_refresh(t);
}

/* Parses the resource for a run: the provider is the given one or the
 * machine's default, and the per-provider checks are made now.  Logs
 * what the provider does not manage (at debug, as Puppet does), once. */
static int svc_bind(TxRes *t, Svc *s, Buf *msg)
{
    const Resource *r = tx_resource(t);
    const char *root = tx_root(t);
    if (svc_parse(r, s, (int)default_kind(root), msg) != 0)
        return -1;
    s->t = t;
    s->root = root;
    static const char *const unsupported[][2] = {
        { "enable", "enableable" }, { "flags", "flaggable" }, { "logonaccount", "manages_logon_credentials" },
    };
    for (size_t i = 0; i < ARRAY_LEN(unsupported); i++)
        if (!tx_is_refreshing(t) && provider_param(r, unsupported[i][0]) && (i > 0 || !enableable(s->kind)))
            tx_log(t, LL_DEBUG, NULL, "Provider %s does not support features %s; not managing attribute %s",
                   kind_names[s->kind], unsupported[i][1], unsupported[i][0]);
    return 0;
}

static int service_apply(TxRes *t)
{
    Svc s;
    Buf msg = BUF_INIT;
    int rc = 0;
    static const char *const state[] = { "stopped", "running" };

    if (svc_bind(t, &s, &msg) != 0) {
        /* validate() should have stopped this resource before the run */
        tx_log(t, LL_ERR, NULL, "%s", buf_cstr(&msg));
        rc = -1;
        goto out;
    }
    if (s.ensure >= 0 && s.kind == SK_SYSTEMD && s.root[0]) {
        tx_log(t, LL_INFO, NULL, "Not managing ensure under --root %s: an offline root has no running systemd",
               s.root);
        s.ensure = -1;
    }
    if (s.ensure >= 0) {
        int cur = svc_status(&s, &msg);
        if (cur < 0) {
            tx_log(t, LL_ERR, NULL, "Could not evaluate: %s", buf_cstr(&msg));
            rc = -1;
            goto out;
        }
        if (cur != s.ensure) {
            Buf is = BUF_INIT, should = BUF_INIT;
            buf_printf(&is, "'%s'", state[cur]);
            buf_printf(&should, "'%s'", state[s.ensure]);
            const char *event = s.ensure ? "service_started" : "service_stopped";
            if (tx_noop(t)) {
                tx_would(t, "ensure", event, buf_cstr(&is), buf_cstr(&should));
            } else {
                int ok = svc_action(&s, s.ensure ? "start" : "stop", &msg) == 0;
                /* ensure's sync then brings enable in line, silently */
                if (ok && s.enable != EN_UNSET) {
                    int fixed;
                    Enable e = svc_enabled(&s, &fixed);
                    if (!fixed && e != s.enable)
                        ok = svc_set_enable(&s, &msg) == 0;
                }
                if (!ok) {
                    tx_log_plain(t, LL_ERR, "%s", buf_cstr(&msg));
                    tx_failed(t, "ensure", buf_cstr(&is), buf_cstr(&should), "%s", buf_cstr(&msg));
                    rc = -1;
                } else {
                    tx_change(t, "ensure", event, "ensure changed %s to %s", buf_cstr(&is), buf_cstr(&should));
                }
            }
            if (s.ensure && rc == 0)
                unschedule_refresh(t);
            buf_free(&is);
            buf_free(&should);
            goto out;
        }
    }
    if (s.enable != EN_UNSET) {
        int fixed;
        Enable cur = svc_enabled(&s, &fixed);
        if (fixed || cur == s.enable)
            goto out;
        Buf is = BUF_INIT, should = BUF_INIT;
        buf_printf(&is, "'%s'", enable_names[cur]);
        buf_printf(&should, "'%s'", enable_names[s.enable]);
        const char *event = s.enable == EN_TRUE ? "service_enabled" : "service_disabled";
        if (tx_noop(t)) {
            tx_would(t, "enable", event, buf_cstr(&is), buf_cstr(&should));
        } else if (svc_set_enable(&s, &msg) != 0) {
            tx_log_plain(t, LL_ERR, "%s", buf_cstr(&msg));
            tx_failed(t, "enable", buf_cstr(&is), buf_cstr(&should), "%s", buf_cstr(&msg));
            rc = -1;
        } else {
            tx_change(t, "enable", event, "enable changed %s to %s", buf_cstr(&is), buf_cstr(&should));
        }
        buf_free(&is);
        buf_free(&should);
    }
out:
    buf_free(&msg);
    svc_free(&s);
    return rc;
}

/* Puppet's Service#refresh: restart only what is running. */
static int service_refresh(TxRes *t, Buf *err)
{
    Svc s;
    int rc = 0;
    if (svc_bind(t, &s, err) != 0) {
        svc_free(&s);
        return -1;
    }
    if (s.kind == SK_SYSTEMD && s.root[0]) {
        tx_log(t, LL_DEBUG, NULL, "Skipping restart; service is not running");
    } else {
        int cur = svc_status(&s, err);
        if (cur < 0)
            rc = -1;
        else if (!cur)
            tx_log(t, LL_DEBUG, NULL, "Skipping restart; service is not running");
        else
            rc = svc_action(&s, "restart", err);
    }
    svc_free(&s);
    return rc;
}

/* ---- mres ---- */

/* ensure, then enable (enableable providers), then provider, as `puppet
 * resource service` shows them.  A service that does not exist shows as
 * stopped (and not enabled), as in Puppet: services have no 'absent'. */
static int service_retrieve(Catalog *c, Resource *r, const char *root, Buf *err)
{
    Svc s;
    int rc = -1;
    if (svc_parse(r, &s, (int)default_kind(root), err) != 0)
        goto out;
    s.root = root;
    int cur = svc_status(&s, err);
    if (cur < 0)
        goto out;
    cat_res_set(c, r, "ensure", val_cstr(c->arena, cur ? "running" : "stopped"));
    if (enableable(s.kind)) {
        int fixed;
        cat_res_set(c, r, "enable", val_cstr(c->arena, enable_names[svc_enabled(&s, &fixed)]));
    }
    cat_res_set(c, r, "provider", val_cstr(c->arena, kind_names[s.kind]));
    rc = 0;
out:
    svc_free(&s);
    return rc;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* init's instances: the executable files of /etc/init.d, less the
 * scripts Puppet's init provider excludes as unsafe to query. */
static int initd_instances(const char *root, void (*fn)(void *ctx, const char *title), void *ctx, Buf *err)
{
    static const char *const excludes[] = {
        "functions.sh", "reboot.sh", "shutdown.sh", "functions", "halt", "killall", "single", "linuxconf",
        "reboot", "boot", "wait-for-state", "portmap-wait", "rcS", "module-init-tools", "plymouth-ready",
        "idmapd-mounting", "startpar-bridge", "cryptdisks-udev", "statd-mounting", "gssd-mounting", NULL,
    };
    DIR *d = textfile_opendir("/etc/init.d");   /* the root's, resolved in it */
    if (!d) {
        return 0;   /* Puppet: "Service path ... does not exist", nothing listed */
    }
    char **names = NULL;
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        int skip = 0;
        for (size_t i = 0; excludes[i] && !skip; i++)
            skip = !strcmp(e->d_name, excludes[i]);
        Buf p = BUF_INIT;
        struct stat st;
        char link[64];
        buf_printf(&p, "/etc/init.d/%s", e->d_name);
        if (!skip && (rootfs_stat(buf_cstr(&p), &st) != 0 || S_ISDIR(st.st_mode) || !(st.st_mode & 0111)))
            skip = 1;
        ssize_t ln = skip ? -1 : readlinkat(dirfd(d), e->d_name, link, sizeof link - 1);
        if (ln > 0) {
            link[ln] = '\0';
            skip = !strcmp(link, "/lib/init/upstart-job");
        }
        buf_free(&p);
        if (skip)
            continue;
        names = xrealloc(names, (n + 1) * sizeof *names);
        names[n++] = xstrndup(e->d_name, strlen(e->d_name));
    }
    closedir(d);
    qsort(names, n, sizeof *names, cmp_str);
    for (size_t i = 0; i < n; i++) {
        fn(ctx, names[i]);
        free(names[i]);
    }
    free(names);
    (void)err;
    return 0;
}

/* systemd's instances: the service unit files systemctl lists, in its
 * order, whose state is one Puppet accepts (Puppet's regex:
 * ^(\S+)\s+(disabled|enabled|masked|indirect|bad|static)\s*([^-]\S+)?\s*$). */
static int systemd_instances(const char *root, void (*fn)(void *ctx, const char *title), void *ctx, Buf *err)
{
    static const char *const states[] = { "disabled", "enabled", "masked", "indirect", "bad", "static", NULL };
    Buf rootopt = BUF_INIT, out = BUF_INIT, why = BUF_INIT;
    const char *argv[10];
    size_t k = 0;
    argv[k++] = "systemctl";
    if (root[0]) {
        buf_printf(&rootopt, "--root=%s", root);
        argv[k++] = buf_cstr(&rootopt);
    }
    argv[k++] = "list-unit-files";
    argv[k++] = "--type";
    argv[k++] = "service";
    argv[k++] = "--full";
    argv[k++] = "--all";
    argv[k++] = "--no-pager";
    argv[k] = NULL;
    Svc s;
    memset(&s, 0, sizeof s);
    s.root = "";
    s.kind = SK_SYSTEMD;
    s.timeout = SVC_DEFAULT_TIMEOUT;
    int status = svc_run(&s, NULL, argv, &out, &why);
    /* Puppet: a failing systemctl lists nothing */
    for (char *line = out.s; status == 0 && line && *line;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        char *f[4] = { 0 };
        int nf = 0;
        char *save = NULL;
        for (char *tok = strtok_r(line, " \t\r", &save); tok && nf < 4; tok = strtok_r(NULL, " \t\r", &save))
            f[nf++] = tok;
        int ok = nf >= 2 && nf <= 3 && (nf < 3 || f[2][0] != '-');
        for (int i = 0; ok && states[i]; i++)
            if (!strcasecmp(f[1], states[i])) {
                fn(ctx, f[0]);
                break;
            }
        line = nl ? nl + 1 : NULL;
    }
    buf_free(&rootopt);
    buf_free(&out);
    buf_free(&why);
    (void)err;
    return 0;
}

static int service_instances(const char *root, void (*fn)(void *ctx, const char *title), void *ctx, Buf *err)
{
    switch (default_kind(root)) {
    case SK_SYSTEMD: return systemd_instances(root, fn, ctx, err);
    case SK_DEBIAN: case SK_INIT: return initd_instances(root, fn, ctx, err);
    case SK_BASE: break;
    }
    return 0;   /* base cannot list services (Puppet: []) */
}

const Provider provider_service = {
    .type = "service",
    .validate = service_validate,
    .apply = service_apply,
    .refresh = service_refresh,
    .autorequire = NULL,    /* a service autorequires nothing (docs/apply.md §7.2) */
    .retrieve = service_retrieve,
    .instances = service_instances,
};
