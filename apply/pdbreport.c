/*
 * pdbreport.c - mapply --puppetdb: the run's report sent to PuppetDB as a
 * "store report" command (wire format v8), as Puppet's puppetdb report
 * processor sends a Puppet run's.
 *
 * The one idea: the payload is made from Puppet's own report data (the
 * fields of Puppet::Transaction::Report: host, time, logs, metrics,
 * resource_statuses with their events), the tree report.c's rep_data
 * builds and writes as last_run_report.yaml and --report; so PuppetDB
 * shows exactly what the report file says.  The
 * conversion is the processor's: metrics flattened to (category, name,
 * value), only the resources with events or skipped, an event's values as
 * their Ruby to_s, times in UTC, end_time from the total time.
 */
#define _GNU_SOURCE
#include "apply/pdbreport.h"
#include "catalog/json.h"
#include "catalog/rubyval.h"
#include "store/puppetdb.h"
#include "base/diag.h"
#include "base/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const Value *get(const Value *h, const char *key) { return h && h->kind == V_HASH ? val_hash_gets(h, key) : NULL; }

static void put_str(Buf *b, const char *s) { cat_json_str(b, s, strlen(s)); }

static void put_key(Buf *b, int *first, const char *key)
{
    buf_adds(b, *first ? "{" : ",");
    *first = 0;
    put_str(b, key);
    buf_addc(b, ':');
}

/* the value as JSON, null when absent */
static void put_val(Buf *b, const Value *v)
{
    if (!v) buf_adds(b, "null");
    else pdb_value_json(b, v);
}

/* Ruby's to_s of a value ("" for nil), as a JSON string */
static void put_to_s(Buf *b, const Value *v)
{
    Buf t = BUF_INIT;
    if (v && v->kind != V_UNDEF) rv_to_s(&t, v, RV_AGENT);
    cat_json_str(b, buf_cstr(&t), t.len);
    buf_free(&t);
}

/* Ruby's Time#iso8601(9) text "2026-11-26T03:44:01.914769729+00:00" as
 * PuppetDB's UTC datetime "2026-11-26T03:44:01.914Z"; plus secs seconds */
static int wire_time(char out[40], const Value *v, double secs)
{
    if (!v || v->kind != V_STR) return -1;
    struct tm tm;
    memset(&tm, 0, sizeof tm);
    const char *s = v->str.s, *p = strptime(s, "%Y-%m-%dT%H:%M:%S", &tm);
    if (!p) return -1;
    double frac = 0;
    if (*p == '.') {
        char *end;
        frac = strtod(p, &end);
        p = end;
    }
    long off = 0;
    if (*p == '+' || *p == '-') {
        int hh = 0, mm = 0;
        if (sscanf(p + 1, "%d:%d", &hh, &mm) < 1) return -1;
        off = (hh * 3600L + mm * 60L) * (*p == '-' ? -1 : 1);
    }
    time_t t = timegm(&tm) - off;
    double all = (double)t + frac + secs;
    time_t whole = (time_t)all;
    int ms = (int)((all - (double)whole) * 1000.0);
    if (ms > 999) ms = 999;
    struct tm u;
    gmtime_r(&whole, &u);
    char day[24];
    strftime(day, sizeof day, "%Y-%m-%dT%H:%M:%S", &u);
    snprintf(out, 40, "%.19s.%03dZ", day, ms);
    return 0;
}

static void put_time(Buf *b, const Value *v, double secs)
{
    char t[40];
    if (wire_time(t, v, secs) == 0) {
        put_str(b, t);
    } else {
        pdb_now(t);
        put_str(b, t);
    }
}

static double num(const Value *v)
{
    if (!v) return 0;
    if (v->kind == V_INT) return (double)v->i;
    if (v->kind == V_FLOAT) return v->f;
    return 0;
}

static int truthy(const Value *v) { return v && v->kind == V_BOOL && v->b; }

