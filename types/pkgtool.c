/*
 * pkgtool.c - the Debian package tools behind pkgtool.h (but the
 * sources.list entries: aptsources.c).  The idea that
 * keeps it cheap and safe: read what dpkg and apt keep on disk directly
 * (the status file, info/<pkg>.md5sums and .list, sources.list.d) and run
 * a tool only to change something or to ask apt's policy, each command
 * reported through the caller's PkgLog first.  Under a root the host's
 * tools are pointed into it: dpkg gets --root and --log, apt-get and
 * apt-cache get APT_CONFIG naming a small temporary file that sets Dir,
 * the dpkg status file and dpkg's options, so apt reads the root's own
 * apt.conf.d and none of the host's (whose hooks would run on the host).
 * What is read or written here directly is resolved in the root by
 * base/rootfs (links and ".." stay inside it); a .deb handed to a tool is
 * opened there first and passed by the path the kernel resolved.
 */
#define _GNU_SOURCE
#include "types/pkgtool.h"
#include "types/pkgtool_int.h"
#include "types/run.h"
#include "types/textfile.h"
#include "base/rootfs.h"
#include "base/arena.h"
#include "base/map.h"
#include "base/md5.h"
#include "base/util.h"
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

/* dpkg's native architecture, as it was built for this machine: an
 * instance of another architecture is listed as "name:arch" (Salt). */
#if defined(__x86_64__)
#define NATIVE_ARCH "amd64"
#elif defined(__aarch64__)
#define NATIVE_ARCH "arm64"
#elif defined(__i386__)
#define NATIVE_ARCH "i386"
#elif defined(__arm__)
#define NATIVE_ARCH "armhf"
#elif defined(__powerpc64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define NATIVE_ARCH "ppc64el"
#elif defined(__s390x__)
#define NATIVE_ARCH "s390x"
#elif defined(__riscv) && __riscv_xlen == 64
#define NATIVE_ARCH "riscv64"
#else
#define NATIVE_ARCH NULL   /* unknown: every instance keeps its bare name */
#endif

/* ---- small helpers ---- */

/* Creates rel in the root as an empty file unless it exists (never
 * through a link). */
static void touch(const char *root, const char *rel)
{
    (void)root;
    int fd = rootfs_open(rel, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0644);
    if (fd >= 0)
        close(fd);
}

int pkg_root_path(const char *root, const char *path, Buf *out, Buf *err)
{
    if (!root[0]) {
        buf_adds(out, path);
        return 0;
    }
    int fd = rootfs_open(path, O_PATH, 0);
    char proc[64], real[PATH_MAX];
    ssize_t n = -1;
    if (fd >= 0) {
        snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
        n = readlink(proc, real, sizeof real - 1);
        close(fd);
    }
    if (n <= 0) {
        buf_printf(err, "cannot access archive '%s': %s", path, strerror(fd < 0 ? errno : ENOENT));
        return -1;
    }
    real[n] = '\0';
    buf_adds(out, real);
    return 0;
}

/* ---- the dpkg status database ---- */

typedef struct DbEntry {
    PkgInfo info;
    const char *conffiles;   /* the Conffiles field's lines, or NULL */
} DbEntry;

static struct {
    int loaded;
    char *root;
    Arena arena;
    DbEntry *v;
    size_t n, cap;
    Map by_name;
} db;

void pkg_list_clear(void)
{
    if (!db.loaded)
        return;
    arena_free(&db.arena);
    map_free(&db.by_name);
    free(db.v);
    free(db.root);
    memset(&db, 0, sizeof db);
}

/* One stanza's fields, as found (pointers into the status text). */
typedef struct Stanza {
    const char *f[5];   /* Package, Status, Version, Architecture, Conffiles */
    size_t len[5];
} Stanza;

static const char *const stanza_fields[] = {"Package", "Status", "Version", "Architecture", "Conffiles", NULL};

static void db_add(const Stanza *st)
{
    if (!st->f[0])
        return;
    char *name = arena_strndup(&db.arena, st->f[0], st->len[0]);
    const char *arch = st->f[3] ? arena_strndup(&db.arena, st->f[3], st->len[3]) : "";
    char *status = st->f[1] ? arena_strndup(&db.arena, st->f[1], st->len[1]) : "";
    PkgInfo in = {0};
    in.arch = arch;
    in.version = st->f[2] ? arena_strndup(&db.arena, st->f[2], st->len[2]) : "";
    /* Status: want flag status ("install ok installed") */
    char want[32] = "", flag[32] = "", stat[64] = "";
    sscanf(status, "%31s %31s %63s", want, flag, stat);
    in.status = arena_strdup(&db.arena, stat);
    in.hold = !strcmp(want, "hold");
    in.error = flag[0] && strcmp(flag, "ok") != 0;
    if (!strcmp(stat, "not-installed") || !stat[0])
        in.state = PKG_NOT_INSTALLED;
    else if (!strcmp(stat, "config-files") || !strcmp(stat, "half-installed") || !strcmp(stat, "unpacked") ||
             !strcmp(stat, "half-configured"))
        in.state = PKG_ABSENT;
    else
        in.state = PKG_INSTALLED;
    if (NATIVE_ARCH && arch[0] && strcmp(arch, "all") && strcmp(arch, NATIVE_ARCH))
        in.name = arena_printf(&db.arena, "%s:%s", name, arch);
    else
        in.name = name;
    if (db.n == db.cap) {
        db.cap = db.cap ? db.cap * 2 : 256;
        db.v = xrealloc(db.v, db.cap * sizeof *db.v);
    }
    DbEntry *e = &db.v[db.n++];
    e->info = in;
    e->conffiles = st->f[4] ? arena_strndup(&db.arena, st->f[4], st->len[4]) : NULL;
    /* a later stanza for the same name (it should not happen) wins */
    map_put(&db.by_name, in.name, strlen(in.name), (void *)(uintptr_t)db.n);
}

