/*
 * timestamp.c - Puppet 7's Timestamp and Timespan (puppet/pops/time): both
 * are a count of nanoseconds (since 1970-01-01 UTC, or signed), which
 * Puppet treats as Numerics: they compare with numbers as seconds and take
 * part in arithmetic with them.  Formatting and parsing a Timestamp go
 * through Ruby's Time#strftime and Date._strptime, which rtime.c
 * reproduces; this file holds what Puppet adds around them:
 *
 *  - Timestamp.parse's default formats and its zones (Puppet feeds the
 *    parsed fields to Time.utc, then subtracts the zone's offset);
 *  - Puppet's own Timespan format (%D %H %M %S %L %N, with '-', '_', '0'
 *    and widths), which both formats and parses: a format compiles to
 *    segments, the largest unit among them counts totals ("%H:%M" of two
 *    days is "48:00"), and parsing matches the regular expression Puppet
 *    builds from the segments;
 *  - new()'s dispatch, the Timestamp[from, to] and Timespan[from, to]
 *    types, and the operators.
 *
 * Everything lives in the compile arena; errors go through cmp_fail.
 */
#include "compiler/timestamp.h"
#include "compiler/rtime.h"
#include "compiler/fn/fnapi.h"
#include "compiler/regex.h"
#include "compiler/fn/fnaux.h"
#include "catalog/rubyval.h"
#include "base/util.h"
#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#define A (c->arena)
typedef __int128 i128;

/* What Puppet puts before a message raised where it is (the '[]' of a
 * type: "Error while evaluating a '[]' expression, "); taken by the next
 * error, so a stale one never lingers after an unwind. */
static const char *fail_prefix = "";

