/*
 * format.c - sprintf: Ruby's Kernel#format as Puppet's sprintf hands it
 * Puppet values after the 3.x conversion (%s is to_s, %p inspect, %d/%f
 * parse strings with Integer()/Float()), with Ruby's rounding (its dtoa)
 * and its messages.
 */
#include "compiler/fn/fnaux.h"
#include "compiler/regex.h"
#include "base/util.h"
#include "base/utf8.h"
#include "catalog/rubyval.h"
#include <ctype.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wctype.h>

#define A (cc->arena)

/* Widths and precisions past this are refused (Ruby: "width too big"). */
#define SPRINTF_MAX_WIDTH 1000000L

/* ---- Kernel#format ---- */

/* sprintf's arguments went through Puppet's 3.x conversion: a top-level
 * undef is "", a regexp is the string "/src/". */
static void sp_to_s(Buf *b, const Value *v)
{
    if (v->kind == V_REGEX) buf_printf(b, "/%s/", v->regex.src);
    else if (v->kind == V_ARRAY || v->kind == V_HASH) rv_inspect(b, v, RV_FN3);
    else rv_to_s(b, v, RV_FN);
}

static void sp_inspect(Buf *b, const Value *v)
{
    if (v->kind == V_UNDEF) buf_adds(b, "\"\"");
    else rv_inspect(b, v, RV_FN3);
}