/* Splits the status file into stanzas (blank-line separated) and the
 * fields we use; continuation lines (leading blank) extend a field. */
static void db_parse(const char *text, size_t len)
{
    Stanza st;
    memset(&st, 0, sizeof st);
    int cur = -1;   /* field being continued, or -1 */
    const char *end = text + len;
    for (const char *line = text; line < end; ) {
        const char *nl = memchr(line, '\n', (size_t)(end - line));
        const char *le = nl ? nl : end;
        if (le == line) {           /* blank line: end of a stanza */
            db_add(&st);
            memset(&st, 0, sizeof st);
            cur = -1;
        } else if (*line == ' ' || *line == '\t') {
            if (cur >= 0) {
                if (!st.f[cur])
                    st.f[cur] = line;
                st.len[cur] = (size_t)(le - st.f[cur]);
            }
        } else {
            const char *colon = memchr(line, ':', (size_t)(le - line));
            cur = -1;
            for (int i = 0; colon && stanza_fields[i]; i++)
                if ((size_t)(colon - line) == strlen(stanza_fields[i]) &&
                    !strncasecmp(line, stanza_fields[i], (size_t)(colon - line))) {
                    const char *v = colon + 1;
                    while (v < le && (*v == ' ' || *v == '\t'))
                        v++;
                    st.f[i] = v < le ? v : NULL;
                    st.len[i] = (size_t)(le - v);
                    cur = i;
                }
        }
        line = nl ? nl + 1 : end;
    }
    db_add(&st);
}

static void at_exit(void);

/* Loads root's status file once.  0, or -1 with err set. */
static int db_load(const char *root, Buf *err)
{
    if (db.loaded && !strcmp(db.root, root))
        return 0;
    at_exit();
    pkg_list_clear();
    Buf path = BUF_INIT, text = BUF_INIT;
    buf_printf(&path, "%s/var/lib/dpkg/status", root);
    if (textfile_read("/var/lib/dpkg/status", &text) != 0 && errno != ENOENT) {
        buf_printf(err, "Could not read %s: %s", buf_cstr(&path), strerror(errno));
        buf_free(&path);
        buf_free(&text);
        return -1;
    }
    arena_init(&db.arena);
    map_init(&db.by_name);
    db.root = xstrdup(root);
    db.loaded = 1;
    db_parse(text.s ? text.s : "", text.len);
    buf_free(&path);
    buf_free(&text);
    return 0;
}

static const DbEntry *db_find(const char *name)
{
    uintptr_t i = (uintptr_t)map_get(&db.by_name, name, strlen(name));
    return i ? &db.v[i - 1] : NULL;
}

int pkg_query(const char *root, const char *name, PkgInfo *out, Buf *err)
{
    if (db_load(root, err) != 0)
        return -1;
    const DbEntry *e = db_find(name);
    if (e) {
        *out = e->info;
    } else {
        memset(out, 0, sizeof *out);
        out->name = name;
        out->version = out->arch = out->status = "";
        out->state = PKG_NOT_INSTALLED;
    }
    return 0;
}

int pkg_list_pkgs(const char *root, void (*fn)(void *ctx, const PkgInfo *info), void *ctx, Buf *err)
{
    if (db_load(root, err) != 0)
        return -1;
    for (size_t i = 0; i < db.n; i++)
        fn(ctx, &db.v[i].info);
    return 0;
}

const char *pkg_version(const char *root, const char *name)
{
    Buf err = BUF_INIT;
    PkgInfo in;
    int rc = pkg_query(root, name, &in, &err);
    buf_free(&err);
    return rc == 0 && in.state == PKG_INSTALLED ? in.version : "";
}

/* ---- Debian versions (dpkg's lib/dpkg/version.c rules) ---- */

static int order(int c)
{
    if (isdigit(c))
        return 0;
    if (isalpha(c))
        return c;
    if (c == '~')
        return -1;
    if (c)
        return c + 256;
    return 0;
}

/* Compares two upstream versions or two revisions. */
static int verrevcmp(const char *a, const char *b)
{
    while (*a || *b) {
        int first_diff = 0;
        while ((*a && !isdigit((unsigned char)*a)) || (*b && !isdigit((unsigned char)*b))) {
            int ac = order((unsigned char)*a), bc = order((unsigned char)*b);
            if (ac != bc)
                return ac - bc;
            a++;
            b++;
        }
        while (*a == '0')
            a++;
        while (*b == '0')
            b++;
        while (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
            if (!first_diff)
                first_diff = *a - *b;
            a++;
            b++;
        }
        if (isdigit((unsigned char)*a))
            return 1;
        if (isdigit((unsigned char)*b))
            return -1;
        if (first_diff)
            return first_diff;
    }
    return 0;
}

typedef struct Ver { unsigned long epoch; char *upstream; const char *revision; } Ver;

/* Splits v (copied into *buf, which the caller frees) into its parts. */
static void ver_split(const char *v, Ver *out, char **buf)
{
    while (isspace((unsigned char)*v))
        v++;
    char *s = *buf = xstrdup(v);
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    out->epoch = 0;
    char *colon = strchr(s, ':');
    if (colon) {
        out->epoch = strtoul(s, NULL, 10);
        s = colon + 1;
    }
    char *dash = strrchr(s, '-');
    if (dash) {
        *dash = '\0';
        out->revision = dash + 1;
    } else {
        out->revision = "";
    }
    out->upstream = s;
}

