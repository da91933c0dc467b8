/*
 * passwd.c - reading a root's passwd, group, shadow and gshadow, and
 * running the shadow tools against it (see passwd.h for why --root).
 * Each entry keeps its own copy of its line, cut at the colons, so the
 * fields are plain pointers and one free per entry releases them.  Tools
 * run through run_command (types/run.c) without a shell; chpasswd alone,
 * which reads "name:hash" from its stdin so that the hash never shows in
 * the process list (Puppet's reason too), goes through a small runner here
 * that feeds its stdin.
 */
#define _GNU_SOURCE
#include "types/passwd.h"
#include "types/run.h"
#include "types/textfile.h"
#include "types/txres.h"
#include "base/util.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

int pw_parse_id(const char *s, unsigned long *out)
{
    unsigned long long v = 0;
    if (!s || !*s || strspn(s, "0123456789") != strlen(s) || strlen(s) > 10)
        return 0;
    for (; *s; s++)
        v = v * 10 + (unsigned)(*s - '0');
    if (v > 4294967295ULL)
        return 0;
    if (out)
        *out = (unsigned long)v;
    return 1;
}

/* Cuts line at up to max-1 colons; f[i] point into line.  Returns the
 * number of fields. */
static int split_fields(char *line, char **f, int max)
{
    int n = 0;
    f[n++] = line;
    for (char *p = line; *p && n < max; p++)
        if (*p == ':') {
            *p = '\0';
            f[n++] = p + 1;
        }
    return n;
}

/* A comma-separated list, empty items dropped; the array is malloc'd and
 * points into s, which is cut at the commas. */
static const char **split_list(char *s, size_t *n)
{
    const char **v = NULL;
    *n = 0;
    while (s && *s) {
        char *comma = strchr(s, ',');
        if (comma)
            *comma = '\0';
        if (*s) {
            v = xrealloc(v, (*n + 1) * sizeof *v);
            v[(*n)++] = s;
        }
        s = comma ? comma + 1 : NULL;
    }
    return v;
}

/* A shadow number field: empty is -1, as getspnam gives it. */
static long shadow_num(const char *s)
{
    if (!s || !*s)
        return -1;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    return *end || errno ? -1 : v;
}

typedef enum { F_PASSWD, F_GROUP, F_SHADOW, F_GSHADOW } FileKind;

/* Parses one line (which it now owns, len bytes) into db; returns 0 if
 * kept. */
static int add_line(PwDb *db, FileKind kind, char *line, size_t len)
{
    char *f[9];
    int n;
    unsigned long id;

    if (line[0] == '+' || line[0] == '-' || line[0] == '\0' || line[0] == '#')
        return -1;
    switch (kind) {
    case F_PASSWD: {
        if ((n = split_fields(line, f, 7)) < 7 || !pw_parse_id(f[2], &id))
            return -1;
        unsigned long gid;
        if (!pw_parse_id(f[3], &gid))
            return -1;
        db->users = xrealloc(db->users, (db->nusers + 1) * sizeof *db->users);
        db->users[db->nusers++] = (PwUser){ f[0], id, gid, f[4], f[5], f[6], line };
        return 0;
    }
    case F_GROUP: {
        if ((n = split_fields(line, f, 4)) < 3 || !pw_parse_id(f[2], &id))
            return -1;
        PwGroup g = { f[0], id, NULL, 0, line };
        if (n == 4)
            g.members = split_list(f[3], &g.nmembers);
        db->groups = xrealloc(db->groups, (db->ngroups + 1) * sizeof *db->groups);
        db->groups[db->ngroups++] = g;
        return 0;
    }
    case F_SHADOW: {
        if ((n = split_fields(line, f, 9)) < 2)
            return -1;
        PwShadow s = { f[0], f[1], -1, -1, -1, -1, -1, -1, line, len };
        long *nums[6] = { &s.lastchg, &s.min, &s.max, &s.warn, &s.inactive, &s.expire };
        for (int i = 0; i < 6 && i + 2 < n; i++)
            *nums[i] = shadow_num(f[i + 2]);
        db->shadows = xrealloc(db->shadows, (db->nshadows + 1) * sizeof *db->shadows);
        db->shadows[db->nshadows++] = s;
        return 0;
    }
    case F_GSHADOW: {
        if ((n = split_fields(line, f, 4)) < 2)
            return -1;
        PwGshadow g = { f[0], NULL, NULL, 0, 0, line, len };
        if (n > 2)
            g.admins = split_list(f[2], &g.nadmins);
        if (n > 3)
            g.members = split_list(f[3], &g.nmembers);
        db->gshadows = xrealloc(db->gshadows, (db->ngshadows + 1) * sizeof *db->gshadows);
        db->gshadows[db->ngshadows++] = g;
        return 0;
    }
    }
    return -1;
}

