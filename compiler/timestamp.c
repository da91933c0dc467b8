/*
 * timestamp.c - Puppet 7's Timestamp and Timespan (puppet/pops/time): both
 * are a count of nanoseconds (since 1970-01-01 UTC, or signed), which
 * Puppet treats as Numerics: they compare with numbers as seconds and take
 * part in arithmetic with them.  Three small engines do the work:
 *
 *  - Ruby's Time#strftime, for formatting a Timestamp in UTC or at a fixed
 *    offset (Puppet formats Ruby Time objects);
 *  - Ruby's Date._strptime, for parsing one (Puppet feeds its fields to
 *    Time.utc, then subtracts the zone's offset);
 *  - Puppet's own Timespan format (%D %H %M %S %L %N, with '-', '_', '0'
 *    and widths), which both formats and parses: a format compiles to
 *    segments, the largest unit among them counts totals ("%H:%M" of two
 *    days is "48:00"), and parsing matches the regular expression Puppet
 *    builds from the segments.
 *
 * Everything lives in the compile arena; errors go through cmp_fail.
 */
#include "compiler/timestamp.h"
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

/* ---- calendar ---- */

static int64_t days_from_civil(int64_t y, int64_t m, int64_t d)
{
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static int is_leap(int64_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

/* A moment broken down as Ruby's Time holds it at an offset. */
typedef struct Tm {
    int64_t year, epoch_sec;     /* epoch_sec: floor of the moment in seconds, UTC */
    int mon, mday, hour, min, sec, yday, wday;   /* yday 1..366, wday 0 = Sunday */
    int64_t nsec;
    int off;                     /* seconds east of UTC */
    int utc;                     /* in UTC (%Z is "UTC"), not at an offset (%Z is "") */
} Tm;

static void tm_break(Tm *t, i128 ns, int off, int utc)
{
    i128 sec = floor_div(ns, NS_PER_SEC);
    t->nsec = (int64_t)(ns - sec * NS_PER_SEC);
    t->epoch_sec = (int64_t)sec;
    t->off = off;
    t->utc = utc;
    int64_t local;
    if (__builtin_add_overflow((int64_t)sec, (int64_t)off, &local)) local = (int64_t)sec;
    int64_t days = (int64_t)floor_div(local, 86400), secs = local - days * 86400;
    val_civil_date(days, &t->year, &t->mon, &t->mday);
    t->hour = (int)(secs / 3600), t->min = (int)(secs / 60 % 60), t->sec = (int)(secs % 60);
    t->wday = (int)(((days % 7) + 11) % 7);          /* 1970-01-01 was a Thursday */
    t->yday = (int)(days - days_from_civil(t->year, 1, 1) + 1);
}

/* ISO 8601 week-based year and week of t */
static void iso_week(const Tm *t, int64_t *year, int *week)
{
    int wd = (t->wday + 6) % 7 + 1;                  /* Monday 1 .. Sunday 7 */
    int w = (t->yday - wd + 10) / 7;
    int64_t y = t->year;
    if (w < 1) {
        y--;
        int jan1 = (int)(((days_from_civil(y, 1, 1) % 7) + 11) % 7);   /* wday of Jan 1st */
        w = (jan1 == 4 || (jan1 == 3 && is_leap(y))) ? 53 : 52;
    } else if (w == 53) {
        int jan1 = (int)(((days_from_civil(y, 1, 1) % 7) + 11) % 7);
        if (!(jan1 == 4 || (jan1 == 3 && is_leap(y)))) w = 1, y++;
    }
    *year = y;
    *week = w;
}

static const char *const day_names[] = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"};
static const char *const month_names[] = {"January", "February", "March", "April", "May", "June", "July",
                                          "August", "September", "October", "November", "December"};

/* ---- Ruby's Time#strftime ---- */

enum { F_NOPAD = 1, F_SPACE = 2, F_ZERO = 4, F_UPPER = 8, F_SWAP = 16 };

static void pad_out(Buf *b, const char *s, size_t len, int flags, int width, char padc)
{
    if (!(flags & F_NOPAD))
        for (int i = (int)len; i < width; i++) buf_addc(b, padc);
    buf_add(b, s, len);
}

/* a number: default width and padding ('0' or ' ') unless the flags say */
static void put_num(Buf *b, int64_t v, int flags, int width, int dwidth, char dpad)
{
    char tmp[32];
    int neg = v < 0;
    int len = snprintf(tmp, sizeof tmp, "%llu", neg ? 0ULL - (unsigned long long)v : (unsigned long long)v);
    char padc = flags & F_SPACE ? ' ' : flags & F_ZERO ? '0' : dpad;
    int w = width > 0 ? width : dwidth;
    if (flags & F_NOPAD) w = 0;
    if (neg) {
        if (padc == ' ')
            for (int i = len + 1; i < w; i++) buf_addc(b, ' ');
        buf_addc(b, '-');
        if (padc == '0')
            for (int i = len + 1; i < w; i++) buf_addc(b, '0');
    } else {
        for (int i = len; i < w; i++) buf_addc(b, padc);
    }
    buf_add(b, tmp, (size_t)len);
}

/* a word: '^' upcases, '#' swaps case (upcases here unless lower says the
 * word is best lowered, as Ruby does for %p and %Z) */
static void put_word(Buf *b, const char *s, int flags, int width, int lower)
{
    size_t len = strlen(s);
    char tmp[64];
    if (len >= sizeof tmp) len = sizeof tmp - 1;
    for (size_t i = 0; i < len; i++) {
        char ch = s[i];
        if (flags & F_SWAP) ch = (char)(lower ? tolower((unsigned char)ch) : toupper((unsigned char)ch));
        else if (flags & F_UPPER) ch = (char)toupper((unsigned char)ch);
        tmp[i] = ch;
    }
    pad_out(b, tmp, len, flags, width, flags & F_ZERO ? '0' : ' ');
}

static void rb_strftime(Buf *b, const char *f, size_t flen, const Tm *t);

/* a composite directive (%c, %D, %F, ...): its expansion, upcased with
 * '^', padded to the width even with '-' */
static void put_composite(Buf *b, const char *fmt, int flags, int width, const Tm *t)
{
    Buf tmp = BUF_INIT;
    rb_strftime(&tmp, fmt, strlen(fmt), t);
    if (flags & F_UPPER)
        for (size_t i = 0; i < tmp.len; i++) tmp.s[i] = (char)toupper((unsigned char)tmp.s[i]);
    pad_out(b, tmp.s, tmp.len, flags & ~F_NOPAD, width, flags & F_ZERO ? '0' : ' ');
    buf_free(&tmp);
}

static void rb_strftime(Buf *b, const char *f, size_t flen, const Tm *t)
{
    for (size_t i = 0; i < flen; i++) {
        if (f[i] != '%' || i + 1 >= flen) {
            buf_addc(b, f[i]);
            continue;
        }
        size_t start = i++;
        int flags = 0, width = 0, colons = 0;
        for (; i < flen; i++) {
            if (f[i] == '-') flags |= F_NOPAD;
            else if (f[i] == '_') flags = (flags & ~F_ZERO) | F_SPACE;   /* the last padding flag wins */
            else if (f[i] == '0') flags = (flags & ~F_SPACE) | F_ZERO;
            else if (f[i] == '^') flags |= F_UPPER;
            else if (f[i] == '#') flags |= F_SWAP;
            else break;
        }
        int too_wide = 0;          /* Ruby prints a directive with a width over INT_MAX as text */
        while (i < flen && isdigit((unsigned char)f[i])) {
            if (width > (INT_MAX - 9) / 10) too_wide = 1;
            else width = width * 10 + (f[i] - '0');
            i++;
        }
        if (too_wide) {
            buf_add(b, f + start, i - start);
            i--;
            continue;
        }
        while (i < flen && f[i] == ':') colons++, i++;
        if (i < flen && (f[i] == 'E' || f[i] == 'O')) {
            /* locale modifiers, ignored where Ruby takes them; elsewhere the
             * directive is text (up to a '%', which starts the next one) */
            char m = f[i++];
            if (i < flen && !strchr(m == 'E' ? "cCxXyY" : "deHkIlmMSuUVwWy", f[i])) {
                size_t end = f[i] == '%' ? i : i + 1;
                buf_add(b, f + start, end - start);
                i = end - 1;
                continue;
            }
        }
        if (i >= flen) {
            buf_add(b, f + start, flen - start);
            break;
        }
        if (colons && f[i] != 'z') {   /* ':' only goes with %z */
            buf_add(b, f + start, i + 1 - start);
            continue;
        }
        int hour12 = t->hour % 12 == 0 ? 12 : t->hour % 12;
        int64_t iy;
        int iw;
        switch (f[i]) {
        case 'Y': put_num(b, t->year, flags, width, t->year < 0 ? 5 : 4, '0'); break;
        case 'C': put_num(b, (int64_t)floor_div(t->year, 100), flags, width, 2, '0'); break;
        case 'y': put_num(b, (t->year % 100 + 100) % 100, flags, width, 2, '0'); break;
        case 'm': put_num(b, t->mon, flags, width, 2, '0'); break;
        case 'd': put_num(b, t->mday, flags, width, 2, '0'); break;
        case 'e': put_num(b, t->mday, flags, width, 2, ' '); break;
        case 'j': put_num(b, t->yday, flags, width, 3, '0'); break;
        case 'H': put_num(b, t->hour, flags, width, 2, '0'); break;
        case 'k': put_num(b, t->hour, flags, width, 2, ' '); break;
        case 'I': put_num(b, hour12, flags, width, 2, '0'); break;
        case 'l': put_num(b, hour12, flags, width, 2, ' '); break;
        case 'M': put_num(b, t->min, flags, width, 2, '0'); break;
        case 'S': put_num(b, t->sec, flags, width, 2, '0'); break;
        case 'u': put_num(b, t->wday == 0 ? 7 : t->wday, flags, width, 1, '0'); break;
        case 'w': put_num(b, t->wday, flags, width, 1, '0'); break;
        case 'U': put_num(b, (t->yday - 1 + 7 - t->wday) / 7, flags, width, 2, '0'); break;
        case 'W': put_num(b, (t->yday - 1 + 7 - (t->wday + 6) % 7) / 7, flags, width, 2, '0'); break;
        case 'V': iso_week(t, &iy, &iw); put_num(b, iw, flags, width, 2, '0'); break;
        case 'G': iso_week(t, &iy, &iw); put_num(b, iy, flags, width, iy < 0 ? 5 : 4, '0'); break;
        case 'g': iso_week(t, &iy, &iw); put_num(b, (iy % 100 + 100) % 100, flags, width, 2, '0'); break;
        case 's': put_num(b, t->epoch_sec, flags, width, 1, '0'); break;
        case 'L': case 'N': {
            /* fractional seconds: width digits (3 for %L, 9 for %N), truncated or zero-filled */
            int digits = width > 0 ? width : f[i] == 'L' ? 3 : 9;
            char frac[16];
            snprintf(frac, sizeof frac, "%09lld", (long long)t->nsec);
            for (int k = 0; k < digits; k++) buf_addc(b, k < 9 ? frac[k] : '0');
            break;
        }
        case 'z': {
            int off = t->off, neg = off < 0;
            if (neg) off = -off;
            int hh = off / 3600, mm = off / 60 % 60, ss = off % 60;
            char tmp[32];
            int len;
            if (colons == 0) len = snprintf(tmp, sizeof tmp, "%02d%02d", hh, mm);
            else if (colons == 1) len = snprintf(tmp, sizeof tmp, "%02d:%02d", hh, mm);
            else len = snprintf(tmp, sizeof tmp, "%02d:%02d:%02d", hh, mm, ss);
            if (flags & F_SPACE) {   /* the hours space-padded, the sign with them */
                char sp[40];
                int sl = snprintf(sp, sizeof sp, "%c%d%s", neg ? '-' : '+', hh, tmp + 2);
                int w = width > 0 ? width : len + 1;
                for (int k = sl; k < w; k++) buf_addc(b, ' ');
                buf_add(b, sp, (size_t)sl);
                break;
            }
            buf_addc(b, neg ? '-' : '+');
            for (int k = len + 1; k < width; k++) buf_addc(b, '0');
            buf_add(b, tmp, (size_t)len);
            break;
        }
        case 'Z': if (t->utc) put_word(b, "UTC", flags, width, 1); break;   /* no zone at an offset: nothing */
        case 'A': put_word(b, day_names[t->wday], flags, width, 0); break;
        case 'a': {
            char ab[4] = {day_names[t->wday][0], day_names[t->wday][1], day_names[t->wday][2], 0};
            put_word(b, ab, flags, width, 0);
            break;
        }
        case 'B': put_word(b, month_names[t->mon - 1], flags, width, 0); break;
        case 'b': case 'h': {
            char ab[4] = {month_names[t->mon - 1][0], month_names[t->mon - 1][1], month_names[t->mon - 1][2], 0};
            put_word(b, ab, flags, width, 0);
            break;
        }
        case 'p': put_word(b, t->hour < 12 ? "AM" : "PM", flags, width, 1); break;
        case 'P': put_word(b, t->hour < 12 ? "am" : "pm", flags & F_SWAP ? (flags & ~F_SWAP) | F_UPPER : flags, width, 1); break;
        case 'c': put_composite(b, "%a %b %e %H:%M:%S %Y", flags, width, t); break;
        case 'D': case 'x': put_composite(b, "%m/%d/%y", flags, width, t); break;
        case 'F': put_composite(b, "%Y-%m-%d", flags, width, t); break;
        case 'T': case 'X': put_composite(b, "%H:%M:%S", flags, width, t); break;
        case 'R': put_composite(b, "%H:%M", flags, width, t); break;
        case 'r': put_composite(b, "%I:%M:%S %p", flags, width, t); break;
        case 'v': put_composite(b, "%e-%^b-%4Y", flags, width, t); break;
        case 'n': put_word(b, "\n", flags, width, 0); break;
        case 't': put_word(b, "\t", flags, width, 0); break;
        case '%': put_word(b, "%", flags, width, 0); break;
        default: buf_add(b, f + start, i + 1 - start); break;   /* not a directive: as written */
        }
    }
}

/* ---- time zones (Ruby's Date zone names and offsets) ---- */

/* Ruby's zone table (date/zonetab.list): name, minutes east of UTC */
static const struct { const char *name; int minutes; } zones[] = {
    {"acdt", 630}, {"acst", 570}, {"act", -300}, {"acwst", 525}, {"adt", -180}, {"aedt", 660}, {"aest", 600},
    {"afghanistan", 270}, {"aft", 270}, {"ahst", -600}, {"akdt", -480}, {"akst", -540}, {"alaskan", -540},
    {"almt", 360}, {"anast", 720}, {"anat", 720}, {"aoe", -720}, {"aqtt", 300}, {"arab", 180}, {"arabian", 240},
    {"arabic", 180}, {"art", -180}, {"ast", -240}, {"at", -120}, {"atlantic", -240}, {"awdt", 540}, {"awst", 480},
    {"azores", -60}, {"azost", 0}, {"azot", -60}, {"azst", 300}, {"azt", 240}, {"bnt", 480}, {"bot", -240},
    {"brst", -120}, {"brt", -180}, {"bst", 60}, {"bt", 180}, {"btt", 360}, {"cast", 480}, {"cat", 120},
    {"caucasus", 240}, {"cct", 390}, {"cdt", -300}, {"central", -360}, {"cest", 120}, {"cet", 60}, {"chadt", 825},
    {"chast", 765}, {"china", 480}, {"chost", 540}, {"chot", 480}, {"chst", 600}, {"chut", 600}, {"cist", -300},
    {"ckt", -600}, {"clst", -180}, {"clt", -240}, {"cot", -300}, {"cst", -360}, {"cvt", -60}, {"cxt", 420},
    {"dateline", -720}, {"davt", 420}, {"ddut", 600}, {"eadt", 660}, {"easst", -300}, {"east", -360},
    {"eastern", -300}, {"eat", 180}, {"ect", -300}, {"edt", -240}, {"eest", 180}, {"eet", 120}, {"egst", 0},
    {"egt", -60}, {"egypt", 120}, {"ekaterinburg", 300}, {"est", -300}, {"fet", 180}, {"fiji", 720}, {"fjst", 780},
    {"fjt", 720}, {"fkst", -180}, {"fkt", -240}, {"fle", 120}, {"fnt", -120}, {"fst", 120}, {"fwt", 60},
    {"galt", -360}, {"gamt", -540}, {"get", 240}, {"gft", -180}, {"gilt", 720}, {"gmt", 0}, {"greenland", -180},
    {"greenwich", 0}, {"gst", 600}, {"gtb", 120}, {"gyt", -240}, {"hadt", -540}, {"hast", -600}, {"hawaiian", -600},
    {"hdt", -540}, {"hkt", 480}, {"hovst", 480}, {"hovt", 420}, {"hst", -600}, {"ict", 420}, {"idle", 720},
    {"idlw", -720}, {"idt", 180}, {"india", 330}, {"iot", 360}, {"iran", 210}, {"irdt", 270}, {"irkst", 540},
    {"irkt", 480}, {"irst", 210}, {"ist", 330}, {"jerusalem", 120}, {"jst", 540}, {"kgt", 360}, {"korea", 540},
    {"kost", 660}, {"krast", 480}, {"krat", 420}, {"kst", 540}, {"kuyt", 240}, {"lhdt", 660}, {"lhst", 630},
    {"lint", 840}, {"magst", 720}, {"magt", 660}, {"mart", -510}, {"mawt", 300}, {"mdt", -360}, {"mest", 120},
    {"mesz", 120}, {"met", 60}, {"mewt", 60}, {"mexico", -360}, {"mez", 60}, {"mht", 720}, {"mmt", 390},
    {"mountain", -420}, {"msd", 240}, {"msk", 180}, {"mst", -420}, {"mut", 240}, {"mvt", 300}, {"myanmar", 390},
    {"myt", 480}, {"nct", 660}, {"ndt", -90}, {"nepal", 345}, {"newfoundland", -210}, {"nfdt", 720}, {"nft", 660},
    {"novst", 420}, {"novt", 420}, {"npt", 345}, {"nrt", 720}, {"nst", -150}, {"nt", -660}, {"nut", -660},
    {"nzdt", 780}, {"nzst", 720}, {"nzt", 720}, {"omsst", 420}, {"omst", 360}, {"orat", 300}, {"pacific", -480},
    {"pdt", -420}, {"pet", -300}, {"petst", 720}, {"pett", 720}, {"pgt", 600}, {"phot", 780}, {"pht", 480},
    {"pkt", 300}, {"pmdt", -120}, {"pmst", -180}, {"pont", 660}, {"pst", -480}, {"pwt", 540}, {"pyst", -180},
    {"qyzt", 360}, {"ret", 240}, {"romance", 60}, {"rott", -180}, {"russian", 180}, {"sakt", 660}, {"samoa", -660},
    {"samt", 240}, {"sast", 120}, {"sbt", 660}, {"sct", 240}, {"sgt", 480}, {"sret", 660}, {"srt", -180},
    {"sst", -660}, {"swt", 60}, {"syot", 180}, {"taht", -600}, {"taipei", 480}, {"tasmania", 600}, {"tft", 300},
    {"tjt", 300}, {"tkt", 780}, {"tlt", 540}, {"tmt", 300}, {"tokyo", 540}, {"tonga", 780}, {"tost", 840},
    {"tot", 780}, {"trt", 180}, {"tvt", 720}, {"ulast", 540}, {"ulat", 480}, {"ut", 0}, {"utc", 0}, {"uyst", -120},
    {"uyt", -180}, {"uzt", 300}, {"vet", -240}, {"vladivostok", 600}, {"vlast", 660}, {"vlat", 600}, {"vost", 360},
    {"vut", 660}, {"wadt", 480}, {"wakt", 720}, {"warst", -180}, {"wast", 120}, {"wat", 60}, {"west", 60},
    {"wet", 0}, {"wft", 720}, {"wgst", -120}, {"wgt", -180}, {"wib", 420}, {"wit", 540}, {"wita", 480}, {"wt", 0},
    {"yakst", 600}, {"yakt", 540}, {"yakutsk", 540}, {"yapt", 600}, {"ydt", -480}, {"yekst", 360}, {"yekt", 300},
    {"yst", -540},
};

/* Ruby's date_zone_to_diff: the offset in seconds of a zone text
 * ("UTC", "EST", "+01:00", "-0530", "GMT+2", "CET dst"); 0 when unknown. */
static int zone_offset(const char *z, size_t len, int *off)
{
    char s[64];
    size_t n = 0;
    for (size_t i = 0; i < len && n + 1 < sizeof s; i++) {   /* lower case, blanks squeezed */
        char ch = (char)tolower((unsigned char)z[i]);
        if (isspace((unsigned char)ch)) {
            if (n && s[n - 1] == ' ') continue;
            ch = ' ';
        }
        s[n++] = ch;
    }
    s[n] = '\0';
    int dst = 0;
    if (n > 4 && !strcmp(s + n - 4, " dst")) dst = 1, s[n -= 4] = '\0';
    else if (n > 14 && !strcmp(s + n - 14, " standard time")) s[n -= 14] = '\0';
    else if (n > 14 && !strcmp(s + n - 14, " daylight time")) dst = 1, s[n -= 14] = '\0';
    for (size_t i = 0; i < ARRAY_LEN(zones); i++)
        if (!strcmp(s, zones[i].name)) {
            *off = zones[i].minutes * 60 + (dst ? 3600 : 0);
            return 1;
        }
    if (n == 1 && s[0] >= 'a' && s[0] <= 'z' && s[0] != 'j') {   /* military zones */
        int k = s[0] - 'a' + 1;
        if (s[0] > 'j') k--;
        *off = s[0] == 'z' ? 0 : (k <= 12 ? k : -(k - 12)) * 3600;
        return 1;
    }
    const char *p = s;
    if (!strncmp(p, "gmt", 3) || !strncmp(p, "utc", 3)) p += 3;
    else if (!strncmp(p, "ut", 2)) p += 2;
    if (*p != '+' && *p != '-') return 0;
    int sign = *p++ == '-' ? -1 : 1;
    const char *d = p;
    while (isdigit((unsigned char)*p)) p++;
    size_t nd = (size_t)(p - d);
    if (!nd) return 0;
    long h = 0, m = 0, sec = 0;
    if (*p == ':') {
        h = strtol(d, NULL, 10);
        m = strtol(p + 1, (char **)&p, 10);
        if (*p == ':') sec = strtol(p + 1, (char **)&p, 10);
    } else if (*p == ',' || *p == '.') {
        char buf[40];
        snprintf(buf, sizeof buf, "%.*s.%s", (int)nd, d, p + 1);
        double hours = strtod(buf, NULL);
        *off = sign * (int)lround(hours * 3600);
        return 1;
    } else {
        char hb[3] = {0}, mb[3] = {0}, sb[3] = {0};
        if (nd <= 2) memcpy(hb, d, nd);
        else if (nd == 3) hb[0] = d[0], memcpy(mb, d + 1, 2);
        else if (nd == 4) memcpy(hb, d, 2), memcpy(mb, d + 2, 2);
        else if (nd == 5) hb[0] = d[0], memcpy(mb, d + 1, 2), memcpy(sb, d + 3, 2);
        else memcpy(hb, d, 2), memcpy(mb, d + 2, 2), memcpy(sb, d + 4, 2);
        h = atol(hb), m = atol(mb), sec = atol(sb);
    }
    *off = sign * (int)(h * 3600 + m * 60 + sec);
    return 1;
}

/* ---- Ruby's Date._strptime ---- */

typedef struct Parsed {
    int has_year, has_cent, merid;         /* merid: 0 none, 1 am, 2 pm */
    int64_t year, cent;
    int mon, mday, hour, min, sec;         /* -1: not parsed */
    int64_t frac_ns;
    const char *zone;                      /* NULL: no zone */
    size_t zone_len;
} Parsed;

/* Whether the format at f[i] goes on with a number (Ruby's NUM_PATTERN_P):
 * then a number directive reads a fixed count of digits. */
static int num_pattern(const char *f, size_t i, size_t flen)
{
    if (i >= flen) return 0;
    if (isdigit((unsigned char)f[i])) return 1;
    return f[i] == '%' && i + 1 < flen && (isdigit((unsigned char)f[i + 1]) || strchr("CDdeFGgHIjkLlMmNQRrSsTUuVvWwXxYy", f[i + 1]));
}

/* up to max digits (max 0: any number) at s[*si]; how many were read */
static int read_digits(const char *s, size_t slen, size_t *si, int max, int64_t *out)
{
    int n = 0;
    int64_t v = 0;
    while (*si < slen && isdigit((unsigned char)s[*si]) && (max == 0 || n < max)) {
        if (v < INT64_MAX / 10 - 10) v = v * 10 + (s[*si] - '0');
        (*si)++, n++;
    }
    *out = v;
    return n;
}

static int read_sign(const char *s, size_t slen, size_t *si)
{
    if (*si < slen && (s[*si] == '+' || s[*si] == '-')) return s[(*si)++] == '-' ? -1 : 1;
    return 1;
}

/* a number of 1..width digits in lo..hi, after one optional blank when blank is set */
static int read_field(const char *s, size_t slen, size_t *si, int width, int lo, int hi, int blank, int *out)
{
    int64_t v;
    int w = width;
    if (blank && *si < slen && s[*si] == ' ') (*si)++, w = width - 1;
    if (!read_digits(s, slen, si, w, &v) || v < lo || v > hi) return 0;
    *out = (int)v;
    return 1;
}

/* a word of the list (full names, or their first three letters), any case */
static int read_name(const char *s, size_t slen, size_t *si, const char *const *names, int n, int *out)
{
    for (int full = 1; full >= 0; full--)
        for (int k = 0; k < n; k++) {
            size_t l = full ? strlen(names[k]) : 3;
            if (*si + l <= slen && !strncasecmp(s + *si, names[k], l)) {
                *si += l;
                *out = k;
                return 1;
            }
        }
    return 0;
}

/* a zone at s[*si]: "[gmt|utc]+hh[:mm[:ss]]" (or ',' '.' fractions) or a
 * word, with " dst" after it */
static int read_zone(const char *s, size_t slen, size_t *si)
{
    size_t i = *si;
    if (i + 3 <= slen && (!strncasecmp(s + i, "gmt", 3) || !strncasecmp(s + i, "utc", 3))) i += 3;
    else if (i + 2 <= slen && !strncasecmp(s + i, "ut", 2)) i += 2;
    if (i < slen && (s[i] == '+' || s[i] == '-') && i + 1 < slen && isdigit((unsigned char)s[i + 1])) {
        for (i++; i < slen && isdigit((unsigned char)s[i]); i++) {}
        if (i + 1 < slen && strchr(",.:", s[i]) && isdigit((unsigned char)s[i + 1])) {
            int colon = s[i] == ':';
            for (i++; i < slen && isdigit((unsigned char)s[i]); i++) {}
            if (colon && i + 1 < slen && s[i] == ':' && isdigit((unsigned char)s[i + 1]))
                for (i++; i < slen && isdigit((unsigned char)s[i]); i++) {}
        }
        *si = i;
        return 1;
    }
    /* "<words> standard time" or "<words> daylight time" */
    i = *si;
    while (i < slen && (isalpha((unsigned char)s[i]) || s[i] == '.' || isspace((unsigned char)s[i]))) i++;
    for (size_t k = i; k > *si; k--) {
        size_t at = k - 1;
        if (at == *si || at + 8 > slen) continue;
        if (strncasecmp(s + at, "standard", 8) && strncasecmp(s + at, "daylight", 8)) continue;
        size_t e = at + 8, sp = e;
        while (e < slen && isspace((unsigned char)s[e])) e++;
        if (e == sp || e + 4 > slen || strncasecmp(s + e, "time", 4)) continue;
        if (e + 4 < slen && (isalnum((unsigned char)s[e + 4]) || s[e + 4] == '_')) continue;
        *si = e + 4;
        return 1;
    }
    i = *si;
    while (i < slen && isalpha((unsigned char)s[i])) i++;
    if (i == *si) return 0;
    if (i + 4 <= slen && isspace((unsigned char)s[i]) && !strncasecmp(s + i + 1, "dst", 3) &&
        (i + 4 == slen || !isalnum((unsigned char)s[i + 4])))
        i += 4;
    else if (i < slen && (isalnum((unsigned char)s[i]) || s[i] == '_'))
        return 0;
    *si = i;
    return 1;
}

static int strptime_at(const char *s, size_t slen, size_t *si, const char *f, size_t flen, Parsed *p)
{
    for (size_t fi = 0; fi < flen; fi++) {
        if (isspace((unsigned char)f[fi])) {
            while (*si < slen && isspace((unsigned char)s[*si])) (*si)++;
            continue;
        }
        if (f[fi] != '%' || fi + 1 >= flen) {
            if (*si >= slen || s[*si] != f[fi]) return 0;
            (*si)++;
            continue;
        }
        fi++;
        size_t colons = 0;
        while (fi + colons < flen && f[fi + colons] == ':') colons++;
        if (colons && colons <= 3 && fi + colons < flen && f[fi + colons] == 'z') fi += colons;   /* %:z %::z %:::z */
        if ((f[fi] == 'E' || f[fi] == 'O') && fi + 1 < flen && strchr("cCxXyYdeHImMSuUVwWy", f[fi + 1])) fi++;
        int64_t v;
        int iv, sign;
        const char *sub = NULL;
        switch (f[fi]) {
        case 'Y':
            sign = read_sign(s, slen, si);
            if (!read_digits(s, slen, si, num_pattern(f, fi + 1, flen) ? 4 : 0, &v)) return 0;
            p->year = sign * v, p->has_year = 1;
            break;
        case 'C':
            sign = read_sign(s, slen, si);
            if (!read_digits(s, slen, si, num_pattern(f, fi + 1, flen) ? 2 : 0, &v)) return 0;
            p->cent = sign * v, p->has_cent = 1;
            break;
        case 'y':
            if (!read_field(s, slen, si, 2, 0, 99, 0, &iv)) return 0;
            p->year = iv, p->has_year = 1;
            if (!p->has_cent) p->cent = iv >= 69 ? 19 : 20, p->has_cent = 1;
            break;
        case 'm': if (!read_field(s, slen, si, 2, 1, 12, 0, &p->mon)) return 0; break;
        case 'd': case 'e': if (!read_field(s, slen, si, 2, 1, 31, 1, &p->mday)) return 0; break;
        case 'H': case 'k': if (!read_field(s, slen, si, 2, 0, 24, 1, &p->hour)) return 0; break;
        case 'I': case 'l': if (!read_field(s, slen, si, 2, 1, 12, 1, &p->hour)) return 0; break;
        case 'M': if (!read_field(s, slen, si, 2, 0, 59, 0, &p->min)) return 0; break;
        case 'S': if (!read_field(s, slen, si, 2, 0, 60, 0, &p->sec)) return 0; break;
        case 'j': if (!read_field(s, slen, si, 3, 1, 366, 0, &iv)) return 0; break;
        case 'u': if (!read_field(s, slen, si, 1, 1, 7, 0, &iv)) return 0; break;
        case 'w': if (!read_field(s, slen, si, 1, 0, 6, 0, &iv)) return 0; break;
        case 'U': case 'W': if (!read_field(s, slen, si, 2, 0, 53, 0, &iv)) return 0; break;
        case 'V': if (!read_field(s, slen, si, 2, 1, 53, 0, &iv)) return 0; break;
        case 'g': if (!read_field(s, slen, si, 2, 0, 99, 0, &iv)) return 0; break;
        case 'G':
            read_sign(s, slen, si);
            if (!read_digits(s, slen, si, num_pattern(f, fi + 1, flen) ? 4 : 0, &v)) return 0;
            break;
        case 's': case 'Q':
            read_sign(s, slen, si);
            if (!read_digits(s, slen, si, 0, &v)) return 0;
            break;
        case 'L': case 'N': {
            sign = read_sign(s, slen, si);
            size_t from = *si;
            int n = read_digits(s, slen, si, num_pattern(f, fi + 1, flen) ? (f[fi] == 'L' ? 3 : 9) : 0, &v);
            if (!n) return 0;
            int64_t ns = 0;
            for (int k = 0; k < 9; k++) ns = ns * 10 + (k < n ? s[from + (size_t)k] - '0' : 0);
            p->frac_ns = sign * ns;
            break;
        }
        case 'A': case 'a': if (!read_name(s, slen, si, day_names, 7, &iv)) return 0; break;
        case 'B': case 'b': case 'h':
            if (!read_name(s, slen, si, month_names, 12, &iv)) return 0;
            p->mon = iv + 1;
            break;
        case 'p': case 'P': {
            static const char *const m[] = {"a.m.", "p.m.", "am", "pm"};
            int k;
            for (k = 0; k < 4; k++)
                if (*si + strlen(m[k]) <= slen && !strncasecmp(s + *si, m[k], strlen(m[k]))) break;
            if (k == 4) return 0;
            *si += strlen(m[k]);
            p->merid = k % 2 ? 2 : 1;
            break;
        }
        case 'Z': case 'z': {
            size_t from = *si;
            if (!read_zone(s, slen, si)) return 0;
            p->zone = s + from, p->zone_len = *si - from;
            break;
        }
        case 'c': sub = "%a %b %e %H:%M:%S %Y"; break;
        case 'D': case 'x': sub = "%m/%d/%y"; break;
        case 'F': sub = "%Y-%m-%d"; break;
        case 'T': case 'X': sub = "%H:%M:%S"; break;
        case 'R': sub = "%H:%M"; break;
        case 'r': sub = "%I:%M:%S %p"; break;
        case 'v': sub = "%e-%b-%Y"; break;
        case '+': sub = "%a %b %e %H:%M:%S %Z %Y"; break;
        case 'n': case 't': sub = " "; break;
        case '%':
            if (*si >= slen || s[*si] != '%') return 0;
            (*si)++;
            break;
        default:
            if (*si + 1 >= slen || s[*si] != '%' || s[*si + 1] != f[fi]) return 0;
            *si += 2;
            break;
        }
        if (sub && !strptime_at(s, slen, si, sub, strlen(sub), p)) return 0;
    }
    return 1;
}

/* Date._strptime(s, f): 0 when s does not match; *leftover when text is
 * left after the match. */
static int rb_strptime(const char *s, size_t slen, const char *f, Parsed *p, int *leftover)
{
    memset(p, 0, sizeof *p);
    p->mon = p->mday = p->hour = p->min = p->sec = -1;
    size_t si = 0;
    if (!strptime_at(s, slen, &si, f, strlen(f), p)) return 0;
    if (p->has_cent && p->has_year) p->year += p->cent * 100;
    if (p->merid && p->hour >= 0) p->hour = p->hour % 12 + (p->merid == 2 ? 12 : 0);
    *leftover = si < slen;
    return 1;
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
    if (!read_zone(tz, len, &si) || !zone_offset(tz, si, &off)) cmp_fail(c, at, "Illegal timezone '%s'", tz);
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
    Parsed p;
    int ok = 0, leftover;
    size_t slen = strlen(str);
    if (single) {
        if (!rb_strptime(str, slen, formats[0], &p, &leftover) || leftover)
            cmp_fail(c, at, "Unable to parse '%s' using format '%s'", str, formats[0]);
        if (has_tz && p.zone)
            cmp_fail(c, at, "Using a Timezone designator in format specification is mutually exclusive to providing an explicit timezone argument");
        ok = 1;
    } else {
        for (size_t i = 0; i < nf && !ok; i++)
            ok = rb_strptime(str, slen, formats[i], &p, &leftover) && !leftover && !(has_tz && p.zone);
        if (!ok) cmp_fail(c, at, "Unable to parse '%s' using any of the formats %s", str, join_formats(c, formats, nf));
    }
    if (!has_tz && p.zone) tz = arena_strndup(A, p.zone, p.zone_len), has_tz = 1;
    /* Time.utc(year, mon, mday, hour, min, sec, usec): a missing year is nil */
    if (!p.has_year) cmp_fail(c, at, "no implicit conversion of nil into Integer");
    if (p.year > 100000000000LL || p.year < -100000000000LL) cmp_fail(c, at, "year too big to marshal: %lld UTC", (long long)p.year);
    int64_t days = days_from_civil(p.year, p.mon < 0 ? 1 : p.mon, 1) + (p.mday < 0 ? 0 : p.mday - 1);
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
    Tm t;
    if (tz && *tz) {
        /* Puppet's convert_timezone keeps the offset to whole minutes */
        int off = tz_offset(c, at, tz);
        off = off < 0 ? -(-off / 60 * 60) : off / 60 * 60;
        tm_break(&t, val_time_ns(ts), off, 0);
    } else {
        tm_break(&t, val_time_ns(ts), 0, 1);
    }
    check_widths(c, at, fmt, flen);
    rb_strftime(b, fmt, flen, &t);
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
    Regex *rx = re_get(buf_cstr(&re), NULL);
    buf_free(&re);
    size_t slen = strlen(str);
    int ncap = (int)sf->n + 1;
    int *caps = ARENA_NEWN(A, int, 2 * (size_t)ncap);
    if (!rx || !re_search(rx, str, slen, 0, caps, &ncap)) return 0;
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
            vv_push(&k, type_arg(c, p));
            skip_ws(p);
            *p += 2;                                         /* => */
            vv_push(&v, type_arg(c, p));
            skip_ws(p);
            if (**p == ',') (*p)++;
        }
        (*p)++;
        Value *h = val_hash(A, k.v, v.v, k.n);
        vv_free(&k), vv_free(&v);
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
            vv_push(&args, type_arg(c, p));
            skip_ws(p);
            if (**p == ',') (*p)++;
        }
        (*p)++;
    }
    Value *t = val_type(A, name, args.v, args.n);
    vv_free(&args);
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
            if (cmp_type_match(c, t, args[k])) continue;
            if (!strcmp(g->types[k], "Formats")) {
                why[i] = arena_printf(A, "parameter '%s' expects a %s value, got %s", g->names[k], FORMATS_T, fn_got_type(&cc, args[k]));
                continue;
            }
            CmpFaults f = {0};
            cmp_fault_mismatch(c, &f, t, args[k], arena_printf(A, "parameter '%s'", g->names[k]));
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
