/*
 * report.c - the run's report, Puppet's way.  The transaction hands every
 * printed line (LogFn) and, at its end, every resource's status (ReportFn)
 * to a RunReport; mapply adds its own run-level lines and times.  From that
 * one record come Puppet's metrics, the --summarize text and the two YAML
 * files Puppet keeps after each run.  The one idea: metrics are computed
 * from the kept statuses exactly as Puppet's Transaction::Report computes
 * them (a status counts as changed when it has a success event, out of
 * sync when it has any event), so the summary, the files and the exit code
 * can never disagree.  A recursive file's generated files get statuses of
 * their own, as Puppet's generated resources do: the file type says which
 * of the resource's events were each child's (file_take_children).
 *
 * The report itself is Puppet's data, built once as Values (rep_data: what
 * Transaction::Report#to_data_hash gives, key order and all), and written
 * from them as JSON (mapply --report FILE) or as YAML in the layout Psych
 * gives Puppet's report object (`--- !ruby/object:...` on top; a string goes
 * through the YAML module's one-line scalar writer, yml_put_str: left plain
 * only when no YAML reader could take it for anything else, double-quoted
 * otherwise).  last_run_report.yaml, written by every run,
 * builds the biggest parts (logs, statuses) a batch at a time into the same
 * text.  Every text has already been scrubbed of Sensitive values by the
 * transaction, and an event of a Sensitive property carries "[redacted]"
 * for its values; no parameter value is ever written.
 */
#include "apply/report.h"
#include "catalog/json.h"
#include "catalog/rubyval.h"
#include "types/provider.h"
#include "types/file.h"
#include "catalog/yaml.h"
#include "base/atomic.h"
#include "base/util.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

struct RepLog {
    LogLevel lvl;
    const Resource *res;     /* NULL: a run-level line */
    const char *source;      /* "PATH/PROP", or NULL: "Puppet" */
    const char *prop;        /* PROP of the source, or NULL */
    const char *msg;
    struct timespec when;
};

struct RepStatus {
    const Resource *res;     /* for a generated resource, the one that generated it */
    const char *path;
    int generated;           /* a recursive file's child (Puppet's generated resource) */
    const char *title, *ref; /* a generated resource's own ("/d/a", "File[/d/a]"); else NULL */
    const char *ensure;      /* a generated resource's ensure ("file", ...), or NULL */
    ReportEvent *events;     /* strings in the arena */
    int nevents;
    int failed, skipped, restarted, failed_to_restart, evaluated;
    double seconds;
    struct timespec started;
    int turn;                /* the walk's count when its turn came (0: never) */
    size_t seq;              /* the order it was handed over in */
};

static const char *astr(Arena *a, const char *s) { return s ? arena_strdup(a, s) : NULL; }
static int has_status(const RepStatus *s, const char *status);

/* the key of a status in resource_statuses: its resource's ref, or a generated one's own */
static const char *status_ref(const RepStatus *s) { return s->ref ? s->ref : s->res->ref; }

/* a random (version 4) UUID into out[37] */
static void new_uuid(char *out, const struct timespec *now)
{
    unsigned char u[16];
    if (getrandom(u, sizeof u, 0) != (ssize_t)sizeof u)
        for (size_t i = 0; i < sizeof u; i++)
            u[i] = (unsigned char)((unsigned)now->tv_nsec >> (i % 4 * 8) ^ (unsigned)getpid() * (i + 1) ^ (unsigned)(uintptr_t)out);
    u[6] = (unsigned char)((u[6] & 0x0f) | 0x40);      /* version 4 */
    u[8] = (unsigned char)((u[8] & 0x3f) | 0x80);      /* RFC 4122 variant */
    char *p = out;
    for (int i = 0; i < 16; i++) {
        p += sprintf(p, "%02x", u[i]);
        if (i == 3 || i == 5 || i == 7 || i == 9) *p++ = '-';
    }
    *p = '\0';
}

void rep_init(RunReport *rep, Arena *a, const char *version, int noop)
{
    memset(rep, 0, sizeof *rep);
    rep->arena = a;
    rep->version = version;
    rep->noop = noop;
    clock_gettime(CLOCK_REALTIME, &rep->start_real);
    clock_gettime(CLOCK_MONOTONIC, &rep->start_mono);
    new_uuid(rep->uuid, &rep->start_real);
    new_uuid(rep->catalog_uuid, &rep->start_real);
}

void rep_log(void *ctx, LogLevel lvl, const Resource *res, const char *source, const char *prop, const char *msg)
{
    RunReport *rep = ctx;
    if (rep->nlogs == rep->caplogs) {
        rep->caplogs = rep->caplogs ? rep->caplogs * 2 : 32;
        RepLog *n = arena_alloc(rep->arena, rep->caplogs * sizeof *n);
        if (rep->nlogs) memcpy(n, rep->logs, rep->nlogs * sizeof *n);
        rep->logs = n;
    }
    RepLog *l = &rep->logs[rep->nlogs++];
    l->lvl = lvl;
    l->res = source ? res : NULL;     /* a plain line carries no resource, as in Puppet */
    l->source = !source ? NULL : prop ? arena_printf(rep->arena, "%s/%s", source, prop) : astr(rep->arena, source);
    l->prop = source && prop ? astr(rep->arena, prop) : NULL;
    l->msg = astr(rep->arena, msg);
    clock_gettime(CLOCK_REALTIME, &l->when);
}

static RepStatus *new_status(RunReport *rep)
{
    if (rep->nst == rep->capst) {
        rep->capst = rep->capst ? rep->capst * 2 : 32;
        RepStatus *n = arena_alloc(rep->arena, rep->capst * sizeof *n);
        if (rep->nst) memcpy(n, rep->st, rep->nst * sizeof *n);
        rep->st = n;
    }
    RepStatus *s = &rep->st[rep->nst++];
    memset(s, 0, sizeof *s);
    return s;
}

/* copies the events of st in [from, to) that are no child's (who -1), or
 * child who's, into the arena */
static ReportEvent *copy_events(Arena *a, const ReportStatus *st, const int *owner, int who, int from, int to, int *n)
{
    int count = 0;
    for (int i = from; i < to; i++) count += (owner ? owner[i] : -1) == who;
    ReportEvent *out = arena_alloc(a, ((size_t)count + 1) * sizeof *out);
    *n = 0;
    for (int i = from; i < to; i++) {
        if ((owner ? owner[i] : -1) != who) continue;
        const ReportEvent *e = &st->events[i];
        out[(*n)++] = (ReportEvent){astr(a, e->name), astr(a, e->status), astr(a, e->property), astr(a, e->message),
                                    astr(a, e->previous), astr(a, e->desired), e->redacted, e->when};
    }
    return out;
}

/* Keeps st, and a status of its own for each child a file recursion synced
 * in it (Puppet's generated resources: File[/d/a] with its events, its
 * container's path, no file or line, right after the resource in the
 * report); the resource keeps the events that are not its children's. */
void rep_status(RunReport *rep, const ReportStatus *st)
{
    FileChild *kids;
    size_t nk = file_take_children(st->res, &kids);
    int *owner = NULL;
    if (nk) {
        owner = xmalloc(((size_t)st->nevents + 1) * sizeof *owner);
        for (int i = 0; i < st->nevents; i++) owner[i] = -1;
        for (size_t k = 0; k < nk; k++)
            for (int i = kids[k].first_event; i < kids[k].end_event && i < st->nevents; i++)
                if (i >= 0) owner[i] = (int)k;
    }
    Arena *a = rep->arena;
    RepStatus *s = new_status(rep);
    s->res = st->res;
    s->path = astr(a, st->path);
    s->events = copy_events(a, st, owner, -1, 0, st->nevents, &s->nevents);
    s->failed = st->failed;
    s->skipped = st->skipped;
    s->restarted = st->restarted;
    s->failed_to_restart = st->failed_to_restart;
    s->evaluated = st->evaluated;
    s->seconds = st->seconds;
    s->started = st->started;
    s->turn = st->turn;
    if (!nk) return;
    /* the resource failed only by its children's failures: theirs, not its own */
    int kid_failed = 0;
    double kid_seconds = 0;
    for (size_t k = 0; k < nk; k++) kid_failed |= kids[k].failed, kid_seconds += kids[k].seconds;
    if (s->failed && kid_failed && !has_status(s, "failure")) s->failed = 0;
    if (s->seconds > kid_seconds) s->seconds -= kid_seconds;
    const char *path = s->path;
    size_t keep = path && strlen(path) >= strlen(st->res->ref) ? strlen(path) - strlen(st->res->ref) : 0;
    for (size_t k = 0; k < nk; k++) {
        RepStatus *c = new_status(rep);     /* (s may have moved) */
        c->res = st->res;
        c->generated = 1;
        c->title = astr(a, kids[k].path);
        c->ref = arena_printf(a, "File[%s]", kids[k].path);
        c->path = arena_printf(a, "%.*s%s", (int)keep, path ? path : "", c->ref);
        c->ensure = kids[k].ensure;
        int from = kids[k].first_event < 0 ? 0 : kids[k].first_event;
        int to = kids[k].end_event > st->nevents ? st->nevents : kids[k].end_event;
        c->events = copy_events(a, st, owner, (int)k, from, from < to ? to : from, &c->nevents);
        c->failed = kids[k].failed;
        c->skipped = kids[k].skipped;
        c->evaluated = !kids[k].skipped;    /* a skipped one has no evaluation_time */
        c->seconds = kids[k].seconds;
        c->started = kids[k].started;
        c->turn = st->turn;
    }
    free(owner);
    file_children_free(kids, nk);
}

