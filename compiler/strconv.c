/*
 * strconv.c - String(v) and String(v, format): Puppet 7's StringConverter
 * (puppet/pops/types/string_converter.rb), rule for rule.
 *
 * A conversion looks the value up in a format map, an ordered list of
 * type => format pairs where the first type the value is an instance of
 * wins.  The default map gives Float "%f", Numeric "%d", Array "%a" (", "
 * between elements, elements in "%p"), Hash "%h" (" => " between key and
 * value) and everything else "%s"; a format argument is merged into it the
 * way Format.merge_string_formats merges (a user's type drops the defaults
 * it is more general than; the result is sorted most specific first, with
 * glibc's merge sort, the qsort_r Ruby's Array#sort calls).  Each kind of
 * value then has its own letters ('%x' for an Integer, '%y' for a Boolean,
 * '%(a' for an Array ...), and most end in Ruby's Kernel.format, the
 * engine sprintf() uses too (rv_format, catalog/rubyfmt.c).  Containers hold their elements' formats ("%p": strings
 * quoted the way puppet_quote quotes them) and indent nested containers
 * with the '#' flag as Ruby's Indentation does.
 *
 * Everything built here lives in the compile arena; the few malloc'd
 * buffers are registered in the converter's state and freed before an
 * error unwinds (sc_fail).
 */
#include "compiler/strconv.h"
#include "base/utf8.h"
#include "compiler/fn/fnaux.h"
#include "catalog/rubyval.h"
#include <ctype.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wctype.h>

#define A (sc->c->arena)

typedef struct Fmt Fmt;

/* type => format, in lookup order */
typedef struct FmtMap {
    Value **types;
    Fmt **fmts;
    size_t n;
} FmtMap;

struct Fmt {
    const char *orig;           /* the format as given: "%-10s" (may hold other lines) */
    char letter;                /* 's', 'x', 'a' ... */
    int alt, left, zero;        /* flags '#', '-', '0' */
    char plus;                  /* ' ' (space flag), '+', or 0 */
    char delim;                 /* container delimiter flag: [ { ( < | or 0 */
    int width, prec;            /* -1: not given */
    const char *sep, *sep2;     /* container separators, NULL: not given */
    const FmtMap *elems;        /* container_string_formats, NULL: not given */
};

/* A malloc'd buffer in use, freed by sc_fail when an error unwinds. */
typedef struct LiveBuf {
    Buf b;
    struct LiveBuf *up;
} LiveBuf;

typedef struct SC {
    Compiler *c;
    const Node *at;
    LiveBuf *live;
} SC;

/* Ruby's Indentation: level, first element, indenting at all */
typedef struct Indent {
    int level, first, on;
} Indent;

static _Noreturn void sc_fail(SC *sc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static _Noreturn void sc_fail(SC *sc, const char *fmt, ...)
{
    for (LiveBuf *l = sc->live; l; l = l->up) buf_free(&l->b);
    sc->live = NULL;
    va_list ap;
    va_start(ap, fmt);
    cmp_failv(sc->c, sc->at, fmt, ap);
}

static void live_push(SC *sc, LiveBuf *l)
{
    l->b = (Buf)BUF_INIT;
    l->up = sc->live;
    sc->live = l;
}

/* Pops l (the innermost live buffer); its text is copied to the arena. */
static const char *live_pop(SC *sc, LiveBuf *l, size_t *len)
{
    sc->live = l->up;
    if (len) *len = l->b.len;
    char *s = arena_strndup(A, l->b.s ? l->b.s : "", l->b.len);
    buf_free(&l->b);
    return s;
}

/* ---- the default formats ---- */

#define STATIC_TYPE(name) {.kind = V_TYPE, .type = {name, NULL, 0}}
static Value t_object = STATIC_TYPE("Object"), t_float = STATIC_TYPE("Float"), t_numeric = STATIC_TYPE("Numeric"),
             t_array = STATIC_TYPE("Array"), t_hash = STATIC_TYPE("Hash"), t_binary = STATIC_TYPE("Binary"),
             t_any = STATIC_TYPE("Any"), t_integer = STATIC_TYPE("Integer");

#define FMT(o, l) {.orig = o, .letter = l, .width = -1, .prec = -1}
static Fmt f_p = FMT("%p", 'p'), f_f = FMT("%f", 'f'), f_d = FMT("%d", 'd'), f_B = FMT("%B", 'B'), f_s = FMT("%s", 's');
static Value *container_types[] = {&t_any};
static Fmt *container_fmts[] = {&f_p};
static const FmtMap default_container = {container_types, container_fmts, 1};
static Fmt f_array = {.orig = "%a", .letter = 'a', .width = -1, .prec = -1, .sep = ", ", .sep2 = ", ", .elems = &default_container};
static Fmt f_hash_fmt = {.orig = "%h", .letter = 'h', .width = -1, .prec = -1, .sep = ", ", .sep2 = " => ", .elems = &default_container};
/* DEFAULT_STRING_FORMATS, in its (unsorted) order */
static Value *default_types[] = {&t_object, &t_float, &t_numeric, &t_array, &t_hash, &t_binary, &t_any};
static Fmt *default_fmts[] = {&f_p, &f_f, &f_d, &f_array, &f_hash_fmt, &f_B, &f_s};
static const FmtMap default_map = {default_types, default_fmts, 7};

/* Puppet's quoting (StringConverter#puppet_quote) is val_puppet_quote. */

/* ---- Kernel.format (rv_format) ---- */

static void fill(Buf *b, char ch, int n)
{
    for (int i = 0; i < n; i++) buf_addc(b, ch);
}

/* Kernel.format(fmt, arg) for the one argument Puppet passes. */
static void kformat(SC *sc, Buf *b, const char *fmt, const RvArg *arg)
{
    char err[512];
    if (rv_format(b, fmt, strlen(fmt), arg, 1, NULL, NULL, err, sizeof err)) sc_fail(sc, "%s", err);
}

static void kformat_str(SC *sc, Buf *b, const char *fmt, const char *s, size_t len)
{
    RvArg a = {.kind = RVA_STR, .s = s, .len = len, .cls = "String"};
    kformat(sc, b, fmt, &a);
}

static void kformat_int(SC *sc, Buf *b, const char *fmt, int64_t i)
{
    RvArg a = {.kind = RVA_INT, .i = i};
    kformat(sc, b, fmt, &a);
}

static void kformat_float(SC *sc, Buf *b, const char *fmt, double f)
{
    RvArg a = {.kind = RVA_FLOAT, .f = f};
    kformat(sc, b, fmt, &a);
}

/* fmt with every character from replaced by to (Ruby's String#tr / gsub of
 * one letter), in the arena. */
static const char *tr(SC *sc, const char *fmt, char from, char to)
{
    char *s = arena_strdup(A, fmt);
    for (char *p = s; *p; p++)
        if (*p == from) *p = to;
    return s;
}

/* apply_string_flags: only '-', width and precision, as "%-W.Ps". */
static void apply_string_flags(SC *sc, Buf *b, const Fmt *f, const char *s, size_t len)
{
    char fmt[48], *p = fmt;
    *p++ = '%';
    if (f->left) *p++ = '-';
    if (f->width >= 0) p += snprintf(p, 12, "%d", f->width);
    if (f->prec >= 0) p += snprintf(p, 12, ".%d", f->prec);
    strcpy(p, "s");
    RvArg a = {.kind = RVA_STR, .s = s, .len = len};
    kformat(sc, b, fmt, &a);
}

static void apply_string_flags_s(SC *sc, Buf *b, const Fmt *f, const char *s) { apply_string_flags(sc, b, f, s, strlen(s)); }

/* ---- Format.new ---- */

static int is_ruby_space(char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\v' || ch == '\f' || ch == '\r'; }

static int is_flag(char ch) { return is_ruby_space(ch) || (ch && strchr("[+#0{<(|-", ch)); }

/* FMT_PATTERN, /^%([\s\[+#0{<(|-]*)([1-9][0-9]*)?(?:\.([0-9]+))?([a-zA-Z])$/,
 * whose ^ and $ are Ruby's line anchors: the first line that matches.
 * Sets the flags' span and the rest; 0 when no line matches. */
static int fmt_match(const char *s, const char **flags, size_t *nflags, int *width, int *prec, char *letter)
{
    for (const char *line = s; line; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
        if (*line != '%') continue;
        const char *p = line + 1;
        *flags = p;
        while (is_flag(*p)) p++;
        *nflags = (size_t)(p - *flags);
        *width = -1, *prec = -1;
        if (*p >= '1' && *p <= '9') {
            *width = 0;
            while (*p >= '0' && *p <= '9') *width = *width * 10 + (*p++ - '0');
        }
        if (*p == '.' && p[1] >= '0' && p[1] <= '9') {
            p++;
            *prec = 0;
            while (*p >= '0' && *p <= '9') *prec = *prec * 10 + (*p++ - '0');
        }
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))) continue;
        *letter = *p++;
        if (*p == '\0' || *p == '\n') return 1;
    }
    return 0;
}

