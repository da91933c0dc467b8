/*
 * rubyval.c - Ruby's view of Puppet values (see rubyval.h): inspect, to_s,
 * class names, <=>, Integer()/Float() parsing, Float#to_s; Kernel#format
 * is rubyfmt.c.
 *
 * A dialect says whose Ruby values these are, where Puppet really shows
 * them differently (the accidental differences are gone):
 *  - RV_FN, a function's argument (Puppet 4 API): a String is UTF-8, so
 *    inspect decodes it ("b\ac\u007F", an invalid byte "\xFF"); a regexp
 *    inspects as /re/, default as :default; a resource reference's class
 *    is Puppet::Pops::Types::PResourceType.
 *  - RV_FN3, after Puppet's 3.x argument conversion: a regexp has become
 *    its string ("\"/re/\""), a resource reference a Puppet::Resource.
 *  - RV_HIERA, Hiera interpolation: strings are inspected byte by byte
 *    (DEL is "\x7F") and every other value prints by Puppet's to_s
 *    (Integer[1], not Puppet::Pops::Types::PIntegerType).
 *  - RV_AGENT, the agent's log (notify's message): a Float by Float#to_s,
 *    an array's to_s its elements joined by spaces, a Sensitive value
 *    "Sensitive [value redacted]", strings as RV_FN.
 */
#include "catalog/rubyval.h"
#include "catalog/semver.h"
#include "base/utf8.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_num(const Value *v) { return v->kind == V_INT || v->kind == V_FLOAT; }
static double num(const Value *v) { return v->kind == V_INT ? (double)v->i : v->f; }

/* ---- String#inspect ---- */

void rv_inspect_str(Buf *b, const char *s, size_t len, RvDialect d)
{
    int utf8 = d != RV_HIERA;
    buf_addc(b, '"');
    for (size_t i = 0; i < len;) {
        long cp;
        size_t l = 1;
        unsigned char c = (unsigned char)s[i];
        if (utf8) l = utf8_decode(s + i, len - i, &cp);
        else cp = c < 0x80 ? c : 0x80;
        if (utf8 && cp < 0) buf_printf(b, "\\x%02X", c);
        else if (c == '"' || c == '\\') { buf_addc(b, '\\'); buf_addc(b, (char)c); }
        else if (c == '#' && i + 1 < len && strchr("{$@", s[i + 1]) && (utf8 || s[i + 1])) buf_adds(b, "\\#");
        else if (c == '\n') buf_adds(b, "\\n");
        else if (c == '\t') buf_adds(b, "\\t");
        else if (c == '\r') buf_adds(b, "\\r");
        else if (c == 033) buf_adds(b, "\\e");
        else if (c == '\f') buf_adds(b, "\\f");
        else if (c == '\v') buf_adds(b, "\\v");
        else if (c == '\b') buf_adds(b, "\\b");
        else if (c == '\a') buf_adds(b, "\\a");
        else if (c == 0x7f && d == RV_HIERA) buf_adds(b, "\\x7F");
        else if (cp < 0x20 || cp == 0x7f) buf_printf(b, "\\u%04lX", cp);
        else buf_add(b, s + i, l);
        i += l;
    }
    buf_addc(b, '"');
}

/* Ruby's Float#to_s (Puppet prints floats with it): the shortest digits
 * that read back to the same double, in fixed notation with at least ".0"
 * unless the decimal point would sit before the fourth place after it
 * (1.5e-05) or beyond the sixteenth digit (1.0e+15, 9.999999999999998e+15;
 * but 1234567890123456.8, which needs all seventeen digits). */
/* The digits of f when it is a time measured in nanoseconds (k / 1e9 for
 * a whole k of at most 15 digits, as the run report's durations are):
 * k's digits without its trailing zeros, which are the fewest that read
 * back (no two decimals of at most 15 digits read back to one double), so
 * the same as the search below finds, without printf.  0 when f is not
 * one. */
static int ns_digits(double f, char digits[24], size_t *nd, int *decpt)
{
    if (!(f > 0 && f < 1e6)) return 0;
    long long k = llround(f * 1e9);
    if (k <= 0 || k >= 1000000000000000LL || (double)k / 1e9 != f) return 0;
    char rev[24];
    int n = 0;
    for (long long v = k; v; v /= 10) rev[n++] = (char)('0' + v % 10);
    *decpt = n - 9;                                   /* k * 10^-9 = 0.DIGITS * 10^(n - 9) */
    int z = 0;
    while (z < n - 1 && rev[z] == '0') z++;
    *nd = (size_t)(n - z);
    for (int i = 0; i < n - z; i++) digits[i] = rev[n - 1 - i];
    return 1;
}