_Noreturn static void tm_fail(Compiler *c, const Node *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
_Noreturn static void tm_fail(Compiler *c, const Node *at, const char *fmt, ...)
{
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    int len = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *msg = arena_alloc(A, (size_t)(len > 0 ? len : 0) + 1);
    vsnprintf(msg, (size_t)(len > 0 ? len : 0) + 1, fmt, ap2);
    va_end(ap2);
    const char *prefix = fail_prefix;
    fail_prefix = "";
    if (*prefix) cmp_fail(c, at, "%s%s", prefix, msg);
    cmp_fail(c, at, "%s", msg);
}
#define cmp_fail tm_fail             /* every error of this file takes the prefix */
#define NS_PER_SEC 1000000000LL

/* A value holds whole seconds in 64 bits: Puppet's Ruby Integers have no
 * such bound, so a result beyond it is an error naming the limit (never a
 * wrapped value). */
static Value *time_value(Compiler *c, const Node *at, ValueKind kind, i128 ns)
{
    i128 sec = ns / NS_PER_SEC - (ns % NS_PER_SEC < 0);
    if (sec > INT64_MAX || sec < INT64_MIN)
        cmp_fail(c, at, "%s out of range: a Timestamp or Timespan holds at most %lld seconds either way (mcomp's limit)",
                 kind == V_TIMESTAMP ? "Timestamp" : "Timespan", (long long)INT64_MAX);
    return val_time(A, kind, ns);
}
#define timestamp(c, at, ns) time_value(c, at, V_TIMESTAMP, ns)
#define timespan(c, at, ns) time_value(c, at, V_TIMESPAN, ns)

static i128 floor_div(i128 a, i128 b)
{
    i128 q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
    return q;
}

/* the decimal digits of n, for messages */
static const char *i128_text(Compiler *c, i128 n)
{
    char d[48], *p = d + sizeof d;
    unsigned __int128 m = n < 0 ? -(unsigned __int128)n : (unsigned __int128)n;
    *--p = '\0';
    do *--p = (char)('0' + (int)(m % 10)); while (m /= 10);
    if (n < 0) *--p = '-';
    return arena_strdup(A, p);
}

static const char *time_text(Compiler *c, const Value *v)
{
    Buf b = BUF_INIT;
    val_time_to_s(&b, v);
    const char *s = arena_strndup(A, b.s, b.len);
    buf_free(&b);
    return s;
}

/* ---- Puppet's Timestamp.parse and its zones ---- */

/* Puppet's utc_offset: 'current' is the local zone, else the zone's
 * offset as DateTime._strptime(tz, '%z') reads it. */
static int tz_offset(Compiler *c, const Node *at, const char *tz)
{
    if (!strcasecmp(tz, "current")) {
        time_t now = time(NULL);
        struct tm lt;
        localtime_r(&now, &lt);
        return (int)lt.tm_gmtoff;
    }
    size_t si = 0, len = strlen(tz);
    int off;
    if (!rtime_read_zone(tz, len, &si) || !rtime_zone_offset(tz, si, &off)) cmp_fail(c, at, "Illegal timezone '%s'", tz);
    return off;
}

static const char *const TS_FORMATS[] = {"%FT%T.%N %Z", "%FT%T %Z", "%F %T.%N %Z", "%F %T %Z", "%F %Z",
                                         "%FT%T.%N", "%FT%T", "%F %T.%N", "%F %T", "%F"};

static const char *join_formats(Compiler *c, const char *const *f, size_t n)
{
    Buf b = BUF_INIT;
    for (size_t i = 0; i < n; i++) {
        if (i) buf_adds(&b, ", ");
        buf_adds(&b, f[i]);
    }
    const char *r = arena_strndup(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return r;
}

/* Timestamp.parse(str, formats, timezone): formats NULL for the defaults,
 * single when it was one string; timezone NULL or "" for none. */
static Value *ts_parse(Compiler *c, const Node *at, const char *str, const char *const *formats, size_t nf, int single,
                       const char *tz)
{
    int has_tz = tz && *tz;
    if (!formats) formats = has_tz ? TS_FORMATS + 5 : TS_FORMATS, nf = has_tz ? 5 : 10, single = 0;
    RTimeFields p;
    int ok = 0, leftover;
    size_t slen = strlen(str);
    if (single) {
        if (!rtime_strptime(str, slen, formats[0], &p, &leftover) || leftover)
            cmp_fail(c, at, "Unable to parse '%s' using format '%s'", str, formats[0]);
        if (has_tz && p.zone)
            cmp_fail(c, at, "Using a Timezone designator in format specification is mutually exclusive to providing an explicit timezone argument");
        ok = 1;
    } else {
        for (size_t i = 0; i < nf && !ok; i++)
            ok = rtime_strptime(str, slen, formats[i], &p, &leftover) && !leftover && !(has_tz && p.zone);
        if (!ok) cmp_fail(c, at, "Unable to parse '%s' using any of the formats %s", str, join_formats(c, formats, nf));
    }
    if (!has_tz && p.zone) tz = arena_strndup(A, p.zone, p.zone_len), has_tz = 1;
    /* Time.utc(year, mon, mday, hour, min, sec, usec): a missing year is nil */
    if (!p.has_year) cmp_fail(c, at, "no implicit conversion of nil into Integer");
    if (p.year > 100000000000LL || p.year < -100000000000LL) cmp_fail(c, at, "year too big to marshal: %lld UTC", (long long)p.year);
    int64_t days = rtime_days_from_civil(p.year, p.mon < 0 ? 1 : p.mon, 1) + (p.mday < 0 ? 0 : p.mday - 1);
    i128 secs = (i128)days * 86400 + (p.hour < 0 ? 0 : p.hour) * 3600 + (p.min < 0 ? 0 : p.min) * 60 + (p.sec < 0 ? 0 : p.sec);
    if (has_tz) secs -= tz_offset(c, at, tz);
    return timestamp(c, at, secs * NS_PER_SEC + p.frac_ns);
}

/* Ruby's strftime refuses a directive wider than this (Errno::ERANGE);
 * mcomp also bounds the whole result, which Ruby does not. */
#define STRFTIME_WIDTH_MAX 5242880
#define STRFTIME_RESULT_MAX (64u << 20)

/* Refuses a format whose widths Ruby would refuse, or whose result would
 * pass mcomp's limit, before anything is written out. */
static void check_widths(Compiler *c, const Node *at, const char *f, size_t flen)
{
    uint64_t total = flen;
    for (size_t i = 0; i + 1 < flen; i++) {
        if (f[i] != '%') continue;
        size_t start = i++;
        while (i < flen && strchr("-_0^#", f[i])) i++;
        uint64_t w = 0;
        while (i < flen && isdigit((unsigned char)f[i]) && w <= INT_MAX) w = w * 10 + (uint64_t)(f[i++] - '0');
        if (w > INT_MAX) continue;              /* printed as text, as Ruby does */
        if (w > STRFTIME_WIDTH_MAX)
            cmp_fail(c, at, "strftime(): Numerical result out of range - %.*s", (int)(i - start + 1 < 64 ? i - start + 1 : 64), f + start);
        total += w;
        if (total > STRFTIME_RESULT_MAX)
            cmp_fail(c, at, "strftime(): the result would be longer than %u bytes (mcomp's limit)", STRFTIME_RESULT_MAX);
    }
}

/* Timestamp#format(format, timezone) */
static void ts_format(Compiler *c, const Node *at, Buf *b, const Value *ts, const char *fmt, size_t flen, const char *tz)
{
    RTime t;
    if (tz && *tz) {
        /* Puppet's convert_timezone keeps the offset to whole minutes */
        int off = tz_offset(c, at, tz);
        off = off < 0 ? -(-off / 60 * 60) : off / 60 * 60;
        rtime_break(&t, val_time_ns(ts), off, 0);
    } else {
        rtime_break(&t, val_time_ns(ts), 0, 1);
    }
    check_widths(c, at, fmt, flen);
    rtime_strftime(b, fmt, flen, &t);
}

/* ---- Puppet's Timespan formats ---- */

typedef enum { SEG_LIT, SEG_DAY, SEG_HOUR, SEG_MIN, SEG_SEC, SEG_MSEC, SEG_NSEC } SegKind;

typedef struct Seg {
    SegKind kind;
    char pad;                  /* '0' (default), ' ' ('_'), 0 ('-': none) */
    int width;                 /* -1: none given */
    int total;                 /* the format's largest unit: counts totals */
    const char *lit;           /* SEG_LIT */
    size_t lit_len;
} Seg;

typedef struct SpanFmt { const char *text; Seg *seg; size_t n; } SpanFmt;

static const char *const SPAN_FORMATS[] = {"%D-%H:%M:%S.%-N", "%H:%M:%S.%-N", "%M:%S.%-N", "%S.%-N",
                                           "%D-%H:%M:%S", "%H:%M:%S", "%D-%H:%M", "%S"};

static int default_width(SegKind k) { return k == SEG_DAY ? 1 : k == SEG_MSEC ? 3 : k == SEG_NSEC ? 9 : 2; }

/* FormatParser#internal_parse */
static SpanFmt *span_compile(Compiler *c, const Node *at, const char *f)
{
    SpanFmt *sf = ARENA_NEW(A, SpanFmt);
    size_t len = strlen(f), cap = len + 1;
    sf->text = f;
    sf->seg = ARENA_NEWN(A, Seg, cap);
    enum { LIT, PAD, WIDTH } state = LIT;
    char pad = '0';
    int width = -1, highest = -1;
    size_t nchars = 0, fstart_byte = 0;   /* Puppet counts positions in characters */
    for (size_t i = 0; i < len; i++) {
        if (((unsigned char)f[i] & 0xC0) == 0x80) continue;   /* inside a UTF-8 character */
        size_t pos = nchars++;
        size_t clen = 1;
        while (i + clen < len && ((unsigned char)f[i + clen] & 0xC0) == 0x80) clen++;
        char ch = f[i];
        if (state == LIT && ch != '%') {
            if (sf->n && sf->seg[sf->n - 1].kind == SEG_LIT && sf->seg[sf->n - 1].lit + sf->seg[sf->n - 1].lit_len == f + i) {
                sf->seg[sf->n - 1].lit_len += clen;
            } else {
                sf->seg[sf->n++] = (Seg){.kind = SEG_LIT, .lit = f + i, .lit_len = clen};
            }
            continue;
        }
        if (state == LIT) {
            state = PAD, fstart_byte = i, pad = '0', width = -1;
            continue;
        }
        SegKind k;
        switch (ch) {
        case '%':
            sf->seg[sf->n++] = (Seg){.kind = SEG_LIT, .lit = f + i, .lit_len = 1};
            state = LIT;
            continue;
        case '-': case '_':
            if (state != PAD) goto bad;
            pad = ch == '-' ? 0 : ' ';
            state = WIDTH;
            continue;
        case 'D': k = SEG_DAY; break;
        case 'H': k = SEG_HOUR; break;
        case 'M': k = SEG_MIN; break;
        case 'S': k = SEG_SEC; break;
        case 'L': k = SEG_MSEC; break;
        case 'N': k = SEG_NSEC; break;
        default:
            if (!isdigit((unsigned char)ch)) goto bad;
            if (state == PAD && ch == '0') pad = '0';
            else if (width > (INT_MAX - 9) / 10) cmp_fail(c, at, "width too big");   /* Ruby's sprintf */
            else width = (width < 0 ? 0 : width * 10) + (ch - '0');
            state = WIDTH;
            continue;
        }
        /* magnitude: nanoseconds 0 .. days 5 */
        int mag = k == SEG_NSEC ? 0 : k == SEG_MSEC ? 1 : k == SEG_SEC ? 2 : k == SEG_MIN ? 3 : k == SEG_HOUR ? 4 : 5;
        if (mag > highest) highest = mag;
        sf->seg[sf->n++] = (Seg){.kind = k, .pad = pad, .width = width};
        state = LIT;
        continue;
    bad:
        cmp_fail(c, at, "Bad format specifier '%.*s' in '%s', at position %zu", (int)(i - fstart_byte), f + fstart_byte, f, pos);
    }
    if (state != LIT) {   /* the position is the last character's */
        size_t last = len - 1;
        while (last > 0 && ((unsigned char)f[last] & 0xC0) == 0x80) last--;
        cmp_fail(c, at, "Bad format specifier '%.*s' in '%s', at position %zu", (int)(last - fstart_byte), f + fstart_byte, f, nchars - 1);
    }
    if (highest >= 0) {
        SegKind hk = (SegKind[]){SEG_NSEC, SEG_MSEC, SEG_SEC, SEG_MIN, SEG_HOUR, SEG_DAY}[highest];
        for (size_t i = 0; i < sf->n; i++)
            if (sf->seg[i].kind == hk) {
                sf->seg[i].total = 1;
                break;
            }
    }
    return sf;
}

static void span_value(Buf *b, const Seg *g, int64_t v, int fragment)
{
    int w = g->width >= 0 ? g->width : default_width(g->kind);
    if (fragment) {
        /* %L and %N: leading zeros matter, trailing ones not; left-justified */
        if (!g->total && g->pad != '0')
            while (v && v % 10 == 0) v /= 10;
        if (!g->pad) buf_printf(b, "%lld", (long long)v);
        else buf_printf(b, "%-*lld", w, (long long)v);
        return;
    }
    if (!g->pad) buf_printf(b, "%lld", (long long)v);
    else if (g->pad == ' ') buf_printf(b, "%*lld", w, (long long)v);
    else buf_printf(b, "%0*lld", w, (long long)v);
}

/* Format#format */
static void span_format(Buf *b, const SpanFmt *sf, const Value *span)
{
    i128 ns = val_time_ns(span);
    if (ns < 0) buf_addc(b, '-'), ns = -ns;
    for (size_t i = 0; i < sf->n; i++) {
        const Seg *g = &sf->seg[i];
        switch (g->kind) {
        case SEG_LIT: buf_add(b, g->lit, g->lit_len); break;
        case SEG_DAY: span_value(b, g, (int64_t)(ns / (NS_PER_SEC * 86400)), 0); break;
        case SEG_HOUR: span_value(b, g, (int64_t)(ns / (NS_PER_SEC * 3600) % (g->total ? INT64_MAX : 24)), 0); break;
        case SEG_MIN: span_value(b, g, (int64_t)(ns / (NS_PER_SEC * 60) % (g->total ? INT64_MAX : 60)), 0); break;
        case SEG_SEC: span_value(b, g, (int64_t)(ns / NS_PER_SEC % (g->total ? INT64_MAX : 60)), 0); break;
        case SEG_MSEC: span_value(b, g, (int64_t)(ns / 1000000 % (g->total ? INT64_MAX : 1000)), 1); break;
        case SEG_NSEC: {
            int w = g->width >= 0 ? g->width : 9;
            i128 v = ns;
            if (w < 9) {
                i128 p = 1;
                for (int k = 0; k < 9 - w; k++) p *= 10;
                v /= p;
                if (!g->total) {
                    i128 m = 1;
                    for (int k = 0; k < w; k++) m *= 10;
                    v %= m;
                }
            } else if (!g->total) {
                v %= NS_PER_SEC;
            }
            span_value(b, g, (int64_t)v, 1);
            break;
        }
        }
    }
}

/* Format#parse: the regular expression Puppet builds from the segments;
 * 0 when str does not match (*err set when Puppet raises another error). */
static int span_parse(Compiler *c, const SpanFmt *sf, const char *str, i128 *out, const char **err)
{
    Buf re = BUF_INIT;
    buf_adds(&re, "\\A-?");
    for (size_t i = 0; i < sf->n; i++) {
        const Seg *g = &sf->seg[i];
        if (g->kind == SEG_LIT) {
            buf_addc(&re, '(');
            for (size_t k = 0; k < g->lit_len; k++) {
                unsigned char ch = (unsigned char)g->lit[k];
                if (ch < 0x80 && !isalnum(ch) && ch != '_') buf_addc(&re, '\\');
                buf_addc(&re, (char)ch);
            }
            buf_addc(&re, ')');
            continue;
        }
        int dw = default_width(g->kind);
        if (g->width < 0) {
            if (g->pad != ' ') buf_printf(&re, g->total ? "([0-9]+)" : "([0-9]{1,%d})", dw);
            else buf_printf(&re, g->total ? "\\s*([0-9]+)" : "([0-9\\s]{1,%d})", dw);
        } else if (!g->pad) {
            buf_printf(&re, "([0-9]{1,%d})", g->width);
        } else {
            buf_printf(&re, g->pad == '0' ? "([0-9]{%d})" : "([0-9\\s]{%d})", g->width);
        }
    }
    buf_adds(&re, "\\z");
    Regex *rx = rx_get(buf_cstr(&re), NULL);
    buf_free(&re);
    size_t slen = strlen(str);
    int ncap = (int)sf->n + 1;
    int *caps = ARENA_NEWN(A, int, 2 * (size_t)ncap);
    if (!rx || !rx_search(rx, str, slen, 0, caps, &ncap)) return 0;
    i128 ns = 0;
    for (size_t i = 0; i < sf->n; i++) {
        const Seg *g = &sf->seg[i];
        if (g->kind == SEG_LIT) continue;
        const char *gs = str + caps[2 * (i + 1)], *ge = str + caps[2 * (i + 1) + 1];
        while (gs < ge && isspace((unsigned char)*gs)) gs++;
        if (gs == ge) return 0;
        for (const char *q = gs; q < ge; q++)
            if (!isdigit((unsigned char)*q)) return 0;
        i128 v = 0;
        for (const char *q = gs; q < ge; q++) {
            if (v >= ((i128)1 << 60)) {       /* far out of range: the result's range check says so */
                v = (i128)1 << 70;
                break;
            }
            v = v * 10 + (*q - '0');
        }
        if (g->kind == SEG_MSEC || g->kind == SEG_NSEC) {
            if (g->total) {
                *err = "Format specifiers %L and %N denotes fractions and must be used together with a specifier of higher magnitude";
                return 0;
            }
            for (int p = 9 - (int)(ge - gs); p > 0; p--) v *= 10;
            ns += v;
            continue;
        }
        i128 mult = g->kind == SEG_DAY ? NS_PER_SEC * 86400 : g->kind == SEG_HOUR ? NS_PER_SEC * 3600
                  : g->kind == SEG_MIN ? NS_PER_SEC * 60 : NS_PER_SEC;
        ns += v * mult;
    }
    *out = str[0] == '-' ? -ns : ns;
    return 1;
}

/* Timespan.parse(str, formats): several formats are tried in turn */
static Value *span_parse_with(Compiler *c, const Node *at, const char *str, const char *const *formats, size_t nf, int single)
{
    if (!formats) formats = SPAN_FORMATS, nf = ARRAY_LEN(SPAN_FORMATS), single = 0;
    i128 ns;
    if (single) {
        SpanFmt *sf = span_compile(c, at, formats[0]);
        const char *err = NULL;
        if (span_parse(c, sf, str, &ns, &err)) return timespan(c, at, ns);
        if (err) cmp_fail(c, at, "%s", err);
        cmp_fail(c, at, "Unable to parse '%s' using format '%s'", str, formats[0]);
    }
    for (size_t i = 0; i < nf; i++) {
        SpanFmt *sf = span_compile(c, at, formats[i]);
        const char *err = NULL;
        if (span_parse(c, sf, str, &ns, &err)) return timespan(c, at, ns);
    }
    cmp_fail(c, at, "Unable to parse '%s' using any of the formats %s", str, join_formats(c, formats, nf));
}

/* ---- new(): Puppet's dispatch over signatures ---- */

/* A type written as Puppet writes it ("Variant[Integer, Float]",
 * "Struct[{'string' => String[1]}]"), for the signatures below. */
static Value *type_of(Compiler *c, const char **p);

static void skip_ws(const char **p) { while (**p == ' ') (*p)++; }

static Value *type_arg(Compiler *c, const char **p)
{
    skip_ws(p);
    if (**p == '\'') {
        const char *e = strchr(*p + 1, '\'');
        Value *v = val_str(A, *p + 1, (size_t)(e - *p - 1));
        *p = e + 1;
        return v;
    }
    if (isdigit((unsigned char)**p)) return val_int(A, strtol(*p, (char **)p, 10));
    if (**p == '{') {
        ValVec k = VV_ARENA(A), v = VV_ARENA(A);
        for ((*p)++; skip_ws(p), **p != '}';) {
            val_vec_push(&k, type_arg(c, p));
            skip_ws(p);
            *p += 2;                                         /* => */
            val_vec_push(&v, type_arg(c, p));
            skip_ws(p);
            if (**p == ',') (*p)++;
        }
        (*p)++;
        Value *h = val_hash(A, k.v, v.v, k.n);
        val_vec_free(&k), val_vec_free(&v);
        return h;
    }
    return type_of(c, p);
}

static Value *type_of(Compiler *c, const char **p)
{
    skip_ws(p);
    const char *s = *p;
    while (isalnum((unsigned char)**p)) (*p)++;
    const char *name = arena_strndup(A, s, (size_t)(*p - s));
    if (!strcmp(name, "Formats")) {   /* the functions' local type */
        const char *f = "Variant[String[2], Array[String[2], 1]]";
        return type_of(c, &f);
    }
    ValVec args = VV_ARENA(A);
    if (**p == '[') {
        for ((*p)++; skip_ws(p), **p != ']';) {
            val_vec_push(&args, type_arg(c, p));
            skip_ws(p);
            if (**p == ',') (*p)++;
        }
        (*p)++;
    }
    Value *t = val_type(A, name, args.v, args.n);
    val_vec_free(&args);
    return t;
}

typedef struct Sig {
    const char *text;                  /* as Puppet lists it */
    int min, max;                      /* argument counts */
    const char *types[7], *names[7];
} Sig;

static const char *FORMATS_T = "Formats = Variant[String[2], Array[String[2], 1]]";

static const char *count_text(Compiler *c, int lo, int hi)
{
    if (lo == hi) return lo == 0 ? "no arguments" : arena_printf(A, "%d argument%s", lo, lo == 1 ? "" : "s");
    return arena_printf(A, "between %d and %d arguments", lo, hi);
}

/* The first signature that takes args, or Puppet's message listing why
 * each one does not. */
static size_t dispatch(Compiler *c, const Node *at, const char *fn, const Sig *sigs, size_t nsig, Value **args, size_t n)
{
    const char **texts = ARENA_NEWN(A, const char *, nsig), **why = ARENA_NEWN(A, const char *, nsig);
    CallCtx cc = {.c = c, .call = at, .arena = A, .args = args, .nargs = n};
    for (size_t i = 0; i < nsig; i++) {
        const Sig *g = &sigs[i];
        texts[i] = g->text;
        why[i] = NULL;
        if ((int)n < g->min || (int)n > g->max) {
            why[i] = arena_printf(A, "expects %s, got %zu", count_text(c, g->min, g->max), n);
            if (n == 0) why[i] = arena_printf(A, "expects %s, got none", count_text(c, g->min, g->max));
            continue;
        }
        for (size_t k = 0; k < n && !why[i]; k++) {
            const char *ts = g->types[k];
            Value *t = type_of(c, &ts);
            if (ty_type_match(c, t, args[k])) continue;
            if (!strcmp(g->types[k], "Formats")) {
                why[i] = arena_printf(A, "parameter '%s' expects a %s value, got %s", g->names[k], FORMATS_T, fn_got_type(&cc, args[k]));
                continue;
            }
            CmpFaults f = {0};
            ty_fault_mismatch(c, &f, t, args[k], arena_printf(A, "parameter '%s'", g->names[k]));
            Buf b = BUF_INIT;
            for (size_t j = 0; j < f.n; j++) {
                if (j) buf_adds(&b, "\n    rejected: ");
                buf_adds(&b, f.text[j]);
            }
            why[i] = arena_strndup(A, buf_cstr(&b), b.len);
            buf_free(&b);
        }
        if (!why[i]) return i;
    }
    fn_fail_dispatch(&cc, fn, texts, why, nsig);
}

/* a Formats argument: one format (*single set) or an array of them */
static const char *const *formats_arg(Compiler *c, Value *v, size_t *n, int *single)
{
    if (!v || v->kind == V_UNDEF) return *n = 0, *single = 0, NULL;
    if (v->kind == V_STR) {
        const char **f = ARENA_NEWN(A, const char *, 1);
        f[0] = v->str.s;
        *n = 1, *single = 1;
        return f;
    }
    const char **f = ARENA_NEWN(A, const char *, v->arr.n);
    for (size_t i = 0; i < v->arr.n; i++) f[i] = v->arr.items[i]->str.s;
    *n = v->arr.n, *single = 0;
    return f;
}

/* a Float count of nanoseconds, truncated; beyond what 128 bits hold (Ruby
 * would make a Bignum) it saturates, NaN is 0 */
static i128 dbl_ns(double d)
{
    const double lim = 1.0e38;
    if (d != d) return 0;
    if (d >= lim) return (i128)lim;
    if (d <= -lim) return -(i128)lim;
    return (i128)d;
}

/* seconds (an Integer or Float) * 10^9, truncated as Ruby's to_i */
static i128 seconds_ns(const Value *v)
{
    if (v->kind == V_INT) return (i128)v->i * NS_PER_SEC;
    return dbl_ns(v->f * 1e9);
}

static const Sig TS_SIGS[] = {
    {"", 0, 0, {0}, {0}},
    {"Variant[Integer, Float] seconds", 1, 1, {"Variant[Integer, Float]"}, {"seconds"}},
    {"String[1] string, Formats = Variant[String[2], Array[String[2], 1]] format?, String[1] timezone?", 1, 3,
     {"String[1]", "Formats", "String[1]"}, {"string", "format", "timezone"}},
    {"Struct[{'string' => String[1], Optional['format'] => Formats, Optional['timezone'] => String[1]}] hash_arg", 1, 1,
     {"Struct[{'string' => String[1], Optional['format'] => Formats, Optional['timezone'] => String[1]}]"}, {"hash_arg"}},
};

Value *tm_new_timestamp(Compiler *c, const Node *at, Value **args, size_t n)
{
    size_t sig = dispatch(c, at, "new_timestamp", TS_SIGS, ARRAY_LEN(TS_SIGS), args, n);
    const char *const *f;
    size_t nf;
    int single;
    switch (sig) {
    case 0: {
        struct timespec now;
        clock_gettime(CLOCK_REALTIME, &now);
        return timestamp(c, at, (i128)now.tv_sec * NS_PER_SEC + now.tv_nsec);
    }
    case 1: return timestamp(c, at, seconds_ns(args[0]));
    case 2:
        f = formats_arg(c, n > 1 ? args[1] : NULL, &nf, &single);
        return ts_parse(c, at, args[0]->str.s, f, nf, single, n > 2 ? args[2]->str.s : NULL);
    default: {
        Value *fv = val_hash_gets(args[0], "format"), *tz = val_hash_gets(args[0], "timezone");
        f = formats_arg(c, fv, &nf, &single);
        return ts_parse(c, at, val_hash_gets(args[0], "string")->str.s, f, nf, single, tz && tz->kind == V_STR ? tz->str.s : NULL);
    }
    }
}

static const Sig SPAN_SIGS[] = {
    {"Variant[Integer, Float] seconds", 1, 1, {"Variant[Integer, Float]"}, {"seconds"}},
    {"String[1] string, Formats = Variant[String[2], Array[String[2], 1]] format?", 1, 2, {"String[1]", "Formats"},
     {"string", "format"}},
    {"Integer days, Integer hours, Integer minutes, Integer seconds, Integer milliseconds?, Integer microseconds?, Integer nanoseconds?",
     4, 7, {"Integer", "Integer", "Integer", "Integer", "Integer", "Integer", "Integer"},
     {"days", "hours", "minutes", "seconds", "milliseconds", "microseconds", "nanoseconds"}},
    {"Struct[{'string' => String[1], Optional['format'] => Formats}] hash_arg", 1, 1,
     {"Struct[{'string' => String[1], Optional['format'] => Formats}]"}, {"hash_arg"}},
    {"Struct[{Optional['negative'] => Boolean, Optional['days'] => Integer, Optional['hours'] => Integer, "
     "Optional['minutes'] => Integer, Optional['seconds'] => Integer, Optional['milliseconds'] => Integer, "
     "Optional['microseconds'] => Integer, Optional['nanoseconds'] => Integer}] hash_arg", 1, 1,
     {"Struct[{Optional['negative'] => Boolean, Optional['days'] => Integer, Optional['hours'] => Integer, "
      "Optional['minutes'] => Integer, Optional['seconds'] => Integer, Optional['milliseconds'] => Integer, "
      "Optional['microseconds'] => Integer, Optional['nanoseconds'] => Integer}]"}, {"hash_arg"}},
};

/* Timespan.from_fields: ((((d * 24 + h) * 60 + m) * 60 + s) * 1000 + ms) ... */
static Value *span_fields(Compiler *c, const Node *at, int negative, const int64_t *f)
{
    static const int mult[] = {24, 60, 60, 1000, 1000, 1000};
    i128 ns = f[0];
    for (int i = 1; i < 7; i++) ns = ns * mult[i - 1] + f[i];
    return timespan(c, at, negative ? -ns : ns);
}

/* a Timespan from a hash: {string, format} or the fields */
static Value *span_from_hash(Compiler *c, const Node *at, Value *h)
{
    Value *str = val_hash_gets(h, "string");
    if (str) {
        size_t nf;
        int single;
        const char *const *f = formats_arg(c, val_hash_gets(h, "format"), &nf, &single);
        return span_parse_with(c, at, str->str.s, f, nf, single);
    }
    static const char *const keys[] = {"days", "hours", "minutes", "seconds", "milliseconds", "microseconds", "nanoseconds"};
    int64_t f[7];
    for (int i = 0; i < 7; i++) {
        Value *v = val_hash_gets(h, keys[i]);
        f[i] = v && v->kind == V_INT ? v->i : 0;
    }
    Value *neg = val_hash_gets(h, "negative");
    return span_fields(c, at, neg && val_truthy(neg), f);
}

Value *tm_new_timespan(Compiler *c, const Node *at, Value **args, size_t n)
{
    size_t sig = dispatch(c, at, "new_timespan", SPAN_SIGS, ARRAY_LEN(SPAN_SIGS), args, n);
    switch (sig) {
    case 0: return timespan(c, at, seconds_ns(args[0]));
    case 1: {
        size_t nf;
        int single;
        const char *const *f = formats_arg(c, n > 1 ? args[1] : NULL, &nf, &single);
        return span_parse_with(c, at, args[0]->str.s, f, nf, single);
    }
    case 2: {
        int64_t f[7] = {0};
        for (size_t i = 0; i < n; i++) f[i] = args[i]->i;
        return span_fields(c, at, 0, f);
    }
    default: return span_from_hash(c, at, args[0]);
    }
}

/* ---- the types Timestamp[from, to] and Timespan[from, to] ---- */

/* PAbstractTimeDataType#convert_arg: an end of the range */
static Value *type_end(Compiler *c, const Node *at, ValueKind kind, Value *v)
{
    if (v->kind == kind || v->kind == V_DEFAULT) return v;
    if (v->kind == V_UNDEF) return VAL_DEFAULT;
    if (v->kind == V_INT || v->kind == V_FLOAT) return val_time(A, kind, seconds_ns(v));
    if (v->kind == V_STR) return kind == V_TIMESTAMP ? ts_parse(c, at, v->str.s, NULL, 0, 0, NULL) : span_parse_with(c, at, v->str.s, NULL, 0, 0);
    if (v->kind == V_HASH) {
        if (kind == V_TIMESPAN) return span_from_hash(c, at, v);
        Value *s = val_hash_gets(v, "string"), *fv = val_hash_gets(v, "format"), *tz = val_hash_gets(v, "timezone");
        size_t nf;
        int single;
        const char *const *f = formats_arg(c, fv, &nf, &single);
        return ts_parse(c, at, s && s->kind == V_STR ? s->str.s : "", f, nf, single, tz && tz->kind == V_STR ? tz->str.s : NULL);
    }
    const char *cls;                  /* the Ruby class of the argument */
    switch (v->kind) {
    case V_BOOL: cls = v->b ? "TrueClass" : "FalseClass"; break;
    case V_ARRAY: cls = "Array"; break;
    case V_REGEX: cls = "Regexp"; break;
    case V_TYPE:
        cls = val_is_resref(v) ? "Puppet::Pops::Types::PResourceType" : arena_printf(A, "Puppet::Pops::Types::P%sType", v->type.name);
        break;
    case V_SENSITIVE: cls = "Puppet::Pops::Types::PSensitiveType::Sensitive"; break;
    default: cls = arena_printf(A, "Puppet::Pops::Time::%s", val_type_name(v)); break;   /* the other time kind */
    }
    cmp_fail(c, at, "Unable to create a Puppet::Pops::Time::%s from a %s", kind == V_TIMESTAMP ? "Timestamp" : "Timespan", cls);
}

Value *tm_type_access(Compiler *c, const Node *at, const Value *t, Value **keys, size_t nk)
{
    const char *name = t->type.name;
    ValueKind kind = !strcmp(name, "Timestamp") ? V_TIMESTAMP : V_TIMESPAN;
    if (nk > 2) cmp_fail(c, at, "A %s-Type[] accepts 0 to 2 arguments. Got %zu", name, nk);
    Value *ends[2] = {VAL_DEFAULT, VAL_DEFAULT};
    fail_prefix = "Error while evaluating a '[]' expression, ";
    for (size_t i = 0; i < nk; i++) ends[i] = type_end(c, at, kind, keys[i]);
    if (VAL_IS_TIME(ends[0]) && VAL_IS_TIME(ends[1]) && val_time_ns(ends[0]) > val_time_ns(ends[1]))
        cmp_fail(c, at, "'from' must be less or equal to 'to'. Got (%s, %s",
                 time_text(c, ends[0]), time_text(c, ends[1]));
    fail_prefix = "";
    if (!VAL_IS_TIME(ends[0]) && !VAL_IS_TIME(ends[1])) return val_type(A, name, NULL, 0);
    return val_type(A, name, ends, 2);
}

/* the range of a time type, open ends as the extremes */
static void range_of(const Value *t, i128 *lo, i128 *hi)
{
    *lo = -((i128)1 << 120), *hi = (i128)1 << 120;
    if (t->type.n > 0 && VAL_IS_TIME(t->type.params[0])) *lo = val_time_ns(t->type.params[0]);
    if (t->type.n > 1 && VAL_IS_TIME(t->type.params[1])) *hi = val_time_ns(t->type.params[1]);
}

int tm_type_match(const Value *t, const Value *v)
{
    if (v->kind != (!strcmp(t->type.name, "Timestamp") ? V_TIMESTAMP : V_TIMESPAN)) return 0;
    i128 lo, hi, ns = val_time_ns(v);
    range_of(t, &lo, &hi);
    return ns >= lo && ns <= hi;
}

Value *tm_type_merge(Compiler *c, const Value *a, const Value *b)
{
    i128 al, ah, bl, bh;
    range_of(a, &al, &ah);
    range_of(b, &bl, &bh);
    if (ah < bl || bh < al) return NULL;
    Value *ends[2] = {al <= bl ? (a->type.n > 0 ? a->type.params[0] : VAL_DEFAULT) : b->type.params[0],
                      ah >= bh ? (a->type.n > 1 ? a->type.params[1] : VAL_DEFAULT) : b->type.params[1]};
    if (!VAL_IS_TIME(ends[0]) && !VAL_IS_TIME(ends[1])) return val_type(A, a->type.name, NULL, 0);
    return val_type(A, a->type.name, ends, 2);
}

int tm_type_assignable(const Value *t, const Value *s)
{
    if (s->kind != V_TYPE || strcmp(t->type.name, s->type.name)) return 0;
    i128 tl, th, sl, sh;
    range_of(t, &tl, &th);
    range_of(s, &sl, &sh);
    return tl <= sl && sh <= th;
}

/* ---- operators ---- */

static const char *a_an(const char *word) { return strchr("AEIOU", word[0]) ? "an" : "a"; }

/* Puppet's label of a value in operator messages */
static const char *label(const Value *v) { return val_type_name(v); }

const char *tm_spaceship(const Value *a, const Value *b, int *r)
{
    i128 x = val_time_ns(a);
    if (b->kind == a->kind) {
        i128 y = val_time_ns(b);
        *r = x < y ? -1 : x > y;
        return NULL;
    }
    if (b->kind == V_INT) {           /* whole seconds (to_int floors) */
        *r = a->time.sec < b->i ? -1 : a->time.sec > b->i;
        return NULL;
    }
    if (b->kind == V_FLOAT) {
        double f = (double)x / 1e9;
        *r = f < b->f ? -1 : f > b->f;
        return NULL;
    }
    return a->kind == V_TIMESPAN ? "Timespans are only comparable to Timespans, Integers, and Floats"
                                 : "Timestamps are only comparable to Timestamps, Integers, and Floats";
}

const char *tm_compare(const Value *a, const Value *b, int *r)
{
    if (VAL_IS_TIME(a)) return tm_spaceship(a, b, r);
    if (a->kind == V_INT || a->kind == V_FLOAT) {    /* Ruby coerces both to Float */
        double x = a->kind == V_INT ? (double)a->i : a->f, y = (double)val_time_ns(b) / 1e9;
        *r = x < y ? -1 : x > y;
        return NULL;
    }
    if (a->kind == V_STR) return "A String is not comparable to a non String";
    return "Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable";
}

_Noreturn static void runtime_error(Compiler *c, const Node *at, const char *ops, const char *msg)
{
    cmp_fail(c, at, "Error while evaluating a '%s' expression, %s", ops, msg);
}

_Noreturn static void not_applicable(Compiler *c, const Node *at, const char *ops, const Value *l)
{
    cmp_fail(c, at, "Operator '%s' is not applicable to %s %s.", ops, a_an(label(l)), label(l));
}

static int is_number(const Value *v) { return v->kind == V_INT || v->kind == V_FLOAT; }

/* n * 10^9 nanoseconds for n seconds, truncated (Ruby's (o * NSECS_PER_SEC).to_i) */
static i128 secs(const Value *v) { return seconds_ns(v); }

Value *tm_arith(Compiler *c, const Node *at, const char *ops, Value *a, Value *b)
{
    char op = ops[0];
    if (!strcmp(ops, "<<") || !strcmp(ops, ">>")) op = 'x';
    if (op == '%' && (a->kind == V_FLOAT || b->kind == V_FLOAT)) {
        if (a->kind == V_FLOAT) not_applicable(c, at, ops, a);
        cmp_fail(c, at, "Operator '%%' is not applicable to %s %s when right side is %s %s.", a_an(label(a)), label(a),
                 a_an(label(b)), label(b));
    }
    if (VAL_IS_TIME(b) && !VAL_IS_TIME(a)) {
        if (op == '+' || (op == '*' && b->kind == V_TIMESPAN)) {
            Value *t = a;
            a = b, b = t;
        } else if (op == '-' && b->kind == V_TIMESPAN) {
            a = timespan(c, at, secs(a));
        } else {
            cmp_fail(c, at, "Operator '%s' is not applicable to %s %s when right side is %s %s.", ops, a_an(label(a)), label(a),
                     a_an(label(b)), label(b));
        }
    }
    i128 x = val_time_ns(a);
    if (a->kind == V_TIMESTAMP) {
        switch (op) {
        case '+':
            if (b->kind == V_TIMESPAN) return timestamp(c, at, x + val_time_ns(b));
            if (is_number(b)) return timestamp(c, at, x + secs(b));
            runtime_error(c, at, ops, arena_printf(A, "%s %s cannot be added to a Timestamp", strchr("AEIOU", label(b)[0]) ? "An" : "A", label(b)));
        case '-':
            if (b->kind == V_TIMESTAMP) return timespan(c, at, x - val_time_ns(b));
            if (b->kind == V_TIMESPAN) return timestamp(c, at, x - val_time_ns(b));
            if (is_number(b)) return timestamp(c, at, x - secs(b));
            runtime_error(c, at, ops, arena_printf(A, "%s %s cannot be subtracted from a Timestamp", strchr("AEIOU", label(b)[0]) ? "An" : "A", label(b)));
        default: not_applicable(c, at, ops, a);
        }
    }
    const char *lb = label(b);
    const char *uc = strchr("AEIOU", lb[0]) ? "An" : "A";
    switch (op) {
    case '+':
        if (b->kind == V_TIMESTAMP) return timestamp(c, at, x + val_time_ns(b));
        if (b->kind == V_TIMESPAN) return timespan(c, at, x + val_time_ns(b));
        if (is_number(b)) return timespan(c, at, x + secs(b));
        runtime_error(c, at, ops, arena_printf(A, "%s %s cannot be added to a Timespan", uc, lb));
    case '-':
        if (b->kind == V_TIMESPAN) return timespan(c, at, x - val_time_ns(b));
        if (is_number(b)) return timespan(c, at, x - secs(b));
        runtime_error(c, at, ops, arena_printf(A, "%s %s cannot be subtracted from a Timespan", uc, lb));
    case '*':
        if (b->kind == V_INT) {
            i128 r;
            if (__builtin_mul_overflow(x, (i128)b->i, &r)) r = dbl_ns((double)x * (double)b->i);
            return timespan(c, at, r);
        }
        if (b->kind == V_FLOAT) return timespan(c, at, dbl_ns((double)x * b->f));
        runtime_error(c, at, ops, arena_printf(A, "A Timestamp cannot be multiplied by %s %s", a_an(lb), lb));
    case '/':
        if (b->kind == V_TIMESPAN) {        /* a Float */
            double r = (double)x / (double)val_time_ns(b);
            if (isinf(r)) cmp_fail(c, at, "The result of the / expression is Infinity");
            return val_float(A, r);
        }
        if (b->kind == V_INT) {
            if (b->i == 0) cmp_fail(c, at, "Division by 0");
            return timespan(c, at, floor_div(x, b->i));
        }
        if (b->kind == V_FLOAT) {
            if (b->f == 0) cmp_fail(c, at, "Division by 0");
            return timespan(c, at, dbl_ns(floor((double)x / b->f)));
        }
        runtime_error(c, at, ops, arena_printf(A, "A Timespan cannot be divided by %s %s", a_an(lb), lb));
    case '%':
        if (b->kind == V_INT) {              /* to_i.divmod(o)[1]: an Integer */
            if (b->i == 0) cmp_fail(c, at, "Division by 0");
            int64_t m = (int64_t)(floor_div(x, NS_PER_SEC) % b->i);
            if (m != 0 && ((m < 0) != (b->i < 0))) m += b->i;
            return val_int(A, m);
        }
        runtime_error(c, at, ops, arena_printf(A, "Can not do modulus on a Timespan using a %s %s", a_an(lb), lb));
    default: not_applicable(c, at, ops, a);
    }
}

Value *tm_negate(Compiler *c, const Node *at, Value *v)
{
    if (v->kind == V_TIMESPAN) return timespan(c, at, -val_time_ns(v));
    cmp_fail(c, at, "Error while evaluating an Unary Minus, undefined method `-@' for #<Puppet::Pops::Time::Timestamp:0x0000000000000000 @nsecs=%s>",
             i128_text(c, val_time_ns(v)));
}

/* ---- strftime() ---- */

static const Sig STRFTIME_SIGS[] = {
    {"Timespan time_object, String format", 2, 2, {"Timespan", "String"}, {"time_object", "format"}},
    {"Timestamp time_object, String format, String timezone?", 2, 3, {"Timestamp", "String", "String"},
     {"time_object", "format", "timezone"}},
    {"String format, String timezone?", 1, 2, {"String", "String"}, {"format", "timezone"}},
};

static int warned_legacy;

Value *tm_fn_strftime(CallCtx *cc)
{ FN_UNPACK(c, s, at, args, n, lambda);
    (void)s, (void)lambda;
    size_t sig = dispatch(c, at, "strftime", STRFTIME_SIGS, ARRAY_LEN(STRFTIME_SIGS), args, n);
    Buf b = BUF_INIT;
    if (sig == 0) {
        span_format(&b, span_compile(c, at, args[1]->str.s), args[0]);
    } else {
        Value *ts = args[0];
        const char *fmt, *tz;
        size_t flen;
        if (sig == 1) {
            fmt = args[1]->str.s, flen = args[1]->str.len, tz = n > 2 ? args[2]->str.s : NULL;
        } else {
            if (!warned_legacy) {
                warned_legacy = 1;
                cmp_warn(c, at, "The argument signature (String format, [String timezone]) is deprecated for #strftime. "
                                "See #strftime documentation and Timespan type for more info");
            }
            struct timespec now;
            clock_gettime(CLOCK_REALTIME, &now);
            ts = timestamp(c, at, (i128)now.tv_sec * NS_PER_SEC + now.tv_nsec);
            fmt = args[0]->str.s, flen = args[0]->str.len, tz = n > 1 ? args[1]->str.s : NULL;
        }
        ts_format(c, at, &b, ts, fmt, flen, tz);   /* fails (bad zone) before it writes */
    }
    Value *r = val_str(A, b.s ? b.s : "", b.len);
    buf_free(&b);
    return r;
}