static int load_file(PwDb *db, const char *root, FileKind kind, Buf *err)
{
    static const char *const names[] = { "passwd", "group", "shadow", "gshadow" };
    Buf path = BUF_INIT;
    buf_printf(&path, "/etc/%s", names[kind]);
    FILE *f = textfile_fopen(buf_cstr(&path));   /* the root's, resolved in it */
    if (!f) {
        int e = errno;
        int secret = kind == F_SHADOW || kind == F_GSHADOW;
        buf_free(&path);
        if (e == ENOENT || e == ENOTDIR || (secret && e == EACCES))
            return 0;
        buf_printf(err, "cannot read /etc/%s: %s", names[kind], strerror(e));
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, f)) >= 0) {
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        char *copy = xstrndup(line, (size_t)len);
        if (add_line(db, kind, copy, (size_t)len) != 0) {
            explicit_bzero(copy, (size_t)len);
            free(copy);
        }
    }
    int bad = ferror(f);
    if (cap)
        explicit_bzero(line, cap);
    free(line);
    fclose(f);
    if (bad) {
        buf_printf(err, "cannot read %s: I/O error", buf_cstr(&path));
        buf_free(&path);
        return -1;
    }
    buf_free(&path);
    return 0;
}

int pw_load(PwDb *db, const char *root, unsigned what, Buf *err)
{
    for (int k = 0; k < 4; k++)
        if ((what & (1u << k)) && load_file(db, root ? root : "", (FileKind)k, err) != 0)
            return -1;
    return 0;
}

static void wipe_free(char *s, size_t n)
{
    if (s) {
        explicit_bzero(s, n);
        free(s);
    }
}

void pw_free(PwDb *db)
{
    for (size_t i = 0; i < db->nusers; i++)
        free(db->users[i].line_);
    for (size_t i = 0; i < db->ngroups; i++) {
        free(db->groups[i].members);
        free(db->groups[i].line_);
    }
    for (size_t i = 0; i < db->nshadows; i++)
        wipe_free(db->shadows[i].line_, db->shadows[i].size_);
    for (size_t i = 0; i < db->ngshadows; i++) {
        free(db->gshadows[i].admins);
        free(db->gshadows[i].members);
        wipe_free(db->gshadows[i].line_, db->gshadows[i].size_);
    }
    free(db->users);
    free(db->groups);
    free(db->shadows);
    free(db->gshadows);
    memset(db, 0, sizeof *db);
}

const PwUser *pw_user(const PwDb *db, const char *name)
{
    for (size_t i = 0; i < db->nusers; i++)
        if (!strcmp(db->users[i].name, name))
            return &db->users[i];
    return NULL;
}

const PwGroup *pw_group(const PwDb *db, const char *name)
{
    for (size_t i = 0; i < db->ngroups; i++)
        if (!strcmp(db->groups[i].name, name))
            return &db->groups[i];
    return NULL;
}

const PwGroup *pw_group_by_gid(const PwDb *db, unsigned long gid)
{
    for (size_t i = 0; i < db->ngroups; i++)
        if (db->groups[i].gid == gid)
            return &db->groups[i];
    return NULL;
}

const PwShadow *pw_shadow(const PwDb *db, const char *name)
{
    for (size_t i = 0; i < db->nshadows; i++)
        if (!strcmp(db->shadows[i].name, name))
            return &db->shadows[i];
    return NULL;
}

const PwGshadow *pw_gshadow(const PwDb *db, const char *name)
{
    for (size_t i = 0; i < db->ngshadows; i++)
        if (!strcmp(db->gshadows[i].name, name))
            return &db->gshadows[i];
    return NULL;
}