static Fmt *fmt_new(SC *sc, const char *s)
{
    const char *flags;
    size_t nflags;
    Fmt *f = ARENA_NEW(A, Fmt);
    if (!fmt_match(s, &flags, &nflags, &f->width, &f->prec, &f->letter))
        sc_fail(sc, "The format '%s' is not a valid format on the form '%%<flags><width>.<prec><format>'", s);
    f->orig = s;
    for (size_t i = 0; i < nflags; i++)
        for (size_t j = i + 1; j < nflags; j++)
            if (flags[i] == flags[j]) sc_fail(sc, "The same flag can only be used once, got '%s'", s);
    for (size_t i = 0; i < nflags; i++) {
        char ch = flags[i];
        if (ch == '-') f->left = 1;
        else if (ch == '#') f->alt = 1;
        else if (ch == '0') f->zero = 1;
    }
    f->plus = memchr(flags, ' ', nflags) ? ' ' : memchr(flags, '+', nflags) ? '+' : 0;
    for (const char *d = "[{(<|"; *d; d++) {
        if (!memchr(flags, *d, nflags)) continue;
        if (f->delim) sc_fail(sc, "Only one of the delimiters [ { ( < | can be given in the format flags, got '%s'", s);
        f->delim = *d;
    }
    return f;
}

/* Format#delimiter_pair */
static void delimiters(const Fmt *f, const char *dflt, const char **open, const char **close)
{
    static const char *const pairs[][2] = {{"[", "]"}, {"{", "}"}, {"(", ")"}, {"<", ">"}, {"|", "|"}};
    const char *d = "[{(<|";
    if (f->delim) {
        const char *at = strchr(d, f->delim);
        *open = pairs[at - d][0], *close = pairs[at - d][1];
    } else if (f->plus == ' ') {
        *open = *close = "";
    } else {
        *open = dflt[0] == '[' ? "[" : "{";
        *close = dflt[0] == '[' ? "]" : "}";
    }
}

/* ---- types: matching and ordering the format map ---- */

static int tnamed(const Value *t, const char *n) { return t->kind == V_TYPE && !strcmp(t->type.name, n); }

static int is_runtime_only(const Value *t) { return tnamed(t, "Object"); }

/* get_format's test: is v an instance of the map's type t? */
static int type_accepts(SC *sc, Value *t, Value *v)
{
    if (is_runtime_only(t)) return 0;
    return ty_type_match(sc->c, t, v);
}

static void num_bounds(const Value *t, double *lo, double *hi)
{
    *lo = -INFINITY, *hi = INFINITY;
    for (size_t i = 0; i < t->type.n && i < 2; i++) {
        const Value *p = t->type.params[i];
        double x = p->kind == V_INT ? (double)p->i : p->kind == V_FLOAT ? p->f : (i ? INFINITY : -INFINITY);
        if (i) *hi = x;
        else *lo = x;
    }
}

/* String[a, b] sizes; 0..inf when unbounded. */
static void size_bounds(const Value *t, size_t first, double *lo, double *hi)
{
    *lo = 0, *hi = INFINITY;
    for (size_t i = first; i < t->type.n && i < first + 2; i++) {
        const Value *p = t->type.params[i];
        if (p->kind != V_INT) continue;
        if (i == first) *lo = (double)p->i;
        else *hi = (double)p->i;
    }
}

/* Type#assignable?(s) for the types a format map holds: is every instance
 * of s an instance of t?  Numbers and string sizes by range, Enum and
 * Pattern as strings; the rest as typesys.c decides. */
