/*
 * providers.c - unit tests for the apply-time providers (types/notify.c,
 * types/exec.c, types/file/) and the command runner (types/run.c).
 *
 * apply/tx.c is not linked: this file defines stand-ins for every tx_*
 * function of apply/tx.h that print nothing and record each call as the
 * line Puppet would log ("Notice: /Stage[main]/Main/File[/a]/ensure:
 * created"), so the expected strings below are Puppet 7.23's own lines as
 * observed with `puppet apply`.  Debug lines are recorded apart.  Files are
 * managed under a temporary root (tx_root), so titles stay short ("/a");
 * everything is made in one mkdtemp directory, removed at the end.
 */
#define _GNU_SOURCE
#include "t/tap.h"
#include "apply/tx.h"
#include "types/run.h"
#include "base/rootfs.h"
#include "base/util.h"
#include "catalog/catalog.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* ---- stand-in transaction ------------------------------------------- */

struct TxRes {
    const Resource *r;
    int noop;
    const char *root;
    int refreshing;
};

static Buf logged;        /* every non-debug line, '\n'-terminated */
static Buf debug_lines;   /* Debug lines */
static int n_change, n_would, n_failed;

static const char *level_name(LogLevel l)
{
    switch (l) {
    case LL_DEBUG: return "Debug";
    case LL_INFO: return "Info";
    case LL_NOTICE: return "Notice";
    case LL_WARNING: return "Warning";
    case LL_ERR: return "Error";
    }
    return "?";
}

static void path_of(Buf *b, const TxRes *t, const char *prop)
{
    buf_printf(b, "/Stage[main]/Main/%s", t->r->ref);
    if (prop)
        buf_printf(b, "/%s", prop);
}

static void vline(LogLevel lvl, const TxRes *t, const char *prop, int with_path, const char *fmt, va_list ap)
    __attribute__((format(printf, 5, 0)));
static void vline(LogLevel lvl, const TxRes *t, const char *prop, int with_path, const char *fmt, va_list ap)
{
    Buf line = BUF_INIT;
    char *msg = NULL;
    if (vasprintf(&msg, fmt, ap) < 0)
        util_oom();
    buf_printf(&line, "%s: ", level_name(lvl));
    if (with_path) {
        path_of(&line, t, prop);
        buf_adds(&line, ": ");
    }
    buf_adds(&line, msg);
    buf_addc(&line, '\n');
    buf_adds(lvl == LL_DEBUG ? &debug_lines : &logged, line.s);
    buf_free(&line);
    free(msg);
}

const Resource *tx_resource(TxRes *t) { return t->r; }
int tx_noop(TxRes *t) { return t->noop; }
const char *tx_root(TxRes *t) { return t->root; }
int tx_is_refreshing(TxRes *t) { return t->refreshing; }
/* What this test does not exercise: no catalog, no state directory, no
 * batching peers. */
const Catalog *tx_catalog(TxRes *t) { return NULL; }
const char *tx_vardir(TxRes *t) { return ""; }
const char *tx_modulepath(TxRes *t) { return ""; }
int tx_show_diff(TxRes *t) { return 0; }
int tx_batching(TxRes *t) { return 0; }
void tx_defer(TxRes *t, TxFlushFn flush) { (void)t; flush(); }
void tx_defer_failed(TxRes *t) { (void)t; }
int tx_joined(TxRes *t) { (void)t; return 0; }
int tx_settle(TxRes *t) { (void)t; return 0; }
int tx_defer_cancelled(TxRes *t) { (void)t; return 0; }
size_t tx_ready_peers(TxRes *t, const Resource **out, size_t max) { return 0; }
void tx_unschedule_refresh(TxRes *t) {}
void tx_child(TxRes *t, const char *ref) {}
void tx_generated_noop(TxRes *t, const char *name) {}
void tx_generated(TxRes *t, const char *ref, int first, int end, int failed) {}
void tx_generated_skip(TxRes *t, const char *ref, const char *failed_ref) {}
int tx_events(TxRes *t) { return 0; }

void tx_change(TxRes *t, const char *prop, const char *event, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vline(LL_NOTICE, t, prop, 1, fmt, ap);
    va_end(ap);
    n_change++;
}

void tx_change_values(TxRes *t, const char *prev, const char *desired)
{
    (void)t, (void)prev, (void)desired;      /* only the run's report keeps them */
}

void tx_would(TxRes *t, const char *prop, const char *event, const char *is, const char *should)
{
    Buf b = BUF_INIT;
    buf_adds(&b, "Notice: ");
    path_of(&b, t, prop);
    buf_printf(&b, ": current_value %s, should be %s (noop)\n", is, should);
    buf_adds(&logged, b.s);
    buf_free(&b);
    n_would++;
}

void tx_failed(TxRes *t, const char *prop, const char *from, const char *to, const char *fmt, ...)
{
    Buf b = BUF_INIT;
    char *msg = NULL;
    va_list ap;
    va_start(ap, fmt);
    if (vasprintf(&msg, fmt, ap) < 0)
        util_oom();
    va_end(ap);
    buf_adds(&b, "Error: ");
    path_of(&b, t, prop);
    buf_printf(&b, ": change from %s to %s failed: %s\n", from, to, msg);
    buf_adds(&logged, b.s);
    buf_free(&b);
    free(msg);
    n_failed++;
}

void tx_log(TxRes *t, LogLevel lvl, const char *prop, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vline(lvl, t, prop, 1, fmt, ap);
    va_end(ap);
}

void tx_log_plain(TxRes *t, LogLevel lvl, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vline(lvl, t, NULL, 0, fmt, ap);
    va_end(ap);
}

/* ---- fixtures -------------------------------------------------------- */

static Arena arena;
static Catalog cat;
static char tmpdir[256];     /* the test root */
static int last_rc;

static Value *S(const char *s) { return val_cstr(&arena, s); }
static Value *I(long long i) { return val_int(&arena, i); }
static Value *B(int b) { return val_bool(b); }

static Value *A(int n, ...)
{
    Value *items[16];
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        items[i] = va_arg(ap, Value *);
    va_end(ap);
    return val_array(&arena, items, (size_t)n);
}

static Value *H(int n, ...)
{
    Value *k[16], *v[16];
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++) {
        k[i] = va_arg(ap, Value *);
        v[i] = va_arg(ap, Value *);
    }
    va_end(ap);
    return val_hash(&arena, k, v, (size_t)n);
}

/* A resource with parameters given as name, value pairs, NULL-terminated.
 * Each call uses a fresh title suffix internally when the title repeats. */
static Resource *mk(const char *type, const char *title, ...)
{
    static int serial;
    Resource *r = cat_add(&cat, type, title);
    if (!r) {
        /* same title again: a new catalog slot under a unique key */
        char *t2 = arena_printf(&arena, "%s", title);
        r = cat_add(&cat, type, arena_printf(&arena, "%s#%d", title, ++serial));
        r->title = t2;
        r->ref = arena_printf(&arena, "%s[%s]", type, t2);
    }
    va_list ap;
    va_start(ap, title);
    for (;;) {
        const char *name = va_arg(ap, const char *);
        if (!name)
            break;
        cat_res_set(&cat, r, name, va_arg(ap, Value *));
    }
    va_end(ap);
    return r;
}

static void reset_log(void)
{
    buf_clear(&logged);
    buf_clear(&debug_lines);
    n_change = n_would = n_failed = 0;
}