void rv_float_to_s(Buf *b, double f)
{
    if (isnan(f)) {
        buf_adds(b, "NaN");
        return;
    }
    if (isinf(f)) {
        buf_adds(b, f < 0 ? "-Infinity" : "Infinity");
        return;
    }
    char digits[24];
    size_t nd = 0;
    int decpt;
    if (!ns_digits(f, digits, &nd, &decpt)) {
        /* the fewest digits that read back: a binary search over 1..17 (17
         * always do), since whatever rounds back at p digits does at p + 1;
         * measured times need 15 or more, so 15 is tried first */
        char tmp[40], probe[40];
        int lo = 1, hi = 17, mid = 15, found = 0;
        while (lo < hi) {
            snprintf(probe, sizeof probe, "%.*e", mid - 1, f);
            if (strtod(probe, NULL) == f) {
                hi = mid;
                found = mid;
                memcpy(tmp, probe, sizeof tmp);
            } else {
                lo = mid + 1;
            }
            mid = (lo + hi) / 2;
        }
        if (found != lo) snprintf(tmp, sizeof tmp, "%.*e", lo - 1, f);
        const char *p = tmp;
        if (*p == '-') buf_addc(b, *p++);
        for (; *p && *p != 'e'; p++)
            if (*p != '.') digits[nd++] = *p;
        while (nd > 1 && digits[nd - 1] == '0') nd--;
        decpt = f == 0 ? 1 : atoi(p + 1) + 1;         /* digits[0] sits before it */
    }
    if (decpt < -3 || decpt > 16 || (decpt == 16 && nd <= 16)) {
        buf_addc(b, digits[0]);
        buf_addc(b, '.');
        if (nd > 1) buf_add(b, digits + 1, nd - 1);
        else buf_addc(b, '0');
        int e = decpt - 1, ae = e < 0 ? -e : e;       /* "e%+03d" */
        buf_addc(b, 'e');
        buf_addc(b, e < 0 ? '-' : '+');
        if (ae >= 100) buf_addc(b, (char)('0' + ae / 100));
        buf_addc(b, (char)('0' + ae / 10 % 10));
        buf_addc(b, (char)('0' + ae % 10));
    } else if (decpt <= 0) {                          /* 0.001 */
        buf_adds(b, "0.");
        for (int i = decpt; i < 0; i++) buf_addc(b, '0');
        buf_add(b, digits, nd);
    } else if ((size_t)decpt >= nd) {                 /* 100.0 */
        buf_add(b, digits, nd);
        for (size_t i = nd; i < (size_t)decpt; i++) buf_addc(b, '0');
        buf_adds(b, ".0");
    } else {                                          /* 2.5 */
        buf_add(b, digits, (size_t)decpt);
        buf_addc(b, '.');
        buf_add(b, digits + decpt, nd - (size_t)decpt);
    }
}

/* ---- inspect and to_s ---- */

void rv_to_s(Buf *b, const Value *v, RvDialect d)
{
    if (d == RV_AGENT) {            /* Puppet.notice: arrays flattened, joined by spaces */
        switch (v->kind) {
        case V_STR: buf_adds(b, v->str.s); return;
        case V_UNDEF: return;
        case V_FLOAT: rv_float_to_s(b, v->f); return;
        case V_ARRAY:
            for (size_t i = 0; i < v->arr.n; i++) {
                if (i) buf_addc(b, ' ');
                rv_to_s(b, v->arr.items[i], d);
            }
            return;
        case V_SENSITIVE: buf_adds(b, "Sensitive [value redacted]"); return;
        default: rv_inspect(b, v, d); return;
        }
    }
    switch (v->kind) {
    case V_UNDEF: break;
    case V_STR: buf_add(b, v->str.s, v->str.len); break;
    case V_ARRAY: case V_HASH: rv_inspect(b, v, d == RV_FN3 ? RV_FN : d); break;
    case V_REGEX:
        if (d == RV_HIERA) val_to_s(b, v);
        else buf_printf(b, "(?-mix:%s)", v->regex.src);
        break;
    case V_TYPE:
        if (d == RV_HIERA) val_to_s(b, v);
        else val_to_string(b, v);   /* File['/x'], Class[foo], Integer[1] */
        break;
    default: val_to_s(b, v); break;
    }
}

