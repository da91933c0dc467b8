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
#include "catalog/rubyval.h"
#include <ctype.h>
#include <stddef.h>
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
static const ParamWord periodmatch_words[] = { {"number", 0}, {"distance", 1}, {NULL, 0} };

/* What the table reads (schedule_allows() reads the resource itself). */
typedef struct Sched {
    int distance, periodmatch_given;   /* periodmatch */
    StrList weekdays;
} Sched;

/* repeat: an Integer or a String holding a line of digits (Ruby's
 * /^\d+$/); other than 1 only with periodmatch distance (an unset
 * periodmatch counts as distance, and a String "1" is not 1). */
static int schedule_repeat(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    const Sched *sc = obj;
    int ok = v->kind == V_INT;
    for (const char *l = v->kind == V_STR ? v->str.s : NULL; l && !ok; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        size_t n = strcspn(l, "\n");
        ok = n > 0 && strspn(l, "0123456789") == n;
    }
    if (!ok) {
        buf_adds(param_fail(err, r, p->name), "Repeat must be a number");
        return -1;
    }
    int64_t n;
    if (v->kind == V_STR && !rv_integer(v->str.s, 0, &n)) {   /* munge: Integer(value) */
        param_message(param_fail(err, r, p->name),
                      "Munging failed for value %i in class %n: invalid value for Integer(): %i", r, p, v);
        return -1;
    }
    if (sc->periodmatch_given && !sc->distance && !(v->kind == V_INT && v->i == 1)) {
        buf_adds(param_fail(err, r, p->name), "Repeat must be 1 unless periodmatch is 'distance', not 'number'");
        return -1;
    }
    return 0;
}

/* A day of the week: 0 to 6, or a name ("Tue", "tuesday"). */
static int weekday_ok(const char *s)
{
    static const char *const names[] = { "mon", "tue", "tues", "wed", "wednes", "thu", "thurs", "fri", "sat",
                                         "satur", "sun" };
    if (s[0] >= '0' && s[0] <= '6' && !s[1])
        return 1;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        size_t n = strlen(names[i]);
        if (!strncasecmp(s, names[i], n) && (!s[n] || !strcasecmp(s + n, "day")))
            return 1;
    }
    return 0;
}

/* In Puppet's order: the parameters as the type declares them. */
static const ParamSpec schedule_params[] = {
    {.name = "range", .kind = PK_STRING, .flags = PF_STRING_ONLY | PF_DISCARD, .bad = "Invalid range value '%v'",
     .checks = {{range_ok, "Invalid range value '%v'"}}},
    {.name = "periodmatch", .kind = PK_WORD, .field = offsetof(Sched, distance),
     .given = PARAM_GIVEN(Sched, periodmatch_given), .words = periodmatch_words},
    {.name = "period", .kind = PK_WORD, .words = period_words, .flags = PF_DISCARD},
    {.name = "repeat", .kind = PK_CUSTOM, .hook = schedule_repeat},
    {.name = "weekday", .kind = PK_LIST, .field = offsetof(Sched, weekdays),
     .checks = {{weekday_ok, "%v is not a valid day of the week"}}},
};

static int schedule_validate(const Resource *r, Buf *err)
{
    Sched sc = {0};
    int rc = param_parse(schedule_params, PARAM_COUNT(schedule_params), r, &sc, err);
    param_free(schedule_params, PARAM_COUNT(schedule_params), &sc);
    return rc;
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