static const char *run_apply(Resource *r, int noop, const char *root)
{
    TxRes t = { r, noop, root, 0 };
    const Provider *p = provider_find(r->type);
    if (strcmp(rootfs_prefix(), root) != 0 || rootfs_fd() < 0) {
        Buf err = BUF_INIT;          /* the file type opens its paths in the root, as mapply sets it */
        if (rootfs_init(root, &err) != 0)
            printf("Bail out! %s\n", buf_cstr(&err));
        buf_free(&err);
    }
    reset_log();
    last_rc = p->apply(&t);
    return buf_cstr(&logged);
}

static const char *apply(Resource *r) { return run_apply(r, 0, ""); }
static const char *apply_noop(Resource *r) { return run_apply(r, 1, ""); }
static const char *fapply(Resource *r) { return run_apply(r, 0, tmpdir); }
static const char *fapply_noop(Resource *r) { return run_apply(r, 1, tmpdir); }

static int do_refresh(Resource *r, Buf *err)
{
    TxRes t = { r, 0, "", 1 };
    reset_log();
    buf_clear(err);
    return provider_find(r->type)->refresh(&t, err);
}

static const char *validate(Resource *r)
{
    static Buf err;
    buf_free(&err);
    if (provider_find(r->type)->validate(r, &err) == 0)
        return "ok";
    return buf_cstr(&err);
}

/* "<tmpdir><rel>", in the arena. */
static const char *at(const char *rel) { return arena_printf(&arena, "%s%s", tmpdir, rel); }

/* Formats into the arena (expected lines that name the temp dir). */
static const char *fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
static const char *fmt(const char *f, ...)
{
    va_list ap;
    char *s = NULL;
    va_start(ap, f);
    if (vasprintf(&s, f, ap) < 0)
        util_oom();
    va_end(ap);
    char *r = arena_strdup(&arena, s);
    free(s);
    return r;
}

