/*
 * report.c - the run's report, Puppet's way.  The transaction hands every
 * printed line (LogFn) and, at its end, every resource's status (ReportFn)
 * to a RunReport; mapply adds its own run-level lines and times.  From that
 * one record come Puppet's metrics, the --summarize text and the two YAML
 * files Puppet keeps after each run.  The one idea: metrics are computed
 * from the kept statuses exactly as Puppet's Transaction::Report computes
 * them (a status counts as changed when it has a success event, out of
 * sync when it has any event), so the summary, the files and the exit code
 * can never disagree.
 *
 * The YAML is written by hand in the layout Psych gives Puppet's report
 * object (keys in Puppet's order, `--- !ruby/object:...` on top); a string
 * goes through the YAML module's one-line scalar writer (yml_put_str):
 * left plain only when no YAML reader could take it for anything else,
 * double-quoted otherwise.  Every text has already been scrubbed of
 * Sensitive values by the transaction; no parameter value is ever written.
 */
#include "apply/report.h"
#include "catalog/rubyval.h"
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
    const char *msg;
    struct timespec when;
};

struct RepStatus {
    const Resource *res;
    const char *path;
    ReportEvent *events;     /* strings in the arena */
    int nevents;
    int failed, skipped, restarted, failed_to_restart, evaluated;
    double seconds;
    struct timespec started;
};

static const char *astr(Arena *a, const char *s) { return s ? arena_strdup(a, s) : NULL; }