static double total_time(const Value *rep)
{
    const Value *vals = get(get(get(rep, "metrics"), "time"), "values");
    for (size_t i = 0; vals && vals->kind == V_ARRAY && i < vals->arr.n; i++) {
        const Value *m = vals->arr.items[i];
        if (m->kind == V_ARRAY && m->arr.n == 3 && m->arr.items[0]->kind == V_STR && !strcmp(m->arr.items[0]->str.s, "total"))
            return num(m->arr.items[2]);
    }
    return 0;
}

static void put_event(Buf *b, const Value *e)
{
    int first = 1;
    put_key(b, &first, "status");
    put_val(b, get(e, "status"));
    put_key(b, &first, "timestamp");
    put_time(b, get(e, "time"), 0);
    put_key(b, &first, "name");
    put_val(b, get(e, "name"));
    put_key(b, &first, "property");
    put_val(b, get(e, "property"));
    put_key(b, &first, "new_value");
    put_to_s(b, get(e, "desired_value"));
    put_key(b, &first, "old_value");
    put_to_s(b, get(e, "previous_value"));
    put_key(b, &first, "corrective_change");
    put_val(b, get(e, "corrective_change"));
    put_key(b, &first, "message");
    put_val(b, get(e, "message"));
    buf_addc(b, '}');
}

static void put_resource(Buf *b, const Value *s)
{
    int first = 1;
    put_key(b, &first, "skipped");
    buf_adds(b, truthy(get(s, "skipped")) ? "true" : "false");
    put_key(b, &first, "timestamp");
    put_time(b, get(s, "time"), 0);
    put_key(b, &first, "resource_type");
    put_val(b, get(s, "resource_type"));
    put_key(b, &first, "resource_title");
    put_to_s(b, get(s, "title"));
    put_key(b, &first, "file");
    const Value *f = get(s, "file");
    put_val(b, f && f->kind == V_STR && f->str.len ? f : NULL);
    put_key(b, &first, "line");
    put_val(b, get(s, "line"));
    put_key(b, &first, "containment_path");
    put_val(b, get(s, "containment_path"));
    put_key(b, &first, "corrective_change");
    put_val(b, get(s, "corrective_change"));
    put_key(b, &first, "events");
    buf_addc(b, '[');
    const Value *ev = get(s, "events");
    for (size_t i = 0; ev && ev->kind == V_ARRAY && i < ev->arr.n; i++) {
        if (i) buf_addc(b, ',');
        put_event(b, ev->arr.items[i]);
    }
    buf_adds(b, "]}");
}