static int assignable(SC *sc, Value *t, Value *s)
{
    if (t->kind != V_TYPE || s->kind != V_TYPE) return 0;
    if (tnamed(t, "Any") || val_identical(t, s)) return 1;
    if (is_runtime_only(t) || is_runtime_only(s)) return 0;
    if (tnamed(t, "Optional") && t->type.n == 1) return tnamed(s, "Undef") || assignable(sc, t->type.params[0], s);
    if (tnamed(t, "Variant")) {
        for (size_t i = 0; i < t->type.n; i++)
            if (assignable(sc, t->type.params[i], s)) return 1;
        return 0;
    }
    if (tnamed(s, "Variant")) {
        for (size_t i = 0; i < s->type.n; i++)
            if (!assignable(sc, t, s->type.params[i])) return 0;
        return 1;
    }
    int t_num = tnamed(t, "Integer") || tnamed(t, "Float") || tnamed(t, "Numeric");
    int s_num = tnamed(s, "Integer") || tnamed(s, "Float") || tnamed(s, "Numeric");
    if (t_num && s_num) {
        if (tnamed(t, "Integer") && !tnamed(s, "Integer")) return 0;
        if (tnamed(t, "Float") && !tnamed(s, "Float")) return 0;
        double tl, th, sl, sh;
        num_bounds(t, &tl, &th);
        num_bounds(s, &sl, &sh);
        return sl >= tl && sh <= th;
    }
    if (tnamed(t, "String") && t->type.n >= 1 && t->type.params[0]->kind == V_STR) {
        return tnamed(s, "String") && s->type.n >= 1 && s->type.params[0]->kind == V_STR &&
               !strcmp(s->type.params[0]->str.s, t->type.params[0]->str.s);
    }
    if (tnamed(t, "String") && (tnamed(s, "String") || tnamed(s, "Enum") || tnamed(s, "Pattern"))) {
        double tl, th;
        size_bounds(t, 0, &tl, &th);
        if (tnamed(s, "String")) {
            double sl, sh;
            size_bounds(s, 0, &sl, &sh);
            if (s->type.n >= 1 && s->type.params[0]->kind == V_STR) sl = sh = (double)utf8_len(s->type.params[0]->str.s, s->type.params[0]->str.len);
            return sl >= tl && sh <= th;
        }
        if (tnamed(s, "Enum") && s->type.n) {
            for (size_t i = 0; i < s->type.n; i++) {
                Value *e = s->type.params[i];
                if (e->kind != V_STR) continue;
                double l = (double)utf8_len(e->str.s, e->str.len);
                if (l < tl || l > th) return 0;
            }
            return 1;
        }
        return tl == 0 && th == INFINITY;
    }
    if (tnamed(t, "Enum") && tnamed(s, "Enum") && t->type.n) {
        for (size_t i = 0; i < s->type.n; i++) {
            int found = 0;
            for (size_t j = 0; j < t->type.n && !found; j++) found = val_identical(s->type.params[i], t->type.params[j]);
            if (!found && s->type.params[i]->kind == V_STR) return 0;
        }
        return s->type.n > 0;
    }
    return ty_type_assignable(sc->c, t, s);
}

static void type_string(SC *sc, Buf *b, const Value *t);

/* Format.type_rank */
static int type_rank(const Value *t)
{
    static const char *const ranked[] = {"Struct", "Hash", "Tuple", "Array", "Pattern", "Enum", "String"};
    static const int rank[] = {1, 2, 3, 4, 10, 11, 12};
    for (size_t i = 0; i < sizeof rank / sizeof rank[0]; i++)
        if (tnamed(t, ranked[i])) return rank[i];
    return 0;
}

/* Format.sort_formats' comparison: the more specific type first, else by
 * rank, else by the types' text. */
static int fmt_cmp(SC *sc, Value *a, Value *b)
{
    int ab = assignable(sc, b, a), ba = assignable(sc, a, b);
    if (val_identical(a, b)) return 0;
    if (ab && !ba) return -1;
    if (!ab && ba) return 1;
    int ra = type_rank(a), rb = type_rank(b);
    if (ra == 0 || rb == 0) {
        Buf x = BUF_INIT, y = BUF_INIT;
        type_string(sc, &x, a);
        type_string(sc, &y, b);
        size_t n = x.len < y.len ? x.len : y.len;
        int r = memcmp(n ? x.s : "", n ? y.s : "", n);
        if (!r) r = x.len < y.len ? -1 : x.len > y.len;
        buf_free(&x);
        buf_free(&y);
        return r < 0 ? -1 : r > 0;
    }
    return ra < rb ? -1 : ra > rb;
}

/* glibc's msort_with_tmp (the qsort_r behind Ruby's Array#sort), on
 * indexes; a stable top-down merge sort. */
static void msort(SC *sc, Value **types, size_t *idx, size_t *tmp, size_t n)
{
    if (n <= 1) return;
    size_t n1 = n / 2, n2 = n - n1;
    size_t *b1 = idx, *b2 = idx + n1;
    msort(sc, types, b1, tmp, n1);
    msort(sc, types, b2, tmp, n2);
    size_t *out = tmp;
    while (n1 > 0 && n2 > 0) {
        if (fmt_cmp(sc, types[*b1], types[*b2]) <= 0) *out++ = *b1++, n1--;
        else *out++ = *b2++, n2--;
    }
    if (n1 > 0) memcpy(out, b1, n1 * sizeof *out);
    memcpy(idx, tmp, (n - n2) * sizeof *idx);
}

static FmtMap *map_sorted(SC *sc, Value **types, Fmt **fmts, size_t n)
{
    size_t *idx = ARENA_NEWN(A, size_t, n + 1), *tmp = ARENA_NEWN(A, size_t, n + 1);
    for (size_t i = 0; i < n; i++) idx[i] = i;
    msort(sc, types, idx, tmp, n);
    FmtMap *m = ARENA_NEW(A, FmtMap);
    m->types = ARENA_NEWN(A, Value *, n + 1);
    m->fmts = ARENA_NEWN(A, Fmt *, n + 1);
    m->n = n;
    for (size_t i = 0; i < n; i++) m->types[i] = types[idx[i]], m->fmts[i] = fmts[idx[i]];
    return m;
}

static const FmtMap *merge_maps(SC *sc, const FmtMap *lower, const FmtMap *higher);

/* Format.merge(lower, higher): higher's format with lower's separators and
 * element formats where higher has none. */
static Fmt *merge_fmt(SC *sc, Fmt *lower, Fmt *higher)
{
    if (!lower || !higher) return lower ? lower : higher;
    Fmt *r = fmt_new(sc, higher->orig);
    r->sep = higher->sep ? higher->sep : lower->sep;
    r->sep2 = higher->sep2 ? higher->sep2 : lower->sep2;
    r->elems = merge_maps(sc, lower->elems, higher->elems);
    return r;
}

/* Format.merge_string_formats */
static const FmtMap *merge_maps(SC *sc, const FmtMap *lower, const FmtMap *higher)
{
    if (!lower || !higher) return lower ? lower : higher;
    size_t cap = lower->n + higher->n, n = 0;
    Value **keys = ARENA_NEWN(A, Value *, cap + 1);
    /* lower's keys that no other key of higher is more general than */
    for (size_t i = 0; i < lower->n; i++) {
        int drop = 0;
        for (size_t j = 0; j < higher->n && !drop; j++)
            drop = !val_identical(higher->types[j], lower->types[i]) && assignable(sc, higher->types[j], lower->types[i]);
        if (!drop) keys[n++] = lower->types[i];
    }
    size_t nlower = n;
    for (size_t j = 0; j < higher->n; j++) {
        int dup = 0;
        for (size_t i = 0; i < n && !dup; i++) dup = val_identical(keys[i], higher->types[j]);
        if (!dup) keys[n++] = higher->types[j];
    }
    Fmt **fmts = ARENA_NEWN(A, Fmt *, n + 1);
    for (size_t k = 0; k < n; k++) {
        Fmt *lo = NULL, *hi = NULL;
        if (k < nlower)
            for (size_t i = 0; i < lower->n; i++)
                if (val_identical(lower->types[i], keys[k])) lo = lower->fmts[i];
        for (size_t j = 0; j < higher->n; j++)
            if (val_identical(higher->types[j], keys[k])) hi = higher->fmts[j];
        fmts[k] = merge_fmt(sc, lo, hi);
    }
    return map_sorted(sc, keys, fmts, n);
}

