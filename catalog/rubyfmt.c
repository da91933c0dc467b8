/*
 * rubyfmt.c - Ruby's Kernel#format (rubyval.h's rv_format), the one
 * engine behind Puppet's sprintf() and String(value, format).
 *
 * It follows Ruby 3.1's sprintf.c directive by directive: flags, width and
 * precision (digits, '*' or '*N$'), unnumbered, numbered (%1$s) and named
 * (%<a>s, %{a}) arguments with Ruby's rules about mixing them, and Ruby's
 * error messages.  Integers print as sprintf.c prints them: a negative
 * number in a non-decimal base without '+' or ' ' in two's complement
 * ("..f01"), "0x" dropped for zero, a float beyond 64 bits converted
 * exactly (a magnitude of up to 1024 bits).  Floats go through C's printf
 * after Ruby's own rounding (its dtoa decides ties by plain floating point
 * for up to 14 digits, so "%.2f" of 2.675 is 2.68), with Ruby's "Inf" and
 * "NaN" and its renormalised %a.  The caller converts its values to RvArg
 * first, which is where Puppet's callers differ (rubyval.h).
 */
#include "catalog/rubyval.h"
#include "base/utf8.h"
#include "base/util.h"
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Widths and precisions past this are refused (mcomp's limit; Ruby's is
 * memory): "width too big". */
#define RF_MAX_WIDTH 1000000L

enum { FSHARP = 1, FMINUS = 2, FPLUS = 4, FZERO = 8, FSPACE = 16, FWIDTH = 32, FPREC = 64, FPREC0 = 128 };

typedef struct RF {
    Buf *out;
    const RvArg *args;
    size_t nargs;
    RvNamedFn *named;
    void *ctx;
    long posarg;        /* sprintf.c's posarg: >0 last unnumbered, -1 numbered, -2 named, 0 none yet */
    long nextarg;       /* next unnumbered argument, 1-based */
    char *err;
    size_t errlen;
    int failed;
    RvArg found;        /* the value of the last %<name> */
} RF;

static int rf_fail(RF *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int rf_fail(RF *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->err, f->errlen, fmt, ap);
    va_end(ap);
    f->failed = 1;
    return -1;
}

static void fill(Buf *b, char ch, long n)
{
    for (long i = 0; i < n; i++) buf_addc(b, ch);
}

/* ---- arguments ---- */

static const RvArg *nth_arg(RF *f, long n)
{
    if (n < 1 || (size_t)n > f->nargs) {
        rf_fail(f, "too few arguments");
        return NULL;
    }
    return &f->args[n - 1];
}

static const RvArg *next_arg(RF *f)
{
    if (f->posarg == -1) return rf_fail(f, "unnumbered(%ld) mixed with numbered", f->nextarg), NULL;
    if (f->posarg == -2) return rf_fail(f, "unnumbered(%ld) mixed with named", f->nextarg), NULL;
    f->posarg = f->nextarg++;
    return nth_arg(f, f->posarg);
}

static const RvArg *pos_arg(RF *f, long n)
{
    if (f->posarg > 0) return rf_fail(f, "numbered(%ld) after unnumbered(%ld)", n, f->posarg), NULL;
    if (f->posarg == -2) return rf_fail(f, "numbered(%ld) after named", n), NULL;
    if (n < 1) return rf_fail(f, "invalid index - %ld$", n), NULL;
    f->posarg = -1;
    return nth_arg(f, n);
}

/* Integer#to_s, Float#to_s */
static void num_to_s(Buf *b, const RvArg *a)
{
    if (a->kind == RVA_INT) buf_printf(b, "%lld", (long long)a->i);
    else rv_float_to_s(b, a->f);
}

/* the argument's inspect (String#inspect for a string) */
static void arg_inspect(Buf *b, const RvArg *a)
{
    if (a->kind == RVA_STR) rv_inspect_str(b, a->s, a->len, RV_FN);
    else if (a->kind == RVA_OBJ) buf_adds(b, a->inspect);
    else num_to_s(b, a);
}

static void arg_to_s(Buf *b, const RvArg *a)
{
    if (a->kind == RVA_STR || a->kind == RVA_OBJ) buf_add(b, a->s, a->len);
    else num_to_s(b, a);
}

static int float_domain(RF *f, double d)
{
    if (isfinite(d)) return 0;
    return rf_fail(f, "%s", isnan(d) ? "NaN" : d < 0 ? "-Infinity" : "Infinity");
}

