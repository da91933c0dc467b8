/*
 * semver.c - SemVer and SemVerRange as Puppet 7 has them from the
 * semantic_puppet gem: versions ordered by major, minor, patch, then
 * prerelease (none above any; numeric identifiers below alphanumeric ones),
 * and ranges in npm's syntax (1.x, ~1.2, ^1.2.3, >=1.0 <2.0, 1.0 - 2.0,
 * a || b).
 *
 * The one idea: a range set is a list of ranges, each one comparator
 * (>v, >=v, <v, <=v, =v, *) or a min/max pair of them, built by the gem's
 * own intersection and merge rules, so that its printed form (%p, the
 * inspect string) and its membership answers are the gem's.  A prerelease
 * version is only in a range whose comparators name a prerelease of the
 * same major.minor.patch.
 */
#include "catalog/semver.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static SvVersion V_MIN = {.has_pre = 1};          /* 0.0.0 with an empty prerelease */
static SvVersion V_MAX = {.infinite = 1};         /* Infinity.0.0 */

/* ---- versions ---- */

static int is_ident_char(int c) { return isalnum(c) || c == '-'; }

/* PARTS = [0-9A-Za-z-]+ ('.' [0-9A-Za-z-]+)*: its length at s, 0 if none. */
static size_t parts_len(const char *s)
{
    size_t n = 0;
    for (;;) {
        size_t k = 0;
        while (is_ident_char((unsigned char)s[n + k])) k++;
        if (!k) return n && s[n - 1] == '.' ? n - 1 : n;
        n += k;
        if (s[n] != '.' || !is_ident_char((unsigned char)s[n + 1])) return n;
        n++;
    }
}

/* (0|[1-9][0-9]*): its length at s, 0 if none. */
static size_t nr_len(const char *s)
{
    if (s[0] == '0') return 1;
    size_t n = 0;
    while (isdigit((unsigned char)s[n])) n++;
    return n;
}

/* Splits "a.b.1" into v's prerelease identifiers; NULL, or the gem's
 * message for a numeric identifier with a leading zero. */
static const char *set_pre(Arena *a, SvVersion *v, const char *s, size_t len)
{
    v->has_pre = 1;
    v->npre = 1;
    for (size_t i = 0; i < len; i++) v->npre += s[i] == '.';
    v->pre = ARENA_NEWN(a, const char *, v->npre);
    v->pre_num = ARENA_NEWN(a, int64_t, v->npre);
    v->pre_is_num = ARENA_NEWN(a, int, v->npre);
    size_t k = 0, start = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i < len && s[i] != '.') continue;
        const char *id = arena_strndup(a, s + start, i - start);
        int num = i > start;
        for (size_t j = start; j < i; j++) num = num && isdigit((unsigned char)s[j]);
        if (num && i - start > 1 && s[start] == '0') return "Numeric pre-release identifiers MUST NOT contain leading zeroes";
        v->pre[k] = id;
        v->pre_is_num[k] = num;
        v->pre_num[k] = num ? strtoll(id, NULL, 10) : 0;
        k++;
        start = i + 1;
    }
    return NULL;
}

static void version_to_s(Buf *b, const SvVersion *v)
{
    if (v->infinite) buf_adds(b, "Infinity");
    else buf_printf(b, "%lld", (long long)v->major);
    buf_printf(b, ".%lld.%lld", (long long)v->minor, (long long)v->patch);
    if (v->has_pre) {
        buf_addc(b, '-');
        for (size_t i = 0; i < v->npre; i++) buf_printf(b, "%s%s", i ? "." : "", v->pre[i]);
    }
    if (v->build) buf_printf(b, "+%s", v->build);
}

static Value *version_value(Arena *a, const SvVersion *v)
{
    SvVersion *p = ARENA_NEW(a, SvVersion);
    *p = *v;
    Buf b = BUF_INIT;
    version_to_s(&b, p);
    Value *r = ARENA_NEW(a, Value);
    r->kind = V_SEMVER;
    r->sv.text = arena_strndup(a, buf_cstr(&b), b.len);
    r->sv.inspect = r->sv.text;
    r->sv.parsed = p;
    buf_free(&b);
    return r;
}

