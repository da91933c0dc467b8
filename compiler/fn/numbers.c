/*
 * numbers.c - Puppet's number functions: abs, ceiling, floor, round, min,
 * max (with Puppet 7's deprecated string comparisons), versioncmp.
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

/* ---- numbers ---- */

/* A Float's ceil/floor/round as an Integer (clamped to 64 bits). */
static Value *int_of(CallCtx *cc, double d)
{
    if (d >= 9.2233720368547758e18) return val_int(A, INT64_MAX);
    if (d <= -9.2233720368547758e18) return val_int(A, INT64_MIN);
    return val_int(A, (int64_t)d);
}

/* Ruby's /^-?\d+$/ and /^-?(?:\d+)(?:\.\d+){1}$/ as abs() uses them. */
static int all_digits(const char *s, size_t n)
{
    if (!n) return 0;
    for (size_t i = 0; i < n; i++)
        if (!isdigit((unsigned char)s[i])) return 0;
    return 1;
}

/* abs(n) - also takes a numeric string (deprecated). */
Value *f_abs(CallCtx *cc)
{
    Value *v = cc->args[0];
    if (v->kind == V_INT && v->i == INT64_MIN)
        ev_fail(cc, "An abs() expression resulted in a value outside of Puppet Integer max range, got '+0x8000000000000000'");
    if (v->kind == V_INT) return v->i < 0 ? val_int(A, -v->i) : v;
    if (v->kind == V_FLOAT) return val_float(A, fabs(v->f));
    if (v->kind != V_STR) fn_fail_param(cc, "abs", "val", "a value of type Numeric or String", v);
    fn_deprecate(cc, DEP_ABS, "The abs() function's auto conversion of String to Numeric is deprecated - "
                           "change to convert input before calling");
    const char *s = v->str.s, *dot;
    size_t n = v->str.len;
    if (n && *s == '-') s++, n--;
    if ((dot = memchr(s, '.', n)) && all_digits(s, (size_t)(dot - s)) && all_digits(dot + 1, n - (size_t)(dot - s) - 1))
        return val_float(A, fabs(strtod(v->str.s, NULL)));
    if (all_digits(s, n)) {
        int64_t i = strtoll(v->str.s, NULL, 10);
        return val_int(A, i < 0 ? -i : i);
    }
    ev_fail(cc, "abs(): Requires float or integer to work with - was given non decimal string");
}

static Value *ceil_floor(CallCtx *cc, const char *fn, int dep, int up)
{
    Value *v = cc->args[0];
    if (v->kind == V_INT) return v;
    if (v->kind == V_FLOAT) return int_of(cc, up ? ceil(v->f) : floor(v->f));
    if (v->kind != V_STR) fn_fail_param(cc, fn, "val", "a value of type Numeric or String", v);
    fn_deprecate(cc, dep, arena_printf(A, "The %s() function's auto conversion of String to Float is deprecated - "
                                       "change to convert input before calling", fn));
    double d;
    if (!rv_float(v->str.s, &d))
        ev_fail(cc, "%s(): cannot convert given value to a floating point value.", fn);
    return int_of(cc, up ? ceil(d) : floor(d));
}

Value *f_ceiling(CallCtx *cc) { return ceil_floor(cc, "ceiling", DEP_CEILING, 1); }
Value *f_floor(CallCtx *cc) { return ceil_floor(cc, "floor", DEP_FLOOR, 0); }

/* round(n) - halves away from zero: Integer(x + 0.5) or Integer(x - 0.5). */
Value *f_round(CallCtx *cc)
{
    Value *v = cc->args[0];
    if (v->kind == V_INT) return v;
    if (v->kind != V_FLOAT) fn_fail_param(cc, "round", "val", fn_a_value(cc, "Numeric"), v);
    return int_of(cc, trunc(v->f > 0 ? v->f + 0.5 : v->f - 0.5));
}

/* min() and max() compare the way Puppet 7's Ruby does: numbers by value,
 * strings bytewise unless both look numeric (deprecated), anything else by
 * its string form (deprecated), or by the block. */
typedef struct MinMax {
    CallCtx *cc;
    const char *fn;
    int mode;           /* 0 numeric, 1 string, 2 any, 3 block */
    int dep_num, dep_any;
} MinMax;