/* NUM2INT, for '*' and %c: Integer, Float (truncated) or a Numeric,
 * within a C int. */
static int num2int(RF *f, const RvArg *a, long *out)
{
    int64_t i;
    switch (a->kind) {
    case RVA_INT: i = a->i; break;
    case RVA_FLOAT:
        if (!(a->f < 9223372036854775808.0 && a->f > -9223372036854775809.0)) {
            char num[32];
            if (isnan(a->f)) strcpy(num, "NaN");
            else if (isinf(a->f)) strcpy(num, a->f < 0 ? "-Inf" : "Inf");
            else snprintf(num, sizeof num, "%-.10g", a->f);
            return rf_fail(f, "float %s out of range of integer", num);
        }
        i = (int64_t)a->f;
        break;
    case RVA_STR: return rf_fail(f, "no implicit conversion of String into Integer");
    default:
        if (!strcmp(a->cls, "nil")) return rf_fail(f, "no implicit conversion from nil to integer");
        if (!a->numeric) return rf_fail(f, "no implicit conversion of %s into Integer", a->cls);
        i = a->i;
    }
    if (i > 2147483647) return rf_fail(f, "integer %lld too big to convert to `int'", (long long)i);
    if (i < -2147483647 - 1) return rf_fail(f, "integer %lld too small to convert to `int'", (long long)i);
    *out = (long)i;
    return 0;
}

/* An integer's magnitude, wide enough for any Float#to_i (2^1024). */
typedef struct Mag {
    uint32_t limb[34];          /* least significant first */
    int n;                      /* limbs used; 0 for zero */
} Mag;

static void mag_from_u64(Mag *m, uint64_t u)
{
    m->limb[0] = (uint32_t)u, m->limb[1] = (uint32_t)(u >> 32);
    m->n = u >> 32 ? 2 : u ? 1 : 0;
}

/* |f|, f integral and finite */
static void mag_from_double(Mag *m, double f)
{
    int e;
    double fr = frexp(fabs(f), &e);       /* |f| = fr * 2^e, 0.5 <= fr < 1 */
    if (e <= 64) {
        mag_from_u64(m, e <= 0 ? 0 : (uint64_t)ldexp(fr, e));
        return;
    }
    mag_from_u64(m, (uint64_t)ldexp(fr, 64));
    int shift = e - 64;
    memset(m->limb + m->n, 0, (sizeof m->limb / sizeof m->limb[0] - (size_t)m->n) * sizeof m->limb[0]);
    int words = shift / 32, bits = shift % 32;
    for (int i = m->n - 1 + words + 1; i >= 0; i--) {
        uint64_t hi = i - words >= 0 && i - words < m->n ? m->limb[i - words] : 0;
        uint64_t lo = i - words - 1 >= 0 && i - words - 1 < m->n ? m->limb[i - words - 1] : 0;
        m->limb[i] = (uint32_t)(bits ? (hi << bits | lo >> (32 - bits)) : hi);
    }
    m->n += words + 1;
    while (m->n && !m->limb[m->n - 1]) m->n--;
}

/* Divides m by d in place; returns the remainder. */
static unsigned mag_divmod(Mag *m, unsigned d)
{
    uint64_t r = 0;
    for (int i = m->n - 1; i >= 0; i--) {
        uint64_t cur = r << 32 | m->limb[i];
        m->limb[i] = (uint32_t)(cur / d);
        r = cur % d;
    }
    while (m->n && !m->limb[m->n - 1]) m->n--;
    return (unsigned)r;
}

/* The integer %d and friends see: Integer, Float (truncated), a String
 * through Integer(), a Numeric; *neg and *mag. */
static int to_integer(RF *f, const RvArg *a, int *neg, Mag *mag)
{
    int64_t i;
    switch (a->kind) {
    case RVA_INT: i = a->i; break;
    case RVA_FLOAT: {
        if (float_domain(f, a->f)) return -1;
        double t = trunc(a->f);
        *neg = t < 0;
        mag_from_double(mag, t);
        return 0;
    }
    case RVA_STR:
        if (!memchr(a->s, '\0', a->len) && rv_integer(a->s, 0, &i)) break;
        {
            Buf b = BUF_INIT;
            arg_inspect(&b, a);
            rf_fail(f, "invalid value for Integer(): %s", buf_cstr(&b));
            buf_free(&b);
            return -1;
        }
    default:
        if (!a->numeric) return rf_fail(f, "can't convert %s into Integer", a->cls);
        i = a->i;
    }
    *neg = i < 0;
    mag_from_u64(mag, i < 0 ? (uint64_t)0 - (uint64_t)i : (uint64_t)i);
    return 0;
}