Value *sv_version_parse(Arena *a, const char *s, const char **why)
{
    SvVersion v = {0};
    const char *p = s;
    int64_t *parts[3] = {&v.major, &v.minor, &v.patch};
    for (int i = 0; i < 3; i++) {
        size_t n = nr_len(p);
        if (!n || (i < 2 && p[n] != '.')) goto bad;
        *parts[i] = strtoll(p, NULL, 10);
        p += n + (i < 2);
    }
    if (*p == '-') {
        size_t n = parts_len(p + 1);
        if (!n) goto bad;
        const char *e = set_pre(a, &v, p + 1, n);
        if (e) { *why = e; return NULL; }
        p += n + 1;
    }
    if (*p == '+') {
        size_t n = parts_len(p + 1);
        if (!n) goto bad;
        v.build = arena_strndup(a, p + 1, n);
        p += n + 1;
    }
    if (*p && !(*p == '\n' && !p[1])) goto bad;             /* Ruby's \Z */
    return version_value(a, &v);
bad:
    *why = arena_printf(a, "Unable to parse '%s' as a semantic version identifier", s);
    return NULL;
}

Value *sv_version_new(Arena *a, int64_t major, int64_t minor, int64_t patch, const char *pre, const char *build)
{
    SvVersion v = {.major = major, .minor = minor, .patch = patch};
    if (pre) set_pre(a, &v, pre, strlen(pre));
    if (build) v.build = arena_strdup(a, build);
    return version_value(a, &v);
}

static int i64cmp(int64_t x, int64_t y) { return x < y ? -1 : x > y; }

static int vcmp(const SvVersion *x, const SvVersion *y)
{
    if (x->infinite != y->infinite) return x->infinite ? 1 : -1;
    int c = x->infinite ? 0 : i64cmp(x->major, y->major);
    if (!c) c = i64cmp(x->minor, y->minor);
    if (!c) c = i64cmp(x->patch, y->patch);
    if (c) return c;
    if (!x->has_pre) return y->has_pre ? 1 : 0;
    if (!y->has_pre) return -1;
    for (size_t i = 0; i < x->npre; i++) {
        if (i >= y->npre) return 1;
        if (x->pre_is_num[i]) c = y->pre_is_num[i] ? i64cmp(x->pre_num[i], y->pre_num[i]) : -1;
        else c = y->pre_is_num[i] ? 1 : strcmp(x->pre[i], y->pre[i]);
        if (c) return c < 0 ? -1 : 1;
    }
    return x->npre < y->npre ? -1 : x->npre > y->npre;
}

/* Version#eql?: the parts, the prerelease and the build. */
static int veql(const SvVersion *x, const SvVersion *y)
{
    if (vcmp(x, y) || x->has_pre != y->has_pre || x->npre != y->npre) return 0;
    if (!x->build != !y->build) return 0;
    return !x->build || !strcmp(x->build, y->build);
}

static int stable(const SvVersion *v) { return !v->has_pre || !v->npre; }

int sv_compare(const Value *a, const Value *b)
{
    return vcmp(a->sv.parsed, b->sv.parsed);
}

/* ---- ranges ---- */

static SvRange *cmp_range(Arena *a, SvOp op, const SvVersion *v)
{
    SvRange *r = ARENA_NEW(a, SvRange);
    r->op = op;
    if (v) r->v = *v;
    return r;
}

static SvRange *minmax(Arena *a, SvRange *min, SvRange *max)
{
    SvRange *r = ARENA_NEW(a, SvRange);
    r->op = SV_MINMAX;
    r->min = min->op == SV_MINMAX ? min->min : min;
    r->max = max->op == SV_MINMAX ? max->max : max;
    return r;
}

static const SvVersion *r_begin(const SvRange *r)
{
    switch (r->op) {
    case SV_GT: case SV_GTEQ: case SV_EQ: return &r->v;
    case SV_MINMAX: return r_begin(r->min);
    default: return &V_MIN;
    }
}

static const SvVersion *r_end(const SvRange *r)
{
    switch (r->op) {
    case SV_LT: case SV_LTEQ: case SV_EQ: return &r->v;
    case SV_MINMAX: return r_end(r->max);
    default: return &V_MAX;
    }
}