int pkg_version_cmp(const char *a, const char *b)
{
    Ver x, y;
    char *bx, *by;
    ver_split(a ? a : "", &x, &bx);
    ver_split(b ? b : "", &y, &by);
    int c = x.epoch < y.epoch ? -1 : x.epoch > y.epoch ? 1 : 0;
    if (!c)
        c = verrevcmp(x.upstream, y.upstream);
    if (!c)
        c = verrevcmp(x.revision, y.revision);
    free(bx);
    free(by);
    return c < 0 ? -1 : c > 0 ? 1 : 0;
}

int pkg_version_valid(const char *v)
{
    if (!v || !*v)
        return 0;
    const char *colon = strchr(v, ':'), *up = v;
    if (colon) {
        if (colon == v)
            return 0;
        for (const char *p = v; p < colon; p++)
            if (!isdigit((unsigned char)*p))
                return 0;
        up = colon + 1;
        if (strchr(up, ':'))
            return 0;
    }
    const char *dash = strrchr(up, '-');
    if (dash && !dash[1])
        return 0;   /* empty revision */
    const char *uend = dash ? dash : up + strlen(up);
    if (uend == up || !isdigit((unsigned char)*up))
        return 0;
    for (const char *p = up; p < uend; p++)
        if (!isalnum((unsigned char)*p) && !strchr(".+~-", *p))
            return 0;
    for (const char *p = dash ? dash + 1 : uend; *p; p++)
        if (!isalnum((unsigned char)*p) && !strchr(".+~", *p))
            return 0;
    return 1;
}

/* ---- running the tools ---- */

static struct {
    char *conf_path;     /* the temporary APT_CONFIG file, or NULL */
    char *conf_root;     /* the root it was written for */
    int stale;           /* a repository changed since the last refresh */
    int refreshed;       /* apt-get update ran (successfully) in this run */
    int have_apt;        /* -1 unknown, 0, 1 */
} run = {NULL, NULL, 0, 0, -1};

int pkg_have_apt(void)
{
    if (run.have_apt >= 0)
        return run.have_apt;
    run.have_apt = 0;
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin";
    while (*path && !run.have_apt) {
        size_t n = strcspn(path, ":");
        Buf p = BUF_INIT;
        buf_add(&p, path, n);
        buf_adds(&p, n ? "/apt-get" : "./apt-get");
        run.have_apt = access(buf_cstr(&p), X_OK) == 0;
        buf_free(&p);
        path += n;
        if (*path == ':')
            path++;
    }
    return run.have_apt;
}

/* The directories and files dpkg and apt need inside a bare root (a real
 * system has them all); nothing is created for "/". */
static void prepare_root(const char *root, int apt)
{
    if (!root[0])
        return;
    static const char *const dirs[] = {"/var/lib/dpkg/info", "/var/lib/dpkg/updates", "/var/lib/dpkg/triggers",
                                       "/var/log", NULL};
    for (int i = 0; dirs[i]; i++)
        mkdirs(root, dirs[i]);
    touch(root, "/var/lib/dpkg/status");
    touch(root, "/var/lib/dpkg/available");
    if (!apt)
        return;
    static const char *const adirs[] = {"/etc/apt/apt.conf.d", "/etc/apt/preferences.d", "/etc/apt/sources.list.d",
                                        "/etc/apt/trusted.gpg.d", "/var/lib/apt/lists/partial",
                                        "/var/cache/apt/archives/partial", "/var/log/apt", NULL};
    for (int i = 0; adirs[i]; i++)
        mkdirs(root, adirs[i]);
}

/* The APT_CONFIG file for root, written once per run.  NULL with err set
 * when it cannot be written. */