static const char *sp_inspect_cstr(CallCtx *cc, const Value *v)
{
    Buf b = BUF_INIT;
    sp_inspect(&b, v);
    const char *s = arena_strndup(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return s;
}

static const char *conv_class(const Value *v)
{
    switch (v->kind) {
    case V_BOOL: return v->b ? "true" : "false";
    case V_DEFAULT: return "Symbol";
    case V_ARRAY: return "Array";
    case V_HASH: return "Hash";
    default: return "Object";
    }
}

typedef struct Fmt {
    CallCtx *cc;
    Value **args;       /* the arguments after the format */
    size_t nargs;
    size_t next;        /* next unnumbered argument */
    int mode;           /* 0 unset, 1 unnumbered, 2 numbered, 3 named */
    Buf out;            /* the result so far (malloc'd: freed before failing) */
} Fmt;

/* Fails the sprintf call, releasing its output buffer first. */
_Noreturn static void fmt_fail(Fmt *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
_Noreturn static void fmt_fail(Fmt *f, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    buf_free(&f->out);
    ev_fail(f->cc, "%s", msg);
}

static int64_t sp_int(Fmt *f, const Value *v)
{
    int64_t i;
    switch (v->kind) {
    case V_INT: return v->i;
    case V_FLOAT:
        if (!isfinite(v->f)) fmt_fail(f, "%s", isnan(v->f) ? "NaN" : v->f < 0 ? "-Infinity" : "Infinity");
        return (int64_t)v->f;
    case V_STR: case V_UNDEF: case V_REGEX: {
        Buf b = BUF_INIT;
        sp_to_s(&b, v);
        int ok = rv_integer(buf_cstr(&b), 0, &i);
        buf_free(&b);
        if (!ok) fmt_fail(f, "invalid value for Integer(): %s", sp_inspect_cstr(f->cc, v));
        return i;
    }
    default: fmt_fail(f, "can't convert %s into Integer", conv_class(v));
    }
}

static double sp_float(Fmt *f, const Value *v)
{
    double d;
    switch (v->kind) {
    case V_INT: return (double)v->i;
    case V_FLOAT: return v->f;
    case V_STR: case V_UNDEF: case V_REGEX: {
        Buf b = BUF_INIT;
        sp_to_s(&b, v);
        int ok = rv_float(buf_cstr(&b), &d);
        buf_free(&b);
        if (!ok) fmt_fail(f, "invalid value for Float(): %s", sp_inspect_cstr(f->cc, v));
        return d;
    }
    default: fmt_fail(f, "can't convert %s into Float", conv_class(v));
    }
}

enum { F_SPACE = 1, F_SHARP = 2, F_PLUS = 4, F_MINUS = 8, F_ZERO = 16 };

/* Pads body (len bytes, chars characters) to width with spaces. */
static void pad(Buf *out, const char *body, size_t len, size_t chars, int width, int flags)
{
    size_t fill = width > 0 && (size_t)width > chars ? (size_t)width - chars : 0;
    if (!(flags & F_MINUS)) for (size_t i = 0; i < fill; i++) buf_addc(out, ' ');
    buf_add(out, body, len);
    if (flags & F_MINUS) for (size_t i = 0; i < fill; i++) buf_addc(out, ' ');
}

/* %d %i %u %x %X %o %b %B: a negative number in a non-decimal base without
 * '+' or ' ' prints Ruby's two's-complement form, "..f01". */
static void fmt_int(Buf *out, int64_t v, char conv, int flags, int width, int prec)
{
    int base = 10;
    const char *digits = "0123456789abcdef";
    switch (conv) {
    case 'x': base = 16; break;
    case 'X': base = 16; digits = "0123456789ABCDEF"; break;
    case 'o': base = 8; break;
    case 'b': case 'B': base = 2; break;
    default: break;
    }
    char fn_num[80];
    int n = 0;
    const char *sgn = "";
    int twos = 0;
    if (v < 0 && base != 10 && !(flags & (F_PLUS | F_SPACE))) {
        /* Digits of the fn_sign-extended value until only ones remain. */
        int shift = base == 16 ? 4 : base == 8 ? 3 : 1;
        int64_t x = v;
        while (x != -1) {
            fn_num[n++] = digits[x & (base - 1)];
            x >>= shift;              /* arithmetic shift keeps the fn_sign */
        }
        fn_num[n++] = digits[base - 1];
        twos = 1;
    } else {
        uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
        if (v < 0) sgn = "-";
        else if (flags & F_PLUS) sgn = "+";
        else if (flags & F_SPACE) sgn = " ";
        do {
            fn_num[n++] = digits[u % (uint64_t)base];
            u /= (uint64_t)base;
        } while (u);
    }
    const char *prefix = "";
    if ((flags & F_SHARP) && v != 0) {
        switch (conv) {
        case 'x': prefix = "0x"; break;
        case 'X': prefix = "0X"; break;
        case 'b': prefix = "0b"; break;
        case 'B': prefix = "0B"; break;
        case 'o': prefix = "0"; break;
        default: break;
        }
    }
    Buf body = BUF_INIT;
    buf_adds(&body, sgn);
    buf_adds(&body, prefix);
    if (twos) buf_adds(&body, "..");
    int len = (int)body.len + n;
    char fillc = twos ? digits[base - 1] : '0';
    int zeros = 0;
    if (prec >= 0 && !twos) zeros = prec > n ? prec - n : 0;
    else if ((flags & F_ZERO) && !(flags & F_MINUS) && prec < 0 && width > len) zeros = width - len;
    for (int i = 0; i < zeros; i++) buf_addc(&body, fillc);
    for (int i = n - 1; i >= 0; i--) buf_addc(&body, fn_num[i]);
    pad(out, body.s, body.len, body.len, width, flags);
    buf_free(&body);
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

/* %f %e %E %g %G %a %A through C's printf with Ruby's rounding (above),
 * and Ruby's "Inf" and "NaN".  The C format is built from checked pieces, so
 * the non-literal format warning is silenced here only. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
static void fmt_float(Buf *out, double d, char conv, int flags, int width, int prec)
{
    if (!isfinite(d)) {
        const char *s = isnan(d) ? "NaN" : d < 0 ? "-Inf" : (flags & F_PLUS) ? "+Inf" : (flags & F_SPACE) ? " Inf" : "Inf";
        pad(out, s, strlen(s), strlen(s), width, flags);
        return;
    }
    int digits = prec < 0 ? 6 : prec;
    if (conv == 'f') {
        d = ruby_dtoa_round(d, 3, digits);
    } else if (conv == 'e' || conv == 'E') {
        d = ruby_dtoa_round(d, 2, digits + 1);
    } else if (conv == 'g' || conv == 'G') {
        if (digits == 0) digits = 1;
        d = ruby_dtoa_round(d, 2, digits);
        if (flags & F_SHARP) {
            /* Round first: glibc's %#g drops a kept zero when rounding
             * carries (99.95 -> "1.e+02"; Ruby prints "1.0e+02"). */
            char tmp[64];
            snprintf(tmp, sizeof tmp, "%.*e", digits - 1, d);
            d = strtod(tmp, NULL);
        }
    }
    char spec[32], *p = spec;
    *p++ = '%';
    if (flags & F_SPACE) *p++ = ' ';
    if (flags & F_SHARP) *p++ = '#';
    if (flags & F_PLUS) *p++ = '+';
    if (flags & F_MINUS) *p++ = '-';
    if (flags & F_ZERO) *p++ = '0';
    *p++ = '*';
    if (prec >= 0) *p++ = '.', *p++ = '*';
    *p++ = conv;
    *p = '\0';
    char small[512];
    int n = prec >= 0 ? snprintf(small, sizeof small, spec, width, prec, d) : snprintf(small, sizeof small, spec, width, d);
    if (n < (int)sizeof small) {
        buf_add(out, small, (size_t)n);
        return;
    }
    char *big = xmalloc((size_t)n + 1);
    if (prec >= 0) snprintf(big, (size_t)n + 1, spec, width, prec, d);
    else snprintf(big, (size_t)n + 1, spec, width, d);
    buf_add(out, big, (size_t)n);
    free(big);
}
#pragma GCC diagnostic pop