/* "/Stage[main]/Main/Notify[a]" from the catalog's containment edges (the
 * first edge into a resource names its container; a class shows its title) */
static const char *containment_path(Arena *a, const Catalog *cat, const Resource *r)
{
    const char *path = "";
    for (int depth = 0; r && depth < 64; depth++) {
        const char *seg = r->ref;
        if (!strcmp(r->type, "Class")) seg = !strcmp(r->title, "main") ? "Main" : r->title;
        path = arena_printf(a, "/%s%s", seg, path);
        const Resource *up = NULL;
        for (size_t i = 0; i < cat->nedges && !up; i++)
            if (cat->edges[i].target == r) up = cat->edges[i].source;
        r = up != r ? up : NULL;
    }
    return path;
}

void rep_cycle(RunReport *rep, const Graph *g, const CycleSet *cs)
{
    unsigned char *seen = xcalloc((size_t)g->nv + 1, 1);
    for (int c = 0; c < cs->ncomponents; c++)
        for (int *p = cs->paths[c]; p && *p >= 0; p++) {
            if (seen[*p] || g->v[*p].role != V_RESOURCE) continue;
            seen[*p] = 1;
            RepStatus *s = new_status(rep);
            s->res = g->v[*p].res;
            s->path = containment_path(rep->arena, g->cat, s->res);
            s->failed = 1;
            clock_gettime(CLOCK_REALTIME, &s->started);
            s->events = arena_alloc(rep->arena, sizeof *s->events);
            s->events[0] = (ReportEvent){"resource_error", "failure", NULL, "resource is part of a dependency cycle",
                                         NULL, NULL, -1, s->started};
            s->nevents = 1;
        }
    free(seen);
}

void rep_time(RunReport *rep, const char *key, double seconds)
{
    for (int i = 0; i < rep->ntimes; i++)
        if (!strcmp(rep->times[i].key, key)) {
            rep->times[i].seconds = seconds;
            return;
        }
    if (rep->ntimes < (int)(sizeof rep->times / sizeof rep->times[0]))
        rep->times[rep->ntimes++] = (RepTime){key, seconds};
}

/* Puppet's order of resource statuses: each is made at its resource's turn
 * (resources never reached last, in catalog order); the walk's turn, not
 * the clock, since under -j N a worker may evaluate a resource early */
static int cmp_turn(const void *x, const void *y)
{
    const RepStatus *a = x, *b = y;
    if (a->turn != b->turn) return !a->turn ? 1 : !b->turn ? -1 : a->turn < b->turn ? -1 : 1;
    int na = a->started.tv_sec == 0 && a->started.tv_nsec == 0, nb = b->started.tv_sec == 0 && b->started.tv_nsec == 0;
    if (na != nb) return na - nb;
    if (!na && a->started.tv_sec != b->started.tv_sec) return a->started.tv_sec < b->started.tv_sec ? -1 : 1;
    if (!na && a->started.tv_nsec != b->started.tv_nsec) return a->started.tv_nsec < b->started.tv_nsec ? -1 : 1;
    return a->seq < b->seq ? -1 : a->seq > b->seq;
}

void rep_finish(RunReport *rep, const Catalog *cat, int completed)
{
    file_children_clear();    /* what no status took (a run cut short) */
    for (size_t i = 0; i < rep->nst; i++) rep->st[i].seq = i;
    if (rep->nst > 1) qsort(rep->st, rep->nst, sizeof *rep->st, cmp_turn);
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    rep->cat = cat;
    rep->completed = completed;
    rep->finished = 1;
    rep->total = (double)(now.tv_sec - rep->start_mono.tv_sec) + (double)(now.tv_nsec - rep->start_mono.tv_nsec) / 1e9;
    rep->last_run = (long)time(NULL);
}

/* ---- metrics ---- */

typedef enum { M_INT, M_FLOAT, M_STR } MKind;

typedef struct Metric {
    const char *key;         /* "out_of_sync", "file", "config" */
    MKind kind;
    long i;
    double f;
    const char *s;           /* M_STR (NULL: nil) */
} Metric;

typedef struct Section { const char *name; Metric m[64]; int n; } Section;

static void put(Section *sec, const char *key, MKind kind, long i, double f, const char *s)
{
    if (sec->n < (int)(sizeof sec->m / sizeof sec->m[0])) sec->m[sec->n++] = (Metric){key, kind, i, f, s};
}

static int has_status(const RepStatus *s, const char *status)
{
    for (int i = 0; i < s->nevents; i++)
        if (!strcmp(s->events[i].status, status)) return 1;
    return 0;
}

static int count_status(const RepStatus *s, const char *status)
{
    int n = 0;
    for (int i = 0; i < s->nevents; i++) n += !strcmp(s->events[i].status, status);
    return n;
}

/* Puppet's metric sections in its own key order (metrics.values). */
static void resources_metric(const RunReport *rep, Section *sec)
{
    long skipped = 0, failed = 0, ftr = 0, restarted = 0, changed = 0, oos = 0;
    for (size_t i = 0; i < rep->nst; i++) {
        const RepStatus *s = &rep->st[i];
        skipped += s->skipped;
        failed += s->failed || has_status(s, "failure");
        ftr += s->failed_to_restart;
        restarted += s->restarted;
        changed += has_status(s, "success");
        oos += s->nevents > 0;
    }
    sec->name = "resources";
    put(sec, "total", M_INT, (long)rep->nst, 0, NULL);
    put(sec, "skipped", M_INT, skipped, 0, NULL);
    put(sec, "failed", M_INT, failed, 0, NULL);
    put(sec, "failed_to_restart", M_INT, ftr, 0, NULL);
    put(sec, "restarted", M_INT, restarted, 0, NULL);
    put(sec, "changed", M_INT, changed, 0, NULL);
    put(sec, "out_of_sync", M_INT, oos, 0, NULL);
    put(sec, "scheduled", M_INT, 0, 0, NULL);
    put(sec, "corrective_change", M_INT, 0, 0, NULL);
}

/* per type (lowercase, by first evaluation), then the run's own times */
static void time_metric(const RunReport *rep, Section *sec)
{
    sec->name = "time";
    for (size_t i = 0; i < rep->nst; i++) {
        const RepStatus *s = &rep->st[i];
        if (!s->evaluated) continue;
        char key[128];
        snprintf(key, sizeof key, "%s", s->res->type);
        for (char *p = key; *p; p++) *p = (char)(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p);
        int k = 0;
        while (k < sec->n && strcmp(sec->m[k].key, key)) k++;
        if (k == sec->n) put(sec, arena_strdup(rep->arena, key), M_FLOAT, 0, 0, NULL);   /* once per type */
        if (k < sec->n) sec->m[k].f += s->seconds;
    }
    for (int i = 0; i < rep->ntimes; i++) put(sec, rep->times[i].key, M_FLOAT, 0, rep->times[i].seconds, NULL);
    put(sec, "total", M_FLOAT, 0, rep->total, NULL);
}