static const char *apt_config(const char *root, Buf *err)
{
    if (run.conf_path && !strcmp(run.conf_root, root))
        return run.conf_path;
    at_exit();
    if (run.conf_path) {
        unlink(run.conf_path);
        free(run.conf_path);
        free(run.conf_root);
        run.conf_path = run.conf_root = NULL;
    }
    const char *tmpdir = getenv("TMPDIR");
    Buf path = BUF_INIT, text = BUF_INIT;
    buf_printf(&path, "%s/mapply-apt-XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
    int fd = mkostemp(path.s, O_CLOEXEC);
    if (fd < 0) {
        buf_printf(err, "Could not create the apt configuration for %s: %s", root, strerror(errno));
        buf_free(&path);
        return NULL;
    }
    /* Dir moves every relative apt directory (etc/apt, var/lib/apt,
     * var/cache/apt, var/log/apt) into the root; read here, before apt
     * looks for apt.conf.d, so the root's own configuration is read. */
    buf_printf(&text,
               "Dir \"%s/\";\n"
               "Dir::State::status \"%s/var/lib/dpkg/status\";\n"
               "DPkg::Options:: \"--root=%s\";\n"
               "DPkg::Options:: \"--log=%s/var/log/dpkg.log\";\n",
               root, root, root, root);
    int ok = util_write_all(fd, text.s, text.len) == 0;
    close(fd);
    buf_free(&text);
    if (!ok) {
        buf_printf(err, "Could not write %s", buf_cstr(&path));
        unlink(buf_cstr(&path));
        buf_free(&path);
        return NULL;
    }
    run.conf_path = buf_detach(&path);
    run.conf_root = xstrdup(root);
    return run.conf_path;
}

/* A growing argument vector of malloc'd strings. */
typedef struct Argv { char **v; size_t n, cap; } Argv;

static void av_add(Argv *a, const char *s)
{
    if (a->n + 2 > a->cap) {
        a->cap = a->cap ? a->cap * 2 : 16;
        a->v = xrealloc(a->v, a->cap * sizeof *a->v);
    }
    a->v[a->n++] = xstrdup(s);
    a->v[a->n] = NULL;
}

static void av_free(Argv *a)
{
    for (size_t i = 0; i < a->n; i++)
        free(a->v[i]);
    free(a->v);
    memset(a, 0, sizeof *a);
}

static void av_join(const Argv *a, Buf *b)
{
    for (size_t i = 0; i < a->n; i++) {
        if (i)
            buf_addc(b, ' ');
        buf_adds(b, a->v[i]);
    }
}

/* dpkg with the options that aim it at root. */
static void av_dpkg(Argv *a, const char *root)
{
    av_add(a, "dpkg");
    if (root[0]) {
        Buf o = BUF_INIT;
        buf_printf(&o, "--root=%s", root);
        av_add(a, buf_cstr(&o));
        buf_clear(&o);
        buf_printf(&o, "--log=%s/var/log/dpkg.log", root);
        av_add(a, buf_cstr(&o));
        buf_free(&o);
    }
}

/* Runs argv (found through PATH), reporting it to log first.  apt tools
 * get root's APT_CONFIG; a query runs under LC_ALL=C so its output parses.
 * Output (stdout and stderr) goes to out, the exit status to *status.
 * Returns 0 when it ran, -1 when it could not start (err set). */
static int run_tool(const char *root, const Argv *a, const PkgLog *log, int query, Buf *out, int *status, Buf *err)
{
    const char *env[6];
    size_t ne = 0;
    Buf conf = BUF_INIT;
    env[ne++] = "DEBIAN_FRONTEND=noninteractive";   /* as Puppet's apt provider sets */
    env[ne++] = "APT_LISTBUGS_FRONTEND=none";
    env[ne++] = "APT_LISTCHANGES_FRONTEND=none";
    if (query)
        env[ne++] = "LC_ALL=C";
    if (root[0] && !strncmp(a->v[0], "apt", 3)) {
        const char *path = apt_config(root, err);
        if (!path)
            return -1;
        buf_printf(&conf, "APT_CONFIG=%s", path);
        env[ne++] = buf_cstr(&conf);
    }
    env[ne] = NULL;
    if (log && log->fn) {
        Buf line = BUF_INIT;
        av_join(a, &line);
        log->fn(log->ctx, buf_cstr(&line));
        buf_free(&line);
    }
    RunCmd rc = {.argv = (const char *const *)a->v, .env = env};
    RunResult res;
    int r = run_command(&rc, out, &res);
    buf_free(&conf);
    if (r != 0) {
        buf_printf(err, "Could not run %s: %s", a->v[0], strerror(res.err));
        return -1;
    }
    *status = res.outcome == RUN_EXITED ? res.status : 128 + res.status;
    return 0;
}

/* Puppet's ExecutionFailure text. */
static void execution_failed(Buf *err, const Argv *a, int status, Buf *out)
{
    size_t n = out->len;
    while (n && isspace((unsigned char)out->s[n - 1]))
        n--;
    const char *s = out->s ? out->s : "";
    while (n && isspace((unsigned char)*s)) {
        s++;
        n--;
    }
    buf_adds(err, "Execution of '");
    av_join(a, err);
    buf_printf(err, "' returned %d: ", status);
    buf_add(err, s, n);
}

/* Runs a changing command and reports failure as Puppet does.  0 ok, -1. */
static int run_change(const char *root, const Argv *a, const PkgLog *log, Buf *err)
{
    Buf out = BUF_INIT;
    int status = 0;
    int rc = run_tool(root, a, log, 0, &out, &status, err);
    if (rc == 0 && status != 0) {
        execution_failed(err, a, status, &out);
        rc = -1;
    }
    buf_free(&out);
    return rc;
}

/* ---- apt candidates ---- */

typedef struct Cand {
    const char *candidate;      /* NULL: none */
    const char **versions;      /* NULL-terminated */
    size_t nversions;
} Cand;

static struct {
    int init;
    char *root;
    Arena arena;
    Map by_name;                /* name -> Cand* */
} cands;

static void cands_clear(void)
{
    if (!cands.init)
        return;
    arena_free(&cands.arena);
    map_free(&cands.by_name);
    free(cands.root);
    memset(&cands, 0, sizeof cands);
}

static void cands_init(const char *root)
{
    if (cands.init && !strcmp(cands.root, root))
        return;
    at_exit();
    cands_clear();
    arena_init(&cands.arena);
    map_init(&cands.by_name);
    cands.root = xstrdup(root);
    cands.init = 1;
}

/* Stores one package's policy block. */
static void cand_store(const char *name, const char *candidate, const char **vers, size_t nv)
{
    Cand *c = ARENA_NEW(&cands.arena, Cand);
    c->candidate = candidate;
    c->versions = ARENA_NEWN(&cands.arena, const char *, nv + 1);
    for (size_t i = 0; i < nv; i++)
        c->versions[i] = vers[i];
    c->nversions = nv;
    const char *key = arena_strdup(&cands.arena, name);
    map_put(&cands.by_name, key, strlen(key), c);
}

/* Parses "apt-cache policy" output:
 *   name:
 *     Installed: (none)
 *     Candidate: 2.0-1
 *     Version table:
 *        2.0-1 500
 *           500 file:/repo ./ Packages
 *    *** 1.0-1 100
 *           100 /var/lib/dpkg/status */
static void policy_parse(const char *s)
{
    char *name = NULL;
    const char *candidate = NULL;
    const char **vers = NULL;
    size_t nv = 0, cap = 0;
    for (const char *line = s; line && *line; ) {
        const char *nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line) : strlen(line);
        if (len && line[0] != ' ' && line[len - 1] == ':') {
            if (name)
                cand_store(name, candidate, vers, nv);
            free(name);
            name = xstrndup(line, len - 1);
            candidate = NULL;
            nv = 0;
        } else if (name) {
            size_t ind = strspn(line, " ");
            const char *p = line + ind;
            size_t rest = len - ind;
            if (rest > 11 && !strncmp(p, "Candidate: ", 11)) {
                const char *v = p + 11;
                size_t vl = rest - 11;
                candidate = (vl == 6 && !strncmp(v, "(none)", 6)) ? NULL : arena_strndup(&cands.arena, v, vl);
            } else if ((ind == 5 && rest && *p != ' ') || (ind == 1 && rest > 4 && !strncmp(p, "*** ", 4))) {
                if (ind == 1)
                    p += 4;
                size_t vl = strcspn(p, " \n");
                if (nv == cap) {
                    cap = cap ? cap * 2 : 8;
                    vers = xrealloc(vers, cap * sizeof *vers);
                }
                vers[nv++] = arena_strndup(&cands.arena, p, vl);
            }
        }
        line = nl ? nl + 1 : NULL;
    }
    if (name)
        cand_store(name, candidate, vers, nv);
    free(name);
    free(vers);
}

