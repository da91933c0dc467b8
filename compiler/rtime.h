/*
 * rtime.h - Ruby's Time#strftime and Date._strptime, the two engines
 * behind Puppet's Timestamp formatting and parsing (compiler/timestamp.c),
 * with the proleptic Gregorian calendar and Ruby's zone table they use.
 * Nothing here allocates or fails: results go into the caller's Buf or
 * structs.
 */
#ifndef COMPILER_RTIME_H
#define COMPILER_RTIME_H
#include "base/buf.h"
#include <stddef.h>
#include <stdint.h>

/* A moment broken down as Ruby's Time holds it at an offset. */
typedef struct RTime {
    int64_t year, epoch_sec;     /* epoch_sec: floor of the moment in seconds, UTC */
    int mon, mday, hour, min, sec, yday, wday;   /* yday 1..366, wday 0 = Sunday */
    int64_t nsec;
    int off;                     /* seconds east of UTC */
    int utc;                     /* in UTC (%Z is "UTC"), not at an offset (%Z is "") */
} RTime;

/* Breaks ns (nanoseconds since the epoch) down at off seconds east of UTC;
 * utc: the moment is in UTC (%Z prints "UTC") rather than at an offset. */
void rtime_break(RTime *t, __int128 ns, int off, int utc);
/* Days from 1970-01-01 to the proleptic Gregorian date y-m-d. */
int64_t rtime_days_from_civil(int64_t y, int64_t m, int64_t d);
/* Ruby's Time#strftime of flen bytes of format f, appended to b. */
void rtime_strftime(Buf *b, const char *f, size_t flen, const RTime *t);

/* What Date._strptime read. */
typedef struct RTimeFields {
    int has_year, has_cent, merid;         /* merid: 0 none, 1 am, 2 pm */
    int64_t year, cent;
    int mon, mday, hour, min, sec;         /* -1: not parsed */
    int64_t frac_ns;
    const char *zone;                      /* NULL: no zone */
    size_t zone_len;
} RTimeFields;

/* Date._strptime(s, f): 1 and *p when s matches f (*leftover when text is
 * left after the match), else 0. */
int rtime_strptime(const char *s, size_t slen, const char *f, RTimeFields *p, int *leftover);
/* Reads a zone designator at s[*si] ("+01:00", "UTC", "CET dst"), moving
 * *si past it: 1, or 0 when there is none. */
int rtime_read_zone(const char *s, size_t slen, size_t *si);
/* Ruby's date_zone_to_diff: 1 and *off (seconds east of UTC) for a zone
 * text, 0 when unknown. */
int rtime_zone_offset(const char *z, size_t len, int *off);
#endif