static long total_changes(const RunReport *rep)
{
    long n = 0;
    for (size_t i = 0; i < rep->nst; i++) n += count_status(&rep->st[i], "success");
    return n;
}

static void events_metric(const RunReport *rep, Section *sec)
{
    long total = 0, failure = 0, success = 0, noop = 0;
    for (size_t i = 0; i < rep->nst; i++) {
        total += rep->st[i].nevents;
        failure += count_status(&rep->st[i], "failure");
        success += count_status(&rep->st[i], "success");
        noop += count_status(&rep->st[i], "noop");
    }
    sec->name = "events";
    put(sec, "total", M_INT, total, 0, NULL);
    put(sec, "failure", M_INT, failure, 0, NULL);
    put(sec, "success", M_INT, success, 0, NULL);
    if (noop) put(sec, "noop", M_INT, noop, 0, NULL);     /* Puppet's key appears with the first one */
}

static const char *environment(const RunReport *rep)
{
    return rep->cat && rep->cat->environment ? rep->cat->environment : "production";
}

static const char *config_version(const RunReport *rep) { return rep->cat ? rep->cat->version : NULL; }

static const char *status_word(const RunReport *rep, const Section *res)
{
    if (!rep->completed || res->m[2].i > 0 || res->m[3].i > 0) return "failed";
    return total_changes(rep) > 0 ? "changed" : "unchanged";
}

/* ---- numbers and words as Ruby writes them (floats: rv_float_to_s) ---- */

static void metric_text(Buf *b, const Metric *m)
{
    if (m->kind == M_INT) buf_printf(b, "%ld", m->i);
    else if (m->kind == M_FLOAT) rv_float_to_s(b, m->f);
    else if (m->s) buf_adds(b, m->s);
}

/* "config_retrieval" -> "Config retrieval" (Ruby's capitalize, then _ -> space) */
static void labelize(char *out, size_t n, const char *key)
{
    size_t i = 0;
    for (; key[i] && i + 1 < n; i++) {
        char c = key[i] == '_' ? ' ' : key[i];
        if (i == 0 && c >= 'a' && c <= 'z') c = (char)(c - 32);
        else if (i > 0 && c >= 'A' && c <= 'Z') c = (char)(c + 32);
        out[i] = c;
    }
    out[i] = '\0';
}

/* ---- --summarize ---- */

typedef struct SumItem { const Metric *m; char text[64]; char label[64]; int order, by_order; } SumItem;

/* Puppet sorts by the value's text, Total last; ties: by label (or, in
 * Application, by Puppet's insertion order) */
static int cmp_item(const void *a, const void *b)
{
    const SumItem *x = a, *y = b;
    int xt = !strcmp(x->m->key, "total"), yt = !strcmp(y->m->key, "total");
    if (xt != yt) return xt - yt;
    int c = strcmp(x->text, y->text);
    if (c) return c;
    return x->by_order ? x->order - y->order : strcmp(x->label, y->label);
}

static void print_section(const char *name, const Section *sec, int by_order)
{
    char title[64];
    labelize(title, sizeof title, name);
    printf("%s:\n", title);
    SumItem items[64];
    int k = 0;
    for (int i = 0; i < sec->n; i++) {
        const Metric *m = &sec->m[i];
        if ((m->kind == M_INT && m->i == 0) || (m->kind == M_FLOAT && m->f == 0)) continue;   /* `next if value == 0` */
        Buf t = BUF_INIT;
        metric_text(&t, m);
        snprintf(items[k].text, sizeof items[k].text, "%s", buf_cstr(&t));
        buf_free(&t);
        labelize(items[k].label, sizeof items[k].label, m->key);
        items[k].m = m;
        items[k].order = i;
        items[k].by_order = by_order;
        k++;
    }
    qsort(items, (size_t)k, sizeof *items, cmp_item);
    for (int i = 0; i < k; i++) {
        char label[80];
        snprintf(label, sizeof label, "%s:", items[i].label);
        if (items[i].m->kind == M_FLOAT) printf("   %15s %.2f\n", label, items[i].m->f);
        else printf("   %15s %s\n", label, items[i].text);
    }
}

void rep_print_summary(const RunReport *rep)
{
    /* raw_summary's sections, printed in the order of their names */
    Section app = {.name = "application"}, ver = {.name = "version"}, res = {0}, tim = {0}, chg = {.name = "changes"}, ev = {0};
    put(&app, "initial_environment", M_STR, 0, 0, environment(rep));
    put(&app, "converged_environment", M_STR, 0, 0, environment(rep));
    put(&app, "run_mode", M_STR, 0, 0, "user");
    resources_metric(rep, &res);
    time_metric(rep, &tim);
    put(&tim, "last_run", M_INT, rep->last_run, 0, NULL);
    put(&chg, "total", M_INT, total_changes(rep), 0, NULL);
    events_metric(rep, &ev);
    put(&ver, "config", M_STR, 0, 0, config_version(rep));
    put(&ver, "puppet", M_STR, 0, 0, rep->version);
    print_section("application", &app, 1);
    print_section("changes", &chg, 0);
    print_section("events", &ev, 0);
    print_section("resources", &res, 0);
    print_section("time", &tim, 0);
    print_section("version", &ver, 0);
    fflush(stdout);
}

/* ---- YAML ---- */

/* the writers below build a report of 10k resources in a few ms: no printf */
static void y_indent(Buf *b, int indent)
{
    static const char spaces[] = "                ";
    for (size_t n = (size_t)indent; n; ) {
        size_t k = n < sizeof spaces - 1 ? n : sizeof spaces - 1;
        buf_add(b, spaces, k);
        n -= k;
    }
}

static void y_long(Buf *b, long v)
{
    char d[24];
    int n = 0;
    unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
    do d[n++] = (char)('0' + u % 10); while (u /= 10);
    if (v < 0) buf_addc(b, '-');
    while (n) buf_addc(b, d[--n]);
}

static void y_key(Buf *b, int indent, const char *key)
{
    y_indent(b, indent);
    buf_adds(b, key);
    buf_addc(b, ':');
}

/* "key:" then " value" (NULL: nothing, YAML's null) and a newline */
static void y_kv(Buf *b, int indent, const char *key, const char *value)
{
    y_indent(b, indent);
    yml_put_str(b, key);
    buf_addc(b, ':');
    if (value) {
        buf_addc(b, ' ');
        yml_put_str(b, value);
    }
    buf_addc(b, '\n');
}

static void y_raw(Buf *b, int indent, const char *key, const char *raw)
{
    y_key(b, indent, key);
    if (raw) {
        buf_addc(b, ' ');
        buf_adds(b, raw);
    }
    buf_addc(b, '\n');
}




/* The catalog version: an integer when it is one (Puppet's default is the
 * compile time in seconds), a string otherwise, null when absent. */
static void y_version(Buf *b, int indent, const char *key, const char *v)
{
    size_t n = v ? strlen(v) : 0;
    int integer = n > 0 && n < 19 && (v[0] != '0' || n == 1) && strspn(v, "0123456789") == n;
    if (integer) y_raw(b, indent, key, v);
    else y_kv(b, indent, key, v);
}


static const char *const level_word[] = {"debug", "info", "notice", "warning", "err"};

/* "'absent'" -> "absent": the log line's quoting taken off a string,
 * single-quoted or double-quoted as Puppet's puppet_quote writes it
 * ("two\nlines", with \t \r \" \$ \\ and \u{X}); anything else as it is */