static int excl_begin(const SvRange *r) { return r->op == SV_GT || (r->op == SV_MINMAX && excl_begin(r->min)); }
static int excl_end(const SvRange *r) { return r->op == SV_LT || (r->op == SV_MINMAX && excl_end(r->max)); }

static int lower_bound(const SvRange *r)
{
    switch (r->op) {
    case SV_GT: return 1;
    case SV_GTEQ: case SV_EQ: return !veql(&r->v, &V_MIN);
    case SV_MINMAX: return lower_bound(r->min);
    default: return 0;
    }
}

static int upper_bound(const SvRange *r)
{
    switch (r->op) {
    case SV_LT: return 1;
    case SV_LTEQ: case SV_EQ: return !veql(&r->v, &V_MAX);
    case SV_MINMAX: return upper_bound(r->max);
    default: return 0;
    }
}

static int r_includes(const SvRange *r, const SvVersion *v)
{
    switch (r->op) {
    case SV_ALL: return 1;
    case SV_GT: return vcmp(v, &r->v) > 0;
    case SV_GTEQ: return vcmp(v, &r->v) >= 0;
    case SV_LT: return vcmp(v, &r->v) < 0;
    case SV_LTEQ: return vcmp(v, &r->v) <= 0;
    case SV_EQ: return veql(v, &r->v);
    case SV_MINMAX: return r_includes(r->min, v) && r_includes(r->max, v);
    }
    return 0;
}

static int test_prerelease(const SvRange *r, const SvVersion *v)
{
    switch (r->op) {
    case SV_ALL: return 1;
    case SV_MINMAX: return test_prerelease(r->min, v) || test_prerelease(r->max, v);
    default:
        return !stable(&r->v) && !r->v.infinite && r->v.major == v->major && r->v.minor == v->minor && r->v.patch == v->patch;
    }
}

static int r_eql(const SvRange *x, const SvRange *y)
{
    if (x->op != y->op) return 0;
    if (x->op == SV_ALL) return 1;
    if (x->op == SV_MINMAX) return r_eql(x->min, y->min) && r_eql(x->max, y->max);
    return veql(&x->v, &y->v);
}

static void r_to_s(Buf *b, const SvRange *r)
{
    static const char *const ops[] = {"*", ">", ">=", "<", "<=", ""};
    if (r->op == SV_MINMAX) {
        r_to_s(b, r->min);
        buf_addc(b, ' ');
        r_to_s(b, r->max);
        return;
    }
    if (r->op == SV_ALL) { buf_addc(b, '*'); return; }
    if (r->op == SV_LT && veql(&r->v, &V_MIN) && !r->v.npre) { buf_adds(b, "<0.0.0"); return; }   /* MATCH_NOTHING */
    buf_adds(b, ops[r->op]);
    version_to_s(b, &r->v);
}

/* AbstractRange#intersection (AllRange's: the other range). */
static SvRange *intersect(Arena *a, SvRange *x, SvRange *y)
{
    if (x->op == SV_ALL) return y;
    int c = vcmp(r_begin(x), r_end(y));
    if (c > 0) return NULL;
    if (c == 0) return excl_begin(x) || excl_end(y) ? NULL : cmp_range(a, SV_EQ, r_begin(x));
    c = vcmp(r_begin(y), r_end(x));
    if (c > 0) return NULL;
    if (c == 0) return excl_begin(y) || excl_end(x) ? NULL : cmp_range(a, SV_EQ, r_begin(y));
    c = vcmp(r_begin(x), r_begin(y));
    SvRange *min = c < 0 ? y : c > 0 ? x : excl_begin(x) ? x : y;
    c = vcmp(r_end(x), r_end(y));
    SvRange *max = c > 0 ? y : c < 0 ? x : excl_end(x) ? x : y;
    if (!upper_bound(max)) return min;
    if (!lower_bound(min)) return max;
    return minmax(a, min, max);
}