/* get_format: the first type v is an instance of; "%s" when none. */
static const Fmt *get_format(SC *sc, Value *v, const FmtMap *map)
{
    for (size_t i = 0; i < map->n; i++)
        if (type_accepts(sc, map->types[i], v)) return map->fmts[i];
    return &f_s;
}

/* ---- types as TypeFormatter writes them ---- */

/* TypeFormatter's text: Integer[1, 2], Enum['a', 'b'], File['/x'], Class[foo] */
static void type_string(SC *sc, Buf *b, const Value *t)
{
    (void)sc;
    val_to_string(b, t);
}

/* ---- the converters, one per kind of value ---- */

static void convert(SC *sc, Buf *b, Value *v, const FmtMap *map, Indent ind);

static _Noreturn void format_error(SC *sc, const char *type, char letter, const char *expected)
{
    sc_fail(sc, "Illegal format '%c' specified for value of %s type - expected one of the characters '%s'", letter, type, expected);
}

static void conv_undef(SC *sc, Buf *b, const Fmt *f)
{
    const char *s;
    switch (f->letter) {
    case 'n': s = f->alt ? "null" : "nil"; break;
    case 'u': s = f->alt ? "undefined" : "undef"; break;
    case 'd': case 'x': case 'X': case 'o': case 'b': case 'B':
    case 'e': case 'E': case 'f': case 'g': case 'G': case 'a': case 'A': s = "NaN"; break;
    case 'v': s = "n/a"; break;
    case 'V': s = "N/A"; break;
    case 's': s = f->alt ? "\"\"" : ""; break;
    case 'p': s = f->alt ? "\"undef\"" : "undef"; break;
    default: format_error(sc, "Undef", f->letter, "nudxXobBeEfgGaAvVsp");
    }
    apply_string_flags_s(sc, b, f, s);
}

static void conv_default(SC *sc, Buf *b, const Fmt *f)
{
    const char *s;
    switch (f->letter) {
    case 'd': case 's': case 'p': s = f->alt ? "\"default\"" : "default"; break;
    case 'D': s = f->alt ? "\"Default\"" : "Default"; break;
    default: format_error(sc, "Default", f->letter, "dDsp");
    }
    apply_string_flags_s(sc, b, f, s);
}

static void conv_int(SC *sc, Buf *b, int64_t v, const Fmt *f)
{
    switch (f->letter) {
    case 'd': case 'x': case 'X': case 'o': case 'b': case 'B': case 'p': kformat_int(sc, b, f->orig, v); return;
    case 'e': case 'E': case 'f': case 'g': case 'G': case 'a': case 'A': kformat_float(sc, b, f->orig, (double)v); return;
    case 'c': {
        if (v < 0 || v > 0x7FFFFFFF) sc_fail(sc, "pack(U): value out of range");
        if (v == 0) sc_fail(sc, CMP_NUL_MSG " (%%c of 0)");
        LiveBuf ch;
        live_push(sc, &ch);
        if (f->alt) buf_addc(&ch.b, '"');
        utf8_encode(&ch.b, (long)v);
        if (f->alt) buf_addc(&ch.b, '"');
        size_t len;
        const char *s = live_pop(sc, &ch, &len);
        kformat_str(sc, b, tr(sc, f->orig, 'c', 's'), s, len);
        return;
    }
    case 's': {
        char num[24];
        snprintf(num, sizeof num, "%lld", (long long)v);
        kformat_str(sc, b, tr(sc, f->orig, 's', f->alt ? 'p' : 's'), num, strlen(num));
        return;
    }
    default: format_error(sc, "Integer", f->letter, "dxXobBeEfgGaAspc");
    }
}

static void conv_float(SC *sc, Buf *b, double v, const Fmt *f)
{
    switch (f->letter) {
    case 'd': case 'x': case 'X': case 'o': case 'b': case 'B': {
        RvArg a = {.kind = RVA_FLOAT, .f = trunc(v)};
        kformat(sc, b, f->orig, &a);
        return;
    }
    case 'e': case 'E': case 'f': case 'g': case 'G': case 'a': case 'A': case 'p': kformat_float(sc, b, f->orig, v); return;
    case 's': {
        Value x = {.kind = V_FLOAT};
        x.f = v;
        LiveBuf s;
        live_push(sc, &s);
        if (f->alt) buf_addc(&s.b, '"');
        val_to_s(&s.b, &x);
        if (f->alt) buf_addc(&s.b, '"');
        size_t len;
        const char *str = live_pop(sc, &s, &len);
        kformat_str(sc, b, f->orig, str, len);
        return;
    }
    default: format_error(sc, "Float", f->letter, "dxXobBeEfgGaAsp");
    }
}

static void conv_bool(SC *sc, Buf *b, int v, const Fmt *f, Indent ind)
{
    const char *s;
    char one[2] = {0, 0};
    switch (f->letter) {
    case 't': s = v ? "true" : "false"; break;
    case 'T': s = v ? "True" : "False"; break;
    case 'y': s = v ? "yes" : "no"; break;
    case 'Y': s = v ? "Yes" : "No"; break;
    case 'd': case 'x': case 'X': case 'o': case 'b': case 'B': {
        Value *types[] = {&t_integer};
        Fmt *fmts[] = {(Fmt *)f};
        FmtMap m = {types, fmts, 1};
        convert(sc, b, val_int(A, v), &m, ind);
        return;
    }
    case 'e': case 'E': case 'f': case 'g': case 'G': case 'a': case 'A': {
        Value *types[] = {&t_float};
        Fmt *fmts[] = {(Fmt *)f};
        FmtMap m = {types, fmts, 1};
        convert(sc, b, val_float(A, v), &m, ind);
        return;
    }
    case 's': case 'p': apply_string_flags_s(sc, b, f, v ? "true" : "false"); return;
    default: format_error(sc, "Boolean", f->letter, "tTyYdxXobBeEfgGaAsp");
    }
    if (f->alt) one[0] = s[0], s = one;
    apply_string_flags_s(sc, b, f, s);
}

/* Unicode case mapping (towupper in C.UTF-8), as Ruby's String#upcase,
 * #downcase and #capitalize map; ASCII only where that locale is missing. */