int pkg_latest_prefetch(const char *root, const char *const *names, size_t n, const PkgLog *log, Buf *err)
{
    cands_init(root);
    Argv a = {0};
    av_add(&a, "apt-cache");
    av_add(&a, "-q");
    av_add(&a, "policy");
    size_t asked = 0;
    for (size_t i = 0; i < n; i++) {
        if (map_get(&cands.by_name, names[i], strlen(names[i])))
            continue;
        int dup = 0;
        for (size_t k = 3; k < a.n && !dup; k++)
            dup = !strcmp(a.v[k], names[i]);
        if (!dup) {
            av_add(&a, names[i]);
            asked++;
        }
    }
    int rc = 0;
    if (asked) {
        prepare_root(root, 1);
        Buf out = BUF_INIT;
        int status = 0;
        rc = run_tool(root, &a, log, 1, &out, &status, err);
        if (rc == 0 && status != 0) {
            execution_failed(err, &a, status, &out);
            rc = -1;
        }
        if (rc == 0) {
            policy_parse(out.s ? out.s : "");
            /* names apt does not know: remember that there is nothing */
            for (size_t k = 3; k < a.n; k++)
                if (!map_get(&cands.by_name, a.v[k], strlen(a.v[k])))
                    cand_store(a.v[k], NULL, NULL, 0);
        }
        buf_free(&out);
    }
    av_free(&a);
    return rc;
}

static const Cand *cand_get(const char *root, const char *name, const PkgLog *log, Buf *err)
{
    if (pkg_latest_prefetch(root, &name, 1, log, err) != 0)
        return NULL;
    return map_get(&cands.by_name, name, strlen(name));
}

const char *pkg_candidate(const char *root, const char *name, const PkgLog *log, Buf *err)
{
    const Cand *c = cand_get(root, name, log, err);
    return c ? c->candidate : NULL;
}

const char *const *pkg_available_versions(const char *root, const char *name, size_t *n, const PkgLog *log,
                                          Buf *err)
{
    const Cand *c = cand_get(root, name, log, err);
    *n = c ? c->nversions : 0;
    return c && c->nversions ? c->versions : NULL;
}

const char *pkg_latest_version(const char *root, const char *name, const PkgLog *log, Buf *err)
{
    const char *cand = pkg_candidate(root, name, log, err);
    if (!cand)
        return "";
    const char *inst = pkg_version(root, name);
    return inst[0] && pkg_version_cmp(cand, inst) <= 0 ? "" : cand;
}

int pkg_upgrade_available(const char *root, const char *name, const PkgLog *log)
{
    Buf err = BUF_INIT;
    int r = pkg_latest_version(root, name, log, &err)[0] != '\0';
    buf_free(&err);
    return r;
}

int pkg_deb_fields(const char *path, Buf *name, Buf *version, const PkgLog *log, Buf *err)
{
    Argv a = {0};
    av_add(&a, "dpkg-deb");
    av_add(&a, "-f");
    av_add(&a, path);
    av_add(&a, "Package");
    av_add(&a, "Version");
    Buf out = BUF_INIT;
    int status = 0;
    int rc = run_tool("", &a, log, 1, &out, &status, err);
    if (rc == 0 && status != 0) {
        execution_failed(err, &a, status, &out);
        rc = -1;
    }
    for (const char *line = out.s; rc == 0 && line && *line; ) {
        size_t len = strcspn(line, "\n");
        if (name && len > 9 && !strncmp(line, "Package: ", 9))
            buf_add(name, line + 9, len - 9);
        if (version && len > 9 && !strncmp(line, "Version: ", 9))
            buf_add(version, line + 9, len - 9);
        line += len;
        if (*line)
            line++;
    }
    buf_free(&out);
    av_free(&a);
    return rc;
}

/* ---- install, remove, purge ---- */

void pkg_changes_free(PkgChanges *c)
{
    for (size_t i = 0; i < c->n; i++) {
        free(c->v[i].name);
        free(c->v[i].old_version);
        free(c->v[i].new_version);
    }
    free(c->v);
    c->v = NULL;
    c->n = 0;
}