/* /\A-?\d+([._eE]\d+)?\z/ */
static int numeric_text(const char *s, size_t n)
{
    size_t i = 0, d;
    if (i < n && s[i] == '-') i++;
    for (d = i; i < n && isdigit((unsigned char)s[i]); i++) {}
    if (i == d) return 0;
    if (i == n) return 1;
    if (!strchr("._eE", s[i])) return 0;
    for (d = ++i; i < n && isdigit((unsigned char)s[i]); i++) {}
    return i > d && i == n;
}

static double ruby_to_f(const char *s)
{
    char buf[128];
    size_t n = 0;
    for (; *s && n < sizeof buf - 1; s++)
        if (*s != '_') buf[n++] = *s;
    buf[n] = '\0';
    return strtod(buf, NULL);
}

static int text_cmp(MinMax *mm, const char *a, size_t al, const char *b, size_t bl, int any)
{
    if (numeric_text(a, al) && numeric_text(b, bl)) {
        fn_deprecate(mm->cc, mm->dep_num,
                  arena_printf(mm->cc->arena, "The %s() function's auto conversion of String to Numeric is deprecated - "
                                              "change to convert input before calling, or use lambda", mm->fn));
        return fn_sign(ruby_to_f(a) - ruby_to_f(b));
    }
    if (any)
        fn_deprecate(mm->cc, mm->dep_any,
                  arena_printf(mm->cc->arena, "The %s() function's auto conversion of Any to String is deprecated - "
                                              "change to convert input before calling, or use lambda", mm->fn));
    return rv_str_cmp(a, al, b, bl);
}

static int mm_cmp(MinMax *mm, Value *a, Value *b)
{
    CallCtx *cc = mm->cc;
    switch (mm->mode) {
    case 0: return fn_sign(fn_num(a) - fn_num(b));
    case 1: return text_cmp(mm, a->str.s, a->str.len, b->str.s, b->str.len, 0);
    case 2: {
        Buf x = BUF_INIT, y = BUF_INIT;
        rv_to_s(&x, a, RV_FN);
        rv_to_s(&y, b, RV_FN);
        const char *xs = arena_strndup(A, buf_cstr(&x), x.len), *ys = arena_strndup(A, buf_cstr(&y), y.len);
        size_t xl = x.len, yl = y.len;
        buf_free(&x);
        buf_free(&y);
        return text_cmp(mm, xs, xl, ys, yl, 1);
    }
    default: {
        Value *args[2] = {a, b};
        return fn_block_sign(cc, ev_yield(cc, args, 2), a, b);
    }
    }
}

static int all_kind(Value **v, size_t n, int strings)
{
    for (size_t i = 0; i < n; i++)
        if (strings ? v[i]->kind != V_STR : !fn_is_num(v[i])) return 0;
    return 1;
}

static Value *min_max(CallCtx *cc, const char *fn, int want, int dep_num, int dep_any)
{
    MinMax mm = {cc, fn, 2, dep_num, dep_any};
    Value **v = cc->args;
    size_t n = cc->nargs;
    int np = ev_lambda_params(cc);
    if (cc->lambda && np != 2) {
        /* No signature takes the block, so Puppet lists them all. */
        const char *sigs[] = {"Numeric values*", "String values*", "Array[Numeric] values, Callable[2, 2] block?",
                              "Array[String] values, Callable[2, 2] block?", "Array values, Callable[2, 2] block?",
                              "Any values*, Callable[2, 2] block", "Any values*"};
        const char *b = np == 0 ? "block expects 2 arguments, got none"
                                : arena_printf(A, "block expects 2 arguments, got %d", np);
        const char *why[] = {"does not expect a block", "does not expect a block", b, b, b, b,
                             "does not expect a block"};
        fn_fail_dispatch(cc, fn, sigs, why, 7);
    }
    if (n == 1 && v[0]->kind == V_ARRAY) {
        n = v[0]->arr.n;
        v = v[0]->arr.items;
    }
    if (cc->lambda) {
        mm.mode = 3;
        if (!n) return VAL_UNDEF;
    } else {
        if (all_kind(v, n, 0)) mm.mode = 0;
        else if (all_kind(v, n, 1)) mm.mode = 1;
        if (!n) ev_fail(cc, "%s(): Wrong number of arguments need at least one", fn);
    }
    Value *best = v[0];
    for (size_t i = 1; i < n; i++)
        if (mm_cmp(&mm, v[i], best) == want) best = v[i];
    return best;
}