void pdbrep_json(Buf *b, const Value *rep)
{
    int first = 1;
    const Value *host = get(rep, "host");
    put_key(b, &first, "certname");
    put_val(b, host);
    put_key(b, &first, "environment");
    put_val(b, get(rep, "environment"));
    put_key(b, &first, "puppet_version");
    put_to_s(b, get(rep, "puppet_version"));
    put_key(b, &first, "report_format");
    put_val(b, get(rep, "report_format"));
    put_key(b, &first, "configuration_version");
    put_to_s(b, get(rep, "configuration_version"));
    char now[32];
    pdb_now(now);
    put_key(b, &first, "producer_timestamp");
    put_str(b, now);
    put_key(b, &first, "start_time");
    put_time(b, get(rep, "time"), 0);
    put_key(b, &first, "end_time");
    put_time(b, get(rep, "time"), total_time(rep));
    put_key(b, &first, "producer");
    put_val(b, host);
    put_key(b, &first, "transaction_uuid");
    put_val(b, get(rep, "transaction_uuid"));
    put_key(b, &first, "catalog_uuid");
    put_val(b, get(rep, "catalog_uuid") ? get(rep, "catalog_uuid") : get(rep, "transaction_uuid"));
    put_key(b, &first, "code_id");
    put_val(b, get(rep, "code_id"));
    put_key(b, &first, "job_id");
    put_val(b, get(rep, "job_id"));
    put_key(b, &first, "cached_catalog_status");
    put_val(b, get(rep, "cached_catalog_status"));
    put_key(b, &first, "status");
    put_val(b, get(rep, "status"));
    put_key(b, &first, "noop");
    buf_adds(b, truthy(get(rep, "noop")) ? "true" : "false");
    put_key(b, &first, "noop_pending");
    put_val(b, get(rep, "noop_pending"));
    put_key(b, &first, "corrective_change");
    put_val(b, get(rep, "corrective_change"));

    put_key(b, &first, "logs");
    buf_addc(b, '[');
    const Value *logs = get(rep, "logs");
    for (size_t i = 0; logs && logs->kind == V_ARRAY && i < logs->arr.n; i++) {
        const Value *l = logs->arr.items[i];
        if (i) buf_addc(b, ',');
        int f1 = 1;
        put_key(b, &f1, "file");
        const Value *f = get(l, "file");
        put_val(b, f && f->kind == V_STR && f->str.len ? f : NULL);
        put_key(b, &f1, "line");
        put_val(b, get(l, "line"));
        put_key(b, &f1, "level");
        put_to_s(b, get(l, "level"));
        put_key(b, &f1, "message");
        put_to_s(b, get(l, "message"));
        put_key(b, &f1, "source");
        put_to_s(b, get(l, "source"));
        put_key(b, &f1, "tags");
        const Value *tags = get(l, "tags");
        if (tags && tags->kind == V_ARRAY) pdb_value_json(b, tags);
        else buf_adds(b, "[]");
        put_key(b, &f1, "time");
        put_time(b, get(l, "time"), 0);
        buf_addc(b, '}');
    }
    buf_addc(b, ']');

    put_key(b, &first, "metrics");
    buf_addc(b, '[');
    const Value *metrics = get(rep, "metrics");
    int any = 0;
    for (size_t i = 0; metrics && metrics->kind == V_HASH && i < metrics->hash.n; i++) {
        const Value *sec = metrics->hash.vals[i], *name = get(sec, "name"), *vals = get(sec, "values");
        for (size_t k = 0; vals && vals->kind == V_ARRAY && k < vals->arr.n; k++) {
            const Value *m = vals->arr.items[k];
            if (m->kind != V_ARRAY || m->arr.n != 3) continue;
            if (any) buf_addc(b, ',');
            any = 1;
            int f1 = 1;
            put_key(b, &f1, "category");
            put_to_s(b, name ? name : metrics->hash.keys[i]);
            put_key(b, &f1, "name");
            put_to_s(b, m->arr.items[0]);
            put_key(b, &f1, "value");
            put_val(b, m->arr.items[2]);
            buf_addc(b, '}');
        }
    }
    buf_addc(b, ']');

    put_key(b, &first, "resources");
    buf_addc(b, '[');
    const Value *st = get(rep, "resource_statuses");
    any = 0;
    for (size_t i = 0; st && st->kind == V_HASH && i < st->hash.n; i++) {
        const Value *s = st->hash.vals[i], *ev = get(s, "events");
        if (!truthy(get(s, "skipped")) && !(ev && ev->kind == V_ARRAY && ev->arr.n)) continue;
        if (any) buf_addc(b, ',');
        any = 1;
        put_resource(b, s);
    }
    buf_adds(b, "]}");
}

int pdbrep_send(const StorePdbConfig *cfg, const RunReport *run)
{
    Arena a;
    arena_init(&a);
    char *err = NULL;
    int rc = -1;
    const Value *rep = rep_data(run, &a), *host = get(rep, "host");
    if (!host || host->kind != V_STR) {
        diag_fprintf(stderr, "Error: Could not send the report to PuppetDB: the report names no host\n");
        arena_free(&a);
        return -1;
    }
    Pdb *p = pdb_open(cfg, &err);
    if (p) {
        Buf b = BUF_INIT;
        pdbrep_json(&b, rep);
        rc = pdb_command(p, "store report", 8, host->str.s, buf_cstr(&b), &err);
        buf_free(&b);
        pdb_close(p);
    }
    if (rc != 0) diag_fprintf(stderr, "Error: Could not send the report to PuppetDB: %s\n", err);
    free(err);
    arena_free(&a);
    return rc;
}