static int to_float(RF *f, const RvArg *a, double *out)
{
    switch (a->kind) {
    case RVA_INT: *out = (double)a->i; return 0;
    case RVA_FLOAT: *out = a->f; return 0;
    case RVA_STR:
        if (!memchr(a->s, '\0', a->len) && rv_float(a->s, out)) return 0;
        {
            Buf b = BUF_INIT;
            arg_inspect(&b, a);
            rf_fail(f, "invalid value for Float(): %s", buf_cstr(&b));
            buf_free(&b);
            return -1;
        }
    default:
        if (!a->numeric) return rf_fail(f, "can't convert %s into Float", a->cls);
        *out = a->f;
        return 0;
    }
}

/* ---- the conversions ---- */

/* %s, %p, %c: width and precision in characters. */
static void fmt_str(Buf *b, int flags, long width, long prec, const char *s, size_t len)
{
    if (flags & FPREC) len = utf8_prefix(s, len, (size_t)prec);
    long pad = (flags & FWIDTH) ? width - (long)utf8_len(s, len) : 0;
    if (!(flags & FMINUS)) fill(b, ' ', pad);
    buf_add(b, s, len);
    if (flags & FMINUS) fill(b, ' ', pad);
}

/* d o x X b B as sprintf.c does them: a negative number without '+' or ' '
 * is shown in two's complement with ".." before it, padded with f/7/1. */
static void fmt_int(Buf *b, int flags, long width, long prec, char letter, int neg, Mag mag)
{
    int base = letter == 'o' ? 8 : letter == 'x' || letter == 'X' ? 16 : letter == 'b' || letter == 'B' ? 2 : 10;
    int sign = base == 10 || (flags & (FPLUS | FSPACE)), dots = 0;
    if (!mag.n) neg = 0;
    const char *prefix = NULL;
    if (flags & FSHARP)
        prefix = letter == 'o' ? "0" : letter == 'x' ? "0x" : letter == 'X' ? "0X" : letter == 'b' ? "0b" : letter == 'B' ? "0B" : NULL;
    if (!(flags & FWIDTH)) width = 0;
    if (!(flags & FPREC)) prec = -1;
    char digits[1100], *s = digits + sizeof digits;
    static const char dig[] = "0123456789abcdef";
    char sc = 0;
    unsigned char raw[1100];        /* digit values, least significant first */
    int nd = 0;
    do raw[nd++] = (unsigned char)mag_divmod(&mag, (unsigned)base); while (mag.n);
    if (sign || !neg) {
        for (int i = 0; i < nd; i++) *--s = dig[raw[i]];
        if (neg) sc = '-', width--;
        else if (flags & FPLUS) sc = '+', width--;
        else if (flags & FSPACE) sc = ' ', width--;
    } else {
        /* the fewest digits whose leading one is all ones: one more than
         * the magnitude has, unless it is a power of the base */
        int power = raw[nd - 1] == 1;
        for (int i = 0; i < nd - 1 && power; i++) power = raw[i] == 0;
        int n = power ? nd : nd + 1, carry = 1;
        for (int i = 0; i < n; i++) {
            int d = (base - 1 - (i < nd ? raw[i] : 0)) + carry;
            carry = d >= base;
            *--s = dig[d % base];
        }
        dots = 1;
    }
    long len = (long)(digits + sizeof digits - s);
    if (letter == 'X')
        for (long i = 0; i < len; i++)
            if (s[i] >= 'a') s[i] = (char)(s[i] - 'a' + 'A');
    if (dots) prec -= 2, width -= 2;
    if (prefix && !prefix[1]) {         /* octal */
        if (dots) prefix = NULL;
        else if (len == 1 && *s == '0') {
            len = 0;
            if (flags & FPREC) prec--;
        } else if ((flags & FPREC) && prec > len) prefix = NULL;
    } else if (len == 1 && *s == '0') prefix = NULL;
    if (prefix) width -= (long)strlen(prefix);
    if ((flags & (FZERO | FMINUS | FPREC)) == FZERO) {
        prec = width;
        width = 0;
    } else {
        if (prec < len) {
            if (!prefix && prec == 0 && len == 1 && *s == '0') len = 0;
            prec = len;
        }
        width -= prec;
    }
    if (!(flags & FMINUS)) {
        fill(b, ' ', width);
        width = 0;
    }
    if (sc) buf_addc(b, sc);
    if (prefix) buf_adds(b, prefix);
    if (dots) buf_adds(b, "..");
    if (prec > len) {
        if (!sign && neg) fill(b, base == 16 ? (letter == 'X' ? 'F' : 'f') : base == 8 ? '7' : '1', prec - len);
        else if ((flags & (FMINUS | FPREC)) != FMINUS) fill(b, '0', prec - len);
    }
    buf_add(b, s, (size_t)len);
    fill(b, ' ', width);
}