const PkgChange *pkg_changes_find(const PkgChanges *c, const char *name)
{
    for (size_t i = 0; i < c->n; i++)
        if (!strcmp(c->v[i].name, name))
            return &c->v[i];
    return NULL;
}

/* A snapshot of the installed versions: name -> version, both malloc'd. */
typedef struct Snap { char **names, **vers; size_t n; Map m; } Snap;

static void snap_add(void *ctx, const PkgInfo *in)
{
    Snap *s = ctx;
    if (in->state != PKG_INSTALLED)
        return;
    s->names = xrealloc(s->names, (s->n + 1) * sizeof *s->names);
    s->vers = xrealloc(s->vers, (s->n + 1) * sizeof *s->vers);
    s->names[s->n] = xstrdup(in->name);
    s->vers[s->n] = xstrdup(in->version);
    s->n++;
}

static int snap_take(const char *root, Snap *s, Buf *err)
{
    memset(s, 0, sizeof *s);
    map_init(&s->m);
    if (pkg_list_pkgs(root, snap_add, s, err) != 0)
        return -1;
    for (size_t i = 0; i < s->n; i++)
        map_put(&s->m, s->names[i], strlen(s->names[i]), s->vers[i]);
    return 0;
}

static void snap_free(Snap *s)
{
    for (size_t i = 0; i < s->n; i++) {
        free(s->names[i]);
        free(s->vers[i]);
    }
    free(s->names);
    free(s->vers);
    map_free(&s->m);
}

static void change_add(PkgChanges *c, const char *name, const char *old, const char *new_)
{
    c->v = xrealloc(c->v, (c->n + 1) * sizeof *c->v);
    c->v[c->n].name = xstrdup(name);
    c->v[c->n].old_version = xstrdup(old);
    c->v[c->n].new_version = xstrdup(new_);
    c->n++;
}

/* Salt's compare_dicts(old, new): new and changed keys in new's order,
 * then removed keys in old's order. */
static void compare_dicts(const Snap *old, const Snap *new_, PkgChanges *c)
{
    for (size_t i = 0; i < new_->n; i++) {
        const char *o = map_get(&old->m, new_->names[i], strlen(new_->names[i]));
        if (!o || strcmp(o, new_->vers[i]))
            change_add(c, new_->names[i], o ? o : "", new_->vers[i]);
    }
    for (size_t i = 0; i < old->n; i++)
        if (!map_get(&new_->m, old->names[i], strlen(old->names[i])))
            change_add(c, old->names[i], old->vers[i], "");
}

/* Runs the commands of one change between two snapshots (Salt: old =
 * list_pkgs(); run; clear the cache; new = list_pkgs(); compare). */
static int change_run(const char *root, const PkgOpts *o, Argv *const *cmds, size_t ncmds, PkgChanges *changes,
                      Buf *err)
{
    Snap before, after;
    if (snap_take(root, &before, err) != 0) {
        snap_free(&before);
        return -1;
    }
    prepare_root(root, o->tool == PKG_TOOL_APT);
    int rc = 0;
    for (size_t i = 0; i < ncmds && rc == 0; i++)
        rc = run_change(root, cmds[i], &o->log, err);
    pkg_list_clear();
    Buf err2 = BUF_INIT;
    if (snap_take(root, &after, &err2) == 0)
        compare_dicts(&before, &after, changes);
    else if (rc == 0) {
        buf_add(err, err2.s, err2.len);
        rc = -1;
    }
    buf_free(&err2);
    snap_free(&before);
    snap_free(&after);
    return rc;
}

static void av_apt(Argv *a, const PkgOpts *o)
{
    av_add(a, "apt-get");
    av_add(a, "-q");
    av_add(a, "-y");
    av_add(a, "-o");
    av_add(a, o->replace_conffiles ? "DPkg::Options::=--force-confnew" : "DPkg::Options::=--force-confold");
}

int pkg_install(const char *root, const PkgOpts *o, const PkgTarget *targets, size_t n, PkgChanges *changes,
                Buf *err)
{
    if (!n)
        return 0;
    Argv a = {0};
    Buf t = BUF_INIT;
    if (o->tool == PKG_TOOL_DPKG) {
        av_dpkg(&a, root);
        av_add(&a, o->replace_conffiles ? "--force-confnew" : "--force-confold");
        av_add(&a, "-i");
        for (size_t i = 0; i < n; i++) {
            buf_clear(&t);
            if (pkg_root_path(root, targets[i].source ? targets[i].source : targets[i].name, &t, err) != 0) {
                av_free(&a);
                buf_free(&t);
                return -1;
            }
            av_add(&a, buf_cstr(&t));
        }
    } else {
        av_apt(&a, o);
        /* Puppet adds --force-yes with a version, so apt may downgrade;
         * apt 2 deprecates it for the --allow-* options, this being the
         * one a version pin needs. */
        for (size_t i = 0; i < n; i++)
            if (targets[i].version && !targets[i].source) {
                av_add(&a, "--allow-downgrades");
                break;
            }
        for (const char *const *p = o->options; p && *p; p++)
            av_add(&a, *p);
        av_add(&a, "install");
        for (size_t i = 0; i < n; i++) {
            buf_clear(&t);
            if (targets[i].source) {
                if (pkg_root_path(root, targets[i].source, &t, err) != 0) {
                    av_free(&a);
                    buf_free(&t);
                    return -1;
                }
            } else if (targets[i].version)
                buf_printf(&t, "%s=%s", targets[i].name, targets[i].version);
            else
                buf_adds(&t, targets[i].name);
            av_add(&a, buf_cstr(&t));
        }
    }
    Argv *cmds[1] = {&a};
    int rc = change_run(root, o, cmds, 1, changes, err);
    av_free(&a);
    buf_free(&t);
    return rc;
}