static const char *unquote(Arena *a, const char *s)
{
    size_t n = s ? strlen(s) : 0;
    if (n < 2 || (s[0] != '\'' && s[0] != '"') || s[n - 1] != s[0]) return s;
    char q = s[0];
    char *out = arena_alloc_bytes(a, n);
    size_t k = 0;
    for (size_t i = 1; i + 1 < n; i++) {
        if (s[i] == q) return s;      /* not one quoted string */
        if (s[i] != '\\' || i + 2 >= n) {
            out[k++] = s[i];
            continue;
        }
        char c = s[++i];
        if (q == '\'') {
            if (c != '\'' && c != '\\') out[k++] = '\\';
            out[k++] = c;
        } else if (c == 'n') out[k++] = '\n';
        else if (c == 't') out[k++] = '\t';
        else if (c == 'r') out[k++] = '\r';
        else if (c == 'u' && s[i + 1] == '{') {
            char *end;
            unsigned long cp = strtoul(s + i + 2, &end, 16);
            if (*end != '}' || cp > 0x10ffff || cp == 0) return s;
            i = (size_t)(end - s);
            if (cp < 0x80) out[k++] = (char)cp;
            else if (cp < 0x800) out[k++] = (char)(0xc0 | cp >> 6), out[k++] = (char)(0x80 | (cp & 0x3f));
            else if (cp < 0x10000)
                out[k++] = (char)(0xe0 | cp >> 12), out[k++] = (char)(0x80 | (cp >> 6 & 0x3f)), out[k++] = (char)(0x80 | (cp & 0x3f));
            else
                out[k++] = (char)(0xf0 | cp >> 18), out[k++] = (char)(0x80 | (cp >> 12 & 0x3f)),
                out[k++] = (char)(0x80 | (cp >> 6 & 0x3f)), out[k++] = (char)(0x80 | (cp & 0x3f));
        } else out[k++] = c;
    }
    out[k] = '\0';
    return out;
}

/* One value as a log line shows it, at *p: a quoted string ('a\'b', with
 * its quotes) or, unquoted, everything up to stop (NULL: to the end).
 * Returns it in the arena and moves *p past it, or NULL. */
static const char *shown_value(Arena *a, const char **p, const char *stop)
{
    const char *s = *p, *end;
    if (*s == '\'' || *s == '"') {
        for (end = s + 1; *end && *end != *s; end++)
            if (*end == '\\' && end[1]) end++;
        if (!*end) return NULL;
        end++;
    } else {
        end = stop ? strstr(s, stop) : s + strlen(s);
        if (!end || end == s) return NULL;
    }
    *p = end;
    return arena_strndup(a, s, (size_t)(end - s));
}

/* The values of a change Puppet's event carries, from the log line that
 * announced it (Property#change_to_s's wordings: "defined 'P' as V",
 * "undefined 'P' from V", "[P ]changed X to Y", and ensure's "created",
 * "removed", "defined content as V"); NULL where the line does not say. */
static void change_values(Arena *a, const RepStatus *s, const ReportEvent *e, const char **prev, const char **desired)
{
    const char *m = e->message;
    if (e->redacted > 0 || !m || !e->property || strcmp(e->status, "success")) return;
    const char *p;
    if (!strncmp(m, "defined '", 9) && (p = strstr(m, "' as ")) && (p += 5, (*desired = shown_value(a, &p, NULL)))) {
        *prev = "absent";
    } else if (!strncmp(m, "undefined '", 11) && (p = strstr(m, "' from ")) && (p += 7, (*prev = shown_value(a, &p, NULL)))) {
        *desired = "absent";
    } else if ((p = !strncmp(m, "changed ", 8) ? m + 8 : strstr(m, " changed ")) != NULL) {
        if (p != m + 8) p += 9;
        const char *x = shown_value(a, &p, " to ");
        if (x && !strncmp(p, " to ", 4)) {
            p += 4;
            const char *y = shown_value(a, &p, NULL);
            if (y && !*p) *prev = x, *desired = y;
        }
    } else if (!strcmp(e->property, "returns") && !strcmp(m, "executed successfully")) {
        /* an exec: from notrun to its returns, as strings ['0'] */
        Value *v = cat_res_get((Resource *)s->res, "returns");
        Buf list = BUF_INIT;
        size_t n = !v ? 0 : v->kind == V_ARRAY ? v->arr.n : 1;
        for (size_t i = 0; i < n; i++) {
            Value *x = v->kind == V_ARRAY ? v->arr.items[i] : v;
            buf_adds(&list, i ? ", '" : "['");
            if (x->kind == V_INT) buf_printf(&list, "%lld", (long long)x->i);
            else if (x->kind == V_STR && !strpbrk(x->str.s, "'\\")) buf_adds(&list, x->str.s);
            else { n = 0; break; }
            buf_addc(&list, '\'');
        }
        *prev = "notrun";
        *desired = n ? arena_printf(a, "%s]", buf_cstr(&list)) : v ? NULL : "['0']";
        buf_free(&list);
    } else if (!strcmp(e->property, "ensure")) {
        Value *v = s->generated ? NULL : cat_res_get((Resource *)s->res, "ensure");
        const char *want = s->generated ? s->ensure : v && v->kind == V_STR ? v->str.s : NULL;
        if (!strcmp(m, "removed")) *desired = "absent";
        else if (!strncmp(m, "defined content as ", 19)) *prev = "absent", *desired = "file";
        else if (!strcmp(m, "created")) {
            /* no ensure in the catalog (a file whose source is a directory): its event names it */
            size_t n = e->name ? strlen(e->name) : 0;
            if (!want && n > 8 && !strcmp(e->name + n - 8, "_created") && !strcmp(s->res->type, "File"))
                want = arena_strndup(a, e->name, n - 8);
            *prev = "absent", *desired = want;
        }
    }
}


/* a failure's event name as Puppet gives it (the transaction names it by its property) */
static const char *event_name(Arena *a, const RepStatus *s, const ReportEvent *e, const Value *desired)
{
    /* a failed refresh is Puppet's fail_with_event */
    if (!e->property && !strcmp(e->name, "refresh") && !strcmp(e->status, "failure")) return "resource_error";
    if (!e->property || strcmp(e->name, e->property)) return e->name;
    if (!strcmp(e->property, "returns")) return "executed_command";
    if (!strcmp(e->property, "ensure")) {
        /* Property#event_name: a file's ensure values name their own events
         * (file_created, directory_created, link_created, file_removed);
         * other types' present and absent are TYPE_created and TYPE_removed */
        const char *want = desired && desired->kind == V_STR ? desired->str.s : "";
        int file = !strcmp(s->res->type, "File");
        const char *suffix = !strcmp(want, "absent") ? "_removed"
                             : !strcmp(want, "present") || (file && !strcmp(want, "file")) ? "_created" : "_changed";
        char *t = file && (!strcmp(want, "directory") || !strcmp(want, "link")) ? arena_printf(a, "%s_created", want)
                                                                                 : arena_printf(a, "%s%s", s->res->type, suffix);
        for (char *p = t; *p; p++) *p = (char)(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p);
        return t;
    }
    return arena_printf(a, "%s_changed", e->property);
}
/* ---- Puppet's report data: Transaction::Report#to_data_hash as Values ---- */

/* The keys, one Value each, shared by every hash of every tree (a Value is
 * never changed once built); a report of 10k resources has 300k keys. */
#define REPORT_KEYS(X)                                                                                                \
    X(host) X(time) X(configuration_version) X(transaction_uuid) X(report_format) X(puppet_version) X(status)         \
    X(transaction_completed) X(noop) X(noop_pending) X(environment) X(logs) X(metrics) X(resource_statuses)          \
    X(corrective_change) X(catalog_uuid) X(code_id) X(cached_catalog_status) X(level) X(message) X(source) X(tags)   \
    X(file) X(line) X(name) X(label) X(values) X(title) X(resource) X(resource_type) X(provider_used)                \
    X(containment_path) X(evaluation_time) X(failed) X(failed_to_restart) X(changed) X(out_of_sync) X(skipped)       \
    X(change_count) X(out_of_sync_count) X(events) X(audited) X(property) X(previous_value) X(desired_value)         \
    X(historical_value) X(redacted) X(resources) X(changes)
#define KEY_VALUE(n) static Value k_##n = {.kind = V_STR, .str = {#n, sizeof #n - 1}};
REPORT_KEYS(KEY_VALUE)

typedef struct DataCtx {
    const RunReport *rep;
    Arena *a;
    time_t last;              /* the second the time text below is for */
    char head[64];            /* "2026-11-26T00:54:52." */
    char zone[16];            /* "+00:00" */
    const RepStatus **by_index; /* a resource's status by its catalog position (Resource.index) */
    uint32_t nby;
    const RepStatus *last_child; /* the generated resource's status the last line was about */
} DataCtx;

/* A hash of at most 24 pairs, built on the stack, then kept in the arena. */
typedef struct HashB { Value *k[24], *v[24]; size_t n; } HashB;

static void hput(HashB *h, Value *k, Value *v)
{
    if (h->n < sizeof h->k / sizeof h->k[0]) h->k[h->n] = k, h->v[h->n++] = v;
}