static locale_t utf8_locale(void)
{
    static locale_t loc;
    static int tried;
    if (!tried) tried = 1, loc = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
    return loc;
}

enum { CASE_UP, CASE_DOWN, CASE_CAPITALIZE };

/* s[0..len) with its case mapped, in the arena; *out_len its length. */
static char *case_map(SC *sc, const char *s, size_t len, int mode, size_t *out_len)
{
    locale_t loc = utf8_locale();
    char *o = ARENA_NEWN(A, char, len * 2 + 1);     /* a mapped character never takes more than twice the bytes */
    size_t k = 0;
    for (size_t i = 0; i < len;) {
        unsigned char ch = (unsigned char)s[i];
        uint32_t cp = ch;
        size_t l = 1;
        if (ch >= 0xC0 && ch < 0xF8) {
            l = ch >= 0xF0 ? 4 : ch >= 0xE0 ? 3 : 2;
            if (i + l > len) l = 1;
            else {
                cp = ch & (0x3F >> (l - 1));
                for (size_t j = 1; j < l; j++) cp = cp << 6 | ((unsigned char)s[i + j] & 0x3F);
            }
        }
        int up = mode == CASE_UP || (mode == CASE_CAPITALIZE && i == 0);
        uint32_t m = cp;
        if (l > 1 || ch < 0x80) {
            if (loc) m = (uint32_t)(up ? towupper_l((wint_t)cp, loc) : towlower_l((wint_t)cp, loc));
            else if (cp < 0x80) m = (uint32_t)(up ? toupper((int)cp) : tolower((int)cp));
        }
        if (m == cp) memcpy(o + k, s + i, l), k += l;
        else {
            Buf t = BUF_INIT;
            utf8_encode(&t, m);
            memcpy(o + k, t.s, t.len), k += t.len;
            buf_free(&t);
        }
        i += l;
    }
    o[k] = '\0';
    *out_len = k;
    return o;
}

static void conv_string(SC *sc, Buf *b, const char *s, size_t len, const Fmt *f)
{
    if (f->letter == 's') {
        kformat_str(sc, b, f->orig, s, len);
        return;
    }
    if (f->letter == 'p') {
        LiveBuf q;
        live_push(sc, &q);
        val_puppet_quote(&q.b, s, len, f->alt);
        size_t n;
        const char *t = live_pop(sc, &q, &n);
        apply_string_flags(sc, b, f, t, n);
        return;
    }
    if (!strchr("cCudt", f->letter)) format_error(sc, "String", f->letter, "cCudspt");
    char *c = arena_strndup(A, s, len);
    size_t n = len;
    switch (f->letter) {
    case 'c': c = case_map(sc, s, len, CASE_CAPITALIZE, &n); break;
    case 'C': {     /* split('::') (trailing empty segments dropped), each capitalized, joined */
        size_t nseg = 0, *from = ARENA_NEWN(A, size_t, len / 2 + 2), *to = ARENA_NEWN(A, size_t, len / 2 + 2);
        for (size_t i = 0, start = 0;; i++) {
            if (i == len || (s[i] == ':' && i + 1 < len && s[i + 1] == ':')) {
                from[nseg] = start, to[nseg++] = i;
                if (i == len) break;
                start = i + 2;
                i++;
            }
        }
        while (nseg && from[nseg - 1] == to[nseg - 1]) nseg--;
        Buf cb = BUF_INIT;
        for (size_t i = 0; i < nseg; i++) {
            size_t sn;
            const char *seg = case_map(sc, s + from[i], to[i] - from[i], CASE_CAPITALIZE, &sn);
            if (i) buf_adds(&cb, "::");
            buf_add(&cb, seg, sn);
        }
        c = arena_strndup(A, cb.s ? cb.s : "", cb.len);
        n = cb.len;
        buf_free(&cb);
        break;
    }
    case 'u': c = case_map(sc, s, len, CASE_UP, &n); break;
    case 'd': c = case_map(sc, s, len, CASE_DOWN, &n); break;
    case 't': {     /* String#strip */
        size_t lo = 0;
        while (lo < n && (is_ruby_space(c[lo]) || c[lo] == '\0')) lo++;
        while (n > lo && (is_ruby_space(c[n - 1]) || c[n - 1] == '\0')) n--;
        c += lo, n -= lo;
        break;
    }
    }
    if (f->alt) {
        LiveBuf q;
        live_push(sc, &q);
        val_puppet_quote(&q.b, c, n, 0);
        size_t qn;
        const char *t = live_pop(sc, &q, &qn);
        apply_string_flags(sc, b, f, t, qn);
    } else {
        kformat_str(sc, b, tr(sc, f->orig, f->letter, 's'), c, n);
    }
}

/* Regexp#inspect's escaping: a '/' gets a backslash, escapes stay. */
static void regexp_inspect(Buf *b, const char *src)
{
    buf_addc(b, '/');
    for (const char *p = src; *p; p++) {
        unsigned char ch = (unsigned char)*p;
        if (ch == '\\' && p[1]) buf_addc(b, '\\'), buf_addc(b, *++p);
        else if (ch == '/') buf_adds(b, "\\/");
        else if ((ch < 0x20 && !is_ruby_space((char)ch)) || ch == 0x7f) buf_printf(b, "\\x%02X", ch);
        else buf_addc(b, (char)ch);
    }
    buf_addc(b, '/');
}

static void conv_regexp(SC *sc, Buf *b, const char *src, const Fmt *f)
{
    LiveBuf r;
    live_push(sc, &r);
    if (f->letter == 'p') {
        regexp_inspect(&r.b, src);
    } else if (f->letter == 's') {
        if (f->alt) val_puppet_quote(&r.b, src, strlen(src), 0);
        else buf_adds(&r.b, src);
    } else {
        sc_fail(sc, "Illegal format '%c' specified for value of Regexp type - expected one of the characters 'sp'", f->letter);
    }
    size_t n;
    const char *s = live_pop(sc, &r, &n);
    if (f->letter == 'p') {
        if (!strcmp(f->orig, "%p")) buf_add(b, s, n);
        else kformat_str(sc, b, tr(sc, f->orig, 'p', 's'), s, n);
    } else {
        if (!strcmp(f->orig, "%s")) buf_add(b, s, n);
        else kformat_str(sc, b, f->orig, s, n);
    }
}

static void conv_type(SC *sc, Buf *b, Value *t, const Fmt *f)
{
    if (f->letter != 's' && f->letter != 'p') format_error(sc, "Type", f->letter, "sp");
    LiveBuf r;
    live_push(sc, &r);
    if (f->letter == 's' && f->alt) buf_addc(&r.b, '"');
    type_string(sc, &r.b, t);
    if (f->letter == 's' && f->alt) buf_addc(&r.b, '"');
    size_t n;
    const char *s = live_pop(sc, &r, &n);
    kformat_str(sc, b, f->letter == 's' ? f->orig : tr(sc, f->orig, 'p', 's'), s, n);
}

