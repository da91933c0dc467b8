/* t/schedule.c - when a Schedule resource lets its resources run:
 * period never, ranges (also across midnight) and weekdays. */
#include "types/schedule.h"
#include "t/tap.h"
#include <string.h>

static Resource *sched(Catalog *c, const char *title, const char *period, const char *range, Value *weekday)
{
    Resource *r = cat_add(c, "Schedule", title);
    if (period) cat_res_set(c, r, "period", val_cstr(c->arena, period));
    if (range) cat_res_set(c, r, "range", val_cstr(c->arena, range));
    if (weekday) cat_res_set(c, r, "weekday", weekday);
    return r;
}

/* A local time today at h:m, on a known weekday (2026-11-22 is a Sunday). */
static time_t at(int mday, int h, int m)
{
    struct tm tm;
    memset(&tm, 0, sizeof tm);
    tm.tm_year = 126;
    tm.tm_mon = 10;
    tm.tm_mday = mday;
    tm.tm_hour = h;
    tm.tm_min = m;
    tm.tm_isdst = -1;
    return mktime(&tm);
}

int main(void)
{
    plan(10);
    Arena a;
    arena_init(&a);
    Catalog c;
    cat_init(&c, &a);
    ok(!schedule_allows(sched(&c, "never", "never", NULL, NULL), at(22, 12, 0)), "period never never runs");
    ok(schedule_allows(sched(&c, "daily", "daily", NULL, NULL), at(22, 12, 0)), "period daily is due (no last-run state)");
    Resource *day = sched(&c, "day", NULL, "08:00 - 17:30", NULL);
    ok(schedule_allows(day, at(22, 8, 0)), "range: start is inside");
    ok(schedule_allows(day, at(22, 17, 30)), "range: end is inside");
    ok(!schedule_allows(day, at(22, 17, 31)), "range: after the end is outside");
    Resource *night = sched(&c, "night", NULL, "22:00 - 02:00", NULL);
    ok(schedule_allows(night, at(22, 23, 15)) && schedule_allows(night, at(22, 1, 0)), "range across midnight: both sides inside");
    ok(!schedule_allows(night, at(22, 12, 0)), "range across midnight: noon outside");
    Value *days[2] = {val_cstr(&a, "Sunday"), val_cstr(&a, "mon")};
    Resource *weekend = sched(&c, "wk", NULL, NULL, val_array(&a, days, 2));
    ok(schedule_allows(weekend, at(22, 9, 0)), "weekday: Sunday matches");
    ok(schedule_allows(weekend, at(23, 9, 0)), "weekday: Monday matches by its short name");
    ok(!schedule_allows(weekend, at(24, 9, 0)), "weekday: Tuesday does not");
    cat_free(&c);
    arena_free(&a);
    return done_testing();
}