/* Truncates s to prec characters (prec >= 0) and pads to width. */
static void fmt_str(Buf *out, const char *s, size_t len, int flags, int width, int prec)
{
    size_t chars = 0, i = 0;
    long cp;
    while (i < len && (prec < 0 || chars < (size_t)prec)) {
        i += utf8_decode(s + i, len - i, &cp);
        chars++;
    }
    pad(out, s, i, chars, width, flags);
}


static Value *fmt_next(Fmt *f)
{
    if (f->mode == 2) fmt_fail(f, "unnumbered(%zu) mixed with numbered", f->next + 1);
    if (f->mode == 3) fmt_fail(f, "unnumbered(%zu) mixed with named", f->next + 1);
    f->mode = 1;
    if (f->next >= f->nargs) fmt_fail(f, "too few arguments");
    return f->args[f->next++];
}

static Value *fmt_nth(Fmt *f, long n)
{
    if (f->mode == 1) fmt_fail(f, "numbered(%ld) after unnumbered(%zu)", n, f->next);
    if (f->mode == 3) fmt_fail(f, "numbered(%ld) after named", n);
    f->mode = 2;
    if (n < 1) fmt_fail(f, "invalid index - %ld$", n);
    if ((size_t)n > f->nargs) fmt_fail(f, "too few arguments");
    return f->args[n - 1];
}

/* %<name>s and %{name}: the single hash argument's entry (Puppet retries
 * with symbol keys, so string keys are found). */
static Value *fmt_named(Fmt *f, const char *name, size_t len, char open, char close)
{
    CallCtx *cc = f->cc;
    if (f->mode == 1) fmt_fail(f, "named%c%.*s%c after unnumbered(%zu)", open, (int)len, name, close, f->next);
    if (f->mode == 2) fmt_fail(f, "named%c%.*s%c after numbered", open, (int)len, name, close);
    f->mode = 3;
    if (f->nargs != 1 || f->args[0]->kind != V_HASH) fmt_fail(f, "one hash required");
    Value key = {.kind = V_STR};
    key.str.s = arena_strndup(A, name, len);
    key.str.len = len;
    Value *v = val_hash_get(f->args[0], &key);
    if (!v) fmt_fail(f, "key%c%.*s%c not found", open, (int)len, name, close);
    return v;
}