/* string_PAnyType: Kernel.format of the Ruby object (a Sensitive here). */
static void conv_sensitive(SC *sc, Buf *b, const Fmt *f)
{
    RvArg a = {.kind = RVA_OBJ, .s = "Sensitive [value redacted]", .len = 26, .inspect = "#<Sensitive [value redacted]>",
              .cls = "Puppet::Pops::Types::PSensitiveType::Sensitive"};
    kformat(sc, b, f->orig, &a);
}

/* string_PAnyType of a Timestamp or Timespan: Kernel.format of the Ruby
 * object, whose to_s is its default format. */
static void conv_time(SC *sc, Buf *b, const Value *v, const Fmt *f)
{
    Buf t = BUF_INIT;
    val_time_to_s(&t, v);
    const char *s = arena_strndup(A, t.s, t.len);
    buf_free(&t);
    RvArg a = {.kind = RVA_OBJ, .s = s, .len = strlen(s), .inspect = s, .cls = val_type_name(v), .numeric = 1,
              .i = v->time.sec, .f = (double)val_time_ns(v) / 1e9};
    kformat(sc, b, f->orig, &a);
}

/* string_PBinaryType: %s the bytes as UTF-8 text (an error when they are
 * not), %p Binary("<base64>"), %b Base64 with line breaks, %B strict
 * Base64 (the default), %u URL-safe Base64, %t/%T the type name; '#'
 * quotes the text as %p would. */
static void conv_binary(SC *sc, Buf *b, const Value *v, const Fmt *f)
{
    char sub = f->alt ? 'p' : 's';
    Buf t = BUF_INIT;
    const char *text;
    size_t len;
    switch (f->letter) {
    case 's':
        int valid = 1;
        for (size_t i = 0, k; i < v->str.len && valid; i += k) {
            long cp;
            k = utf8_decode(v->str.s + i, v->str.len - i, &cp);
            valid = cp >= 0;
        }
        if (!f->alt && !valid) {
            for (size_t i = 0; i < v->str.len; i++)
                if ((unsigned char)v->str.s[i] >= 0x80) sc_fail(sc, "\"\\x%02X\" from ASCII-8BIT to UTF-8", (unsigned char)v->str.s[i]);
        }
        text = v->str.s, len = v->str.len;
        break;
    case 'p': {
        val_base64(&t, v->str.s, v->str.len);
        char *fmt = arena_strdup(A, f->orig);
        fmt[strlen(fmt) - 1] = 's';
        LiveBuf q;
        live_push(sc, &q);
        buf_adds(&q.b, "Binary(\"");
        kformat_str(sc, &q.b, fmt, arena_strndup(A, buf_cstr(&t), t.len), t.len);
        buf_adds(&q.b, "\")");
        size_t n;
        const char *s = live_pop(sc, &q, &n);
        buf_add(b, s, n);
        buf_free(&t);
        return;
    }
    case 'b':
        for (size_t i = 0; i < v->str.len; i += 45) {       /* Base64.encode64: 60 characters a line */
            val_base64(&t, v->str.s + i, v->str.len - i < 45 ? v->str.len - i : 45);
            buf_addc(&t, '\n');
        }
        text = t.s ? t.s : "", len = t.len;
        break;
    case 'B': case 'u':
        val_base64(&t, v->str.s, v->str.len);
        if (f->letter == 'u')
            for (size_t i = 0; i < t.len; i++) t.s[i] = t.s[i] == '+' ? '-' : t.s[i] == '/' ? '_' : t.s[i];
        text = t.s ? t.s : "", len = t.len;
        break;
    case 't': text = "Binary", len = 6; break;
    case 'T': text = "BINARY", len = 6; break;
    default: format_error(sc, "Binary", f->letter, "bButTsp");
    }
    text = arena_strndup(A, text, len);
    buf_free(&t);
    kformat_str(sc, b, tr(sc, f->orig, f->letter, sub), text, len);
}

/* string_PAnyType of a SemVer or SemVerRange: Kernel.format of the Ruby
 * object (to_s: a range as written; inspect, for %p: normalised). */
static void conv_semver(SC *sc, Buf *b, const Value *v, const Fmt *f)
{
    RvArg a = {.kind = RVA_OBJ, .s = v->sv.text, .len = strlen(v->sv.text), .inspect = v->sv.inspect,
              .cls = v->kind == V_SEMVER ? "SemanticPuppet::Version" : "SemanticPuppet::VersionRange"};
    kformat(sc, b, f->orig, &a);
}

static int is_container(const Value *v) { return v->kind == V_ARRAY || v->kind == V_HASH; }

static Indent ind_indenting(Indent i, int on) { return (Indent){i.level, i.first, on}; }
static Indent ind_increase(Indent i, int on) { return (Indent){i.level + 1, 1, on}; }
static Indent ind_subsequent(Indent i) { return (Indent){i.level, 0, i.on}; }
static int ind_breaks(Indent i) { return i.on && i.level > 0 && !i.first; }
static void ind_padding(Buf *b, Indent i) { fill(b, ' ', 2 * i.level); }

/* String#rstrip! of the text since start */
static void rstrip(Buf *b, size_t start)
{
    while (b->len > start && (is_ruby_space(b->s[b->len - 1]) || b->s[b->len - 1] == '\0')) b->len--;
    if (b->cap) b->s[b->len] = '\0';
}