static void write_file(const char *rel, const char *data, mode_t mode)
{
    int fd = open(at(rel), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
    if (fd >= 0) {
        if (write(fd, data, strlen(data)) < 0)
            perror("write");
        fchmod(fd, mode);
        close(fd);
    }
}

static const char *read_file(const char *rel)
{
    static char buf[4096];
    int fd = open(at(rel), O_RDONLY | O_CLOEXEC);
    ssize_t n = fd >= 0 ? read(fd, buf, sizeof buf - 1) : -1;
    if (fd >= 0)
        close(fd);
    buf[n < 0 ? 0 : n] = '\0';
    return n < 0 ? NULL : buf;
}

static int mode_of(const char *rel)
{
    struct stat st;
    return lstat(at(rel), &st) == 0 ? (int)(st.st_mode & 07777) : -1;
}

static char kind_of(const char *rel)
{
    struct stat st;
    if (lstat(at(rel), &st) != 0) return '-';
    if (S_ISLNK(st.st_mode)) return 'l';
    if (S_ISDIR(st.st_mode)) return 'd';
    if (S_ISREG(st.st_mode)) return 'f';
    return '?';
}

static const char *link_of(const char *rel)
{
    static char buf[1024];
    ssize_t n = readlink(at(rel), buf, sizeof buf - 1);
    buf[n < 0 ? 0 : n] = '\0';
    return buf;
}

/* Temporary files left behind in the root, if any. */
static int leftovers(void)
{
    int n = 0;
    DIR *d = opendir(tmpdir);
    struct dirent *e;
    while (d && (e = readdir(d)))
        if (strstr(e->d_name, ".mapply."))
            n++;
    if (d)
        closedir(d);
    return n;
}

static int open_fds(void)
{
    int n = 0;
    DIR *d = opendir("/proc/self/fd");
    struct dirent *e;
    while (d && (e = readdir(d)))
        if (e->d_name[0] != '.')
            n++;
    if (d)
        closedir(d);
    return n;
}

/* Autorequire candidates as "Type[title] ..." */
static void collect(void *ctx, const char *type, const char *title)
{
    buf_printf((Buf *)ctx, "%s[%s] ", type, title);
}

static const char *autoreqs(Resource *r)
{
    static Buf b;
    buf_free(&b);
    const Provider *p = provider_find(r->type);
    if (p->autorequire)
        p->autorequire(NULL, r, collect, &b);
    if (b.len)
        b.s[--b.len] = '\0';
    return buf_cstr(&b);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- provider table ------------------------------------------------- */

static void test_table(void)
{
    ok(provider_find("notify") && provider_find("Notify") == provider_find("notify"), "provider_find: notify, any case");
    ok(provider_find("EXEC") && provider_find("file"), "provider_find: exec and file");
    ok(provider_find("stage") == NULL && provider_find("") == NULL, "provider_find: no provider for others");
    ok(provider_find("notify")->refresh == NULL && provider_find("file")->refresh == NULL &&
       provider_find("exec")->refresh != NULL, "only exec refreshes (docs/apply.md §4.1)");
}

/* ---- notify --------------------------------------------------------- */

static void test_notify(void)
{
    Resource *r = mk("Notify", "hello", NULL);
    is_str(apply(r), "Notice: hello\n"
                     "Notice: /Stage[main]/Main/Notify[hello]/message: defined 'message' as 'hello'\n",
           "notify: message defaults to the title, then one change");
    ok(last_rc == 0 && n_change == 1, "notify: one change, success");
    is_str(apply(r), "Notice: hello\n"
                     "Notice: /Stage[main]/Main/Notify[hello]/message: defined 'message' as 'hello'\n",
           "notify: never in sync, the second run logs again");
    is_str(apply_noop(r), "Notice: /Stage[main]/Main/Notify[hello]/message: current_value 'absent', should be 'hello' (noop)\n",
           "notify noop: the noop line only, no message");
    ok(n_change == 0 && n_would == 1, "notify noop: one noop event, no change");

    r = mk("Notify", "x", "message", A(2, I(1), I(2)), NULL);
    is_str(apply(r), "Notice: 1\nNotice: /Stage[main]/Main/Notify[x]/message: defined 'message' as 1\n",
           "notify: an array message keeps its first element, unquoted integer");
    is_str(apply_noop(r), "Notice: /Stage[main]/Main/Notify[x]/message: current_value 'absent', should be 1 (noop)\n",
           "notify noop: integer should value unquoted");

    r = mk("Notify", "h", "message", H(2, S("a"), I(1), S("b"), A(2, B(1), S("x"))), NULL);
    is_str(apply(r), "Notice: {\"a\"=>1, \"b\"=>[true, \"x\"]}\n"
                     "Notice: /Stage[main]/Main/Notify[h]/message: defined 'message' as {\n"
                     "  'a' => 1,\n  'b' => [true, 'x']\n}\n",
           "notify: a hash prints as Ruby's to_s, then pretty-printed");

    r = mk("Notify", "q5", "message", H(3, S("k"), H(1, S("n"), S("v")), S("e"), A(0), S("h"), H(0)), NULL);
    is_str(apply(r), "Notice: {\"k\"=>{\"n\"=>\"v\"}, \"e\"=>[], \"h\"=>{}}\n"
                     "Notice: /Stage[main]/Main/Notify[q5]/message: defined 'message' as {\n"
                     "  'k' => {\n    'n' => 'v'\n  },\n  'e' => [],\n  'h' => {\n\n  }\n}\n",
           "notify: nested hashes, empty array and hash, as Puppet prints them");

    r = mk("Notify", "r1", "message", A(1, A(2, H(2, S("a"), I(1), S("b"), S("x")), I(2))), NULL);
    is_str(apply(r), "Notice: {\"a\"=>1, \"b\"=>\"x\"} 2\n"
                     "Notice: /Stage[main]/Main/Notify[r1]/message: defined 'message' as [\n"
                     "  {\n    'a' => 1,\n    'b' => 'x'\n  },\n  2]\n",
           "notify: a hash inside an array breaks onto its own lines");

    r = mk("Notify", "q1", "message", S("it's"), NULL);
    is_str(apply(r), "Notice: it's\nNotice: /Stage[main]/Main/Notify[q1]/message: defined 'message' as 'it\\'s'\n",
           "notify: a single quote is escaped in the display");
    r = mk("Notify", "q2", "message", S("a\nb"), NULL);
    is_str(apply(r), "Notice: a\nb\nNotice: /Stage[main]/Main/Notify[q2]/message: defined 'message' as \"a\\nb\"\n",
           "notify: a control character switches to double quotes");
    r = mk("Notify", "r5", "message", A(1, A(4, S("s"), S("it's"), val_float(&arena, 2.0), VAL_UNDEF)), NULL);
    is_str(apply(r), "Notice: s it's 2.0 \n"
                     "Notice: /Stage[main]/Main/Notify[r5]/message: defined 'message' as ['s', 'it\\'s', 2.0, undef]\n",
           "notify: an array message joins with spaces; floats and undef in the display");
    r = mk("Notify", "b", "message", B(1), NULL);
    is_str(apply(r), "Notice: true\nNotice: /Stage[main]/Main/Notify[b]/message: defined 'message' as true\n",
           "notify: boolean message");
    r = mk("Notify", "n", "name", S("thename"), NULL);
    is_str(apply(r), "Notice: thename\nNotice: /Stage[main]/Main/Notify[n]/message: defined 'message' as 'thename'\n",
           "notify: message defaults to name before title");
    r = mk("Notify", "q7", "message", S("warn"), "loglevel", S("warning"), NULL);
    is_str(apply(r), "Warning: warn\n"
                     "Notice: /Stage[main]/Main/Notify[q7]/message: defined 'message' as 'warn'\n",
           "notify: the message goes out at the loglevel (the change line's level is the transaction's)");
    r = mk("Notify", "q8", "message", S("wp"), "withpath", B(1), NULL);
    is_str(apply(r), "Notice: /Stage[main]/Main/Notify[q8]/message: wp\n"
                     "Notice: /Stage[main]/Main/Notify[q8]/message: defined 'message' as 'wp'\n",
           "notify: withpath logs the message with the property path");
    r = mk("Notify", "s1", "message", S("secret"), NULL);
    r->sensitive = ARENA_NEWN(&arena, const char *, 1);
    r->sensitive[0] = "message";
    r->nsensitive = 1;
    is_str(apply(r), "Notice: Sensitive [value redacted]\n"
                     "Notice: /Stage[main]/Main/Notify[s1]/message: changed [redacted] to [redacted]\n",
           "notify: a Sensitive message is redacted");
    is_str(apply_noop(r), "Notice: /Stage[main]/Main/Notify[s1]/message: current_value [redacted], should be [redacted] (noop)\n",
           "notify noop: redacted too");
    r = mk("Notify", "q10", "message", A(0), NULL);
    is_str(apply(r), "", "notify: an empty array message does nothing, as in Puppet");
    r = mk("Notify", "wv", "withpath", S("maybe"), NULL);
    is_str(validate(r), "Parameter withpath failed on Notify[wv]: Invalid value \"maybe\". Valid values are true, false.",
           "notify: withpath is validated");
}

/* ---- exec ----------------------------------------------------------- */

static void test_exec_run(void)
{
    Resource *r = mk("Exec", "/bin/true", NULL);
    is_str(apply(r), "Notice: /Stage[main]/Main/Exec[/bin/true]/returns: executed successfully\n",
           "exec: success");
    ok(last_rc == 0 && n_change == 1, "exec: one change");

    r = mk("Exec", "bad", "command", S("/bin/false"), NULL);
    is_str(apply(r), "Error: '/bin/false' returned 1 instead of one of [0]\n"
                     "Error: /Stage[main]/Main/Exec[bad]/returns: change from 'notrun' to ['0'] failed: '/bin/false' returned 1 instead of one of [0]\n",
           "exec: failure, the bare line then the failed change (docs/apply.md §3.2)");
    ok(last_rc == -1 && n_failed == 1 && n_change == 0, "exec: failure returns -1");

    r = mk("Exec", "t4", "command", S("/bin/sh -c \"echo out; echo err >&2; exit 3\""), "returns", A(2, I(0), I(2)), NULL);
    is_str(apply(r), "Notice: /Stage[main]/Main/Exec[t4]/returns: out\n"
                     "Notice: /Stage[main]/Main/Exec[t4]/returns: err\n"
                     "Error: '/bin/sh -c \"echo out; echo err >&2; exit 3\"' returned 3 instead of one of [0,2]\n"
                     "Error: /Stage[main]/Main/Exec[t4]/returns: change from 'notrun' to ['0', '2'] failed: '/bin/sh -c \"echo out; echo err >&2; exit 3\"' returned 3 instead of one of [0,2]\n",
           "exec: logoutput on_failure logs stdout and stderr before the error; returns list");
    r = mk("Exec", "t4b", "command", S("/bin/sh -c 'exit 3'"), "returns", A(2, I(0), S("3")), NULL);
    is_str(apply(r), "Notice: /Stage[main]/Main/Exec[t4b]/returns: executed successfully\n",
           "exec: a status in the returns list is success");
    r = mk("Exec", "t6", "command", S("/bin/echo one"), "logoutput", B(1), NULL);
    is_str(apply(r), "Notice: /Stage[main]/Main/Exec[t6]/returns: one\n"
                     "Notice: /Stage[main]/Main/Exec[t6]/returns: executed successfully\n",
           "exec: logoutput true logs output on success");
    r = mk("Exec", "t6b", "command", S("/bin/echo one"), NULL);
    is_str(apply(r), "Notice: /Stage[main]/Main/Exec[t6b]/returns: executed successfully\n",
           "exec: on_failure logs nothing on success");
    r = mk("Exec", "t6c", "command", S("/bin/sh -c 'echo x; exit 1'"), "logoutput", S("false"), NULL);
    apply(r);
    ok(strstr(buf_cstr(&logged), "returns: x") == NULL && n_failed == 1, "exec: logoutput false hides output of a failure");
    r = mk("Exec", "t6d", "command", S("/bin/echo hi"), "logoutput", S("true"), "loglevel", S("warning"), NULL);
    is_str(apply(r), "Warning: /Stage[main]/Main/Exec[t6d]/returns: hi\n"
                     "Notice: /Stage[main]/Main/Exec[t6d]/returns: executed successfully\n",
           "exec: output lines at the loglevel");

    r = mk("Exec", "ro", "command", S("/bin/echo x"), "refreshonly", B(1), NULL);
    is_str(apply(r), "", "exec: refreshonly without events logs nothing");
    ok(last_rc == 0 && n_change == 0, "exec: refreshonly is no change");
    ok(strstr(buf_cstr(&debug_lines), "'/bin/echo x' won't be executed because of failed check 'refreshonly'") != NULL,
       "exec: refreshonly debug line");

    write_file("/exists", "", 0644);
    r = mk("Exec", "cr", "command", S(fmt("/bin/touch %s", at("/cr_ran"))), "creates", S(at("/exists")), NULL);
    is_str(apply(r), "", "exec: creates that exists: nothing");
    ok(kind_of("/cr_ran") == '-', "exec: creates blocked the command");
    r = mk("Exec", "cr2", "command", S(fmt("/bin/touch %s", at("/cr_ran"))), "creates", S(at("/cr_ran")), NULL);
    is_str(apply(r), "Notice: /Stage[main]/Main/Exec[cr2]/returns: executed successfully\n", "exec: creates missing: runs");
    ok(kind_of("/cr_ran") == 'f', "exec: the command ran");
    is_str(apply(r), "", "exec: creates makes it idempotent");

    r = mk("Exec", "oi", "command", S("/bin/true"), "onlyif", S("/bin/false"), NULL);
    is_str(apply(r), "", "exec: onlyif failing: nothing");
    r = mk("Exec", "oi2", "command", S("/bin/true"), "onlyif", A(2, S("/bin/true"), S("/bin/true")), NULL);
    is_str(apply(r), "Notice: /Stage[main]/Main/Exec[oi2]/returns: executed successfully\n", "exec: all onlyif succeed: runs");
    r = mk("Exec", "oi3", "command", S("/bin/true"), "onlyif", A(2, S("/bin/true"), S("/bin/false")), NULL);
    is_str(apply(r), "", "exec: one onlyif failing blocks");
    r = mk("Exec", "un", "command", S("/bin/true"), "unless", S("/bin/true"), NULL);
    is_str(apply(r), "", "exec: unless succeeding: nothing");
    r = mk("Exec", "un2", "command", S("/bin/true"), "unless", A(2, S("/bin/false"), S("/bin/true")), NULL);
    is_str(apply(r), "", "exec: any unless succeeding blocks");
    r = mk("Exec", "un3", "command", S("/bin/true"), "unless", A(2, S("/bin/false"), S("/bin/false")), NULL);
    is_str(apply(r), "Notice: /Stage[main]/Main/Exec[un3]/returns: executed successfully\n", "exec: all unless failing: runs");
    r = mk("Exec", "un4", "command", S("/bin/true"), "unless", A(1, A(3, S("/usr/bin/test"), S("-f"), S("/nonexistent"))), NULL);
    is_str(apply(r), "Notice: /Stage[main]/Main/Exec[un4]/returns: executed successfully\n", "exec: unless as an argument vector");
    r = mk("Exec", "t2", "command", S("/bin/echo x"), "unless", S("/nonexistent/cmd"), NULL);
    is_str(apply(r), "Error: /Stage[main]/Main/Exec[t2]: Could not evaluate: Could not find command '/nonexistent/cmd'\n",
           "exec: a check that cannot run fails the resource");
    ok(last_rc == -1, "exec: ... returning -1");

    r = mk("Exec", "nr", "command", S("/bin/true"), NULL);
    is_str(apply_noop(r), "Notice: /Stage[main]/Main/Exec[nr]/returns: current_value 'notrun', should be ['0'] (noop)\n",
           "exec noop: the would line");
    r = mk("Exec", "nr2", "command", S("/bin/true"), "returns", A(2, I(0), I(3)), NULL);
    is_str(apply_noop(r), "Notice: /Stage[main]/Main/Exec[nr2]/returns: current_value 'notrun', should be ['0', '3'] (noop)\n",
           "exec noop: several returns");
    r = mk("Exec", "nr3", "command", S("/bin/true"), "unless", S("/bin/true"), NULL);
    is_str(apply_noop(r), "", "exec noop: checks still run and block");

    double t0 = now();
    r = mk("Exec", "t1", "command", S("/bin/sleep 5"), "timeout", S("0.3"), NULL);
    is_str(apply(r), "Error: Command exceeded timeout\n"
                     "Error: /Stage[main]/Main/Exec[t1]/returns: change from 'notrun' to ['0'] failed: Command exceeded timeout\n",
           "exec: timeout");
    ok(now() - t0 < 2.5, "exec: the timeout killed the command promptly");
    t0 = now();
    r = mk("Exec", "t7", "command", S("/bin/echo x"), "onlyif", S("/bin/sleep 5"), "timeout", val_float(&arena, 0.3), NULL);
    is_str(apply(r), "Error: /Stage[main]/Main/Exec[t7]/onlyif: Check \"/bin/sleep 5\" exceeded timeout\n",
           "exec: a check that times out blocks the command");
    ok(now() - t0 < 2.5, "exec: ... promptly");
    r = mk("Exec", "bl", "command", S("/bin/printf \"a\\n\\nb\\n\\n\\n\""), "logoutput", B(1), NULL);
    is_str(apply(r), "Notice: /Stage[main]/Main/Exec[bl]/returns: a\n"
                     "Notice: /Stage[main]/Main/Exec[bl]/returns: \n"
                     "Notice: /Stage[main]/Main/Exec[bl]/returns: b\n"
                     "Notice: /Stage[main]/Main/Exec[bl]/returns: executed successfully\n",
           "exec: output split as Ruby does (inner empty lines kept, trailing dropped)");
    r = mk("Exec", "um", "command", S("/bin/sh -c umask"), "umask", S("027"), "logoutput", B(1), NULL);
    is_str(apply(r), "Notice: /Stage[main]/Main/Exec[um]/returns: 0027\n"
                     "Notice: /Stage[main]/Main/Exec[um]/returns: executed successfully\n",
           "exec: umask");
    r = mk("Exec", "tr", "command", S(fmt("/bin/sh -c 'echo x >> %s; test $(wc -l < %s) -ge 3'", at("/tries"), at("/tries"))),
           "tries", I(3), "try_sleep", S("0.01"), NULL);
    is_str(apply(r), "Notice: /Stage[main]/Main/Exec[tr]/returns: executed successfully\n", "exec: tries until success");
    is_str(read_file("/tries"), "x\nx\nx\n", "exec: ... three tries");
    r = mk("Exec", "bg", "command", S("/bin/sh -c '/bin/sleep 3 & echo started'"), "logoutput", B(1), NULL);
    t0 = now();
    is_str(apply(r), "Notice: /Stage[main]/Main/Exec[bg]/returns: started\n"
                     "Notice: /Stage[main]/Main/Exec[bg]/returns: executed successfully\n",
           "exec: a background child holding the output open does not hang the run");
    ok(now() - t0 < 2.5, "exec: ... it returns when the command exits");
}

static void test_exec_path(void)
{
    Resource *r = mk("Exec", "p1", "command", S("echo hi"), "path", A(2, S("/nonexistent"), S("/bin")), "logoutput", B(1), NULL);
    is_str(apply(r), "Notice: /Stage[main]/Main/Exec[p1]/returns: hi\n"
                     "Notice: /Stage[main]/Main/Exec[p1]/returns: executed successfully\n",
           "exec: path lookup (array)");
    r = mk("Exec", "p2", "command", S("echo hi"), "path", S("/nonexistent:/usr/bin:/bin"), "logoutput", B(1), NULL);
    is_str(apply(r), "Notice: /Stage[main]/Main/Exec[p2]/returns: hi\n"
                     "Notice: /Stage[main]/Main/Exec[p2]/returns: executed successfully\n",
           "exec: path lookup (':'-joined)");
    r = mk("Exec", "t3", "command", S("nosuchcmd"), "path", S("/bin:/usr/bin"), NULL);
    is_str(apply(r), "Error: Could not find command 'nosuchcmd'\n"
                     "Error: /Stage[main]/Main/Exec[t3]/returns: change from 'notrun' to ['0'] failed: Could not find command 'nosuchcmd'\n",
           "exec: a command not in path");
    r = mk("Exec", "e1", "command", S("/bin/echo $FOO-$BAR"), "environment", A(2, S("FOO=bar"), S("BAR=baz")), "logoutput", B(1), NULL);
    is_str(apply(r), "Notice: /Stage[main]/Main/Exec[e1]/returns: bar-baz\n"
                     "Notice: /Stage[main]/Main/Exec[e1]/returns: executed successfully\n",
           "exec posix: a '$' sends the line to /bin/sh (Ruby's rule), with environment");
    r = mk("Exec", "e2", "command", S("/bin/echo a    'b  c'"), "logoutput", B(1), NULL);
    is_str(apply(r), "Notice: /Stage[main]/Main/Exec[e2]/returns: a b  c\n"
                     "Notice: /Stage[main]/Main/Exec[e2]/returns: executed successfully\n",
           "exec posix: quotes are the shell's");
    r = mk("Exec", "e3", "command", A(2, S("/bin/echo"), S("a  $b")), "logoutput", B(1), NULL);
    is_str(apply(r), "Notice: /Stage[main]/Main/Exec[e3]/returns: a  $b\n"
                     "Notice: /Stage[main]/Main/Exec[e3]/returns: executed successfully\n",
           "exec: an array command is an argument vector, no shell");
    r = mk("Exec", "e8", "command", A(3, S("/bin/sh"), S("-c"), S("exit 2")), NULL);
    is_str(apply(r), "Error: '[\"/bin/sh\", \"-c\", \"exit 2\"]' returned 2 instead of one of [0]\n"
                     "Error: /Stage[main]/Main/Exec[e8]/returns: change from 'notrun' to ['0'] failed: '[\"/bin/sh\", \"-c\", \"exit 2\"]' returned 2 instead of one of [0]\n",
           "exec: an array command prints as Ruby's Array#to_s");
    r = mk("Exec", "e4", "command", S("echo a | tr a b"), "provider", S("shell"), "logoutput", B(1), NULL);
    is_str(validate(r), "ok", "exec shell: unqualified commands are fine");
    is_str(apply(r), "Notice: /Stage[main]/Main/Exec[e4]/returns: b\n"
                     "Notice: /Stage[main]/Main/Exec[e4]/returns: executed successfully\n",
           "exec shell: /bin/sh -c");
    r = mk("Exec", "e5", "command", S("/bin/pwd"), "cwd", S(tmpdir), "logoutput", B(1), NULL);
    is_str(apply(r), fmt("Notice: /Stage[main]/Main/Exec[e5]/returns: %s\n"
                         "Notice: /Stage[main]/Main/Exec[e5]/returns: executed successfully\n", tmpdir),
           "exec: cwd");
    r = mk("Exec", "e6", "command", S("/bin/pwd"), "cwd", S(at("/nodir")), NULL);
    is_str(apply(r), fmt("Error: Working directory %s/nodir does not exist!\n"
                         "Error: /Stage[main]/Main/Exec[e6]/returns: change from 'notrun' to ['0'] failed: Working directory %s/nodir does not exist!\n",
                         tmpdir, tmpdir),
           "exec: a missing cwd");
    r = mk("Exec", "e7", "command", S("/bin/sh -c 'nosuchthing'"), NULL);
    is_str(apply(r), "Error: /bin/sh: 1: nosuchthing: not found\n"
                     "Error: /Stage[main]/Main/Exec[e7]/returns: change from 'notrun' to ['0'] failed: /bin/sh: 1: nosuchthing: not found\n",
           "exec: status 127 raises the output, as Puppet does");
}

static void test_exec_validate(void)
{
    is_str(validate(mk("Exec", "rel", "command", S("echo hi"), NULL)),
           "'echo' is not qualified and no path was specified. Please qualify the command or specify a path.",
           "exec validate: unqualified command (case 48)");
    is_str(validate(mk("Exec", "echo title", NULL)),
           "'echo' is not qualified and no path was specified. Please qualify the command or specify a path.",
           "exec validate: the title is the command");
    is_str(validate(mk("Exec", "rel2", "command", S("/bin/echo hi"), "onlyif", S("test -f /x"), NULL)),
           "Parameter onlyif failed on Exec[rel2]: 'test' is not qualified and no path was specified. Please qualify the command or specify a path.",
           "exec validate: onlyif");
    is_str(validate(mk("Exec", "rel6", "command", S("/bin/echo hi"), "unless", A(2, S("/bin/true"), S("false")), NULL)),
           "Parameter unless failed on Exec[rel6]: 'false' is not qualified and no path was specified. Please qualify the command or specify a path.",
           "exec validate: each unless");
    is_str(validate(mk("Exec", "rel4", "command", S("/bin/echo hi"), "timeout", S("abc"), NULL)),
           "Parameter timeout failed on Exec[rel4]: Munging failed for value \"abc\" in class timeout: The timeout must be a number.",
           "exec validate: timeout");
    is_str(validate(mk("Exec", "/bin/true", "logoutput", S("maybe"), NULL)),
           "Parameter logoutput failed on Exec[/bin/true]: Invalid value \"maybe\". Valid values are true, false, on_failure.",
           "exec validate: logoutput");
    is_str(validate(mk("Exec", "/bin/true", "refreshonly", S("yes"), NULL)),
           "Parameter refreshonly failed on Exec[/bin/true]: Invalid value \"yes\". Valid values are true, false.",
           "exec validate: refreshonly");
    is_str(validate(mk("Exec", "/bin/true", "environment", A(1, S("FOO")), NULL)),
           "Parameter environment failed on Exec[/bin/true]: Invalid environment setting 'FOO'",
           "exec validate: environment");
    is_str(validate(mk("Exec", "/bin/true", "umask", S("999"), NULL)),
           "Parameter umask failed on Exec[/bin/true]: The umask specification is invalid: \"999\"", "exec validate: umask");
    is_str(validate(mk("Exec", "/bin/true", "tries", S("a"), NULL)),
           "Parameter tries failed on Exec[/bin/true]: Munging failed for value \"a\" in class tries: Tries must be an integer",
           "exec validate: tries");
    is_str(validate(mk("Exec", "/bin/true", "tries", I(0), NULL)),
           "Parameter tries failed on Exec[/bin/true]: Munging failed for value 0 in class tries: Tries must be an integer >= 1",
           "exec validate: tries >= 1");
    is_str(validate(mk("Exec", "/bin/true", "try_sleep", S("-1"), NULL)),
           "Parameter try_sleep failed on Exec[/bin/true]: Munging failed for value \"-1\" in class try_sleep: try_sleep cannot be a negative number",
           "exec validate: try_sleep");
    is_str(validate(mk("Exec", "/bin/true", "provider", S("bogus"), NULL)),
           "Parameter provider failed on Exec[/bin/true]: Invalid exec provider 'bogus'", "exec validate: provider");
    Resource *empty = mk("Exec", "empty", "command", A(0), "path", S("/bin"), NULL);
    is_str(validate(empty), "ok", "exec validate: an empty argument vector passes validation with a path");
    is_str(apply(empty), "Error: Could not find command ''\n"
                         "Error: /Stage[main]/Main/Exec[empty]/returns: change from 'notrun' to ['0'] failed: Could not find command ''\n",
           "exec: ... and fails cleanly at run time");
    is_str(validate(mk("Exec", "ok1", "command", S("echo hi"), "path", S("/bin"), "timeout", I(-1),
                       "returns", S("abc"), "user", S("root"), "umask", S("022"), "tries", S("2"), NULL)),
           "ok", "exec validate: path set, negative timeout, odd returns, user/umask accepted");
}

static void test_exec_refresh(void)
{
    Buf err = BUF_INIT;
    Resource *r = mk("Exec", "r", "command", S("/bin/echo refreshed"), "refreshonly", B(1), "logoutput", B(1), NULL);
    ok(do_refresh(r, &err) == 0, "exec refresh: refreshonly runs on refresh");
    is_str(buf_cstr(&logged), "Notice: /Stage[main]/Main/Exec[r]/returns: refreshed\n",
           "exec refresh: output logged, no 'executed successfully' (docs/apply.md §4.3)");
    r = mk("Exec", "rf", "command", S("/bin/false"), "refreshonly", B(1), NULL);
    ok(do_refresh(r, &err) == -1, "exec refresh: failure returns -1");
    is_str(buf_cstr(&err), "'/bin/false' returned 1 instead of one of [0]", "exec refresh: ... with Puppet's message");
    is_str(buf_cstr(&logged), "", "exec refresh: nothing logged by the provider (no output)");
    r = mk("Exec", "r2", "command", S("/bin/sh -c \"echo failing; exit 1\""), "refreshonly", B(1), NULL);
    do_refresh(r, &err);
    is_str(buf_cstr(&logged), "Notice: /Stage[main]/Main/Exec[r2]/returns: failing\n",
           "exec refresh: on_failure output logged when the refresh fails");
    r = mk("Exec", "r1", "command", S("/bin/echo main"), "refresh", S(fmt("/bin/sh -c \"touch %s; echo x; exit 4\"", at("/refreshed"))),
           "refreshonly", B(1), "logoutput", B(1), NULL);
    ok(do_refresh(r, &err) == 0 && kind_of("/refreshed") == 'f', "exec refresh: the refresh command runs; its status is ignored");
    is_str(buf_cstr(&logged), "", "exec refresh: ... and its output is not logged (Puppet's provider.run)");
    r = mk("Exec", "r3", "command", S(fmt("/bin/touch %s", at("/r3"))), "refreshonly", B(1), "unless", S("/bin/true"), NULL);
    ok(do_refresh(r, &err) == 0 && kind_of("/r3") == '-', "exec refresh: a blocking check: not run, refresh still done (case 26)");
    r = mk("Exec", "r4", "command", S("nosuch"), "path", S("/bin"), "refresh", S("nosuchrefresh"), "refreshonly", B(1), NULL);
    ok(do_refresh(r, &err) == -1, "exec refresh: a refresh command that is missing fails");
    is_str(buf_cstr(&err), "Could not find command 'nosuchrefresh'", "exec refresh: ... with Puppet's message");
    buf_free(&err);
}

static void test_exec_autorequire(void)
{
    Resource *r = mk("Exec", "e1", "command", S("/bin/echo /tmp/pp/auto"), "cwd", S("/tmp/pp/auto"), "user", S("root"),
                     "unless", S("/bin/false\n/tmp/pp/auto/sub/leaf x"), NULL);
    is_str(autoreqs(r), "File[/tmp/pp/auto] File[/bin/echo] File[/bin/false] File[/tmp/pp/auto/sub/leaf] User[root]",
           "exec autorequire: cwd, command, each unless line, user (docs/apply.md §7.3)");
    r = mk("Exec", "/tmp/pp/auto/link arg", NULL);
    is_str(autoreqs(r), "File[/tmp/pp/auto/link]", "exec autorequire: the title as command");
    r = mk("Exec", "q", "command", S("\"/opt/my prog\" x\n/usr/bin/y"), "user", S("0"), "onlyif", A(1, A(2, S("/bin/test"), S("x"))), NULL);
    is_str(autoreqs(r), "File[/usr/bin/y] File[/opt/my prog] File[/bin/test]",
           "exec autorequire: line-leading paths, a quoted path, argv checks; no numeric user");
}

/* ---- file ----------------------------------------------------------- */

static Resource *mkf(const char *title, ...)
{
    Resource *r = mk("File", title, NULL);
    r->file = "/tmp/pp/site.pp";
    r->line = 3;
    va_list ap;
    va_start(ap, title);
    for (;;) {
        const char *name = va_arg(ap, const char *);
        if (!name)
            break;
        cat_res_set(&cat, r, name, va_arg(ap, Value *));
    }
    va_end(ap);
    return r;
}

#define HELLO_SUM "{sha256}5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03"
#define HELLO2_SUM "{sha256}167112362adb3b2041c11f7337437872f9d821e57e8c3edd68d87a1d0babd0f5"

static void test_file_create(void)
{
    Resource *r = mkf("/a", "ensure", S("file"), "content", S("hello\n"), "mode", S("0600"), NULL);
    is_str(fapply(r), "Notice: /Stage[main]/Main/File[/a]/ensure: defined content as '" HELLO_SUM "'\n",
           "file: created with content, one line (case 52)");
    ok(n_change == 1 && last_rc == 0, "file: ... one event even with content and mode");
    is_str(read_file("/a"), "hello\n", "file: content written");
    ok(mode_of("/a") == 0600, "file: mode set");
    is_str(fapply(r), "", "file: second run changes nothing");
    ok(n_change == 0 && n_would == 0, "file: idempotent, no tx calls");

    r = mkf("/b", "ensure", S("file"), NULL);
    is_str(fapply(r), "Notice: /Stage[main]/Main/File[/b]/ensure: created\n", "file: created without content");
    ok(kind_of("/b") == 'f' && mode_of("/b") == 0644, "file: empty file, 0644");
    r = mkf("/c", "content", S("c\n"), NULL);
    is_str(fapply(r), "Notice: /Stage[main]/Main/File[/c]/ensure: defined content as "
                      "'{sha256}a3a5e715f0cc574a73c3f9bebb6bc24f32ffd5b67b387244c2c909da779a1478'\n",
           "file: content alone implies ensure file");
    r = mkf("/d", "ensure", S("directory"), "mode", S("0640"), NULL);
    is_str(fapply(r), "Notice: /Stage[main]/Main/File[/d]/ensure: created\n", "file: directory created");
    ok(kind_of("/d") == 'd' && mode_of("/d") == 0750, "file: directory mode gets search bits (0640 -> 0750)");
    is_str(fapply(r), "", "file: directory idempotent");
    r = mkf("/l", "ensure", S("link"), "target", S("/a"), NULL);
    is_str(fapply(r), "Notice: /Stage[main]/Main/File[/l]/ensure: created\n", "file: link created");
    is_str(link_of("/l"), "/a", "file: ... pointing at target");
    is_str(fapply(r), "", "file: link idempotent");
    r = mkf("/p", "ensure", S("present"), NULL);
    is_str(fapply(r), "Notice: /Stage[main]/Main/File[/p]/ensure: created\n", "file: present creates a file");
    r = mkf("/m", "mode", S("0644"), NULL);
    is_str(fapply(r), "", "file: mode alone on a missing file does nothing");
    ok(kind_of("/m") == '-', "file: ... and creates nothing");

    r = mkf("/nodir/x", "ensure", S("file"), NULL);
    is_str(fapply(r),
           "Error: Could not set 'file' on ensure: No such file or directory @ rb_sysopen - /nodir/x (file: /tmp/pp/site.pp, line: 3)\n"
           "Error: Could not set 'file' on ensure: No such file or directory @ rb_sysopen - /nodir/x (file: /tmp/pp/site.pp, line: 3)\n"
           "Wrapped exception:\nNo such file or directory @ rb_sysopen - /nodir/x\n"
           "Error: /Stage[main]/Main/File[/nodir/x]/ensure: change from 'absent' to 'file' failed: Could not set 'file' on ensure: No such file or directory @ rb_sysopen - /nodir/x (file: /tmp/pp/site.pp, line: 3)\n",
           "file: missing parent, Puppet's three error lines");
    ok(last_rc == -1, "file: ... failed");
    r = mkf("/nodir/y", "ensure", S("directory"), NULL);
    is_str(fapply(r), "Error: Cannot create /nodir/y; parent directory /nodir does not exist\n"
                      "Error: /Stage[main]/Main/File[/nodir/y]/ensure: change from 'absent' to 'directory' failed: Cannot create /nodir/y; parent directory /nodir does not exist\n",
           "file: directory with a missing parent");
    r = mkf("/nodir/z", "ensure", S("link"), "target", S("/x"), NULL);
    is_str(fapply(r),
           "Error: Could not set 'link' on ensure: No such file or directory @ dir_chdir - /nodir (file: /tmp/pp/site.pp, line: 3)\n"
           "Error: Could not set 'link' on ensure: No such file or directory @ dir_chdir - /nodir (file: /tmp/pp/site.pp, line: 3)\n"
           "Wrapped exception:\nNo such file or directory @ dir_chdir - /nodir\n"
           "Error: /Stage[main]/Main/File[/nodir/z]/ensure: change from 'absent' to 'link' failed: Could not set 'link' on ensure: No such file or directory @ dir_chdir - /nodir (file: /tmp/pp/site.pp, line: 3)\n",
           "file: link with a missing parent");
    r = mkf("/nol", "ensure", S("link"), NULL);
    is_str(fapply(r), "Error: Cannot create a symlink without a target\n"
                      "Error: /Stage[main]/Main/File[/nol]/ensure: change from 'absent' to 'link' failed: Cannot create a symlink without a target\n",
           "file: link without target");
    ok(leftovers() == 0, "file: no temporary files left behind");
}

static void test_file_change(void)
{
    Resource *r = mkf("/a", "ensure", S("file"), "content", S("hello2\n"), "mode", S("0644"), NULL);
    is_str(fapply_noop(r),
           "Notice: /Stage[main]/Main/File[/a]/content: current_value '" HELLO_SUM "', should be '" HELLO2_SUM "' (noop)\n"
           "Notice: /Stage[main]/Main/File[/a]/mode: current_value '0600', should be '0644' (noop)\n",
           "file noop: content and mode lines");
    ok(n_would == 2 && n_change == 0 && !strcmp(read_file("/a"), "hello\n"), "file noop: nothing changed");
    is_str(fapply(r),
           "Notice: /Stage[main]/Main/File[/a]/content: content changed '" HELLO_SUM "' to '" HELLO2_SUM "'\n"
           "Notice: /Stage[main]/Main/File[/a]/mode: mode changed '0600' to '0644'\n",
           "file: content change then mode change, two events");
    ok(n_change == 2 && !strcmp(read_file("/a"), "hello2\n") && mode_of("/a") == 0644, "file: ... both applied");
    is_str(fapply(r), "", "file: idempotent after changes");

    r = mkf("/c", "mode", S("755"), NULL);
    is_str(fapply(r), "Notice: /Stage[main]/Main/File[/c]/mode: mode changed '0644' to '0755'\n",
           "file: three-digit mode shown with four digits");
    write_file("/sym", "", 0600);
    r = mkf("/sym", "ensure", S("file"), "mode", S("u=rw,go=r"), NULL);
    is_str(fapply(r), "Notice: /Stage[main]/Main/File[/sym]/mode: mode changed '0600' to '0644' (u=rw,go=r)\n",
           "file: symbolic mode");
    is_str(fapply(r), "", "file: symbolic mode idempotent");

    r = mkf("/b", "ensure", S("absent"), NULL);
    is_str(fapply_noop(r), "Notice: /Stage[main]/Main/File[/b]/ensure: current_value 'file', should be 'absent' (noop)\n",
           "file noop: removal");
    is_str(fapply(r), "Notice: /Stage[main]/Main/File[/b]/ensure: removed\n", "file: removed");
    ok(kind_of("/b") == '-', "file: ... gone");
    is_str(fapply(r), "", "file: absent idempotent");

    r = mkf("/d", "ensure", S("absent"), NULL);
    is_str(fapply(r), "Notice: /Stage[main]/Main/File[/d]: Not removing directory; use 'force' to override\n"
                      "Notice: /Stage[main]/Main/File[/d]/ensure: removed\n",
           "file: a directory without force is kept (and Puppet says removed)");
    ok(kind_of("/d") == 'd', "file: ... still there");
    mkdir(at("/d/sub"), 0755);
    write_file("/d/sub/f", "x", 0644);
    r = mkf("/d", "ensure", S("absent"), "force", B(1), NULL);
    is_str(fapply(r), "Notice: /Stage[main]/Main/File[/d]/ensure: removed\n", "file: force removes a directory tree");
    ok(kind_of("/d") == '-', "file: ... gone");

    /* type changes */
    r = mkf("/l", "ensure", S("file"), NULL);
    is_str(fapply_noop(r), "Notice: /Stage[main]/Main/File[/l]/ensure: current_value 'link', should be 'file' (noop)\n",
           "file noop: link to file");
    is_str(fapply(r), "Notice: /Stage[main]/Main/File[/l]/ensure: ensure changed 'link' to 'file'\n",
           "file: link replaced by a file");
    ok(kind_of("/l") == 'f' && !strcmp(read_file("/a"), "hello2\n"), "file: ... the link's target untouched");
    r = mkf("/p", "ensure", S("directory"), NULL);
    is_str(fapply(r), "Notice: /Stage[main]/Main/File[/p]/ensure: ensure changed 'file' to 'directory'\n",
           "file: file replaced by a directory");
    ok(kind_of("/p") == 'd', "file: ... a directory now");
    write_file("/f2l", "", 0644);
    r = mkf("/f2l", "ensure", S("link"), "target", S("/x"), NULL);
    is_str(fapply(r), "Notice: /Stage[main]/Main/File[/f2l]/ensure: ensure changed 'file' to 'link'\n",
           "file: file replaced by a link");
    if (symlink("/old", at("/t")) != 0)
        perror("symlink");
    r = mkf("/t", "ensure", S("link"), "target", S("/new"), NULL);
    is_str(fapply_noop(r), "Notice: /Stage[main]/Main/File[/t]/target: current_value '/old', should be '/new' (noop)\n",
           "file noop: link target");
    is_str(fapply(r), "Notice: /Stage[main]/Main/File[/t]/target: target changed '/old' to '/new'\n",
           "file: link target changed");
    is_str(link_of("/t"), "/new", "file: ... relinked");

    /* a symlink at the path is replaced, never written through */
    write_file("/target", "orig\n", 0644);
    if (symlink(at("/target"), at("/l1")) != 0 || symlink(at("/target"), at("/l2")) != 0)
        perror("symlink");
    r = mkf("/l1", "ensure", S("file"), "content", S("new\n"), "mode", S("0640"), NULL);
    is_str(fapply(r), "Notice: /Stage[main]/Main/File[/l1]/ensure: defined content as "
                      "'{sha256}7aa7a5359173d05b63cfd682e3c38487f3cb4f7f1d60659fe59fab1505977d4c'\n",
           "file: a link at the path is replaced by the file (Puppet's message)");
    ok(kind_of("/l1") == 'f' && mode_of("/l1") == 0640 && !strcmp(read_file("/l1"), "new\n"), "file: ... a regular file with its mode");
    is_str(read_file("/target"), "orig\n", "file: ... and the link's target was not written");
    r = mkf("/l2", "content", S("new2\n"), NULL);
    fapply(r);
    ok(kind_of("/l2") == 'f' && !strcmp(read_file("/target"), "orig\n"), "file: content alone does not follow a link either");

    /* a directory in the way */
    mkdir(at("/dir"), 0755);
    r = mkf("/dir", "ensure", S("file"), NULL);
    is_str(fapply(r),
           "Notice: /Stage[main]/Main/File[/dir]: Not removing directory; use 'force' to override\n"
           "Notice: /Stage[main]/Main/File[/dir]: Not removing directory; use 'force' to override\n"
           "Error: Could not set 'file' on ensure: Is a directory @ rb_sysopen - /dir (file: /tmp/pp/site.pp, line: 3)\n"
           "Error: Could not set 'file' on ensure: Is a directory @ rb_sysopen - /dir (file: /tmp/pp/site.pp, line: 3)\n"
           "Wrapped exception:\nIs a directory @ rb_sysopen - /dir\n"
           "Error: /Stage[main]/Main/File[/dir]/ensure: change from 'directory' to 'file' failed: Could not set 'file' on ensure: Is a directory @ rb_sysopen - /dir (file: /tmp/pp/site.pp, line: 3)\n",
           "file: a directory is not replaced by a file without force");
    r = mkf("/dir", "ensure", S("link"), "target", S("/tmp"), NULL);
    is_str(fapply(r),
           "Notice: /Stage[main]/Main/File[/dir]: Not removing directory; use 'force' to override\n"
           "Notice: /Stage[main]/Main/File[/dir]: Not removing directory; use 'force' to override\n"
           "Error: Could not remove existing file\n"
           "Error: /Stage[main]/Main/File[/dir]/ensure: change from 'directory' to 'link' failed: Could not remove existing file\n",
           "file: nor by a link");
    r = mkf("/dir", "ensure", S("file"), "force", B(1), "content", S("x"), NULL);
    is_str(fapply(r), "Notice: /Stage[main]/Main/File[/dir]/ensure: defined content as "
                      "'{sha256}2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881'\n",
           "file: with force it is");

    write_file("/keep", "mine", 0600);
    r = mkf("/keep", "ensure", S("file"), "content", S("theirs"), "replace", B(0), NULL);
    is_str(fapply(r), "", "file: replace => false leaves an existing file alone");

    r = mkf("/sec", "content", val_sensitive(&arena, S("x")), NULL);
    is_str(fapply_noop(r), "Notice: /Stage[main]/Main/File[/sec]/ensure: current_value [redacted], should be [redacted] (noop)\n",
           "file noop: Sensitive content redacted");
    is_str(fapply(r), "Notice: /Stage[main]/Main/File[/sec]/ensure: changed [redacted] to [redacted]\n",
           "file: Sensitive content redacted");
    ok(leftovers() == 0, "file: still no temporary files left behind");
}

static void test_file_validate(void)
{
    is_str(validate(mkf("rel", "ensure", S("file"), NULL)),
           "Parameter path failed on File[rel]: File paths must be fully qualified, not 'rel'", "file validate: relative path");
    is_str(validate(mkf("/v1", "mode", S("abc"), NULL)),
           "Parameter mode failed on File[/v1]: The file mode specification is invalid: \"abc\"", "file validate: bad mode");
    is_str(validate(mkf("/v2", "mode", I(644), NULL)),
           "Parameter mode failed on File[/v2]: The file mode specification must be a string, not 'Integer'",
           "file validate: numeric mode");
    is_str(validate(mkf("/v5", "force", S("maybe"), NULL)),
           "Parameter force failed on File[/v5]: Invalid value \"maybe\". Valid values are true, false, yes, no.",
           "file validate: force");
    is_str(validate(mkf("/v6", "mode", S("u=rw,go=r"), "owner", S("root"), "group", S("0"), NULL)), "ok",
           "file validate: symbolic mode, owner and group accepted");
}

static void test_file_autorequire(void)
{
    Resource *r = mkf("/tmp/pp/auto/sub/leaf", "owner", S("root"), "group", S("root"), NULL);
    is_str(autoreqs(r), "File[/tmp/pp/auto/sub] File[/tmp/pp/auto] File[/tmp/pp] File[/tmp] File[/] User[root] Group[root]",
           "file autorequire: ancestors nearest first, then owner and group");
    r = mkf("/tmp/pp/auto/link/", "ensure", S("link"), "target", S("/tmp/pp/auto/sub/leaf"), "group", S("0"), NULL);
    is_str(autoreqs(r), "File[/tmp/pp/auto] File[/tmp/pp] File[/tmp] File[/] File[/tmp/pp/auto/sub/leaf]",
           "file autorequire: trailing slash dropped; link target; numeric group ignored");
    r = mkf("/", NULL);
    is_str(autoreqs(r), "", "file autorequire: / has no parent");
}

/* ---- the runner ----------------------------------------------------- */

static void test_run(void)
{
    ok(!run_needs_shell("/bin/echo a b") && run_needs_shell("echo $HOME") && run_needs_shell("a | b") &&
       run_needs_shell("FOO=1 cmd") && run_needs_shell("exit 3") && !run_needs_shell("/usr/bin/exit 3") &&
       run_needs_shell("/bin/echo 'x'") && !run_needs_shell("ls -l"),
       "run_needs_shell follows Ruby's rule");
    Buf exe = BUF_INIT;
    RunCmd q = { .command = "\"/opt/my prog\" x" };
    run_extract_exe(&q, &exe);
    is_str(buf_cstr(&exe), "/opt/my prog", "run_extract_exe: a quoted executable");

    int fds = open_fds();
    Buf out = BUF_INIT;
    RunResult res;
    RunCmd c = { .command = "/bin/sh -c 'echo a; echo b >&2; exit 7'" };
    ok(run_command(&c, &out, &res) == 0 && res.outcome == RUN_EXITED && res.status == 7, "run_command: exit status");
    is_str(buf_cstr(&out), "a\nb\n", "run_command: stdout and stderr together");
    buf_clear(&out);
    RunCmd k = { .argv = (const char *const[]){ "/bin/sh", "-c", "kill -TERM $$", NULL } };
    ok(run_command(&k, &out, &res) == 0 && res.outcome == RUN_SIGNALED && res.status == SIGTERM, "run_command: a signal");
    RunCmd cat_in = { .command = "/bin/cat" };
    buf_clear(&out);
    ok(run_command(&cat_in, &out, &res) == 0 && res.status == 0 && out.len == 0, "run_command: stdin is /dev/null");
    RunCmd nx = { .argv = (const char *const[]){ "/nonexistent/x", NULL } };
    ok(run_command(&nx, &out, &res) == -1 && res.outcome == RUN_ERROR && res.err == ENOENT, "run_command: execve failure reported");
    RunCmd nd = { .command = "/bin/true", .cwd = "/nonexistent" };
    ok(run_command(&nd, &out, &res) == -1 && res.in_chdir && res.err == ENOENT, "run_command: chdir failure reported");
    ok(open_fds() == fds, "run_command: no descriptor leaked");
    ok(waitpid(-1, NULL, WNOHANG) == -1 && errno == ECHILD, "run_command: no zombie left");
    buf_free(&out);
    buf_free(&exe);
}

static int rm_entry(const char *p, const struct stat *st, int flag, struct FTW *ftw)
{
    return flag == FTW_DP ? rmdir(p) : unlink(p);
}

int main(void)
{
    const char *base = getenv("TMPDIR");
    snprintf(tmpdir, sizeof tmpdir, "%s/providers.XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 1;
    }
    Buf rerr = BUF_INIT;
    if (rootfs_init(NULL, &rerr) != 0) {   /* as mapply does: the paths of "/" */
        printf("Bail out! %s\n", buf_cstr(&rerr));
        return 1;
    }
    buf_free(&rerr);
    arena_init(&arena);
    cat_init(&cat, &arena);

    test_table();
    test_notify();
    test_exec_run();
    test_exec_path();
    test_exec_validate();
    test_exec_refresh();
    test_exec_autorequire();
    test_file_create();
    test_file_change();
    test_file_validate();
    test_file_autorequire();
    test_run();

    nftw(tmpdir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
    cat_free(&cat);
    arena_free(&arena);
    buf_free(&logged);
    buf_free(&debug_lines);
    rootfs_fini();
    return done_testing();
}