Value *f_min(CallCtx *cc) { return min_max(cc, "min", -1, DEP_MIN_NUM, DEP_MIN_ANY); }
Value *f_max(CallCtx *cc) { return min_max(cc, "max", 1, DEP_MAX_NUM, DEP_MAX_ANY); }

/* ---- versioncmp ---- */

/* The next token of /[-.]|\d+|[^-.\d]+/ at *p; its length. */
static size_t version_token(const char *s)
{
    if (*s == '-' || *s == '.') return 1;
    size_t n = 0;
    if (isdigit((unsigned char)*s)) {
        while (isdigit((unsigned char)s[n])) n++;
    } else {
        while (s[n] && s[n] != '-' && s[n] != '.' && !isdigit((unsigned char)s[n])) n++;
    }
    return n;
}

static int upcase_cmp(const char *a, size_t al, const char *b, size_t bl)
{
    for (size_t i = 0; i < al && i < bl; i++) {
        int x = toupper((unsigned char)a[i]), y = toupper((unsigned char)b[i]);
        if (x != y) return x < y ? -1 : 1;
    }
    return al < bl ? -1 : al > bl;
}

/* Puppet::Util::Package.normalize: drop trailing ".0"s (any run of dots
 * and zeros, so "10" becomes "1" - Puppet's own quirk) from the part
 * before the first '-', and any trailing '-' parts that are empty. */
static const char *version_normalize(CallCtx *cc, const char *v)
{
    size_t n = strlen(v);
    while (n && v[n - 1] == '-') n--;                  /* split drops trailing empties */
    const char *dash = memchr(v, '-', n);
    size_t head = dash ? (size_t)(dash - v) : n, h = head;
    while (h && (v[h - 1] == '.' || v[h - 1] == '0')) h--;
    return arena_printf(A, "%.*s%.*s", (int)h, v, (int)(n - head), v + head);
}

/* versioncmp(a, b[, ignore_trailing_zeroes]) - Puppet's package version
 * comparison: -1, 0 or 1. */
Value *f_versioncmp(CallCtx *cc)
{
    Value *va = cc->args[0], *vb = cc->args[1];
    if (va->kind != V_STR) fn_fail_param(cc, "versioncmp", "a", fn_a_value(cc, "String"), va);
    if (vb->kind != V_STR) fn_fail_param(cc, "versioncmp", "b", fn_a_value(cc, "String"), vb);
    const char *a = va->str.s, *b = vb->str.s;
    if (cc->nargs > 2) {
        Value *z = cc->args[2];
        if (z->kind != V_BOOL) fn_fail_param(cc, "versioncmp", "ignore_trailing_zeroes", fn_a_value(cc, "Boolean"), z);
        if (z->b) {
            a = version_normalize(cc, a);
            b = version_normalize(cc, b);
        }
    }
    const char *pa = a, *pb = b;
    while (*pa && *pb) {
        size_t la = version_token(pa), lb = version_token(pb);
        const char *ta = pa, *tb = pb;
        pa += la;
        pb += lb;
        if (la == lb && memcmp(ta, tb, la) == 0) continue;
        if (*ta == '-') return val_int(A, -1);
        if (*tb == '-') return val_int(A, 1);
        if (*ta == '.') return val_int(A, -1);
        if (*tb == '.') return val_int(A, 1);
        if (isdigit((unsigned char)*ta) && isdigit((unsigned char)*tb)) {
            if (*ta == '0' || *tb == '0') return val_int(A, upcase_cmp(ta, la, tb, lb));
            /* Compare as integers of any length: longer is larger. */
            if (la != lb) return val_int(A, la < lb ? -1 : 1);
            return val_int(A, rv_str_cmp(ta, la, tb, lb));
        }
        return val_int(A, upcase_cmp(ta, la, tb, lb));
    }
    return val_int(A, rv_str_cmp(a, strlen(a), b, strlen(b)));
}