static SvRange *bounds(Arena *a, const SvVersion *lo, int lo_excl, const SvVersion *hi, int hi_excl)
{
    return intersect(a, cmp_range(a, lo_excl ? SV_GT : SV_GTEQ, lo), cmp_range(a, hi_excl ? SV_LT : SV_LTEQ, hi));
}

static SvVersion next_patch(const SvVersion *v)
{
    SvVersion n = {.major = v->major, .minor = v->minor, .patch = v->patch + 1, .infinite = v->infinite};
    return n;
}

/* AbstractRange#merge: one range covering both, or NULL. */
static const char *class_name(const SvRange *r)
{
    static const char *const names[] = {"AllRange", "GtRange", "GtEqRange", "LtRange", "LtEqRange", "EqRange", "MinMaxRange"};
    return names[r->op];
}

/* *why: the NameError the gem raises when both ends are equal (it reads
 * an undefined exclude_end there). */
static SvRange *merge(Arena *a, SvRange *x, SvRange *y, const char **why)
{
    if (x->op == SV_ALL) return x;
    if (r_includes(x, r_begin(y)) || r_includes(y, r_begin(x))) {
        int c = vcmp(r_begin(x), r_begin(y));
        const SvVersion *min = c <= 0 ? r_begin(x) : r_begin(y);
        int eb = c < 0 ? excl_begin(x) : c > 0 ? excl_begin(y) : excl_begin(x) && excl_begin(y);
        c = vcmp(r_end(x), r_end(y));
        if (!c) {
            *why = arena_printf(a, "undefined local variable or method `exclude_end' for #<SemanticPuppet::VersionRange::%s>",
                                class_name(x));
            return NULL;
        }
        const SvVersion *max = c >= 0 ? r_end(x) : r_end(y);
        int ee = c > 0 ? excl_end(x) : c < 0 ? excl_end(y) : excl_end(x) && excl_end(y);
        return bounds(a, min, eb, max, ee);
    }
    SvVersion nx = next_patch(r_end(x)), ny = next_patch(r_end(y));
    if (excl_end(x) && !excl_begin(y) && veql(r_end(x), r_begin(y)))
        return bounds(a, r_begin(x), excl_begin(x), r_end(y), excl_end(y));
    if (excl_end(y) && !excl_begin(x) && veql(r_end(y), r_begin(x)))
        return bounds(a, r_begin(y), excl_begin(y), r_end(x), excl_end(x));
    if (!excl_end(x) && !excl_begin(y) && veql(&nx, r_begin(y)))
        return bounds(a, r_begin(x), excl_begin(x), r_end(y), excl_end(y));
    if (!excl_end(y) && !excl_begin(x) && veql(&ny, r_begin(x)))
        return bounds(a, r_begin(y), excl_begin(y), r_end(x), excl_end(x));
    return NULL;
}

/* VersionRange.new(ranges, string): merged until nothing merges. */
static Value *range_value(Arena *a, SvRange **r, size_t n, const char *text, const char **why)
{
    int merged = 1;
    while (n > 1 && merged) {
        merged = 0;
        SvRange **result = ARENA_NEWN(a, SvRange *, n), **unmerged = ARENA_NEWN(a, SvRange *, n);
        size_t nres = 0;
        while (n) {
            size_t nun = 0;
            SvRange *memo = r[--n];
            for (size_t i = 0; i < n; i++) {
                *why = NULL;
                SvRange *m = merge(a, memo, r[i], why);
                if (*why) return NULL;
                if (!m) unmerged[nun++] = r[i];
                else merged = 1, memo = m;
            }
            result[nres++] = memo;
            memcpy(r, unmerged, nun * sizeof *r);
            n = nun;
        }
        for (size_t i = 0; i < nres; i++) r[i] = result[nres - 1 - i];
        n = nres;
    }
    if (!n) {
        r = ARENA_NEWN(a, SvRange *, 1);
        r[0] = cmp_range(a, SV_LT, &V_MIN);
        r[0]->v.npre = 0;
        n = 1;
    }
    SvRangeSet *set = ARENA_NEW(a, SvRangeSet);
    set->r = r;
    set->n = n;
    Buf b = BUF_INIT;
    for (size_t i = 0; i < n; i++) {
        if (i) buf_adds(&b, " || ");
        r_to_s(&b, r[i]);
    }
    Value *v = ARENA_NEW(a, Value);
    v->kind = V_SEMVERRANGE;
    v->sv.inspect = arena_strndup(a, buf_cstr(&b), b.len);
    v->sv.text = text ? arena_strdup(a, text) : v->sv.inspect;
    v->sv.parsed = set;
    buf_free(&b);
    return v;
}