/* keys are distinct by construction: no index, no duplicate check */
static Value *mkhash(Arena *a, Value **k, Value **v, size_t n)
{
    Value *h = ARENA_NEW(a, Value);
    memset(h, 0, sizeof *h);
    h->kind = V_HASH;
    h->hash.keys = ARENA_NEWN(a, Value *, n ? n : 1);
    h->hash.vals = ARENA_NEWN(a, Value *, n ? n : 1);
    if (n) memcpy(h->hash.keys, k, n * sizeof *k), memcpy(h->hash.vals, v, n * sizeof *v);
    h->hash.n = n;
    return h;
}

static Value *hdone(Arena *a, const HashB *h) { return mkhash(a, (Value **)h->k, (Value **)h->v, h->n); }

static Value *mkarray(Arena *a, Value **items, size_t n)
{
    Value *v = ARENA_NEW(a, Value);
    memset(v, 0, sizeof *v);
    v->kind = V_ARRAY;
    v->arr.items = ARENA_NEWN(a, Value *, n ? n : 1);
    if (n) memcpy(v->arr.items, items, n * sizeof *items);
    v->arr.n = n;
    return v;
}

/* a string that lives as long as the report (arena, catalog or literal); NULL: null */
static Value *vs(Arena *a, const char *s) { return s ? val_str_nocopy(a, s, strlen(s)) : VAL_UNDEF; }
static Value *vb(int b) { return b ? VAL_TRUE : VAL_FALSE; }