void rep_init(RunReport *rep, Arena *a, const char *version, int noop)
{
    memset(rep, 0, sizeof *rep);
    rep->arena = a;
    rep->version = version;
    rep->noop = noop;
    clock_gettime(CLOCK_REALTIME, &rep->start_real);
    clock_gettime(CLOCK_MONOTONIC, &rep->start_mono);
    unsigned char u[16];
    if (getrandom(u, sizeof u, 0) != (ssize_t)sizeof u)
        for (size_t i = 0; i < sizeof u; i++)
            u[i] = (unsigned char)((unsigned)rep->start_real.tv_nsec >> (i % 4 * 8) ^ (unsigned)getpid() * (i + 1));
    u[6] = (unsigned char)((u[6] & 0x0f) | 0x40);      /* version 4 */
    u[8] = (unsigned char)((u[8] & 0x3f) | 0x80);      /* RFC 4122 variant */
    char *p = rep->uuid;
    for (int i = 0; i < 16; i++) {
        p += sprintf(p, "%02x", u[i]);
        if (i == 3 || i == 5 || i == 7 || i == 9) *p++ = '-';
    }
    *p = '\0';
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

void rep_status(RunReport *rep, const ReportStatus *st)
{
    RepStatus *s = new_status(rep);
    Arena *a = rep->arena;
    s->res = st->res;
    s->path = astr(a, st->path);
    s->nevents = st->nevents;
    s->events = arena_alloc(a, ((size_t)st->nevents + 1) * sizeof *s->events);
    for (int i = 0; i < st->nevents; i++) {
        const ReportEvent *e = &st->events[i];
        s->events[i] = (ReportEvent){astr(a, e->name), astr(a, e->status), astr(a, e->property), astr(a, e->message),
                                     astr(a, e->previous), astr(a, e->desired), e->redacted, e->when};
    }
    s->failed = st->failed;
    s->skipped = st->skipped;
    s->restarted = st->restarted;
    s->failed_to_restart = st->failed_to_restart;
    s->evaluated = st->evaluated;
    s->seconds = st->seconds;
    s->started = st->started;
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

void rep_finish(RunReport *rep, const Catalog *cat, int completed)
{
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
        char *key = arena_printf(rep->arena, "%s", s->res->type);
        for (char *p = key; *p; p++) *p = (char)(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p);
        int k = 0;
        while (k < sec->n && strcmp(sec->m[k].key, key)) k++;
        if (k == sec->n) put(sec, key, M_FLOAT, 0, 0, NULL);
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
    buf_add(b, spaces, (size_t)indent < sizeof spaces - 1 ? (size_t)indent : sizeof spaces - 1);
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

static void y_int(Buf *b, int indent, const char *key, long v)
{
    y_key(b, indent, key);
    buf_addc(b, ' ');
    y_long(b, v);
    buf_addc(b, '\n');
}
static void y_bool(Buf *b, int indent, const char *key, int v) { y_raw(b, indent, key, v ? "true" : "false"); }

static void y_float(Buf *b, int indent, const char *key, double v)
{
    y_key(b, indent, key);
    buf_addc(b, ' ');
    rv_float_to_s(b, v);
    buf_addc(b, '\n');
}

/* Ruby's Time#iso8601(9) in local time: '2026-11-26T00:54:52.218073617+00:00' */
static void y_time(Buf *b, int indent, const char *key, struct timespec ts)
{
    static time_t last = -1;      /* the text up to the seconds, for the last second seen */
    static char head[64];
    if (ts.tv_sec != last) {
        struct tm tm;
        time_t sec = ts.tv_sec;
        localtime_r(&sec, &tm);
        long off = tm.tm_gmtoff;
        char sign = off < 0 ? '-' : '+';
        if (off < 0) off = -off;
        snprintf(head, sizeof head, "'%04d-%02d-%02dT%02d:%02d:%02d.%%s%c%02ld:%02ld'", tm.tm_year + 1900, tm.tm_mon + 1,
                 tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, sign, off / 3600, off / 60 % 60);
        last = ts.tv_sec;
    }
    y_key(b, indent, key);
    buf_addc(b, ' ');
    const char *mark = strstr(head, "%s");
    buf_add(b, head, (size_t)(mark - head));
    char ns[9];
    long v = ts.tv_nsec;
    for (int i = 8; i >= 0; i--, v /= 10) ns[i] = (char)('0' + v % 10);
    buf_add(b, ns, 9);
    buf_adds(b, mark + 2);
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

static void y_tags(Buf *b, int indent, const char *first, const Resource *r)
{
    int n = (first != NULL) + (r ? (int)r->ntags : 0);
    if (!n) {
        y_indent(b, indent);
        buf_adds(b, "tags: []\n");
        return;
    }
    y_indent(b, indent);
    buf_adds(b, "tags:\n");
    if (first) {
        y_indent(b, indent);
        buf_adds(b, "- ");
        yml_put_str(b, first);
        buf_addc(b, '\n');
    }
    for (uint32_t i = 0; r && i < r->ntags; i++) {
        if (first && !strcmp(first, r->tags[i])) continue;
        y_indent(b, indent);
        buf_adds(b, "- ");
        yml_put_str(b, r->tags[i]);
        buf_addc(b, '\n');
    }
}

static const char *const level_word[] = {"debug", "info", "notice", "warning", "err"};

/* "'absent'" -> "absent": the log line's quoting taken off a plain string */
static const char *unquote(Arena *a, const char *s)
{
    size_t n = s ? strlen(s) : 0;
    if (n < 2 || s[0] != '\'' || s[n - 1] != '\'') return s;
    char *out = arena_alloc_bytes(a, n);
    size_t k = 0;
    for (size_t i = 1; i + 1 < n; i++) {
        if (s[i] == '\\' && (s[i + 1] == '\'' || s[i + 1] == '\\') && i + 2 < n) i++;
        else if (s[i] == '\'') return s;      /* not one quoted string */
        out[k++] = s[i];
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
    if (*s == '\'') {
        for (end = s + 1; *end && *end != '\''; end++)
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
        Value *v = res_get((Resource *)s->res, "returns");
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
        Value *v = res_get((Resource *)s->res, "ensure");
        const char *want = v && v->kind == V_STR ? v->str.s : NULL;
        if (!strcmp(m, "removed")) *desired = "absent";
        else if (!strncmp(m, "defined content as ", 19)) *prev = "absent", *desired = "file";
        else if (!strcmp(m, "created")) *prev = "absent", *desired = want;
    }
}

/* An event's value: a list when the line shows one of quoted strings
 * (['0', '2']), a string otherwise */
static void y_value(Buf *b, Arena *a, int indent, const char *key, const char *v)
{
    size_t n = v ? strlen(v) : 0;
    if (n >= 4 && v[0] == '[' && v[n - 1] == ']' && v[1] == '\'') {
        const char *items[64];
        int k = 0;
        const char *p = v + 1;
        for (;;) {
            const char *one = shown_value(a, &p, NULL);
            if (!one || k == 64) break;
            items[k++] = unquote(a, one);
            if (*p == ']' && !p[1]) {
                y_key(b, indent, key);
                buf_addc(b, '\n');
                for (int i = 0; i < k; i++) {
                    y_indent(b, indent);
                    buf_adds(b, "- ");
                    yml_put_str(b, items[i]);
                    buf_addc(b, '\n');
                }
                return;
            }
            if (strncmp(p, ", '", 3)) break;
            p += 2;
        }
    }
    y_kv(b, indent, key, unquote(a, v));
}

/* a failure's event name as Puppet gives it (the transaction names it by its property) */
static const char *event_name(Arena *a, const RepStatus *s, const ReportEvent *e)
{
    if (!e->property || strcmp(e->name, e->property)) return e->name;
    if (!strcmp(e->property, "returns")) return "executed_command";
    if (!strcmp(e->property, "ensure")) {
        char *t = arena_printf(a, "%s_changed", s->res->type);
        for (char *p = t; *p; p++) *p = (char)(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p);
        return t;
    }
    return arena_printf(a, "%s_changed", e->property);
}

static void y_metric(Buf *b, const Section *sec)
{
    char label[64];
    labelize(label, sizeof label, sec->name);
    buf_printf(b, "  %s:\n    name: %s\n    label: %s\n    values:\n", sec->name, sec->name, label);
    for (int i = 0; i < sec->n; i++) {
        labelize(label, sizeof label, sec->m[i].key);
        buf_printf(b, "    - - %s\n      - %s\n      - ", sec->m[i].key, label);
        metric_text(b, &sec->m[i]);
        buf_addc(b, '\n');
    }
}

/* containment_path: the path's segments, split at '/' outside brackets */
static void y_containment(Buf *b, const char *path)
{
    if (!path || path[0] != '/') {
        buf_adds(b, "    containment_path:\n");
        return;
    }
    buf_adds(b, "    containment_path:\n");
    const char *seg = path + 1;
    int depth = 0;
    for (const char *p = seg;; p++) {
        if (*p == '[') depth++;
        else if (*p == ']' && depth) depth--;
        if (*p == '\0' || (*p == '/' && !depth)) {
            char *one = xstrndup(seg, (size_t)(p - seg));
            buf_adds(b, "    - ");
            yml_put_str(b, one);
            buf_addc(b, '\n');
            free(one);
            if (!*p) break;
            seg = p + 1;
        }
    }
}

static void report_yaml(const RunReport *rep, Buf *b)
{
    Arena *a = rep->arena;
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

    buf_adds(b, "--- !ruby/object:Puppet::Transaction::Report\n");
    y_kv(b, 0, "host", host);
    y_time(b, 0, "time", rep->start_real);
    y_version(b, 0, "configuration_version", config_version(rep));
    y_kv(b, 0, "transaction_uuid", rep->uuid);
    y_int(b, 0, "report_format", 12);
    y_kv(b, 0, "puppet_version", rep->version);
    y_kv(b, 0, "status", status_word(rep, &res));
    y_bool(b, 0, "transaction_completed", rep->completed);
    y_bool(b, 0, "noop", rep->noop);
    y_bool(b, 0, "noop_pending", noop_pending);
    y_kv(b, 0, "environment", environment(rep));
    if (!rep->nlogs) buf_adds(b, "logs: []\n");
    else buf_adds(b, "logs:\n");
    for (size_t i = 0; i < rep->nlogs; i++) {
        const RepLog *l = &rep->logs[i];
        buf_printf(b, "- level: %s\n", level_word[l->lvl]);
        y_kv(b, 2, "message", l->msg);
        y_kv(b, 2, "source", l->source ? l->source : "Puppet");
        y_tags(b, 2, level_word[l->lvl], l->res);
        y_time(b, 2, "time", l->when);
        y_kv(b, 2, "file", l->res ? l->res->file : NULL);
        if (l->res && l->res->line) y_int(b, 2, "line", l->res->line);
        else y_raw(b, 2, "line", NULL);
    }
    buf_adds(b, "metrics:\n");
    y_metric(b, &res);
    y_metric(b, &tim);
    y_metric(b, &chg);
    y_metric(b, &ev);
    if (!rep->nst) buf_adds(b, "resource_statuses: {}\n");
    else buf_adds(b, "resource_statuses:\n");
    for (size_t i = 0; i < rep->nst; i++) {
        const RepStatus *s = &rep->st[i];
        const Resource *r = s->res;
        y_kv(b, 2, r->ref, NULL);
        y_kv(b, 4, "title", r->title);
        y_kv(b, 4, "file", r->file);
        if (r->line) y_int(b, 4, "line", r->line);
        else y_raw(b, 4, "line", NULL);
        y_kv(b, 4, "resource", r->ref);
        y_kv(b, 4, "resource_type", r->type);
        y_raw(b, 4, "provider_used", NULL);
        y_containment(b, s->path);
        if (s->evaluated) y_float(b, 4, "evaluation_time", s->seconds);
        else y_raw(b, 4, "evaluation_time", NULL);
        y_tags(b, 4, NULL, r);
        y_time(b, 4, "time", s->started.tv_sec ? s->started : rep->start_real);
        int success = count_status(s, "success");
        y_bool(b, 4, "failed", s->failed || has_status(s, "failure"));
        y_bool(b, 4, "failed_to_restart", s->failed_to_restart);
        y_bool(b, 4, "changed", success > 0);
        y_bool(b, 4, "out_of_sync", s->nevents > 0);
        y_bool(b, 4, "skipped", s->skipped);
        y_int(b, 4, "change_count", success);
        y_int(b, 4, "out_of_sync_count", s->nevents);
        if (!s->nevents) buf_adds(b, "    events: []\n");
        else buf_adds(b, "    events:\n");
        for (int k = 0; k < s->nevents; k++) {
            const ReportEvent *e = &s->events[k];
            const char *prev = e->previous, *desired = e->desired;
            if (!prev && !desired) change_values(a, s, e, &prev, &desired);
            buf_adds(b, "    - audited: false\n");
            y_kv(b, 6, "property", e->property);
            y_value(b, a, 6, "previous_value", prev);
            y_value(b, a, 6, "desired_value", desired);
            y_raw(b, 6, "historical_value", NULL);
            y_kv(b, 6, "message", e->message);
            y_kv(b, 6, "name", event_name(a, s, e));
            y_kv(b, 6, "status", e->status);
            y_time(b, 6, "time", e->when);
            y_raw(b, 6, "redacted", e->redacted > 0 ? "true" : e->redacted < 0 ? "false" : NULL);
            y_bool(b, 6, "corrective_change", 0);
        }
        y_bool(b, 4, "corrective_change", 0);
    }
    y_bool(b, 0, "corrective_change", 0);
    y_kv(b, 0, "cached_catalog_status", "not_used");
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

int rep_write(const RunReport *rep, const char *vardir)
{
    char *state = xmalloc(strlen(vardir) + 8);
    sprintf(state, "%s/state", vardir);
    int rc = -1;
    if (mkdir(state, 0750) != 0 && errno != EEXIST) goto fail;
    int dfd = open(state, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd < 0) goto fail;
    sweep_temps(dfd);
    Buf report = BUF_INIT, summary = BUF_INIT;
    report_yaml(rep, &report);
    summary_yaml(rep, &summary);
    /* the summary is what monitoring reads: it goes last, after the report */
    rc = atomic_replace(dfd, "last_run_report.yaml", "mapply", report.s, report.len, 0640);
    if (rc == 0) rc = atomic_replace(dfd, "last_run_summary.yaml", "mapply", summary.s, summary.len, 0640);
    int e = errno;
    if (rc == 0) atomic_sync_dir(dfd, ".");
    close(dfd);
    buf_free(&report);
    buf_free(&summary);
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