/* PARTIAL = XR ('.' XR ('.' XR QUALIFIER)?)?, XR = x|X|*|0|[1-9][0-9]*:
 * the parsed parts (-1 for an x), its length, 0 when none. */
typedef struct Partial { int64_t part[3]; int nparts; const char *pre, *build; size_t prelen, buildlen; } Partial;

static size_t xr_len(const char *s, int64_t *out)
{
    if (*s == 'x' || *s == 'X' || *s == '*') { *out = -1; return 1; }
    size_t n = nr_len(s);
    if (n) *out = strtoll(s, NULL, 10);
    return n;
}

static size_t partial_len(const char *s, Partial *p)
{
    memset(p, 0, sizeof *p);
    size_t n = xr_len(s, &p->part[0]);
    if (!n) return 0;
    p->nparts = 1;
    for (int i = 1; i < 3; i++) {
        size_t k;
        if (s[n] != '.' || !(k = xr_len(s + n + 1, &p->part[i]))) return n;
        n += k + 1;
        p->nparts = i + 1;
    }
    if (s[n] == '-' && (p->prelen = parts_len(s + n + 1))) p->pre = s + n + 1, n += p->prelen + 1;
    if (s[n] == '+' && (p->buildlen = parts_len(s + n + 1))) p->build = s + n + 1, n += p->buildlen + 1;
    return n;
}

static int64_t digit(const Partial *p, int i) { return i < p->nparts ? p->part[i] : -1; }

static int full_version(Arena *a, const Partial *p, SvVersion *v, const char **why)
{
    memset(v, 0, sizeof *v);
    v->major = digit(p, 0) < 0 ? 0 : digit(p, 0);
    v->minor = digit(p, 1) < 0 ? 0 : digit(p, 1);
    v->patch = digit(p, 2) < 0 ? 0 : digit(p, 2);
    if (p->pre && (*why = set_pre(a, v, p->pre, p->prelen))) return 0;
    if (p->build) v->build = arena_strndup(a, p->build, p->buildlen);
    return 1;
}

static SvVersion mkv(int64_t ma, int64_t mi, int64_t pa)
{
    SvVersion v = {.major = ma, .minor = mi, .patch = pa};
    return v;
}

/* allow_patch_updates (tilde, and the x-range without tilde_or_caret). */
static SvRange *patch_updates(Arena *a, const Partial *p, int tilde_or_caret, const char **why)
{
    int64_t ma = digit(p, 0), mi = digit(p, 1), pa = digit(p, 2);
    if (ma < 0) return cmp_range(a, SV_ALL, NULL);
    SvVersion lo, hi;
    if (mi < 0) {
        lo = mkv(ma, 0, 0), hi = mkv(ma + 1, 0, 0);
        return minmax(a, cmp_range(a, SV_GTEQ, &lo), cmp_range(a, SV_LT, &hi));
    }
    if (pa < 0) {
        lo = mkv(ma, mi, 0), hi = mkv(ma, mi + 1, 0);
        return minmax(a, cmp_range(a, SV_GTEQ, &lo), cmp_range(a, SV_LT, &hi));
    }
    if (!full_version(a, p, &lo, why)) return NULL;
    if (!tilde_or_caret) return cmp_range(a, SV_EQ, &lo);
    hi = mkv(ma, mi + 1, 0);
    return minmax(a, cmp_range(a, SV_GTEQ, &lo), cmp_range(a, SV_LT, &hi));
}