static void inspect_put(Buf *b, const Value *v, void *d) { rv_inspect(b, v, *(RvDialect *)d); }

void rv_inspect(Buf *b, const Value *v, RvDialect d)
{
    switch (v->kind) {
    case V_UNDEF: buf_adds(b, "nil"); return;
    case V_STR: rv_inspect_str(b, v->str.s, v->str.len, d); return;
    case V_ARRAY: case V_HASH: val_put_container(b, v, "=>", inspect_put, &d); return;
    default: break;
    }
    if (d == RV_HIERA) {
        val_to_s(b, v);
    } else if (d == RV_AGENT) {
        switch (v->kind) {
        case V_INT: buf_printf(b, "%lld", (long long)v->i); break;
        case V_FLOAT: rv_float_to_s(b, v->f); break;
        case V_BOOL: buf_adds(b, v->b ? "true" : "false"); break;
        case V_SENSITIVE: buf_adds(b, "#<Sensitive [value redacted]>"); break;
        default: val_to_s(b, v); break;
        }
    } else if (v->kind == V_DEFAULT) {
        buf_adds(b, ":default");
    } else if (v->kind == V_SENSITIVE) {  /* Sensitive#inspect (its to_s has no #<>) */
        buf_adds(b, "#<Sensitive [value redacted]>");
    } else if (v->kind == V_REGEX && d == RV_FN3) {
        Buf t = BUF_INIT;
        buf_printf(&t, "/%s/", v->regex.src);
        rv_inspect_str(b, t.s, t.len, d);
        buf_free(&t);
    } else if (v->kind == V_REGEX) {  /* Regexp#inspect: a bare '/' escaped */
        buf_addc(b, '/');
        for (const char *p = v->regex.src; *p; p++) {
            if (*p == '\\' && p[1]) buf_addc(b, *p++);
            else if (*p == '/') buf_addc(b, '\\');
            buf_addc(b, *p);
        }
        buf_addc(b, '/');
    } else {
        rv_to_s(b, v, d);
    }
}

/* ---- class names ---- */

const char *rv_class(Arena *a, const Value *v, RvDialect d)
{
    switch (v->kind) {
    case V_UNDEF: return "NilClass";
    case V_DEFAULT: return "Symbol";
    case V_BOOL: return v->b ? "TrueClass" : "FalseClass";
    case V_INT: return "Integer";
    case V_FLOAT: return "Float";
    case V_STR: return "String";
    case V_ARRAY: return "Array";
    case V_HASH: return "Hash";
    case V_REGEX: return "Regexp";
    case V_TYPE:
        if (val_is_resref(v)) return d == RV_FN3 ? "Puppet::Resource" : "Puppet::Pops::Types::PResourceType";
        return arena_printf(a, "Puppet::Pops::Types::P%sType", v->type.name);
    case V_SENSITIVE: return "Puppet::Pops::Types::PSensitiveType::Sensitive";
    case V_TIMESTAMP: return "Puppet::Pops::Time::Timestamp";
    case V_TIMESPAN: return "Puppet::Pops::Time::Timespan";
    case V_BINARY: return "Puppet::Pops::Types::PBinaryType::Binary";
    case V_SEMVER: return "SemanticPuppet::Version";
    case V_SEMVERRANGE: return "SemanticPuppet::VersionRange";
    case V_OBJECT: return arena_printf(a, "Puppet::DataTypes::%s", v->obj.type);
    }
    return "Object";
}

/* ---- <=> ---- */

int rv_str_cmp(const char *a, size_t al, const char *b, size_t bl)
{
    int r = memcmp(a, b, al < bl ? al : bl);
    if (r) return r < 0 ? -1 : 1;
    return al < bl ? -1 : al > bl;
}

