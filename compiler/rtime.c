/*
 * rtime.c - Ruby's Time#strftime and Date._strptime, as Puppet's Timestamp
 * reaches them: Puppet formats a Ruby Time object (in UTC or at a fixed
 * offset) and parses by feeding Date._strptime's fields to Time.utc.  Both
 * work on a moment broken down into calendar fields (RTime, from a count
 * of nanoseconds by rtime_break); strftime walks the format with Ruby's
 * flags ('-', '_', '0', '^', '#'), widths and composite directives, and
 * strptime matches directive by directive, reading fixed digit counts
 * where a number follows a number (Ruby's NUM_PATTERN_P).  Zone names
 * and offsets are Ruby's date/zonetab.list.
 */
#include "compiler/rtime.h"
#include "catalog/value.h"
#include "base/util.h"
#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- calendar ---- */

int64_t rtime_days_from_civil(int64_t y, int64_t m, int64_t d)
{
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static int is_leap(int64_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }


void rtime_break(RTime *t, __int128 ns, int off, int utc)
{
    __int128 sec = ns / 1000000000 - (ns % 1000000000 < 0);
    t->nsec = (int64_t)(ns - sec * 1000000000);
    t->epoch_sec = (int64_t)sec;
    t->off = off;
    t->utc = utc;
    int64_t local;
    if (__builtin_add_overflow((int64_t)sec, (int64_t)off, &local)) local = (int64_t)sec;
    int64_t days = local / 86400 - (local % 86400 < 0), secs = local - days * 86400;
    val_civil_date(days, &t->year, &t->mon, &t->mday);
    t->hour = (int)(secs / 3600), t->min = (int)(secs / 60 % 60), t->sec = (int)(secs % 60);
    t->wday = (int)(((days % 7) + 11) % 7);          /* 1970-01-01 was a Thursday */
    t->yday = (int)(days - rtime_days_from_civil(t->year, 1, 1) + 1);
}

/* ISO 8601 week-based year and week of t */
static void iso_week(const RTime *t, int64_t *year, int *week)
{
    int wd = (t->wday + 6) % 7 + 1;                  /* Monday 1 .. Sunday 7 */
    int w = (t->yday - wd + 10) / 7;
    int64_t y = t->year;
    if (w < 1) {
        y--;
        int jan1 = (int)(((rtime_days_from_civil(y, 1, 1) % 7) + 11) % 7);   /* wday of Jan 1st */
        w = (jan1 == 4 || (jan1 == 3 && is_leap(y))) ? 53 : 52;
    } else if (w == 53) {
        int jan1 = (int)(((rtime_days_from_civil(y, 1, 1) % 7) + 11) % 7);
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

/* a composite directive (%c, %D, %F, ...): its expansion, upcased with
 * '^', padded to the width even with '-' */
static void put_composite(Buf *b, const char *fmt, int flags, int width, const RTime *t)
{
    Buf tmp = BUF_INIT;
    rtime_strftime(&tmp, fmt, strlen(fmt), t);
    if (flags & F_UPPER)
        for (size_t i = 0; i < tmp.len; i++) tmp.s[i] = (char)toupper((unsigned char)tmp.s[i]);
    pad_out(b, tmp.s, tmp.len, flags & ~F_NOPAD, width, flags & F_ZERO ? '0' : ' ');
    buf_free(&tmp);
}

void rtime_strftime(Buf *b, const char *f, size_t flen, const RTime *t)
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
        case 'C': put_num(b, t->year / 100 - (t->year % 100 < 0), flags, width, 2, '0'); break;
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
int rtime_zone_offset(const char *z, size_t len, int *off)
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
int rtime_read_zone(const char *s, size_t slen, size_t *si)
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

static int strptime_at(const char *s, size_t slen, size_t *si, const char *f, size_t flen, RTimeFields *p)
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
            if (!rtime_read_zone(s, slen, si)) return 0;
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
int rtime_strptime(const char *s, size_t slen, const char *f, RTimeFields *p, int *leftover)
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