/* string_PArrayType */
static void conv_array(SC *sc, Buf *b, Value *v, const Fmt *f, const FmtMap *map, Indent ind)
{
    const char *sep = f->sep ? f->sep : ", ";
    const FmtMap *elems = f->elems ? f->elems : &default_container;
    const char *open, *close;
    delimiters(f, "[", &open, &close);
    ind = ind_indenting(ind, f->alt || ind.on);
    if (f->letter != 'a' && f->letter != 's' && f->letter != 'p') format_error(sc, "Array", f->letter, "asp");
    size_t n = v->arr.n;
    LiveBuf out;
    live_push(sc, &out);
    Buf *o = &out.b;
    if (ind_breaks(ind)) buf_addc(o, '\n'), ind_padding(o, ind);
    buf_adds(o, open);
    /* first pass: each element on its own */
    const char **mapped = ARENA_NEWN(A, const char *, n + 1);
    size_t *mlen = ARENA_NEWN(A, size_t, n + 1);
    Indent child = ind_increase(ind, f->alt);
    for (size_t i = 0; i < n; i++) {
        if (child.first) child = ind_subsequent(child);
        Value *e = v->arr.items[i];
        LiveBuf eb;
        live_push(sc, &eb);
        convert(sc, &eb.b, e, is_container(e) ? map : elems, child);
        mapped[i] = live_pop(sc, &eb, &mlen[i]);
    }
    /* with '#' and a width: break before every element when a run of
     * non-containers is wider than that */
    int sz_break = 0;
    if (f->alt && f->width >= 0) {
        size_t run = 0, widest = 0;
        for (size_t i = 0; i < n; i++) {
            if (is_container(v->arr.items[i])) run = 0;
            else run += utf8_len(mapped[i], mlen[i]);
            if (run > widest) widest = run;
        }
        sz_break = widest > (size_t)f->width;
    }
    child = ind_increase(ind, f->alt);
    for (size_t i = 0; i < n; i++) {
        Value *e = v->arr.items[i];
        if (child.first) {
            child = ind_subsequent(child);
            if (sz_break && !is_container(e)) buf_addc(o, ' ');
        } else {
            buf_adds(o, sep);
            if ((sz_break && !is_container(e)) || (f->alt && i > 0 && is_container(v->arr.items[i - 1]) && !is_container(e))) {
                if (!(o->len && o->s[o->len - 1] == '\n')) rstrip(o, 0);
                buf_addc(o, '\n');
                ind_padding(o, child);
            }
        }
        if (o->len && o->s[o->len - 1] == ' ' && mlen[i] && mapped[i][0] == '\n') rstrip(o, 0);
        buf_add(o, mapped[i], mlen[i]);
    }
    buf_adds(o, close);
    size_t len;
    const char *s = live_pop(sc, &out, &len);
    buf_add(b, s, len);
}

/* string_PHashType */
static void conv_hash(SC *sc, Buf *b, Value *v, const Fmt *f, const FmtMap *map, Indent ind)
{
    const char *sep = f->sep ? f->sep : ", ";
    const char *assoc = f->sep2 ? f->sep2 : " => ";
    const FmtMap *elems = f->elems ? f->elems : &default_container;
    const char *open, *close;
    delimiters(f, "{", &open, &close);
    if (f->alt) {
        size_t l = strlen(sep);
        if (!(l && sep[l - 1] == '\n')) {
            while (l && (is_ruby_space(sep[l - 1]) || sep[l - 1] == '\0')) l--;
        }
        sep = arena_printf(A, "%.*s\n", (int)l, sep);
    }
    if (f->letter == 'a') {
        /* as an array of [key, value] pairs */
        Value **pairs = ARENA_NEWN(A, Value *, v->hash.n + 1);
        for (size_t i = 0; i < v->hash.n; i++) {
            Value *kv[2] = {v->hash.keys[i], v->hash.vals[i]};
            pairs[i] = val_array(A, kv, 2);
        }
        convert(sc, b, val_array(A, pairs, v->hash.n), map, ind);
        return;
    }
    if (f->letter != 'h' && f->letter != 's' && f->letter != 'p') format_error(sc, "Hash", f->letter, "hasp");
    ind = ind_indenting(ind, f->alt || ind.on);
    LiveBuf out;
    live_push(sc, &out);
    Buf *o = &out.b;
    if (ind_breaks(ind)) buf_addc(o, '\n'), ind_padding(o, ind);
    Indent child = ind_increase(ind, 0);
    buf_adds(o, open);
    if (f->alt) buf_addc(o, '\n');
    for (size_t i = 0; i < v->hash.n; i++) {
        if (i) buf_adds(o, sep);
        if (f->alt) ind_padding(o, child);
        Value *k = v->hash.keys[i], *val = v->hash.vals[i];
        convert(sc, o, k, is_container(k) ? map : elems, child);
        buf_adds(o, assoc);
        convert(sc, o, val, is_container(val) ? map : elems, child);
    }
    if (f->alt) buf_addc(o, '\n'), ind_padding(o, ind);
    buf_adds(o, close);
    size_t len;
    const char *s = live_pop(sc, &out, &len);
    buf_add(b, s, len);
}

/* The Ruby Regexp's source: Puppet's lexer drops the backslash of "\\/". */
static const char *regexp_source(SC *sc, const char *src)
{
    if (!strstr(src, "\\/")) return src;
    char *s = arena_strdup(A, src), *o = s;
    for (const char *p = src; *p; p++) {
        if (p[0] == '\\' && p[1] == '/') continue;
        *o++ = *p;
    }
    *o = '\0';
    return s;
}

/* _convert: the value's converter with the format the map gives it */
static void convert(SC *sc, Buf *b, Value *v, const FmtMap *map, Indent ind)
{
    const Fmt *f = get_format(sc, v, map);
    switch (v->kind) {
    case V_UNDEF: conv_undef(sc, b, f); return;
    case V_DEFAULT: conv_default(sc, b, f); return;
    case V_BOOL: conv_bool(sc, b, v->b, f, ind); return;
    case V_INT: conv_int(sc, b, v->i, f); return;
    case V_FLOAT: conv_float(sc, b, v->f, f); return;
    case V_STR: conv_string(sc, b, v->str.s, v->str.len, f); return;
    case V_REGEX: conv_regexp(sc, b, regexp_source(sc, v->regex.src), f); return;
    case V_TYPE: conv_type(sc, b, v, f); return;
    case V_SENSITIVE: conv_sensitive(sc, b, f); return;
    case V_TIMESTAMP: case V_TIMESPAN: conv_time(sc, b, v, f); return;
    case V_BINARY: conv_binary(sc, b, v, f); return;
    case V_SEMVER: case V_SEMVERRANGE: conv_semver(sc, b, v, f); return;
    case V_OBJECT: {        /* %s and %p alike: Type({'attr' => value}); a URI's %p: URI('text') */
        Buf t = BUF_INIT;
        val_to_s(&t, v);
        if (f->letter == 'p' && !strcmp(v->obj.type, "URI")) {
            Buf q = BUF_INIT;
            buf_adds(&q, "URI(");
            val_puppet_quote(&q, t.s ? t.s : "", t.len, 0);
            buf_addc(&q, ')');
            buf_free(&t);
            t = q;
        }
        kformat_str(sc, b, tr(sc, f->orig, f->letter, 's'), arena_strndup(A, buf_cstr(&t), t.len), t.len);
        buf_free(&t);
        return;
    }
    case V_ARRAY: conv_array(sc, b, v, f, map, ind); return;
    case V_HASH: conv_hash(sc, b, v, f, map, ind); return;
    }
}

/* ---- the formats argument (new_string's dispatch and validate_input) ---- */

#define FORMAT_T "Format = Pattern[/^%([\\s\\[+#0{<(|-]*)([1-9][0-9]*)?(?:\\.([0-9]+))?([a-zA-Z])$/]"
#define FORMATS_T                                                                                                      \
    "Formats = Variant[Default, String[1], TypeMap = Hash[Type, Variant[" FORMAT_T ", ContainerFormat = "             \
    "Struct[{Optional['format'] => " FORMAT_T ", Optional['separator'] => String, Optional['separator2'] => "          \
    "String, Optional['string_formats'] => Hash[Type, " FORMAT_T "]}]]]]"

