/*
 * schedule.c - the schedule type: a Schedule resource only describes when
 * the resources naming it (the `schedule` metaparameter) may run; applying
 * it changes nothing.  schedule_allows() is the transaction's test; the
 * values it reads are checked first, as a table of types/param.h.
 * Implemented: period never, range ("HH:MM - HH:MM", may wrap midnight) and
 * weekday.  period hourly/daily/weekly/monthly with repeat need the time of
 * each resource's last run, which this version does not keep: such
 * resources are always due.
 */
#include "types/param.h"
#include "types/provider.h"
#include "types/schedule.h"
#include "types/txres.h"
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <time.h>

static const char *const days[] = {"sun", "mon", "tue", "wed", "thu", "fri", "sat"};

static Value *param(const Resource *r, const char *name)    /* undef: not set */
{
    Value *v = cat_res_get((Resource *)r, name);
    return v && v->kind != V_UNDEF ? v : NULL;
}

static int parse_hm(const char *s, int *minutes)
{
    int h, m = 0;
    if (sscanf(s, "%d:%d", &h, &m) < 1 || h < 0 || h > 23 || m < 0 || m > 59) return -1;
    *minutes = h * 60 + m;
    return 0;
}

static int parse_range(const char *s, int *from, int *to)
{
    const char *dash = strchr(s, '-');
    if (!dash) return -1;
    char a[32];
    size_t n = (size_t)(dash - s);
    if (n >= sizeof a) return -1;
    memcpy(a, s, n);
    a[n] = '\0';
    return parse_hm(a, from) || parse_hm(dash + 1, to) ? -1 : 0;
}

static int day_index(const char *s)
{
    if (isdigit((unsigned char)s[0])) return s[1] == '\0' && s[0] <= '6' ? s[0] - '0' : -1;
    for (int i = 0; i < 7; i++)
        if (strncasecmp(s, days[i], 3) == 0) return i;
    return -1;
}

static int range_ok(const char *s)
{
    int from, to;
    return !parse_range(s, &from, &to);
}

static const ParamWord period_words[] = {
    {"hourly", 0}, {"daily", 0}, {"weekly", 0}, {"monthly", 0}, {"never", 0}, {NULL, 0},
};

/* Checked only (schedule_allows() reads the resource itself). */
static const ParamSpec schedule_params[] = {
    {.name = "period", .kind = PK_WORD, .words = period_words, .flags = PF_DISCARD},
    {.name = "range", .kind = PK_STRING, .flags = PF_STRING_ONLY | PF_DISCARD, .bad = "Invalid range value '%v'",
     .checks = {{range_ok, "Invalid range value '%v'"}}},
};

static int schedule_validate(const Resource *r, Buf *err)
{
    char none;
    return param_parse(schedule_params, PARAM_COUNT(schedule_params), r, &none, err);
}

static int schedule_apply(TxRes *t) { (void)t; return 0; }

const Provider provider_schedule = {.type = "schedule", .validate = schedule_validate, .apply = schedule_apply};

int schedule_allows(const Resource *sched, time_t now)
{
    Value *p = param(sched, "period");
    if (p && p->kind == V_STR && !strcmp(p->str.s, "never")) return 0;
    struct tm tm;
    localtime_r(&now, &tm);
    Value *rg = param(sched, "range");
    int from, to;
    if (rg && rg->kind == V_STR && !parse_range(rg->str.s, &from, &to)) {
        int m = tm.tm_hour * 60 + tm.tm_min;
        int in = from <= to ? (m >= from && m <= to) : (m >= from || m <= to);
        if (!in) return 0;
    }
    Value *wd = param(sched, "weekday");
    if (wd) {
        size_t n = wd->kind == V_ARRAY ? wd->arr.n : 1;
        int in = 0;
        for (size_t i = 0; i < n; i++) {
            Value *d = wd->kind == V_ARRAY ? wd->arr.items[i] : wd;
            char tmp[16];
            const char *s = d->kind == V_STR ? d->str.s : d->kind == V_INT ? (snprintf(tmp, sizeof tmp, "%lld", (long long)d->i), tmp) : "";
            in |= day_index(s) == tm.tm_wday;
        }
        if (!in) return 0;
    }
    return 1;
}