/* Ruby's dtoa, for up to 14 digits, first tries plain floating point; when
 * that cannot tell whether the part after the last digit is above or below
 * one half, Ruby rounds the last digit to even instead of asking the exact
 * value - so Ruby's sprintf("%.2f", 2.675) is 2.68 where C prints 2.67.
 * This repeats that estimate (mode 2: ndigits significant digits; mode 3:
 * ndigits after the point) and returns the decimal Ruby would print, or d
 * itself when Ruby's digits are the correctly rounded ones C prints. */
static double ruby_dtoa_round(double d, int mode, int ndigits)
{
    static const double tens[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    static const double bigtens[] = {1e16, 1e32, 1e64, 1e128, 1e256};
    if (!isfinite(d) || d == 0) return d;
    double x = fabs(d);
    int k = (int)floor(log10(x));
    if (k >= 0 && k <= 22 && x < tens[k]) k--;
    int ilim = mode == 3 ? ndigits + k + 1 : ndigits <= 0 ? 1 : ndigits;
    if (ilim <= 0 || ilim > 14) return d;
    int ieps = 2, i = 0;                  /* scale x into [1, 10) as dtoa does */
    if (k > 0) {
        double ds = tens[k & 0xf];
        int j = k >> 4;
        if (j & 0x10) {
            j &= 0xf;
            x /= bigtens[4];
            ieps++;
        }
        for (; j; j >>= 1, i++)
            if (j & 1) {
                ieps++;
                ds *= bigtens[i];
            }
        x /= ds;
    } else if (k < 0) {
        int j1 = -k;
        x *= tens[j1 & 0xf];
        for (int j = j1 >> 4; j; j >>= 1, i++)
            if (j & 1) {
                ieps++;
                x *= bigtens[i];
            }
    }
    if (x < 1.0) {
        if (mode == 3) ilim--;
        if (ilim <= 0) return d;
        k--;
        x *= 10.0;
        ieps++;
    }
    double eps = (ieps * x + 7.0) * 0x1p-52 * tens[ilim - 1];
    char dig[24];
    int n = 0;
    for (i = 1;; i++, x *= 10.0) {
        long digit = (long)x;
        x -= (double)digit;
        dig[n++] = (char)('0' + digit);
        if (x == 0) return d;
        if (i == ilim) {
            if (x > 0.5 + eps || x < 0.5 - eps) return d;
            break;
        }
    }
    if ((dig[n - 1] - '0') & 1) {         /* odd: round up, carrying */
        int q = n - 1;
        while (q >= 0 && dig[q] == '9') dig[q--] = '0';
        if (q < 0) {
            dig[0] = '1';
            k++;
        } else {
            dig[q]++;
        }
    }
    char buf[64];
    snprintf(buf, sizeof buf, "%c.%.*se%d", dig[0], n - 1, dig + 1, k);
    double r = strtod(buf, NULL);
    return d < 0 ? -r : r;
}

/* The C format for flags, a '*' width and (when given) a '*' precision. */
static void c_spec(char *spec, int flags, char letter)
{
    char *p = spec;
    *p++ = '%';
    if (flags & FSPACE) *p++ = ' ';
    if (flags & FSHARP) *p++ = '#';
    if (flags & FPLUS) *p++ = '+';
    if (flags & FMINUS) *p++ = '-';
    if (flags & FZERO) *p++ = '0';
    *p++ = '*';
    if (flags & FPREC) *p++ = '.', *p++ = '*';
    *p++ = letter;
    *p = '\0';
}

/* The spec is built from checked pieces by c_spec, so the non-literal
 * format warning is silenced for these two functions only. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"

/* %a: glibc's digits, but a rounding that carries into the leading digit
 * is renormalised as Ruby's BSD__hdtoa does ("0x2p-5" -> "0x1p-4"); the
 * width is applied afterwards. */
static void fmt_hexfloat(Buf *b, int flags, long width, long prec, char letter, double d)
{
    char spec[16];
    int scale = 0;
    if (fpclassify(d) == FP_SUBNORMAL) d = ldexp(d, scale = 64);   /* Ruby prints 0x1p-1074, not 0x0.0...1p-1022 */
    c_spec(spec, flags & (FSHARP | FPLUS | FSPACE | FPREC), letter);
    int n = (flags & FPREC) ? snprintf(NULL, 0, spec, 0, (int)prec, d) : snprintf(NULL, 0, spec, 0, d);
    size_t cap = (size_t)n + 16;
    char *tmp = xmalloc(cap);
    if (flags & FPREC) snprintf(tmp, cap, spec, 0, (int)prec, d);
    else snprintf(tmp, cap, spec, 0, d);
    char *x = strchr(tmp, letter == 'a' ? 'x' : 'X'), *pe = strchr(tmp, letter == 'a' ? 'p' : 'P');
    if (x && pe && (x[1] == '2' || scale)) {
        int e = atoi(pe + 1) - scale;
        if (x[1] == '2') x[1] = '1', e++;
        snprintf(pe + 1, cap - (size_t)(pe + 1 - tmp), "%+d", e);
    }
    long len = (long)strlen(tmp), pad = (flags & FWIDTH) ? width - len : 0;
    if (flags & FMINUS) {
        buf_adds(b, tmp);
        fill(b, ' ', pad);
    } else if (flags & FZERO) {
        size_t head = x ? (size_t)(x + 1 - tmp) : 0;       /* sign and "0x" */
        buf_add(b, tmp, head);
        fill(b, '0', pad);
        buf_adds(b, tmp + head);
    } else {
        fill(b, ' ', pad);
        buf_adds(b, tmp);
    }
    free(tmp);
}

/* %f %e %E %g %G %a %A: Ruby's "Inf" and "NaN" (signed as flags ask,
 * padded with blanks), else C's printf after Ruby's rounding. */
static void fmt_float(Buf *b, int flags, long width, long prec, char letter, double d)
{
    if (!(flags & FWIDTH)) width = 0;
    if (!isfinite(d)) {
        char t[8], *p = t;
        if (d < 0 && !isnan(d)) *p++ = '-';
        else if (flags & FPLUS) *p++ = '+';
        else if (flags & FSPACE) *p++ = ' ';
        strcpy(p, isnan(d) ? "NaN" : "Inf");
        fmt_str(b, flags & (FMINUS | FWIDTH), width, 0, t, strlen(t));
        return;
    }
    if (letter == 'a' || letter == 'A') {
        fmt_hexfloat(b, flags, width, prec, letter, d);
        return;
    }
    int digits = (flags & FPREC) ? (int)prec : 6;
    if (letter == 'f') {
        d = ruby_dtoa_round(d, 3, digits);
    } else if (letter == 'e' || letter == 'E') {
        d = ruby_dtoa_round(d, 2, digits + 1);
    } else {
        if (digits == 0) digits = 1;
        d = ruby_dtoa_round(d, 2, digits);
        if ((flags & FSHARP) && digits <= 40) {
            /* Round first: glibc's %#g drops a kept zero when rounding
             * carries (99.95 -> "1.e+02"; Ruby prints "1.0e+02"). */
            char tmp[64];
            snprintf(tmp, sizeof tmp, "%.*e", digits - 1, d);
            d = strtod(tmp, NULL);
        }
    }
    char spec[32];
    c_spec(spec, flags, letter);
    int n = (flags & FPREC) ? snprintf(NULL, 0, spec, (int)width, (int)prec, d) : snprintf(NULL, 0, spec, (int)width, d);
    buf_reserve(b, (size_t)n + 1);
    if (flags & FPREC) snprintf(b->s + b->len, (size_t)n + 1, spec, (int)width, (int)prec, d);
    else snprintf(b->s + b->len, (size_t)n + 1, spec, (int)width, d);
    b->len += (size_t)n;
}
#pragma GCC diagnostic pop

/* One conversion letter applied to its argument. */
static int convert(RF *f, char letter, const RvArg *a, int flags, long width, long prec)
{
    Buf t = BUF_INIT;
    int rc = 0;
    switch (letter) {
    case 's': case 'p':
        if (letter == 'p') arg_inspect(&t, a);
        else arg_to_s(&t, a);
        fmt_str(f->out, flags, width, prec, buf_cstr(&t), t.len);
        break;
    case 'c':
        if (a->kind == RVA_STR) {
            if (utf8_len(a->s, a->len) != 1) {
                rc = rf_fail(f, "%%c requires a character");
                break;
            }
            buf_add(&t, a->s, a->len);
        } else {
            long cp;
            if ((rc = num2int(f, a, &cp))) break;
            if (cp < 0 || cp > 0x10ffff) {
                rc = rf_fail(f, "invalid character");
                break;
            }
            if (cp == 0) {                  /* mcomp's strings hold no NUL */
                rc = rf_fail(f, "A string may not contain a NUL byte (%%c of 0)");
                break;
            }
            utf8_encode(&t, cp);
        }
        fmt_str(f->out, flags & ~FPREC, width, 0, t.s, t.len);
        break;
    case 'f':
        if (a->kind == RVA_INT) {                   /* an Integer: its exact digits */
            long prec_n = (flags & FPREC) ? prec : 6;
            buf_printf(&t, "%llu", a->i < 0 ? 0ULL - (unsigned long long)a->i : (unsigned long long)a->i);
            if (prec_n > 0) buf_addc(&t, '.'), fill(&t, '0', prec_n);
            char sg = a->i < 0 ? '-' : (flags & FPLUS) ? '+' : (flags & FSPACE) ? ' ' : 0;
            long pad = (flags & FWIDTH) ? width - (long)t.len - (sg != 0) : 0;
            if (!(flags & (FMINUS | FZERO))) fill(f->out, ' ', pad);
            if (sg) buf_addc(f->out, sg);
            if ((flags & (FMINUS | FZERO)) == FZERO) fill(f->out, '0', pad);
            buf_add(f->out, t.s, t.len);
            if (flags & FMINUS) fill(f->out, ' ', pad);
            break;
        }
        /* fall through */
    case 'e': case 'E': case 'g': case 'G': case 'a': case 'A': {
        double d;
        if (!(rc = to_float(f, a, &d))) fmt_float(f->out, flags, width, prec, letter, d);
        break;
    }
    default: {
        int neg = 0;
        Mag mag;
        if (!(rc = to_integer(f, a, &neg, &mag)))
            fmt_int(f->out, flags, width, prec, letter == 'i' || letter == 'u' ? 'd' : letter, neg, mag);
    }
    }
    buf_free(&t);
    return rc;
}

/* digits at *p (up to end): the number, or -1 after an error ("width too
 * big", or digits running to the end of the format). */
static long get_num(RF *f, const char **p, const char *end, const char *what)
{
    long n = 0;
    for (; *p < end && isdigit((unsigned char)**p); (*p)++) {
        n = n * 10 + (**p - '0');
        if (n > RF_MAX_WIDTH) return rf_fail(f, "%s too big", what);
    }
    if (*p >= end) return rf_fail(f, "malformed format string - %%*[0-9]");
    return n;
}

/* '*' or '*N$' at *p: the argument's value as a width or precision. */
static int get_aster(RF *f, const char **p, const char *end, const char *what, long *out)
{
    const char *t = ++*p;
    long n = get_num(f, p, end, what);
    if (n < 0) return -1;
    const RvArg *a;
    if (**p == '$') a = pos_arg(f, n);
    else a = next_arg(f), *p = t - 1;
    if (!a || num2int(f, a, out)) return -1;
    if (*out > RF_MAX_WIDTH || *out < -RF_MAX_WIDTH) return rf_fail(f, "%s too big", what);
    return 0;
}

const char *rv_format(Buf *out, const char *fmt, size_t flen, const RvArg *args, size_t nargs, RvNamedFn *named,
                      void *ctx, char *err, size_t errlen)
{
    RF fs = {.out = out, .args = args, .nargs = nargs, .named = named, .ctx = ctx, .nextarg = 1, .err = err, .errlen = errlen};
    RF *f = &fs;
    const char *p = fmt, *end = fmt + flen;
    while (p < end) {
        const char *t = memchr(p, '%', (size_t)(end - p));
        if (!t) t = end;
        buf_add(out, p, (size_t)(t - p));
        if (t >= end) break;
        if (t + 1 == end) {
            rf_fail(f, "incomplete format specifier; use %%%% (double %%) instead");
            break;
        }
        p = t + 1;
        int flags = 0;
        long width = 0, prec = 0;
        const RvArg *arg = NULL;
        const char *name = NULL;      /* the %<name> given, brackets included */
        size_t name_len = 0;
        for (;;) {
            char c = p < end ? *p : '\0';
            if (c == ' ' || c == '#' || c == '+' || c == '-' || c == '0') {
                if (flags & FWIDTH) { rf_fail(f, "flag after width"); break; }
                if (flags & FPREC0) { rf_fail(f, "flag after precision"); break; }
                flags |= c == ' ' ? FSPACE : c == '#' ? FSHARP : c == '+' ? FPLUS : c == '-' ? FMINUS : FZERO;
                p++;
            } else if (c >= '1' && c <= '9') {
                long n = get_num(f, &p, end, "width");
                if (n < 0) break;
                if (*p == '$') {
                    if (arg) { rf_fail(f, "value given twice - %ld$", n); break; }
                    if (!(arg = pos_arg(f, n))) break;
                    p++;
                    continue;
                }
                if (flags & FWIDTH) { rf_fail(f, "width given twice"); break; }
                if (flags & FPREC0) { rf_fail(f, "width after precision"); break; }
                width = n;
                flags |= FWIDTH;
            } else if (c == '<' || c == '{') {
                char close = c == '<' ? '>' : '}';
                const char *start = p;
                while (p < end && *p != close) p++;
                if (p >= end) { rf_fail(f, "malformed name - unmatched parenthesis"); break; }
                size_t len = (size_t)(p - start + 1);
                if (name) { rf_fail(f, "named%.*s after <%.*s>", (int)len, start, (int)name_len - 2, name + 1); break; }
                if (f->posarg > 0) { rf_fail(f, "named%.*s after unnumbered(%ld)", (int)len, start, f->posarg); break; }
                if (f->posarg == -1) { rf_fail(f, "named%.*s after numbered", (int)len, start); break; }
                f->posarg = -2;
                name = start, name_len = len;
                int r = f->named ? f->named(f->ctx, start + 1, len - 2, &f->found) : -1;
                if (r < 0) { rf_fail(f, "one hash required"); break; }
                if (r == 0) { rf_fail(f, "key%.*s not found", (int)len, start); break; }
                arg = &f->found;
                p++;
                if (close == '}') {              /* %{name}: its to_s, as %s */
                    if (convert(f, 's', arg, flags, width, prec)) break;
                    goto next;
                }
            } else if (c == '*') {
                if (flags & FWIDTH) { rf_fail(f, "width given twice"); break; }
                if (flags & FPREC0) { rf_fail(f, "width after precision"); break; }
                if (get_aster(f, &p, end, "width", &width)) break;
                flags |= FWIDTH;
                if (width < 0) flags |= FMINUS, width = -width;
                p++;
            } else if (c == '.') {
                if (flags & FPREC0) { rf_fail(f, "precision given twice"); break; }
                flags |= FPREC | FPREC0;
                prec = 0;
                p++;
                if (p < end && *p == '*') {
                    if (get_aster(f, &p, end, "precision", &prec)) break;
                    if (prec < 0) flags &= ~FPREC;
                    p++;
                    continue;
                }
                if ((prec = get_num(f, &p, end, "precision")) < 0) break;
            } else if (c == '%' || c == '\n' || c == '\0') {
                if (flags) { rf_fail(f, "invalid format character - %%"); break; }
                buf_addc(out, '%');
                if (c == '%') p++;
                goto next;
            } else if (strchr("csp" "diu" "xXobB" "feEgGaA", c)) {
                p++;
                if (!arg && !(arg = next_arg(f))) break;
                if (convert(f, c, arg, flags, width, prec)) break;
                goto next;
            } else {
                if (isprint((unsigned char)c)) rf_fail(f, "malformed format string - %%%c", c);
                else rf_fail(f, "malformed format string");
                break;
            }
        }
        break;                                  /* an error: the loop broke */
    next:;
    }
    return f->failed ? err : NULL;
}