/* sprintf(format, args...) - Ruby's Kernel#format. */
Value *fn_sprintf(CallCtx *cc)
{
    Value *fv = cc->args[0];
    if (fv->kind == V_UNDEF) return val_cstr(A, "");
    if (fv->kind != V_STR) ev_fail(cc, "no implicit conversion of %s into String", rv_class(A, fv, RV_FN));
    Fmt fs = {cc, cc->args + 1, cc->nargs - 1, 0, 0, BUF_INIT}, *f = &fs;
    const char *s = fv->str.s, *end = s + fv->str.len;
    while (s < end) {
        if (*s != '%') {
            buf_addc(&f->out, *s++);
            continue;
        }
        s++;
        int flags = 0, width = -1, prec = -1;
        int seen = 0;           /* what came after '%': 0 nothing, 1 a flag, 2 a width, precision or name */
        Value *arg = NULL;
        for (;;) {
            if (s >= end) {
                if (seen == 0) fmt_fail(f, "incomplete format specifier; use %%%% (double %%) instead");
                if (seen == 1) fmt_fail(f, "invalid format character - %%");
                fmt_fail(f, "malformed format string - %%*[0-9]");
            }
            char c = *s;
            seen = seen > 1 ? seen : c == ' ' || c == '#' || c == '+' || c == '-' || (c == '0' && width < 0) ? 1 : 2;
            if (c == ' ' || c == '#' || c == '+' || c == '-' || (c == '0' && width < 0)) {
                if (width >= 0 && c != '0') fmt_fail(f, "flag after width");
                flags |= c == ' ' ? F_SPACE : c == '#' ? F_SHARP : c == '+' ? F_PLUS : c == '-' ? F_MINUS : F_ZERO;
                s++;
            } else if (isdigit((unsigned char)c)) {
                long n = 0;
                while (s < end && isdigit((unsigned char)*s)) {
                    n = n * 10 + (*s++ - '0');
                    if (n > SPRINTF_MAX_WIDTH) fmt_fail(f, "width too big");
                }
                if (s < end && *s == '$') {
                    s++;
                    if (arg) fmt_fail(f, "value given twice - %ld$", n);
                    arg = fmt_nth(f, n);
                } else {
                    width = (int)n;
                }
            } else if (c == '<' || c == '{') {
                char close = c == '<' ? '>' : '}';
                const char *name = ++s;
                while (s < end && *s != close) s++;
                if (s >= end) fmt_fail(f, "malformed name - unmatched parenthesis");
                arg = fmt_named(f, name, (size_t)(s - name), c, close);
                s++;
                if (c == '{') {             /* %{name}: to_s, no conversion */
                    Buf t = BUF_INIT;
                    sp_to_s(&t, arg);
                    fmt_str(&f->out, t.s ? t.s : "", t.len, flags, width, -1);
                    buf_free(&t);
                    break;
                }
            } else if (c == '*') {
                s++;
                Value *w = fmt_next(f);
                long long wv = sp_int(f, w);
                if (wv > SPRINTF_MAX_WIDTH || wv < -SPRINTF_MAX_WIDTH) fmt_fail(f, "width too big");
                width = (int)wv;
                if (width < 0) flags |= F_MINUS, width = -width;
            } else if (c == '.') {
                s++;
                prec = 0;
                if (s < end && *s == '*') {
                    s++;
                    long long pv = sp_int(f, fmt_next(f));
                    if (pv > SPRINTF_MAX_WIDTH || pv < -SPRINTF_MAX_WIDTH) fmt_fail(f, "precision too big");
                    prec = (int)pv;
                } else {
                    while (s < end && isdigit((unsigned char)*s)) {
                        prec = prec * 10 + (*s++ - '0');
                        if (prec > SPRINTF_MAX_WIDTH) fmt_fail(f, "precision too big");
                    }
                }
            } else if (c == '%') {
                s++;
                buf_addc(&f->out, '%');
                break;
            } else {
                s++;
                if (!strchr("csp" "diu" "xXobB" "feEgGaA", c)) fmt_fail(f, "malformed format string - %%%c", c);
                if (!arg) arg = fmt_next(f);
                Buf t = BUF_INIT;
                switch (c) {
                case 's': sp_to_s(&t, arg); fmt_str(&f->out, t.s ? t.s : "", t.len, flags, width, prec); break;
                case 'p': sp_inspect(&t, arg); fmt_str(&f->out, t.s, t.len, flags, width, prec); break;
                case 'c':
                    if (arg->kind == V_STR || arg->kind == V_UNDEF) {
                        sp_to_s(&t, arg);
                        if (utf8_len(buf_cstr(&t), t.len) != 1) {
                            buf_free(&t);
                            fmt_fail(f, "%%c requires a character");
                        }
                    } else {
                        int64_t cp = sp_int(f, arg);
                        if (cp < 0 || cp > 0x10ffff) {
                            buf_free(&t);
                            fmt_fail(f, "invalid character");
                        }
                        if (cp == 0) fmt_fail(f, "A string may not contain a NUL byte (%%c of 0)");
                        utf8_encode(&t, (long)cp);
                    }
                    fmt_str(&f->out, t.s, t.len, flags, width, -1);
                    break;
                case 'd': case 'i': case 'u': case 'x': case 'X': case 'o': case 'b': case 'B': {
                    int64_t iv = sp_int(f, arg);
                    fmt_int(&f->out, iv, c, flags, width, prec);
                    break;
                }
                default: fmt_float(&f->out, sp_float(f, arg), c, flags, width, prec); break;
                }
                buf_free(&t);
                break;
            }
        }
    }
    Value *r = fn_mk_str(cc, &f->out);
    buf_free(&f->out);
    return r;
}