static SvRange *caret(Arena *a, const Partial *p, const char **why)
{
    int64_t ma = digit(p, 0), mi = digit(p, 1), pa = digit(p, 2);
    if (ma == 0) return patch_updates(a, p, 1, why);
    if (ma < 0) return cmp_range(a, SV_ALL, NULL);
    SvVersion lo, hi = mkv(ma + 1, 0, 0);
    if (mi < 0) lo = mkv(ma, 0, 0);
    else if (pa < 0) lo = mkv(ma, mi, 0);
    else if (!full_version(a, p, &lo, why)) return NULL;
    return minmax(a, cmp_range(a, SV_GTEQ, &lo), cmp_range(a, SV_LT, &hi));
}

static SvRange *simple(Arena *a, const char *op, const Partial *p, const char **why)
{
    int64_t ma = digit(p, 0), mi = digit(p, 1), pa = digit(p, 2);
    SvVersion v;
    if (!strcmp(op, "~") || !strcmp(op, "~>") || !strcmp(op, "~=")) return patch_updates(a, p, 1, why);
    if (!strcmp(op, "^")) return caret(a, p, why);
    if (!strcmp(op, ">")) {
        if (ma < 0) return cmp_range(a, SV_LT, &V_MIN);
        if (mi < 0) return v = mkv(ma + 1, 0, 0), cmp_range(a, SV_GTEQ, &v);
        if (pa < 0) return v = mkv(ma, mi + 1, 0), cmp_range(a, SV_GTEQ, &v);
        return full_version(a, p, &v, why) ? cmp_range(a, SV_GT, &v) : NULL;
    }
    if (!strcmp(op, ">=")) return full_version(a, p, &v, why) ? cmp_range(a, SV_GTEQ, &v) : NULL;
    if (!strcmp(op, "<")) return full_version(a, p, &v, why) ? cmp_range(a, SV_LT, &v) : NULL;
    if (!strcmp(op, "<=")) {
        if (ma < 0) return cmp_range(a, SV_ALL, NULL);
        if (mi < 0) return v = mkv(ma + 1, 0, 0), cmp_range(a, SV_LT, &v);
        if (pa < 0) return v = mkv(ma, mi + 1, 0), cmp_range(a, SV_LT, &v);
        return full_version(a, p, &v, why) ? cmp_range(a, SV_LTEQ, &v) : NULL;
    }
    return patch_updates(a, p, 0, why);
}