static int remove_or_purge(const char *root, const PkgOpts *o, const char *const *names, size_t n, int purge,
                           PkgChanges *changes, Buf *err)
{
    if (!n)
        return 0;
    Argv a = {0}, d = {0};
    Argv *cmds[2];
    size_t nc = 0;
    if (o->tool == PKG_TOOL_APT) {
        av_add(&a, "apt-get");
        av_add(&a, "-y");
        av_add(&a, "-q");
        av_add(&a, "remove");
        if (purge)
            av_add(&a, "--purge");
        for (size_t i = 0; i < n; i++)
            av_add(&a, names[i]);
        cmds[nc++] = &a;
    }
    if (o->tool == PKG_TOOL_DPKG || purge) {
        /* apt's purge is followed by dpkg's: apt leaves an already
         * removed package's conffiles alone (Puppet's workaround) */
        av_dpkg(&d, root);
        av_add(&d, purge ? "--purge" : "-r");
        for (size_t i = 0; i < n; i++)
            av_add(&d, names[i]);
        cmds[nc++] = &d;
    }
    int rc = change_run(root, o, cmds, nc, changes, err);
    av_free(&a);
    av_free(&d);
    return rc;
}

int pkg_remove(const char *root, const PkgOpts *o, const char *const *names, size_t n, PkgChanges *changes,
               Buf *err)
{
    return remove_or_purge(root, o, names, n, 0, changes, err);
}

int pkg_purge(const char *root, const PkgOpts *o, const char *const *names, size_t n, PkgChanges *changes,
              Buf *err)
{
    return remove_or_purge(root, o, names, n, 1, changes, err);
}

int pkg_refresh_db(const char *root, const PkgLog *log, Buf *err)
{
    prepare_root(root, 1);
    Argv a = {0};
    av_add(&a, "apt-get");
    av_add(&a, "-q");
    av_add(&a, "update");
    int rc = run_change(root, &a, log, err);
    av_free(&a);
    cands_clear();
    if (rc == 0) {
        run.stale = 0;
        run.refreshed = 1;
    }
    return rc;
}

void pkg_mark_stale(void) { run.stale = 1; }
int pkg_index_stale(void) { return run.stale; }
int pkg_index_refreshed(void) { return run.refreshed; }

int pkg_lists_missing(const char *root)
{
    (void)root;
    DIR *d = textfile_opendir("/var/lib/apt/lists");
    int found = 0;
    if (d) {
        struct dirent *de;
        while (!found && (de = readdir(d)))
            found = strstr(de->d_name, "_Packages") != NULL || strstr(de->d_name, "_Sources") != NULL;
        closedir(d);
    }
    return !found;
}

/* ---- lowpkg ---- */

/* The md5 of root+path; 0, or -1 (errno) when it cannot be read. */
static int md5_file(const char *root, const char *path, char out[33])
{
    (void)root;
    int fd = rootfs_open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK, 0);
    if (fd < 0)
        return -1;
    Md5 m;
    md5_init(&m);
    char tmp[65536];
    for (;;) {
        ssize_t n = read(fd, tmp, sizeof tmp);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            int e = errno;
            close(fd);
            if (n < 0) {
                errno = e;
                return -1;
            }
            break;
        }
        md5_update(&m, tmp, (size_t)n);
    }
    unsigned char d[16];
    md5_final(&m, d);
    for (int i = 0; i < 16; i++)
        snprintf(out + 2 * i, 3, "%02x", d[i]);
    return 0;
}

/* name's entry when dpkg has files for it, else NULL with Salt's error. */
static const DbEntry *known_pkg(const char *root, const char *name, Buf *err)
{
    if (db_load(root, err) != 0)
        return NULL;
    const DbEntry *e = db_find(name);
    if (!e || e->info.state == PKG_NOT_INSTALLED) {
        buf_printf(err, "package %s is not installed", name);
        return NULL;
    }
    return e;
}

/* Reads info/<name>.<ext> (or info/<name>:<arch>.<ext>, multi-arch) into
 * b.  0, 1 when there is none, -1 on another error (err set). */
static int info_read(const char *root, const DbEntry *e, const char *ext, Buf *b, Buf *err)
{
    const char *colon = strchr(e->info.name, ':');
    size_t bare = colon ? (size_t)(colon - e->info.name) : strlen(e->info.name);
    Buf p = BUF_INIT;
    for (int pass = 0; pass < 2; pass++) {
        buf_clear(&p);
        if (pass == 0)
            buf_printf(&p, "%s/var/lib/dpkg/info/%.*s.%s", root, (int)bare, e->info.name, ext);
        else if (e->info.arch[0])
            buf_printf(&p, "%s/var/lib/dpkg/info/%.*s:%s.%s", root, (int)bare, e->info.name, e->info.arch, ext);
        else
            break;
        if (textfile_read(buf_cstr(&p) + strlen(root), b) == 0) {
            buf_free(&p);
            return 0;
        }
        if (errno != ENOENT) {
            buf_printf(err, "Could not read %s: %s", buf_cstr(&p), strerror(errno));
            buf_free(&p);
            return -1;
        }
    }
    buf_free(&p);
    return 1;
}

/* One checked path: appends its line to out when it differs. */
static void verify_one(const char *root, const char *path, const char *want, int config, Buf *out)
{
    char got[33];
    if (md5_file(root, path, got) != 0)
        buf_printf(out, "%s: missing%s\n", path, config ? " (config)" : "");
    else if (strcasecmp(got, want) != 0)
        buf_printf(out, "%s: md5sum mismatch%s\n", path, config ? " (config)" : "");
}