/* Ruby's a <=> b; 2 when the two do not compare (Ruby's nil). */
int rv_cmp(const Value *a, const Value *b)
{
    if (is_num(a) && is_num(b)) {
        if (a->kind == V_INT && b->kind == V_INT) return a->i < b->i ? -1 : a->i > b->i;
        double x = num(a), y = num(b);
        if (isnan(x) || isnan(y)) return 2;
        return x < y ? -1 : x > y;
    }
    if (a->kind != b->kind) return 2;
    if (VAL_IS_TIME(a)) {            /* Timestamps with Timestamps, Timespans with Timespans */
        __int128 x = val_time_ns(a), y = val_time_ns(b);
        return x < y ? -1 : x > y;
    }
    switch (a->kind) {
    case V_STR: return rv_str_cmp(a->str.s, a->str.len, b->str.s, b->str.len);
    case V_SEMVER: return sv_compare(a, b);
    case V_DEFAULT: return 0;
    case V_ARRAY:
        for (size_t i = 0; i < a->arr.n && i < b->arr.n; i++) {
            int r = rv_cmp(a->arr.items[i], b->arr.items[i]);
            if (r) return r;
        }
        return a->arr.n < b->arr.n ? -1 : a->arr.n > b->arr.n;
    case V_UNDEF: return 0;     /* nil <=> nil is 0 */
    case V_BOOL: return a->b == b->b ? 0 : 2;
    default: return val_identical(a, b) ? 0 : 2;
    }
}

/* ---- Kernel#Integer and Kernel#Float ---- */

/* Ruby's Integer(s, radix): decimal, 0x / 0b / 0o / 0d / leading-0 octal
 * (with a radix, only the prefix that names it), '_' between digits,
 * surrounding blanks; radix 0 is Integer(s).  0 on failure. */
int rv_integer(const char *s, int radix, int64_t *out)
{
    while (isspace((unsigned char)*s)) s++;
    int neg = 0;
    if (*s == '+' || *s == '-') neg = *s++ == '-';
    int base = radix ? radix : 10;
    if (s[0] == '0' && s[1]) {
        /* a prefix names the base; with a radix given, only its own */
        char c = (char)tolower((unsigned char)s[1]);
        int pb = c == 'x' ? 16 : c == 'b' ? 2 : c == 'o' ? 8 : c == 'd' ? 10 : 0;
        if (pb && (!radix || radix == pb)) base = pb, s += 2;
        else if (!pb && (!radix || radix == 8)) base = 8, s += 1;
    }
    uint64_t v = 0;
    int digits = 0, last_us = 0;
    for (; *s; s++) {
        if (*s == '_') {
            if (!digits || last_us) return 0;
            last_us = 1;
            continue;
        }
        int d;
        char c = (char)tolower((unsigned char)*s);
        if (c >= '0' && c <= '9') d = c - '0';
        else if (c >= 'a' && c <= 'z') d = c - 'a' + 10;
        else break;
        if (d >= base) return 0;
        v = v * (uint64_t)base + (uint64_t)d;
        digits++;
        last_us = 0;
    }
    if (last_us) return 0;
    while (isspace((unsigned char)*s)) s++;
    if (*s || (!digits && base != 8)) return 0;
    *out = neg ? -(int64_t)v : (int64_t)v;
    return 1;
}

/* Ruby's Float(): a decimal or hex number, '_' between digits, blanks
 * around; no "1." or "inf".  0 on failure. */
int rv_float(const char *s, double *out)
{
    char buf[128];
    size_t n = 0;
    while (isspace((unsigned char)*s)) s++;
    for (const char *p = s; *p && n < sizeof buf - 1; p++) {
        if (*p == '_') {
            if (p == s || !isxdigit((unsigned char)p[-1]) || !isxdigit((unsigned char)p[1])) return 0;
            continue;
        }
        buf[n++] = *p;
    }
    buf[n] = '\0';
    while (n && isspace((unsigned char)buf[n - 1])) buf[--n] = '\0';
    if (!n) return 0;
    for (size_t i = 0; i < n; i++) {
        char c = (char)tolower((unsigned char)buf[i]);
        if (c == 'n' || c == 'i') return 0;                 /* nan, inf */
        if (c == '.' && (i + 1 >= n || !isdigit((unsigned char)buf[i + 1]))) return 0;
    }
    char *end;
    double d = strtod(buf, &end);
    if (*end) {
        int64_t iv;
        if (!rv_integer(buf, 0, &iv)) return 0;
        d = (double)iv;
    }
    *out = d;
    return 1;
}