int pw_is_member(const PwGroup *g, const char *user)
{
    for (size_t i = 0; i < g->nmembers; i++)
        if (!strcmp(g->members[i], user))
            return 1;
    return 0;
}

/* ---- running the tools ---- */

/* Puppet runs commands with its locale variables set to C (Execution's
 * override_locale), so the tools' messages are the English ones. */
static const char *const c_locale[] = { "LANG=C", "LC_ALL=C", "LANGUAGE=C", NULL };

/* The tool's absolute path on this machine (the tools chroot themselves,
 * so they come from the host even under --root). */
static int find_tool(const char *tool, Buf *path)
{
    static const char *const dirs[] = { "/usr/sbin", "/usr/bin", "/sbin", "/bin" };
    for (size_t i = 0; i < ARRAY_LEN(dirs); i++) {
        buf_clear(path);
        buf_printf(path, "%s/%s", dirs[i], tool);
        struct stat st;
        if (stat(buf_cstr(path), &st) == 0 && S_ISREG(st.st_mode) && access(buf_cstr(path), X_OK) == 0)
            return 0;
    }
    return -1;
}

int pw_run(TxRes *t, const PwCmd *c, Buf *msg)
{
    const char *root = tx_root(t);
    Buf exe = BUF_INIT, shown = BUF_INIT, out = BUF_INIT;
    char abs_root[PATH_MAX];
    const char **argv = NULL;
    size_t n = 0, nargs = 0;
    int rc = -1;

    if (find_tool(c->tool, &exe) != 0) {
        buf_printf(msg, "Could not find command '%s'", c->tool);
        goto out;
    }
    while (c->args && c->args[nargs])
        nargs++;
    argv = xcalloc(nargs + 4, sizeof *argv);
    argv[n++] = buf_cstr(&exe);
    if (root[0] && strcmp(root, "/") != 0) {
        /* the tools want an absolute directory to chroot into */
        if (!realpath(root, abs_root)) {
            buf_printf(msg, "cannot use root %s: %s", root, strerror(errno));
            goto out;
        }
        argv[n++] = "--root";
        argv[n++] = abs_root;
    }
    for (size_t i = 0; i < nargs; i++)
        argv[n++] = c->args[i];
    argv[n] = NULL;

    /* Puppet's command string: the words joined by spaces */
    if (c->redact)
        buf_adds(&shown, "[redacted]");
    else
        for (size_t i = 0; i < n; i++)
            buf_printf(&shown, "%s%s", i ? " " : "", argv[i]);
    tx_log(t, LL_DEBUG, NULL, "Executing: '%s'", buf_cstr(&shown));

    int status = 0;
    {
        RunCmd spec = { .argv = argv, .env = c_locale, .timeout = 0, .input = c->input };
        RunResult res;
        run_command(&spec, &out, &res);
        switch (res.outcome) {
        case RUN_EXITED: status = res.status; break;
        case RUN_SIGNALED: status = 128 + res.status; break;
        case RUN_TIMEOUT: status = -1; break;
        case RUN_ERROR:
            buf_printf(msg, "Could not execute '%s': %s", buf_cstr(&shown), strerror(res.err));
            goto out;
        }
    }
    if (c->output && out.len)
        buf_add(c->output, out.s, out.len);
    if (status == 0) {
        rc = 0;
        goto out;
    }
    /* Puppet: "Execution of '%{str}' returned %{exit_status}: %{output.strip}" */
    size_t b = 0, e = out.len;
    while (b < e && (out.s[b] == ' ' || out.s[b] == '\n' || out.s[b] == '\t' || out.s[b] == '\r'))
        b++;
    while (e > b && (out.s[e - 1] == ' ' || out.s[e - 1] == '\n' || out.s[e - 1] == '\t' || out.s[e - 1] == '\r'))
        e--;
    buf_printf(msg, "Execution of '%s' returned %d: %.*s", buf_cstr(&shown), status, (int)(e - b), out.s ? out.s + b : "");
out:
    free(argv);
    buf_free(&exe);
    buf_free(&shown);
    buf_free(&out);
    return rc;
}