/* Calls fn for each "path hash" pair of the Conffiles field (obsolete
 * and remove-on-upgrade ones skipped). */
static void each_conffile(const char *field, void (*fn)(void *ctx, const char *path, const char *hash), void *ctx)
{
    for (const char *s = field; s && *s; ) {
        size_t n = strcspn(s, "\n");
        char *line = xstrndup(s, n);
        char path[4096], hash[64], flag[32] = "";
        if (sscanf(line, " %4095s %63s %31s", path, hash, flag) >= 2 && strcmp(flag, "obsolete") &&
            strcmp(flag, "remove-on-upgrade") && strcmp(hash, "newconffile"))
            fn(ctx, path, hash);
        free(line);
        s += n;
        if (*s)
            s++;
    }
}

typedef struct VerifyCtx { const char *root; Buf *out; } VerifyCtx;

static void verify_conffile(void *ctx, const char *path, const char *hash)
{
    VerifyCtx *v = ctx;
    verify_one(v->root, path, hash, 1, v->out);
}

/* Is path ("/etc/x") a conffile in the field? */
static int is_conffile(const char *field, const char *path)
{
    size_t pl = strlen(path);
    for (const char *s = field; s && (s = strstr(s, path)); s += pl)
        if ((s == field || s[-1] == ' ' || s[-1] == '\n') && (s[pl] == ' ' || s[pl] == '\n' || !s[pl]))
            return 1;
    return 0;
}

int pkg_verify(const char *root, const char *name, Buf *out, Buf *err)
{
    const DbEntry *e = known_pkg(root, name, err);
    if (!e)
        return -1;
    Buf sums = BUF_INIT;
    if (info_read(root, e, "md5sums", &sums, err) < 0) {
        buf_free(&sums);
        return -1;
    }
    /* md5sums: "<hash>  <path without the leading slash>" */
    for (const char *s = sums.s; s && *s; ) {
        size_t n = strcspn(s, "\n");
        const char *sp = memchr(s, ' ', n);
        if (sp && sp - s == 32) {
            const char *p = sp;
            while (p < s + n && *p == ' ')
                p++;
            Buf path = BUF_INIT;
            if (*p != '/')
                buf_addc(&path, '/');
            buf_add(&path, p, (size_t)(s + n - p));
            char hash[33];
            memcpy(hash, s, 32);
            hash[32] = '\0';
            if (!is_conffile(e->conffiles, buf_cstr(&path)))
                verify_one(root, buf_cstr(&path), hash, 0, out);
            buf_free(&path);
        }
        s += n;
        if (*s)
            s++;
    }
    VerifyCtx v = {root, out};
    each_conffile(e->conffiles, verify_conffile, &v);
    buf_free(&sums);
    return 0;
}

int pkg_file_list(const char *root, const char *name, Buf *out, Buf *err)
{
    const DbEntry *e = known_pkg(root, name, err);
    if (!e)
        return -1;
    Buf list = BUF_INIT;
    int rc = info_read(root, e, "list", &list, err);
    if (rc == 0) {
        buf_add(out, list.s, list.len);
        if (list.len && list.s[list.len - 1] != '\n')
            buf_addc(out, '\n');
    }
    buf_free(&list);
    return rc < 0 ? -1 : 0;
}

int pkg_file_dict(const char *root, const char *const *names, size_t n,
                  void (*fn)(void *ctx, const char *package, const char *path), void *ctx, Buf *errors, Buf *err)
{
    if (db_load(root, err) != 0)
        return -1;
    /* copy the names first: fn may not, but a reload would move them */
    char **want = NULL;
    size_t nw = 0;
    if (n) {
        for (size_t i = 0; i < n; i++)
            strv_add(&want, &nw, names[i], strlen(names[i]));
    } else {
        for (size_t i = 0; i < db.n; i++)
            if (db.v[i].info.state != PKG_NOT_INSTALLED)
                strv_add(&want, &nw, db.v[i].info.name, strlen(db.v[i].info.name));
    }
    int rc = 0;
    Buf list = BUF_INIT, why = BUF_INIT;
    for (size_t i = 0; i < nw && rc == 0; i++) {
        buf_clear(&list);
        buf_clear(&why);
        if (pkg_file_list(root, want[i], &list, &why) != 0) {
            buf_printf(errors, "%s\n", buf_cstr(&why));
            continue;
        }
        for (const char *s = list.s; s && *s; ) {
            size_t k = strcspn(s, "\n");
            char *path = xstrndup(s, k);
            fn(ctx, want[i], path);
            free(path);
            s += k;
            if (*s)
                s++;
        }
    }
    for (size_t i = 0; i < nw; i++)
        free(want[i]);
    free(want);
    buf_free(&list);
    buf_free(&why);
    return rc;
}

/* ---- the run ---- */

/* A program that forgets pkg_tool_reset (or exits early) still leaves no
 * temporary file and no cache behind: the first cache or file registers
 * the reset with atexit. */
static void at_exit(void)
{
    static int registered;
    if (!registered)
        registered = atexit(pkg_tool_reset) == 0;
}

void pkg_tool_reset(void)
{
    pkg_list_clear();
    cands_clear();
    if (run.conf_path)
        unlink(run.conf_path);
    free(run.conf_path);
    free(run.conf_root);
    run.conf_path = run.conf_root = NULL;
    run.stale = 0;
    run.refreshed = 0;
    run.have_apt = -1;
}