/* Ruby's Time#iso8601(9) in local time: "2026-11-26T00:54:52.218073617+00:00" */
static Value *vtime(DataCtx *d, struct timespec ts)
{
    if (ts.tv_sec != d->last) {
        struct tm tm;
        time_t sec = ts.tv_sec;
        localtime_r(&sec, &tm);
        long off = tm.tm_gmtoff;
        char sign = off < 0 ? '-' : '+';
        if (off < 0) off = -off;
        snprintf(d->head, sizeof d->head, "%04d-%02d-%02dT%02d:%02d:%02d.", (tm.tm_year + 1900) % 10000, tm.tm_mon + 1,
                 tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
        snprintf(d->zone, sizeof d->zone, "%c%02ld:%02ld", sign, off / 3600 % 100, off / 60 % 60);
        d->last = ts.tv_sec;
    }
    size_t hn = strlen(d->head), zn = strlen(d->zone);
    char *s = arena_alloc_bytes(d->a, hn + 9 + zn + 1);
    memcpy(s, d->head, hn);
    long v = ts.tv_nsec;
    for (int i = 8; i >= 0; i--, v /= 10) s[hn + (size_t)i] = (char)('0' + v % 10);
    memcpy(s + hn + 9, d->zone, zn + 1);
    return val_str_nocopy(d->a, s, hn + 9 + zn);
}

/* The catalog version: an integer when it is one (Puppet's default is the
 * compile time in seconds), a string otherwise, null when absent. */
static Value *version_value(Arena *a, const char *v)
{
    size_t n = v ? strlen(v) : 0;
    if (n > 0 && n < 19 && (v[0] != '0' || n == 1) && strspn(v, "0123456789") == n) return val_int(a, strtoll(v, NULL, 10));
    return vs(a, v);
}

/* the log's level, then the resource's tags (Puppet's Log#tags) */
static Value *tags_value(Arena *a, const char *first, const Resource *r)
{
    size_t n = 0, cap = (first != NULL) + (r ? r->ntags : 0);
    Value **items = ARENA_NEWN(a, Value *, cap ? cap : 1);
    if (first) items[n++] = vs(a, first);
    for (uint32_t i = 0; r && i < r->ntags; i++)
        if (!first || strcmp(first, r->tags[i])) items[n++] = vs(a, r->tags[i]);
    return mkarray(a, items, n);
}

/* An event's value as its log line shows it: a list of quoted strings
 * (['0', '2']) is a list, a quoted string a string with its quotes taken
 * off; with typed (a value the line shows, not ensure's), an unquoted
 * number or true/false is that number or boolean, as Puppet's value was */
static Value *event_value(Arena *a, const char *v, int typed)
{
    size_t n = v ? strlen(v) : 0;
    if (!v) return VAL_UNDEF;
    if (n >= 4 && v[0] == '[' && v[n - 1] == ']' && (v[1] == '\'' || v[1] == '"')) {
        Value *items[64];
        size_t k = 0;
        const char *p = v + 1;
        for (;;) {
            const char *one = shown_value(a, &p, NULL);
            if (!one || k == 64) break;
            items[k++] = vs(a, unquote(a, one));
            if (*p == ']' && !p[1]) return mkarray(a, items, k);
            if (strncmp(p, ", '", 3) && strncmp(p, ", \"", 3)) break;
            p += 2;
        }
    }
    if (typed && (!strcmp(v, "true") || !strcmp(v, "false"))) return vb(v[0] == 't');
    if (typed && n < 19 && strspn(v + (v[0] == '-'), "0123456789") == n - (v[0] == '-') && n > (size_t)(v[0] == '-'))
        return val_int(a, strtoll(v, NULL, 10));
    if (typed && strspn(v, "-0123456789.e+") == n && strchr(v, '.')) {
        char *end;
        double f = strtod(v, &end);
        if (!*end) return val_float(a, f);
    }
    return vs(a, unquote(a, v));
}

/* A content checksum ("{sha256}...") as Puppet's report holds a desired
 * one: its text as Binary, so base64 (Puppet's ToStringifiedConverter) */
static Value *checksum_binary(Arena *a, Value *v)
{
    static const char *const kinds[] = {"{md5}", "{md5lite}", "{sha256}", "{sha256lite}", "{sha1}", "{sha1lite}",
                                        "{sha224}", "{sha384}", "{sha512}", "{mtime}", "{ctime}", NULL};
    if (v->kind != V_STR) return v;
    for (int i = 0; kinds[i]; i++)
        if (!strncmp(v->str.s, kinds[i], strlen(kinds[i]))) {
            Buf b = BUF_INIT;
            val_base64(&b, v->str.s, v->str.len);
            Value *out = val_str(a, b.s ? b.s : "", b.len);
            buf_free(&b);
            return out;
        }
    return v;
}

/* containment_path: the path's segments, split at '/' outside brackets */
static Value *containment_value(Arena *a, const char *path)
{
    if (!path || path[0] != '/') return VAL_UNDEF;
    size_t n = 0, cap = 8;
    Value **items = ARENA_NEWN(a, Value *, cap);
    const char *seg = path + 1;
    int depth = 0;
    for (const char *p = seg;; p++) {
        if (*p == '[') depth++;
        else if (*p == ']' && depth) depth--;
        if (*p == '\0' || (*p == '/' && !depth)) {
            if (n == cap) {
                Value **more = ARENA_NEWN(a, Value *, cap * 2);
                memcpy(more, items, n * sizeof *items);
                items = more, cap *= 2;
            }
            items[n++] = val_str(a, seg, (size_t)(p - seg));
            if (!*p) break;
            seg = p + 1;
        }
    }
    return mkarray(a, items, n);
}

/* The provider Puppet 7 picks on Debian for the types that have providers
 * (the resource's own provider parameter wins); null for the others. */
static const char *provider_used(const Resource *r)
{
    static const char *const dflt[][2] = {
        {"Exec", "posix"}, {"File", "posix"}, {"Package", "apt"}, {"Service", "systemd"}, {"User", "useradd"},
        {"Group", "groupadd"}, {"Cron", "crontab"}, {"Host", "parsed"}, {"File_line", "ruby"},
        {"Ini_setting", "ruby"}, {"Ini_subsetting", "ruby"},
    };
    const char *type = NULL;
    for (size_t i = 0; i < sizeof dflt / sizeof dflt[0] && !type; i++)
        if (!strcmp(r->type, dflt[i][0])) type = dflt[i][1];
    if (!type) return NULL;
    Value *p = provider_param(r, "provider");
    return p && p->kind == V_STR && p->str.s[0] ? p->str.s : type;
}

static Value *metric_value(Arena *a, const Section *sec)
{
    char label[64];
    Value **rows = ARENA_NEWN(a, Value *, sec->n ? (size_t)sec->n : 1);
    for (int i = 0; i < sec->n; i++) {
        const Metric *m = &sec->m[i];
        labelize(label, sizeof label, m->key);
        Value *row[3] = {vs(a, m->key), val_cstr(a, label),
                         m->kind == M_INT ? val_int(a, m->i) : m->kind == M_FLOAT ? val_float(a, m->f) : vs(a, m->s)};
        rows[i] = mkarray(a, row, 3);
    }
    labelize(label, sizeof label, sec->name);
    HashB h = {.n = 0};
    hput(&h, &k_name, vs(a, sec->name));
    hput(&h, &k_label, val_cstr(a, label));
    hput(&h, &k_values, mkarray(a, rows, (size_t)sec->n));
    return hdone(a, &h);
}

/* Whether a line about a property is one a property logged itself (an
 * exec's output), not an event's: Puppet tags those with the property too. */
static int property_line(const RepStatus *s, const RepLog *l)
{
    if (!l->prop || !s) return 0;
    for (int i = 0; i < s->nevents; i++)
        if (s->events[i].property && !strcmp(s->events[i].property, l->prop) && s->events[i].message &&
            !strcmp(s->events[i].message, l->msg))
            return 0;
    return 1;
}

/* whether source ("PATH" or "PATH/PROP") is about the resource at path */
static int source_under(const char *source, const char *path)
{
    size_t n = path ? strlen(path) : 0;
    return source && path && !strncmp(source, path, n) && (!source[n] || source[n] == '/');
}

/* The status a line is about: its resource's, or, for a line of a child of
 * that resource's recursion, the child's (they follow the resource's). */
static const RepStatus *line_status(DataCtx *d, const RepLog *l)
{
    const RepStatus *s = l->res && l->res->index < d->nby ? d->by_index[l->res->index] : NULL;
    if (!s || !l->source || source_under(l->source, s->path)) return s;
    const RepStatus *end = d->rep->st + d->rep->nst;
    /* lines come in the children's order: look on from the last one found */
    const RepStatus *from = d->last_child && d->last_child > s && d->last_child < end && d->last_child->res == s->res
                                ? d->last_child : s + 1;
    for (int pass = 0; pass < 2; pass++, from = s + 1)
        for (const RepStatus *c = from; c < end && c->generated && c->res == s->res; c++)
            if (source_under(l->source, c->path)) return d->last_child = c;
    return s;
}

static Value *log_value(DataCtx *d, const RepLog *l)
{
    Arena *a = d->a;
    HashB h = {.n = 0};
    hput(&h, &k_level, vs(a, level_word[l->lvl]));
    hput(&h, &k_message, vs(a, l->msg));
    hput(&h, &k_source, vs(a, l->source ? l->source : "Puppet"));
    Value *tags = tags_value(a, level_word[l->lvl], l->res);
    const RepStatus *s = line_status(d, l);
    if (l->res && l->source && !strcmp(l->source, l->res->title)) {
        /* the line of the whit that completes a resource's generated ones
         * (its source the resource's title): the whit's tag, then the
         * resource's, which Puppet merges into the whit */
        Value **items = ARENA_NEWN(a, Value *, tags->arr.n + 1);
        items[0] = tags->arr.items[0];
        items[1] = vs(a, "whit");
        memcpy(items + 2, tags->arr.items + 1, (tags->arr.n - 1) * sizeof *items);
        tags = mkarray(a, items, tags->arr.n + 1);
    } else if (property_line(s, l)) {
        Value **items = ARENA_NEWN(a, Value *, tags->arr.n + 1);
        memcpy(items, tags->arr.items, tags->arr.n * sizeof *items);
        items[tags->arr.n] = vs(a, l->prop);
        tags = mkarray(a, items, tags->arr.n + 1);
    }
    hput(&h, &k_tags, tags);
    hput(&h, &k_time, vtime(d, l->when));
    /* a class's or define's line (its whit's, in Puppet) has no file and
     * line, nor has a generated resource's (a recursive file's child),
     * whose source is not its resource's path */
    const Resource *at = s && !s->generated ? l->res : NULL;
    size_t pn = s && s->path ? strlen(s->path) : 0;
    if (at && s->path && l->source && (strncmp(l->source, s->path, pn) || (l->source[pn] && l->source[pn] != '/'))) at = NULL;
    hput(&h, &k_file, vs(a, at ? at->file : NULL));
    hput(&h, &k_line, at && at->line ? val_int(a, at->line) : VAL_UNDEF);
    return hdone(a, &h);
}

static Value *event_data(DataCtx *d, const RepStatus *s, const ReportEvent *e)
{
    Arena *a = d->a;
    const char *prev = e->previous, *desired = e->desired;
    if (!prev && !desired) change_values(a, s, e, &prev, &desired);
    HashB h = {.n = 0};
    hput(&h, &k_audited, VAL_FALSE);
    hput(&h, &k_property, vs(a, e->property));
    int typed = e->property && strcmp(e->property, "ensure") && e->redacted <= 0;
    Value *want = event_value(a, desired, typed);
    if (e->property && !strcmp(e->property, "content")) want = checksum_binary(a, want);
    hput(&h, &k_previous_value, event_value(a, prev, typed));
    hput(&h, &k_desired_value, want);
    hput(&h, &k_historical_value, VAL_UNDEF);
    hput(&h, &k_message, vs(a, e->message));
    hput(&h, &k_name, vs(a, event_name(a, s, e, want)));
    hput(&h, &k_status, vs(a, e->status));
    hput(&h, &k_time, vtime(d, e->when));
    /* a property's event says null unless redacted; one without (refresh,
     * resource_error) keeps Event.new's false */
    hput(&h, &k_redacted, e->redacted > 0 ? VAL_TRUE : e->redacted < 0 || !e->property ? VAL_FALSE : VAL_UNDEF);
    hput(&h, &k_corrective_change, VAL_FALSE);
    return hdone(a, &h);
}

static Value *status_data(DataCtx *d, const RepStatus *s)
{
    Arena *a = d->a;
    const Resource *r = s->res;
    int success = count_status(s, "success");
    HashB h = {.n = 0};
    /* a generated resource has its own title, and no file or line */
    hput(&h, &k_title, vs(a, s->generated ? s->title : r->title));
    hput(&h, &k_file, vs(a, s->generated ? NULL : r->file));
    hput(&h, &k_line, r->line && !s->generated ? val_int(a, r->line) : VAL_UNDEF);
    hput(&h, &k_resource, vs(a, status_ref(s)));
    hput(&h, &k_resource_type, vs(a, r->type));
    hput(&h, &k_provider_used, vs(a, provider_used(r)));
    hput(&h, &k_containment_path, containment_value(a, s->path));
    hput(&h, &k_evaluation_time, s->evaluated ? val_float(a, s->seconds) : VAL_UNDEF);
    hput(&h, &k_tags, tags_value(a, NULL, r));
    hput(&h, &k_time, vtime(d, s->started.tv_sec ? s->started : d->rep->start_real));
    hput(&h, &k_failed, vb(s->failed || has_status(s, "failure")));
    hput(&h, &k_failed_to_restart, vb(s->failed_to_restart));
    hput(&h, &k_changed, vb(success > 0));
    hput(&h, &k_out_of_sync, vb(s->nevents > 0));
    hput(&h, &k_skipped, vb(s->skipped));
    hput(&h, &k_change_count, val_int(a, success));
    hput(&h, &k_out_of_sync_count, val_int(a, s->nevents));
    Value **ev = ARENA_NEWN(a, Value *, s->nevents ? (size_t)s->nevents : 1);
    for (int i = 0; i < s->nevents; i++) ev[i] = event_data(d, s, &s->events[i]);
    hput(&h, &k_events, mkarray(a, ev, (size_t)s->nevents));
    hput(&h, &k_corrective_change, VAL_FALSE);
    return hdone(a, &h);
}

/* The report's top-level hash; with items 0, logs and resource_statuses
 * are left empty for a writer that builds them one by one (d, set up here,
 * is what it builds them with). */
static Value *report_top(const RunReport *rep, Arena *a, DataCtx *dp, int items)
{
    DataCtx d = {.rep = rep, .a = a, .last = -1};
    Section res = {0}, tim = {0}, chg = {.name = "changes"}, ev = {0};
    resources_metric(rep, &res);
    time_metric(rep, &tim);
    put(&chg, "total", M_INT, total_changes(rep), 0, NULL);
    events_metric(rep, &ev);
    int noop_pending = 0;
    for (size_t i = 0; i < rep->nst; i++) noop_pending |= has_status(&rep->st[i], "noop");
    char host[256] = "localhost";
    if (rep->cat && rep->cat->name) snprintf(host, sizeof host, "%s", rep->cat->name);
    else if (gethostname(host, sizeof host - 1) != 0) strcpy(host, "localhost");

    HashB h = {.n = 0};
    hput(&h, &k_host, val_cstr(a, host));
    hput(&h, &k_time, vtime(&d, rep->start_real));
    hput(&h, &k_configuration_version, version_value(a, config_version(rep)));
    hput(&h, &k_transaction_uuid, val_cstr(a, rep->uuid));
    hput(&h, &k_report_format, val_int(a, 12));
    hput(&h, &k_puppet_version, vs(a, rep->version));
    hput(&h, &k_status, vs(a, status_word(rep, &res)));
    hput(&h, &k_transaction_completed, vb(rep->completed));
    hput(&h, &k_noop, vb(rep->noop));
    hput(&h, &k_noop_pending, vb(noop_pending));
    hput(&h, &k_environment, vs(a, environment(rep)));
    for (size_t i = 0; i < rep->nst; i++)
        if (rep->st[i].res->index >= d.nby) d.nby = rep->st[i].res->index + 1;
    d.by_index = ARENA_NEWN(a, const RepStatus *, d.nby ? d.nby : 1);
    memset(d.by_index, 0, (d.nby ? d.nby : 1) * sizeof *d.by_index);
    for (size_t i = 0; i < rep->nst; i++)
        if (!rep->st[i].generated) d.by_index[rep->st[i].res->index] = &rep->st[i];
    size_t nlogs = items ? rep->nlogs : 0, nst = items ? rep->nst : 0;
    Value **logs = ARENA_NEWN(a, Value *, nlogs ? nlogs : 1);
    for (size_t i = 0; i < nlogs; i++) logs[i] = log_value(&d, &rep->logs[i]);
    hput(&h, &k_logs, mkarray(a, logs, nlogs));
    Value *mk[4] = {&k_resources, &k_time, &k_changes, &k_events};
    Value *mv[4] = {metric_value(a, &res), metric_value(a, &tim), metric_value(a, &chg), metric_value(a, &ev)};
    hput(&h, &k_metrics, mkhash(a, mk, mv, 4));
    Value **sk = ARENA_NEWN(a, Value *, nst ? nst : 1), **sv = ARENA_NEWN(a, Value *, nst ? nst : 1);
    for (size_t i = 0; i < nst; i++) {
        sk[i] = vs(a, status_ref(&rep->st[i]));
        sv[i] = status_data(&d, &rep->st[i]);
    }
    hput(&h, &k_resource_statuses, mkhash(a, sk, sv, nst));
    hput(&h, &k_corrective_change, VAL_FALSE);
    /* the keys Puppet writes only when set */
    hput(&h, &k_catalog_uuid, rep->cat && rep->cat->catalog_uuid ? vs(a, rep->cat->catalog_uuid) : val_cstr(a, rep->catalog_uuid));
    if (rep->cat && rep->cat->code_id) hput(&h, &k_code_id, vs(a, rep->cat->code_id));
    hput(&h, &k_cached_catalog_status, vs(a, "not_used"));
    if (dp) *dp = d;
    return hdone(a, &h);
}

Value *rep_data(const RunReport *rep, Arena *a)
{
    return report_top(rep, a, NULL, 1);
}

/* ---- the data as text: JSON as Ruby's JSON.pretty_generate, YAML as Psych ---- */

static void json_value(Buf *b, const Value *v, int indent)
{
    switch (v->kind) {
    case V_BOOL: buf_adds(b, v->b ? "true" : "false"); return;
    case V_INT: y_long(b, (long)v->i); return;
    case V_FLOAT: rv_float_to_s(b, v->f); return;
    case V_STR: cat_json_str(b, v->str.s, v->str.len); return;
    case V_ARRAY:
    case V_HASH: {
        int hash = v->kind == V_HASH;
        size_t n = hash ? v->hash.n : v->arr.n;
        if (!n) {
            buf_adds(b, hash ? "{}" : "[]");
            return;
        }
        buf_adds(b, hash ? "{\n" : "[\n");
        for (size_t i = 0; i < n; i++) {
            y_indent(b, indent + 2);
            if (hash) {
                cat_json_str(b, v->hash.keys[i]->str.s, v->hash.keys[i]->str.len);
                buf_adds(b, ": ");
            }
            json_value(b, hash ? v->hash.vals[i] : v->arr.items[i], indent + 2);
            buf_adds(b, i + 1 < n ? ",\n" : "\n");
        }
        y_indent(b, indent);
        buf_addc(b, hash ? '}' : ']');
        return;
    }
    default: buf_adds(b, "null"); return;
    }
}

static void yaml_scalar(Buf *b, const Value *v)
{
    switch (v->kind) {
    case V_BOOL: buf_adds(b, v->b ? "true" : "false"); break;
    case V_INT: y_long(b, (long)v->i); break;
    case V_FLOAT: rv_float_to_s(b, v->f); break;
    case V_STR: yml_put_strval(b, v->str.s, v->str.len); break;
    case V_ARRAY: buf_adds(b, "[]"); break;
    case V_HASH: buf_adds(b, "{}"); break;
    default: break;
    }
}

static void yaml_seq(Buf *b, const Value *arr, int indent, int inline_first);
static void yaml_map(Buf *b, const Value *h, int indent, int inline_first);

/* A mapping at indent (the first pair already indented, after "- ", when
 * inline_first); a non-empty sequence under a key sits at the key's indent,
 * a mapping two further, as Psych lays them out. */
/* "key: value" at indent (not indented when inline, after "- "): a
 * non-empty sequence under a key sits at the key's indent, a mapping two
 * further, as Psych lays them out */
static void yaml_pair(Buf *b, const char *key, const Value *v, int indent, int inline_)
{
    if (!inline_) y_indent(b, indent);
    yml_put_str(b, key);
    buf_addc(b, ':');
    if (v->kind == V_ARRAY && v->arr.n) {
        buf_addc(b, '\n');
        yaml_seq(b, v, indent, 0);
    } else if (v->kind == V_HASH && v->hash.n) {
        buf_addc(b, '\n');
        yaml_map(b, v, indent + 2, 0);
    } else {
        if (v->kind != V_UNDEF) buf_addc(b, ' ');
        yaml_scalar(b, v);
        buf_addc(b, '\n');
    }
}

/* "- value" at indent (not indented when inline) */
static void yaml_item(Buf *b, const Value *v, int indent, int inline_)
{
    if (!inline_) y_indent(b, indent);
    buf_addc(b, '-');
    if (v->kind == V_HASH && v->hash.n) {
        buf_addc(b, ' ');
        yaml_map(b, v, indent + 2, 1);
    } else if (v->kind == V_ARRAY && v->arr.n) {
        buf_addc(b, ' ');
        yaml_seq(b, v, indent + 2, 1);
    } else {
        if (v->kind != V_UNDEF) buf_addc(b, ' ');
        yaml_scalar(b, v);
        buf_addc(b, '\n');
    }
}

/* A mapping at indent (its first pair already placed, after "- ", when inline_first). */
static void yaml_map(Buf *b, const Value *h, int indent, int inline_first)
{
    for (size_t i = 0; i < h->hash.n; i++) yaml_pair(b, h->hash.keys[i]->str.s, h->hash.vals[i], indent, !i && inline_first);
}

static void yaml_seq(Buf *b, const Value *arr, int indent, int inline_first)
{
    for (size_t i = 0; i < arr->arr.n; i++) yaml_item(b, arr->arr.items[i], indent, !i && inline_first);
}

void rep_text(const Value *data, Buf *b, int yaml)
{
    if (yaml) {
        buf_adds(b, "--- !ruby/object:Puppet::Transaction::Report\n");
        yaml_map(b, data, 0, 0);
    } else {
        json_value(b, data, 0);
        buf_addc(b, '\n');
    }
}

/* The text is handed to the file a chunk at a time, so that a big report
 * (150 MB for 100k new files) is never whole in memory: one buffer of this
 * size, reused, stays in the cache, and no growing copy faults in pages. */
enum { REP_CHUNK = 1 << 20 };

/* Writes b's text to fd (fd >= 0) once it is a chunk long, and clears b;
 * -1 (errno) when the write failed, and then writes nothing more. */
static int spill(Buf *b, int fd, int *failed)
{
    if (fd < 0 || b->len < REP_CHUNK) return 0;
    if (!*failed && util_write_all(fd, b->s, b->len) != 0) *failed = errno ? errno : EIO;
    buf_clear(b);
    return *failed ? -1 : 0;
}

/* rep_text(rep_data(rep)) without holding the whole tree: the logs and the
 * resource statuses (most of a big report) are built a batch at a time in a
 * scratch arena, written, and let go.  Same text.  With fd >= 0 the text
 * goes to fd a chunk at a time (spill), the last part left in b; 0, or -1
 * with errno when a write failed. */
static int report_text(const RunReport *rep, Buf *b, int yaml, int fd)
{
    int failed = 0;
    Arena head;
    arena_init(&head);
    DataCtx d;
    Value *top = report_top(rep, &head, &d, 0);
    if (yaml) buf_adds(b, "--- !ruby/object:Puppet::Transaction::Report\n");
    else buf_adds(b, "{\n");
    for (size_t i = 0; i < top->hash.n; i++) {
        const Value *k = top->hash.keys[i];
        int logs = k == &k_logs && rep->nlogs, statuses = k == &k_resource_statuses && rep->nst;
        size_t n = logs ? rep->nlogs : statuses ? rep->nst : 0;
        if (!yaml) {
            buf_adds(b, "  ");
            cat_json_str(b, k->str.s, k->str.len);
            buf_adds(b, ": ");
        }
        if (!n && yaml) yaml_pair(b, k->str.s, top->hash.vals[i], 0, 0);
        else if (!n) json_value(b, top->hash.vals[i], 2);
        else {
            if (yaml) {
                yml_put_str(b, k->str.s);
                buf_adds(b, ":\n");
            } else {
                buf_adds(b, logs ? "[\n" : "{\n");
            }
            /* one scratch arena for every batch: giving a batch back keeps
             * its pages (a fresh arena per batch faulted in, and the kernel
             * zeroed, a new huge page each time: most of a re-apply's time) */
            Arena batch;
            arena_init(&batch);
            ArenaMark empty = arena_mark(&batch);
            d.a = &batch;
            for (size_t j = 0; j < n; j++) {
                if (j && j % 256 == 0) arena_release(&batch, empty);   /* a batch written: its values go */
                Value *v = logs ? log_value(&d, &rep->logs[j]) : status_data(&d, &rep->st[j]);
                if (yaml && logs) {
                    yaml_item(b, v, 0, 0);
                } else if (yaml) {
                    yaml_pair(b, status_ref(&rep->st[j]), v, 2, 0);
                } else {
                    y_indent(b, 4);
                    if (statuses) {
                        cat_json_str(b, status_ref(&rep->st[j]), strlen(status_ref(&rep->st[j])));
                        buf_adds(b, ": ");
                    }
                    json_value(b, v, 4);
                    buf_adds(b, j + 1 < n ? ",\n" : "\n");
                }
                spill(b, fd, &failed);
            }
            arena_free(&batch);
            d.a = &head;
            if (!yaml) buf_adds(b, logs ? "  ]" : "  }");
        }
        if (!yaml) buf_adds(b, i + 1 < top->hash.n ? ",\n" : "\n");
    }
    if (!yaml) buf_adds(b, "}\n");
    arena_free(&head);
    if (failed) errno = failed;
    return failed ? -1 : 0;
}





static int cmp_metric_key(const void *a, const void *b)
{
    return strcmp(((const Metric *)a)->key, ((const Metric *)b)->key);
}

/* raw_summary as Puppet's lastrunfile holds it: each section's keys sorted,
 * last_run after the times */
static void summary_section(Buf *b, Section *sec)
{
    qsort(sec->m, (size_t)sec->n, sizeof sec->m[0], cmp_metric_key);
    buf_printf(b, "%s:\n", sec->name);
    for (int i = 0; i < sec->n; i++) {
        buf_printf(b, "  %s: ", sec->m[i].key);
        metric_text(b, &sec->m[i]);
        buf_addc(b, '\n');
    }
}

static void summary_yaml(const RunReport *rep, Buf *b)
{
    Section res = {0}, tim = {0}, chg = {.name = "changes"}, ev = {0};
    resources_metric(rep, &res);
    time_metric(rep, &tim);
    put(&chg, "total", M_INT, total_changes(rep), 0, NULL);
    events_metric(rep, &ev);
    buf_adds(b, "---\nversion:\n");
    y_version(b, 2, "config", config_version(rep));
    y_kv(b, 2, "puppet", rep->version);
    buf_adds(b, "application:\n  run_mode: user\n");
    y_kv(b, 2, "initial_environment", environment(rep));
    y_kv(b, 2, "converged_environment", environment(rep));
    summary_section(b, &res);
    summary_section(b, &tim);
    buf_printf(b, "  last_run: %ld\n", rep->last_run);
    summary_section(b, &chg);
    summary_section(b, &ev);
}


/* A run killed while writing leaves its temporary file: the next run, holding
 * the same lock, takes it away. */
static void sweep_temps(int dfd)
{
    int fd = openat(dfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    if (!d) {
        if (fd >= 0) close(fd);
        return;
    }
    for (struct dirent *e; (e = readdir(d));)
        if (!strncmp(e->d_name, ".last_run_report.yaml.mapply.", 29) || !strncmp(e->d_name, ".last_run_summary.yaml.mapply.", 30))
            unlinkat(dfd, e->d_name, 0);
    closedir(d);
}

/* The files are replaced whole through a temporary file, not fsynced: a
 * reader (or the next run, after kill -9) sees the old report or the new one
 * whole, never a part; that it survives a power cut is not promised (Puppet
 * does not fsync its reports either; see docs/apply.md). */
int rep_write(const RunReport *rep, const char *vardir)
{
    char *state = xmalloc(strlen(vardir) + 8);
    sprintf(state, "%s/state", vardir);
    int rc = -1;
    if (mkdir(state, 0750) != 0 && errno != EEXIST) goto fail;
    int dfd = open(state, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd < 0) goto fail;
    sweep_temps(dfd);
    Buf text = BUF_INIT;
    AtomicOut out;
    /* the report written as it is made; the summary is what monitoring
     * reads: it goes last, after the report */
    if (atomic_begin(dfd, "last_run_report.yaml", "mapply", 0640, &out) >= 0) {
        int ok = report_text(rep, &text, 1, out.fd) == 0 && util_write_all(out.fd, text.s ? text.s : "", text.len) == 0;
        rc = atomic_end(&out, 0, ok);
    }
    if (rc == 0) {
        buf_clear(&text);
        summary_yaml(rep, &text);
        rc = atomic_replace_sync(dfd, "last_run_summary.yaml", "mapply", text.s, text.len, 0640, 0);
    }
    int e = errno;
    close(dfd);
    buf_free(&text);
    errno = e;
    if (rc == 0) {
        free(state);
        return 0;
    }
fail:
    fprintf(stderr, "Error: Could not save last run local report: %s: %s\n", state, strerror(errno));
    free(state);
    return -1;
}

int rep_save(const RunReport *rep, int fd, const char *path)
{
    size_t n = strlen(path);
    int yaml = (n > 5 && !strcmp(path + n - 5, ".yaml")) || (n > 4 && !strcmp(path + n - 4, ".yml"));
    /* the tree rep_data gives other users of the report, written out:
     * t/preport.t checks FILE.yaml is last_run_report.yaml byte for byte */
    Buf text = BUF_INIT;
    Arena scratch;
    arena_init(&scratch);
    rep_text(rep_data(rep, &scratch), &text, yaml);
    arena_free(&scratch);
    int rc = 0;
    for (size_t off = 0; off < text.len && rc == 0;) {
        ssize_t w = write(fd, text.s + off, text.len - off);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) rc = -1;
        else off += (size_t)w;
    }
    if (rc == 0 && ftruncate(fd, (off_t)text.len) != 0 && errno != EINVAL) rc = -1;
    int e = errno;
    buf_free(&text);
    if (close(fd) != 0 && rc == 0) rc = -1, e = errno;
    if (rc != 0) fprintf(stderr, "Error: Cannot write the report %s: %s\n", path, strerror(e));
    return rc;
}