static int is_ws(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

/* One range of a || list: "PARTIAL - PARTIAL", or simples joined by blanks. */
static SvRange *parse_one(Arena *a, const char *s, const char *orig, const char **why, int *none)
{
    Partial p1, p2;
    size_t n = partial_len(s, &p1);
    if (n && is_ws(s[n])) {
        size_t k = n;
        while (is_ws(s[k])) k++;
        if (s[k] == '-' && is_ws(s[k + 1])) {
            k++;
            while (is_ws(s[k])) k++;
            size_t m = partial_len(s + k, &p2);
            if (m && !s[k + m]) {
                SvVersion lo, hi;
                if (!full_version(a, &p1, &lo, why) || !full_version(a, &p2, &hi, why)) return NULL;
                SvRange *r = intersect(a, cmp_range(a, SV_GTEQ, &lo), cmp_range(a, SV_LTEQ, &hi));
                if (!r) *none = 1;
                return r;
            }
        }
    }
    SvRange *acc = NULL;
    int first = 1;
    const char *q = s;
    for (;;) {
        const char *e = q;
        while (*e && !is_ws(*e)) e++;
        if (e == q && !*q) break;                      /* Ruby's split drops trailing empties */
        char *tok = arena_strndup(a, q, (size_t)(e - q));
        char op[3] = "";
        const char *rest = tok;
        static const char *const two[] = {"<=", ">=", "~>", "~="};
        for (size_t i = 0; i < 4 && !*op; i++)
            if (!strncmp(tok, two[i], 2)) memcpy(op, two[i], 3), rest = tok + 2;
        Partial p;
        size_t m = *op ? partial_len(rest, &p) : 0;
        if (!*op || !m || rest[m]) {
            *op = 0, rest = tok;
            if (*tok && strchr("<>=~^", *tok)) op[0] = *tok, op[1] = 0, rest = tok + 1;
            m = partial_len(rest, &p);
        }
        if (!m || rest[m]) {
            *why = arena_printf(a, "Unparsable version range: \"%s\"", orig);
            return NULL;
        }
        SvRange *r = simple(a, op, &p, why);
        if (!r) return NULL;
        if (!first && !acc) {             /* the gem's reduce calls nil.intersection */
            *why = "undefined method `intersection' for nil:NilClass";
            return NULL;
        }
        acc = first ? r : intersect(a, acc, r);
        first = 0;
        while (is_ws(*e)) e++;
        q = e;
    }
    if (!acc) *none = 1;
    return acc;
}

Value *sv_range_parse(Arena *a, const char *orig, const char **why)
{
    /* gsub(/([><=~^])(?:\s+|\s*v)/, '\1') */
    Buf b = BUF_INIT;
    for (const char *s = orig; *s;) {
        buf_addc(&b, *s);
        if (strchr("><=~^", *s)) {
            const char *t = s + 1;
            while (is_ws(*t)) t++;
            if (t > s + 1) { s = t; continue; }
            if (*t == 'v') { s = t + 1; continue; }
        }
        s++;
    }
    char *set = arena_strndup(a, buf_cstr(&b), b.len);
    buf_free(&b);
    /* split(/\s*\|\|\s*\/), trailing empty parts dropped */
    SvRange **r = NULL;
    size_t n = 0, cap = 0;
    size_t nparts = 0;
    char *p = set;
    for (;;) {
        char *bar = strstr(p, "||");
        char *end = bar ? bar : p + strlen(p);
        char *e = end;
        if (bar) while (e > p && is_ws(e[-1])) e--;
        *e = 0;
        if (!bar && !*p) break;
        nparts++;
        int none = 0;
        SvRange *one = parse_one(a, p, orig, why, &none);
        if (!one && !none) return NULL;
        if (one) {
            int dup = 0;
            for (size_t i = 0; i < n && !dup; i++) dup = r_eql(r[i], one);
            if (!dup) {
                if (n == cap) {
                    cap = cap ? cap * 2 : 4;
                    SvRange **nr = ARENA_NEWN(a, SvRange *, cap);
                    if (n) memcpy(nr, r, n * sizeof *r);
                    r = nr;
                }
                r[n++] = one;
            }
        }
        if (!bar) break;
        p = bar + 2;
        while (is_ws(*p)) p++;
    }
    if (!nparts) {                                      /* ALL_RANGE */
        SvRange **all = ARENA_NEWN(a, SvRange *, 1);
        all[0] = cmp_range(a, SV_ALL, NULL);
        return range_value(a, all, 1, "*", why);
    }
    return range_value(a, r, n, orig, why);
}

Value *sv_range_between(Arena *a, const Value *min, const Value *max, int exclude_max)
{
    const SvVersion *lo = min ? min->sv.parsed : &V_MIN, *hi = max ? max->sv.parsed : &V_MAX;
    SvRange **r = ARENA_NEWN(a, SvRange *, 1);
    r[0] = bounds(a, lo, 0, hi, exclude_max);
    Buf b = BUF_INIT;                                   /* the gem writes its two ends the other way round */
    if (exclude_max) buf_adds(&b, ">="), version_to_s(&b, hi), buf_adds(&b, " <"), version_to_s(&b, lo);
    else version_to_s(&b, hi), buf_adds(&b, " - "), version_to_s(&b, lo);
    const char *text = arena_strndup(a, buf_cstr(&b), b.len);
    buf_free(&b);
    const char *why = NULL;
    Value *v = range_value(a, r, r[0] ? 1 : 0, text, &why);
    return v ? v : range_value(a, r, 0, text, &why);      /* one range never merges */
}

int sv_range_includes(const Value *range, const Value *version)
{
    const SvRangeSet *set = range->sv.parsed;
    const SvVersion *v = version->sv.parsed;
    for (size_t i = 0; i < set->n; i++)
        if (r_includes(set->r[i], v) && (stable(v) || test_prerelease(set->r[i], v))) return 1;
    return 0;
}

int sv_range_includes_str(Arena *a, const Value *range, const char *s)
{
    const char *why;
    Value *v = sv_version_parse(a, s, &why);
    return v && sv_range_includes(range, v);
}