static int is_format_string(const Value *v)
{
    const char *fl;
    size_t nf;
    int w, p;
    char l;
    return v->kind == V_STR && fmt_match(v->str.s, &fl, &nf, &w, &p, &l);
}

static int is_container_format(const Value *v)
{
    if (v->kind != V_HASH) return 0;
    for (size_t i = 0; i < v->hash.n; i++) {
        Value *k = v->hash.keys[i], *x = v->hash.vals[i];
        if (k->kind != V_STR) return 0;
        if (!strcmp(k->str.s, "format")) {
            if (!is_format_string(x)) return 0;
        } else if (!strcmp(k->str.s, "separator") || !strcmp(k->str.s, "separator2")) {
            if (x->kind != V_STR) return 0;
        } else if (!strcmp(k->str.s, "string_formats")) {
            if (x->kind != V_HASH) return 0;
            for (size_t j = 0; j < x->hash.n; j++)
                if (x->hash.keys[j]->kind != V_TYPE || !is_format_string(x->hash.vals[j])) return 0;
        } else {
            return 0;
        }
    }
    return 1;
}

static int is_type_map(const Value *v)
{
    if (v->kind != V_HASH) return 0;
    for (size_t i = 0; i < v->hash.n; i++)
        if (v->hash.keys[i]->kind != V_TYPE || !(is_format_string(v->hash.vals[i]) || is_container_format(v->hash.vals[i])))
            return 0;
    return 1;
}

/* The dispatch failure for a formats argument that is not a Formats. */
static _Noreturn void formats_mismatch(SC *sc, Value *fv)
{
    CallCtx cc = {.c = sc->c, .call = sc->at, .arena = A};
    int all_str_keys = fv->kind == V_HASH && fv->hash.n > 0;
    for (size_t i = 0; all_str_keys && i < fv->hash.n; i++)
        all_str_keys = fv->hash.keys[i]->kind == V_STR && fv->hash.keys[i]->str.len > 0;
    if (!all_str_keys)
        sc_fail(sc, "'new_string' parameter 'string_formats' expects a %s value, got %s", FORMATS_T, fn_got_type(&cc, fv));
    /* a Struct: the keys are described one by one */
    Buf m = BUF_INIT;
    buf_adds(&m, "'new_string' expects (Convertible = Any from, " FORMATS_T " string_formats?)\n"
                 "  rejected: parameter 'string_formats' variant 0 expects a Default value, got Struct\n"
                 "  rejected: parameter 'string_formats' variant 1 expects a String value, got Struct");
    for (size_t i = 0; i < fv->hash.n; i++)
        buf_printf(&m, "\n  rejected: parameter 'string_formats' variant 2 key of entry '%s' expects a Type value, got String",
                   fv->hash.keys[i]->str.s);
    const char *msg = arena_strndup(A, m.s, m.len);
    buf_free(&m);
    sc_fail(sc, "%s", msg);
}

static const FmtMap *validate_input(SC *sc, Value *h);

/* validate_container_input: Format.new(format) with the extras */
static Fmt *container_fmt(SC *sc, Value *h)
{
    Value *format = val_hash_gets(h, "format"), *sep = val_hash_gets(h, "separator"), *sep2 = val_hash_gets(h, "separator2");
    Value *sf = val_hash_gets(h, "string_formats");
    /* FMT_PATTERN.match(nil) is no match: "The format '' is not ..." */
    Fmt *f = fmt_new(sc, format && format->kind == V_STR ? format->str.s : "");
    f->sep = sep && sep->kind == V_STR ? sep->str.s : NULL;
    f->sep2 = sep2 && sep2->kind == V_STR ? sep2->str.s : NULL;
    f->elems = sf && sf->kind == V_HASH ? validate_input(sc, sf) : NULL;
    return f;
}

/* validate_input: a Hash of type => format, formats parsed (not sorted) */
static const FmtMap *validate_input(SC *sc, Value *h)
{
    FmtMap *m = ARENA_NEW(A, FmtMap);
    m->types = ARENA_NEWN(A, Value *, h->hash.n + 1);
    m->fmts = ARENA_NEWN(A, Fmt *, h->hash.n + 1);
    for (size_t i = 0; i < h->hash.n; i++) {
        Value *k = h->hash.keys[i], *x = h->hash.vals[i];
        m->types[m->n] = k;
        m->fmts[m->n++] = x->kind == V_HASH ? container_fmt(sc, x) : fmt_new(sc, x->str.s);
    }
    return m;
}

static Value *string_type_of(SC *sc, Value *v)
{
    /* the inferred type a format string is keyed by: Array and Hash
     * values get it as their container 'format' */
    (void)sc;
    return v->kind == V_ARRAY ? &t_array : v->kind == V_HASH ? &t_hash : NULL;
}

Value *strconv_new_string(Compiler *c, const Node *at, Value **args, size_t n)
{
    SC scs = {c, at, NULL}, *sc = &scs;
    if (n > 2) sc_fail(sc, "'new_string' expects between 1 and 2 arguments, got %zu", n);
    Value *v = args[0], *fv = n > 1 ? args[1] : VAL_DEFAULT;
    const FmtMap *map = &default_map;
    if (fv->kind == V_STR && fv->str.len) {
        Fmt *f = fmt_new(sc, fv->str.s);
        Value *key = string_type_of(sc, v);
        FmtMap *m = ARENA_NEW(A, FmtMap);
        m->types = ARENA_NEWN(A, Value *, 1);
        m->fmts = ARENA_NEWN(A, Fmt *, 1);
        m->n = 1;
        /* the value's own (exact) type: only it can match, ahead of the defaults */
        m->types[0] = key ? key : v;
        m->fmts[0] = f;
        if (key) {
            map = merge_maps(sc, &default_map, m);
        } else {
            /* an exact type is more specific than every default that
             * accepts the value, so it comes first */
            FmtMap *all = ARENA_NEW(A, FmtMap);
            all->types = ARENA_NEWN(A, Value *, 1);
            all->fmts = ARENA_NEWN(A, Fmt *, 1);
            all->n = 1;
            all->types[0] = &t_any;
            all->fmts[0] = f;
            map = all;
        }
    } else if (fv->kind == V_HASH && is_type_map(fv)) {
        map = merge_maps(sc, &default_map, validate_input(sc, fv));
    } else if (fv->kind != V_DEFAULT) {
        formats_mismatch(sc, fv);
    }
    LiveBuf out;
    live_push(sc, &out);
    convert(sc, &out.b, v, map, (Indent){0, 1, 0});
    size_t len;
    const char *s = live_pop(sc, &out, &len);
    return val_str_nocopy(A, s, len);
}
