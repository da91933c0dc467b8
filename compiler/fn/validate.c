/*
 * validate.c - stdlib's type checks: is_a, type_of, type3x, the
 * deprecated is_* and validate_* functions, validate_legacy, and the IP
 * address ones (enclose_ipv6, stdlib::ip_in_range) with Ruby's IPAddr
 * parser and to_s.  The validate_* and most is_* functions are 4.x
 * wrappers around 3.x bodies, so they see values unconverted (undef is
 * nil).  Each validate_* body is a check returning its message rather than
 * failing, because validate_legacy() runs it only to learn whether the old
 * function would have accepted a value the type refuses.  Results live in
 * cc->arena.
 */
#include "compiler/fn/fnaux.h"
#include "compiler/regex.h"
#include "base/util.h"
#include "base/utf8.h"
#include "catalog/rubyval.h"
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define A (cc->arena)

/* is_a(value, Type) */
Value *f_is_a(CallCtx *cc)
{
    Value *t = cc->args[1];
    if (t->kind != V_TYPE) ev_fail(cc, "'is_a' parameter 'type' expects a Type value, got %s", fn_got_type(cc, t));
    return val_bool(ev_type_match(cc, t, cc->args[0]));
}

/* ---- enclose_ipv6 ---- */

typedef unsigned __int128 U128;

/* Ruby's IPAddr#in_addr on four decimal octets (from regex captures):
 * each below 256 and without a leading zero. */
static int ip4_octets(const char *s, const int *caps, uint32_t *out)
{
    uint32_t v = 0;
    for (int g = 0; g < 4; g++) {
        const char *p = s + caps[2 * g], *e = s + caps[2 * g + 1];
        if (e - p > 1 && *p == '0') return 0;
        if (e - p > 3) return 0;
        unsigned n = 0;
        for (; p < e; p++) n = n * 10 + (unsigned)(*p - '0');
        if (n > 255) return 0;
        v = v << 8 | n;
    }
    *out = v;
    return 1;
}

static int re_whole(const char *pat, const char *s, size_t len, int *caps, int pairs)
{
    Regex *re = rx_get(pat, NULL);
    int n = pairs;
    return re && rx_search(re, s, len, 0, caps, &n);
}

static U128 hex_groups(const char *s, size_t len, int *count)
{
    U128 v = 0;
    *count = 0;
    for (size_t i = 0; i < len;) {
        unsigned g = 0;
        for (; i < len && s[i] != ':'; i++) g = g * 16 + (unsigned)(isdigit((unsigned char)s[i]) ? s[i] - '0' : (tolower((unsigned char)s[i]) - 'a' + 10));
        v = v << 16 | g;
        ++*count;
        if (i < len) i++;
    }
    return v;
}

/* IPAddr.new(str): *v6 and the (masked) address; 0 when Ruby raises. */
static int ipaddr_parse(const char *str, int want6, int *v6, U128 *addr, U128 *mask, char zone[256])
{
    const char *slash = strchr(str, '/');
    size_t plen = slash ? (size_t)(slash - str) : strlen(str);
    char *prefix = strndup(str, plen);
    if (!prefix) return 0;
    int family6 = want6, ok = 0, caps[20];
    zone[0] = 0;
    if (re_whole("\\A\\[(.*)\\]\\z", prefix, plen, caps, 2)) {
        memmove(prefix, prefix + caps[2], (size_t)(caps[3] - caps[2]));
        plen = (size_t)(caps[3] - caps[2]);
        prefix[plen] = 0;
        family6 = 1;
    }
    if (re_whole("\\A(.*)(%\\w+)\\z", prefix, plen, caps, 3)) {
        snprintf(zone, 256, "%.*s", caps[5] - caps[4], prefix + caps[4]);
        plen = (size_t)caps[3];
        prefix[plen] = 0;
        family6 = 1;
    }
    uint32_t v4;
    if (!family6 && re_whole("\\A(\\d+)\\.(\\d+)\\.(\\d+)\\.(\\d+)\\z", prefix, plen, caps, 5)) {
        if (!ip4_octets(prefix, caps + 2, &v4)) goto out;
        *v6 = 0, *addr = v4, *mask = 0xffffffffu;
    } else {
        *v6 = 1, *mask = ~(U128)0;
        int count = 0, colons = 0;
        for (size_t i = 0; i < plen; i++) colons += prefix[i] == ':';
        if (re_whole("(?i)\\A(?:(?:[\\da-f]{1,4}:){7}[\\da-f]{1,4}|((?:[\\da-f]{1,4}:){6})(\\d+)\\.(\\d+)\\.(\\d+)\\.(\\d+))\\z",
                     prefix, plen, caps, 6)) {
            if (caps[2] >= 0) {
                if (!ip4_octets(prefix, caps + 4, &v4)) goto out;
                *addr = hex_groups(prefix, (size_t)caps[3] - 1, &count) << 32 | v4;
            } else {
                *addr = hex_groups(prefix, plen, &count);
            }
        } else if (re_whole("(?i)\\A((?:(?:[\\da-f]{1,4}:)*[\\da-f]{1,4})?)::(((?:[\\da-f]{1,4}:)*)(?:[\\da-f]{1,4}|(\\d+)\\.(\\d+)\\.(\\d+)\\.(\\d+))?)\\z",
                            prefix, plen, caps, 8)) {
            int nl, nr;
            U128 l = hex_groups(prefix + caps[2], (size_t)(caps[3] - caps[2]), &nl), r;
            if (caps[8] >= 0) {
                if (colons > 6 || !ip4_octets(prefix, caps + 8, &v4)) goto out;
                r = hex_groups(prefix + caps[6], caps[7] > caps[6] ? (size_t)(caps[7] - caps[6] - 1) : 0, &nr);
                if (caps[7] == caps[6]) nr = 0;
                r = r << 32 | v4, nr += 2;
            } else {
                int lim = caps[3] == caps[2] || caps[5] == caps[4] ? 8 : 7;
                if (colons > lim) goto out;
                r = hex_groups(prefix + caps[4], (size_t)(caps[5] - caps[4]), &nr);
            }
            if (caps[3] == caps[2]) nl = 0;
            if (nl + nr > 8) goto out;
            *addr = nr == 8 ? r : (nl ? l << (16 * (8 - nl)) : 0) | r;
        } else {
            goto out;
        }
    }
    if (slash) {
        const char *m = slash + 1;
        size_t mlen = strlen(m);
        long bits = -1;
        if (re_whole("\\A(0|[1-9]+\\d*)\\z", m, mlen, caps, 1)) {
            bits = mlen > 4 ? 1000 : strtol(m, NULL, 10);
        } else if (re_whole("\\A\\d+\\z", m, mlen, caps, 1)) {
            goto out;
        } else {
            int mv6;
            U128 ma, mm;
            char mz[256];
            if (!ipaddr_parse(m, 0, &mv6, &ma, &mm, mz) || mv6 != *v6) goto out;
            U128 n = ma ^ mm;
            if ((n + 1) & n) goto out;
            *mask = ma, *addr &= ma;
        }
        if (bits >= 0) {
            int width = *v6 ? 128 : 32;
            if (bits > width) goto out;
            int masklen = width - (int)bits;
            U128 full = *v6 ? ~(U128)0 : 0xffffffffu;
            *mask = masklen >= 128 ? 0 : (full >> masklen) << masklen;
            *addr = masklen >= 128 ? 0 : (*addr >> masklen) << masklen;
        }
    }
    ok = 1;
out:
    free(prefix);
    return ok;
}

/* IPAddr#to_s of an IPv6 address: the longest (leftmost) run of two or
 * more zero groups as '::', ::a.b.c.d and ::ffff:a.b.c.d forms. */
static const char *ipv6_to_s(CallCtx *cc, U128 addr, const char *zone)
{
    unsigned g[8];
    for (int i = 0; i < 8; i++) g[i] = (unsigned)(addr >> (16 * (7 - i))) & 0xffff;
    int best = -1, bestlen = 1;
    for (int i = 0; i < 8;) {
        int j = i;
        while (j < 8 && !g[j]) j++;
        if (j - i > bestlen) best = i, bestlen = j - i;
        i = j > i ? j : i + 1;
    }
    Buf b = BUF_INIT;
    if (best == 0 && bestlen == 8) {
        buf_adds(&b, "::");
    } else {
        for (int i = 0; i < 8; i++) {
            if (i == best) {
                buf_adds(&b, i == 0 ? "::" : ":");
                i += bestlen - 1;
                continue;
            }
            buf_printf(&b, "%x", g[i]);
            if (i < 7) buf_addc(&b, ':');
        }
    }
    const char *s = buf_cstr(&b);
    const char *r;
    if (!*zone && best == 0 && (bestlen == 6 || (bestlen == 5 && g[5] == 0xffff)) && strncmp(s, "::", 2) == 0)
        r = arena_printf(A, "::%s%u.%u.%u.%u", bestlen == 5 ? "ffff:" : "", g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255);
    else
        r = arena_printf(A, "%s%s", s, zone);
    buf_free(&b);
    return r;
}

/* enclose_ipv6(address | [address...]) - IPv6 addresses as [addr]. */
Value *f_enclose_ipv6(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 1) ev_fail(cc, "enclose_ipv6(): Wrong number of arguments given %zu for 1", cc->nargs);
    Value *arg = cc->args[0];
    if (arg->kind != V_STR && arg->kind != V_ARRAY)
        ev_fail(cc, "enclose_ipv6(): Wrong argument type given %s expected String or Array", rv_class(A, arg, RV_FN3));
    ValVec in = VV_ARENA(A), out = VV_ARENA(A);
    v3_flatten_into(&in, arg);
    const char *bad = NULL;
    for (size_t i = 0; i < in.n && !bad; i++) {
        Value *v = in.v[i];
        if (v->kind == V_UNDEF) continue;
        if (!(v->kind == V_STR && !strcmp(v->str.s, "*"))) {
            int v6;
            U128 addr, mask;
            char zone[256];
            if (v->kind != V_STR || strlen(v->str.s) != v->str.len || !ipaddr_parse(v->str.s, 0, &v6, &addr, &mask, zone)) {
                bad = v3_to_s(cc, v);
                break;
            }
            if (v6) v = val_cstr(A, arena_printf(A, "[%s]", ipv6_to_s(cc, addr, zone)));
        }
        if (!v3_includes(out.v, out.n, v)) val_vec_push(&out, v);
    }
    val_vec_free(&in);
    if (bad) {
        val_vec_free(&out);
        ev_fail(cc, "enclose_ipv6(): Wrong argument given %s is not an ip address.", bad);
    }
    return v3_array(cc, &out);
}

static int rb_absolute_path(const Value *v);

/* ---- the is_* family ---- */

/* The message of a 3.x is_* function given the wrong number of arguments;
 * paren: "(N for 1)" rather than "N for 1". */
static void is_count(CallCtx *cc, const char *fn, int exact, int paren)
{
    size_t n = cc->nargs;
    if (exact ? n == 1 : n >= 1) return;
    ev_fail(cc, paren ? "%s(): Wrong number of arguments given (%zu for 1)" : "%s(): Wrong number of arguments given %zu for 1", fn, n);
}

/* is_array(v), is_hash(v), is_bool(v): the value's class. */
Value *f_is_array(CallCtx *cc)
{
    is_count(cc, "is_array", 0, 1);
    return val_bool(cc->args[0]->kind == V_ARRAY);
}

Value *f_is_hash(CallCtx *cc)
{
    v3_args(cc);
    is_count(cc, "is_hash", 1, 1);
    return val_bool(cc->args[0]->kind == V_HASH);
}

Value *f_is_bool(CallCtx *cc)
{
    is_count(cc, "is_bool", 1, 1);
    return val_bool(cc->args[0]->kind == V_BOOL);
}

/* is_string(v): a string (or undef) that is not what to_f.to_s or
 * to_i.to_s would print. */
Value *f_is_string(CallCtx *cc)
{
    is_count(cc, "is_string", 0, 1);
    Value *v = cc->args[0];
    if (v->kind == V_UNDEF) return VAL_TRUE;
    if (v->kind != V_STR) return VAL_FALSE;
    if (strlen(v->str.s) != v->str.len) return VAL_TRUE;
    if (!strcmp(v->str.s, v3_float_s(cc, v3_str_to_f(v->str.s)))) return VAL_FALSE;
    if (!strcmp(v->str.s, arena_printf(A, "%lld", (long long)v3_str_to_i(v->str.s)))) return VAL_FALSE;
    return VAL_TRUE;
}

/* is_integer(v): an Integer, or a string some line of which is a decimal
 * integer without leading zeros (Ruby's ^ and $ are line anchors). */
Value *f_is_integer(CallCtx *cc)
{
    v3_args(cc);
    is_count(cc, "is_integer", 1, 0);
    Value *v = cc->args[0];
    return val_bool(v->kind == V_INT || (v->kind == V_STR && v3_matches("^-?(?:(?:[1-9]\\d*)|0)$", v->str.s, v->str.len)));
}

/* is_numeric(v): a number, or a string with a line like -1.5e3. */
Value *f_is_numeric(CallCtx *cc)
{
    is_count(cc, "is_numeric", 1, 0);
    Value *v = cc->args[0];
    return val_bool(fn_is_num(v) || (v->kind == V_STR && v3_matches("^-?(?:(?:[1-9]\\d*)|0)(?:\\.\\d+)?(?:[eE]-?\\d+)?$",
                                                                v->str.s, v->str.len)));
}

/* is_float(v): a Float, or a string that is its own to_f.to_s. */
Value *f_is_float(CallCtx *cc)
{
    is_count(cc, "is_float", 1, 0);
    Value *v = cc->args[0];
    if (v->kind == V_FLOAT) return VAL_TRUE;
    if (v->kind != V_STR) return VAL_FALSE;
    return val_bool(strlen(v->str.s) == v->str.len && !strcmp(v->str.s, v3_float_s(cc, v3_str_to_f(v->str.s))));
}

/* is_absolute_path(path): a POSIX or Windows absolute path (arity 1). */
Value *f_is_absolute_path(CallCtx *cc)
{
    return val_bool(rb_absolute_path(cc->args[0]));
}

/* IPAddr.new(v) for any value: 0 when Ruby raises (non-strings too). */
static int ip_of(const Value *v, int *v6)
{
    if (v->kind != V_STR || strlen(v->str.s) != v->str.len) return 0;
    U128 addr, mask;
    char zone[256];
    return ipaddr_parse(v->str.s, 0, v6, &addr, &mask, zone);
}

/* is_ip_address(v), is_ipv4_address(v), is_ipv6_address(v) */
static Value *is_ip(CallCtx *cc, const char *fn, int want)
{
    if (cc->nargs != 1) ev_fail(cc, "%s(): Wrong number of arguments given %zu for 1", fn, cc->nargs);
    int v6;
    if (!ip_of(cc->args[0], &v6)) return VAL_FALSE;
    return val_bool(want < 0 || want == v6);
}

Value *f_is_ip_address(CallCtx *cc) { return is_ip(cc, "is_ip_address", -1); }
Value *f_is_ipv4_address(CallCtx *cc) { return is_ip(cc, "is_ipv4_address", 0); }
Value *f_is_ipv6_address(CallCtx *cc) { return is_ip(cc, "is_ipv6_address", 1); }

/* is_mac_address(v): six or twenty colon-separated hex pairs on a line. */
Value *f_is_mac_address(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 1) ev_fail(cc, "is_mac_address(): Wrong number of arguments given %zu for 1", cc->nargs);
    Value *v = cc->args[0];
    if (v->kind != V_STR) {
        if (v->kind == V_INT || v->kind == V_FLOAT || v->kind == V_BOOL || v->kind == V_ARRAY || v->kind == V_HASH)
            ev_fail(cc, "no implicit conversion of %s into String",
                    v->kind == V_BOOL ? (v->b ? "true" : "false") : rv_class(A, v, RV_FN3));
        return VAL_FALSE;
    }
    return val_bool(v3_matches("(?i:^[a-f0-9]{1,2}(:[a-f0-9]{1,2}){5}$)", v->str.s, v->str.len) ||
                    v3_matches("(?i:^[a-f0-9]{1,2}(:[a-f0-9]{1,2}){19}$)", v->str.s, v->str.len));
}

/* is_email_address(v): the whole string matches stdlib's pattern. */
Value *f_is_email_address(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 1) ev_fail(cc, "is_email_address(): Wrong number of arguments given %zu for 1", cc->nargs);
    Value *v = cc->args[0];
    if (v->kind != V_STR) return VAL_FALSE;
    return val_bool(v3_matches("\\A([\\w+\\-].?)+@[a-z\\d\\-]+(\\.[a-z]+)*\\.[a-z]+\\z", v->str.s, v->str.len));
}

/* is_domain_name(v): labels of 1 to 63 letters, digits and inner dashes,
 * at most 255 characters, a dotted name ending in a letters-only label. */
Value *f_is_domain_name(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 1) ev_fail(cc, "is_domain_name(): Wrong number of arguments given %zu for 1", cc->nargs);
    Value *v = cc->args[0];
    if (v->kind != V_STR) return VAL_FALSE;
    const char *s = v->str.s;
    size_t len = v->str.len;
    if (len == 1 && s[0] == '.') return VAL_TRUE;
    if (len && s[len - 1] == '.') len--;                       /* chomp!('.') */
    if (!len) return VAL_FALSE;
    if (utf8_len(s, len) > 255) return VAL_FALSE;
    if (memchr(s, '.', len) && !v3_matches("\\.[A-Za-z]+$", s, len)) return VAL_FALSE;
    /* String#split('.') drops trailing empty labels; every label must pass */
    size_t end = len;
    while (end && s[end - 1] == '.') end--;
    for (size_t i = 0; i < end;) {
        const char *dot = memchr(s + i, '.', end - i);
        size_t j = dot ? (size_t)(dot - s) : end, n = j - i;
        const char *l = s + i;
        if (n < 1 || utf8_len(l, n) > 63 || l[n - 1] == '-' || l[0] == '-') return VAL_FALSE;
        if (!v3_matches("(?i:^[a-z\\d-]+$)", l, n)) return VAL_FALSE;
        i = j + 1;
    }
    return VAL_TRUE;
}

/* ---- the deprecated validate_* functions ---- */

/* Their 4.x wrappers hand the 3.x bodies Puppet's values unconverted
 * (undef is nil); the deprecation warnings they log are not reproduced.
 * Each body is a check: NULL when the values pass, else the message of the
 * Puppet::ParseError it raises; *other is set when Ruby would raise
 * something else (a TypeError, a RegexpError), which validate_legacy does
 * not take for a rejection. */
typedef const char *(*Check)(CallCtx *cc, Value **a, size_t n, int *other);

static const char *raw_inspect_s(CallCtx *cc, const Value *v)
{
    Buf b = BUF_INIT;
    rv_inspect(&b, v, RV_FN);
    const char *s = arena_strndup(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return s;
}

/* Puppet::Util.absolute_path? for :posix or :windows. */
static int rb_absolute_path(const Value *v)
{
    if (v->kind != V_STR) return 0;
    return v3_matches("^/", v->str.s, v->str.len) ||
           v3_matches("(?i:^(?:(?:[A-Z]:[\\\\/])|(?:[\\\\/][\\\\/][^\\\\/]+[\\\\/][^\\\\/]+)|(?:[\\\\/][\\\\/]\\?[\\\\/][^\\\\/]+)))",
                      v->str.s, v->str.len);
}

static const char *ck_validate_absolute_path(CallCtx *cc, Value **a, size_t n, int *other)
{
    (void)other;
    if (!n) return "validate_absolute_path(): wrong number of arguments (0; must be > 0)";
    for (size_t i = 0; i < n; i++) {
        Value *arg = a[i];
        Value **items = arg->kind == V_ARRAY ? arg->arr.items : &arg;
        size_t m = arg->kind == V_ARRAY ? arg->arr.n : 1;
        for (size_t j = 0; j < m; j++)
            if (!rb_absolute_path(items[j])) return arena_printf(A, "%s is not an absolute path.", raw_inspect_s(cc, items[j]));
    }
    return NULL;
}

/* validate_bool, validate_hash, validate_array, validate_string: every
 * argument of one kind (validate_string also takes undef). */
static const char *check_kind(CallCtx *cc, Value **a, size_t n, const char *fn, ValueKind kind, const char *what)
{
    if (!n) return arena_printf(A, "%s(): wrong number of arguments (0; must be > 0)", fn);
    for (size_t i = 0; i < n; i++) {
        Value *arg = a[i];
        if (arg->kind == kind || (kind == V_STR && arg->kind == V_UNDEF)) continue;
        return arena_printf(A, "%s is not %s.  It looks to be a %s", raw_inspect_s(cc, arg), what, rv_class(A, arg, RV_FN3));
    }
    return NULL;
}

static const char *ck_validate_bool(CallCtx *cc, Value **a, size_t n, int *other)
{
    (void)other;
    return check_kind(cc, a, n, "validate_bool", V_BOOL, "a boolean");
}

static const char *ck_validate_hash(CallCtx *cc, Value **a, size_t n, int *other)
{
    (void)other;
    return check_kind(cc, a, n, "validate_hash", V_HASH, "a Hash");
}

static const char *ck_validate_array(CallCtx *cc, Value **a, size_t n, int *other)
{
    (void)other;
    return check_kind(cc, a, n, "validate_array", V_ARRAY, "an Array");
}

static const char *ck_validate_string(CallCtx *cc, Value **a, size_t n, int *other)
{
    (void)other;
    return check_kind(cc, a, n, "validate_string", V_STR, "a string");
}

/* Tries the regexps of r (arrays flattened to any depth, as Ruby's
 * [re].flatten) on s in order: 1 at the first match, 0 for none, -1 with
 * *err set for a value that is no regexp. */
static int validate_re_any(CallCtx *cc, const Value *s, const Value *r, const char **err, int *other)
{
    if (r->kind == V_ARRAY) {
        for (size_t i = 0; i < r->arr.n; i++) {
            int k = validate_re_any(cc, s, r->arr.items[i], err, other);
            if (k) return k;
        }
        return 0;
    }
    *other = 1;
    if (r->kind != V_STR && r->kind != V_REGEX) {
        *err = arena_printf(A, "no implicit conversion of %s into String", rv_class(A, r, RV_FN3));
        return -1;
    }
    Regex *re = rx_get(r->kind == V_STR ? r->str.s : r->regex.src, err);
    if (!re) {
        if (!*err) *err = "invalid regular expression";
        return -1;
    }
    *other = 0;
    int caps[2], ncap = 1;
    return rx_search(re, s->str.s, s->str.len, 0, caps, &ncap) ? 1 : 0;
}

/* validate_re(s, re | [re...][, message]) */
static const char *ck_validate_re(CallCtx *cc, Value **a, size_t n, int *other)
{
    if (n < 2 || n > 3) return arena_printf(A, "validate_re(): wrong number of arguments (%zu; must be 2 or 3)", n);
    if (a[0]->kind != V_STR) return arena_printf(A, "validate_re(): input needs to be a String, not a %s", rv_class(A, a[0], RV_FN3));
    const char *err = NULL;
    int k = validate_re_any(cc, a[0], a[1], &err, other);
    if (k > 0) return NULL;
    if (k < 0) return err;
    if (n == 3 && val_truthy(a[2])) return v3_to_s(cc, a[2]);
    return arena_printf(A, "validate_re(): %s does not match %s", raw_inspect_s(cc, a[0]), raw_inspect_s(cc, a[1]));
}

/* validate_ip_address, validate_ipv4_address, validate_ipv6_address:
 * strings IPAddr reads, of the family asked (-1: either). */
static const char *check_ip(CallCtx *cc, Value **a, size_t n, const char *fn, int want, const char *what)
{
    if (!n) return arena_printf(A, "%s(): wrong number of arguments (0; must be > 0)", fn);
    for (size_t i = 0; i < n; i++) {
        int v6;
        if (a[i]->kind != V_STR) return arena_printf(A, "%s is not a string.", raw_inspect_s(cc, a[i]));
        if (!ip_of(a[i], &v6) || (want >= 0 && v6 != want))
            return arena_printf(A, "%s is not a valid %s address.", raw_inspect_s(cc, a[i]), what);
    }
    return NULL;
}

static const char *ck_validate_ip_address(CallCtx *cc, Value **a, size_t n, int *other)
{
    (void)other;
    return check_ip(cc, a, n, "validate_ip_address", -1, "IP");
}

static const char *ck_validate_ipv4_address(CallCtx *cc, Value **a, size_t n, int *other)
{
    (void)other;
    return check_ip(cc, a, n, "validate_ipv4_address", 0, "IPv4");
}

static const char *ck_validate_ipv6_address(CallCtx *cc, Value **a, size_t n, int *other)
{
    (void)other;
    return check_ip(cc, a, n, "validate_ipv6_address", 1, "IPv6");
}

/* Kernel#Integer(v) (as_float: Float(v)) of an unconverted value: strings
 * by Ruby's rules, numbers as they are; 0 when Ruby raises. */
static int rb_number(const Value *v, int as_float, double *d, int64_t *i)
{
    if (v->kind == V_INT) {
        *i = v->i, *d = (double)v->i;
        return 1;
    }
    if (v->kind == V_FLOAT) {
        if (!isfinite(v->f)) return as_float ? (*d = v->f, 1) : 0;
        *d = v->f, *i = (int64_t)v->f;
        return 1;
    }
    if (v->kind != V_STR || strlen(v->str.s) != v->str.len) return 0;
    if (as_float) return rv_float(v->str.s, d);
    if (!rv_integer(v->str.s, 0, i)) return 0;
    *d = (double)*i;
    return 1;
}

/* validate_integer and validate_numeric (num: Float instead of Integer):
 * (input [, max [, min]]), input a number or an array of numbers, read
 * from their to_s; '' for max with a min means no maximum. */
static const char *check_number(CallCtx *cc, Value **a, size_t n, int num)
{
    const char *fn = num ? "validate_numeric" : "validate_integer";
    const char *kind = num ? "a Numeric" : "an Integer";
    if (!n || n > 3) return arena_printf(A, "%s(): Wrong number of arguments; must be 1, 2 or 3, got %zu", fn, n);
    double dmax = 0, dmin = 0, d;
    int64_t imax = 0, imin = 0, iv;
    int has_max = 0, has_min = 0;
#define NUM_S(dv, iv) (num ? v3_float_s(cc, dv) : arena_printf(A, "%lld", (long long)(iv)))
    if (n > 1) {
        const char *ms = v3_to_s(cc, a[1]);
        if (!(n > 2 && !*ms)) {
            if (!rb_number(val_cstr(A, ms), num, &dmax, &imax))
                return arena_printf(A, "%s(): Expected second argument to be unset or %s, got %s:String", fn, kind, ms);
            has_max = 1;
        }
    }
    if (n > 2) {
        if (!rb_number(val_cstr(A, v3_to_s(cc, a[2])), num, &dmin, &imin))
            return arena_printf(A, "%s(): Expected third argument to be unset or %s, got %s:%s", fn, kind, v3_to_s(cc, a[2]),
                                rv_class(A, a[2], RV_FN3));
        has_min = 1;
    }
    if (has_min && has_max && (num ? dmin > dmax : imin > imax))
        return arena_printf(A, "%s(): Expected second argument to be larger than third argument, got %s < %s", fn,
                            NUM_S(dmax, imax), NUM_S(dmin, imin));
    Value *input = a[0];
    Value **items = input->kind == V_ARRAY ? input->arr.items : &input;
    size_t m = input->kind == V_ARRAY ? input->arr.n : 1;
    if (input->kind == V_HASH)
        return arena_printf(A, "validate_integer(): Expected first argument to be %s or Array, got Hash", kind);
    for (size_t i = 0; i < m; i++) {
        Value *x = items[i];
        if (x->kind == V_HASH || !rb_number(val_cstr(A, v3_to_s(cc, x)), num, &d, &iv)) {
            if (input->kind == V_ARRAY)
                return arena_printf(A, "%s(): Expected element at array position %zu to be %s, got %s", fn, i, kind, rv_class(A, x, RV_FN3));
            return arena_printf(A, "%s(): Expected first argument to be %s or Array, got %s", fn, kind, rv_class(A, x, RV_FN3));
        }
        /* the message shows the whole input; a single one as its number */
        const char *shown = input->kind == V_ARRAY ? raw_inspect_s(cc, input) : NUM_S(d, iv);
        if (has_max && (num ? d > dmax : iv > imax))
            return arena_printf(A, "%s(): Expected %s to be smaller or equal to %s, got %s.", fn, shown, NUM_S(dmax, imax), shown);
        if (has_min && (num ? d < dmin : iv < imin))
            return arena_printf(A, "%s(): Expected %s to be greater or equal to %s, got %s.", fn, shown, NUM_S(dmin, imin), shown);
    }
#undef NUM_S
    return NULL;
}

static const char *ck_validate_integer(CallCtx *cc, Value **a, size_t n, int *other)
{
    (void)other;
    return check_number(cc, a, n, 0);
}

static const char *ck_validate_numeric(CallCtx *cc, Value **a, size_t n, int *other)
{
    (void)other;
    return check_number(cc, a, n, 1);
}

/* validate_slength(input, max [, min]): the length of a string, or of
 * each string of an array, within [min, max]. */
static const char *ck_validate_slength(CallCtx *cc, Value **a, size_t n, int *other)
{
    (void)other;
    if (n != 2 && n != 3) return arena_printf(A, "validate_slength(): Wrong number of arguments (%zu; must be 2 or 3)", n);
    double d;
    int64_t max, min = 0;
    if (!rb_number(a[1], 0, &d, &max) || max <= 0)
        return arena_printf(A, "validate_slength(): Expected second argument to be a positive Numeric, got %s:%s", v3_to_s(cc, a[1]),
                            rv_class(A, a[1], RV_FN3));
    if (n > 2 && val_truthy(a[2]) && (!rb_number(a[2], 0, &d, &min) || min < 0))
        return arena_printf(A, "validate_slength(): Expected third argument to be unset or a positive Numeric, got %s:%s",
                            v3_to_s(cc, a[2]), rv_class(A, a[2], RV_FN3));
    if (max < min) return "validate_slength(): Expected second argument to be equal to or larger than third argument";
    Value *input = a[0];
    if (input->kind != V_STR && input->kind != V_ARRAY)
        return arena_printf(A, "validate_slength(): Expected first argument to be a String or Array, got %s", rv_class(A, input, RV_FN3));
    Value **items = input->kind == V_ARRAY ? input->arr.items : &input;
    size_t m = input->kind == V_ARRAY ? input->arr.n : 1;
    for (size_t i = 0; i < m; i++) {
        if (items[i]->kind != V_STR)
            return arena_printf(A, "validate_slength(): Expected element at array position %zu to be a String, got %s", i,
                                rv_class(A, items[i], RV_FN3));
        int64_t len = (int64_t)utf8_len(items[i]->str.s, items[i]->str.len);
        if (len > max || len < min) {
            int64_t shown = input->kind == V_ARRAY ? (int64_t)input->arr.n : len;
            return arena_printf(A, "validate_slength(): Expected length of %s to be between %lld and %lld, was %lld",
                                raw_inspect_s(cc, input), (long long)min, (long long)max, (long long)shown);
        }
    }
    return NULL;
}

static const struct { const char *name; Check check; } checks[] = {
    {"validate_absolute_path", ck_validate_absolute_path},
    {"validate_array", ck_validate_array},
    {"validate_bool", ck_validate_bool},
    {"validate_hash", ck_validate_hash},
    {"validate_integer", ck_validate_integer},
    {"validate_ip_address", ck_validate_ip_address},
    {"validate_ipv4_address", ck_validate_ipv4_address},
    {"validate_ipv6_address", ck_validate_ipv6_address},
    {"validate_numeric", ck_validate_numeric},
    {"validate_re", ck_validate_re},
    {"validate_slength", ck_validate_slength},
    {"validate_string", ck_validate_string},
};

static Check check_find(const char *name)
{
    for (size_t i = 0; i < ARRAY_LEN(checks); i++)
        if (!strcmp(checks[i].name, name)) return checks[i].check;
    return NULL;
}

/* validate_X(args...) as a function: its check's message is the error. */
static Value *run_check(CallCtx *cc, const char *name)
{
    int other = 0;
    const char *msg = check_find(name)(cc, cc->args, cc->nargs, &other);
    if (msg) ev_fail(cc, "%s", msg);
    return VAL_UNDEF;
}

Value *f_validate_absolute_path(CallCtx *cc) { return run_check(cc, "validate_absolute_path"); }
Value *f_validate_array(CallCtx *cc) { return run_check(cc, "validate_array"); }
Value *f_validate_bool(CallCtx *cc) { return run_check(cc, "validate_bool"); }
Value *f_validate_hash(CallCtx *cc) { return run_check(cc, "validate_hash"); }
Value *f_validate_integer(CallCtx *cc) { return run_check(cc, "validate_integer"); }
Value *f_validate_ip_address(CallCtx *cc) { return run_check(cc, "validate_ip_address"); }
Value *f_validate_ipv4_address(CallCtx *cc) { return run_check(cc, "validate_ipv4_address"); }
Value *f_validate_ipv6_address(CallCtx *cc) { return run_check(cc, "validate_ipv6_address"); }
Value *f_validate_numeric(CallCtx *cc) { return run_check(cc, "validate_numeric"); }
Value *f_validate_re(CallCtx *cc) { return run_check(cc, "validate_re"); }
Value *f_validate_slength(CallCtx *cc) { return run_check(cc, "validate_slength"); }
Value *f_validate_string(CallCtx *cc) { return run_check(cc, "validate_string"); }

/* ---- validate_legacy ---- */

/* TypeParser#parse(s): the type a string names, in the calling scope. */
static Value *parse_type_string(CallCtx *cc, const Value *s)
{
    const char *err = NULL;
    const Node *n = ev_parse_expr(cc, "validate_legacy", s->str.s, s->str.len, &err);
    if (err) ev_fail(cc, "%s", err);
    /* Puppet 7.23 hands stdlib's TypeParser the scope for a loader, so a
     * name that is not one of Puppet's own types fails to load. */
    for (const char *p = s->str.s; *p; p++) {
        if (*p == '\'' || *p == '"' || (*p == '/' && p > s->str.s && strchr("[, ", p[-1]))) {
            const char *q = strchr(p + 1, *p);
            while (q && q[-1] == '\\') q = strchr(q + 1, *p);
            if (!q) break;
            p = q;
            continue;
        }
        if (!isupper((unsigned char)*p) || (p > s->str.s && (isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == ':')))
            continue;
        const char *e = p;
        while (isalnum((unsigned char)*e) || *e == '_' || (e[0] == ':' && e[1] == ':')) e++;
        if (!val_is_data_type_name(arena_strndup(A, p, (size_t)(e - p))))
            ev_fail(cc, "private method `load' called for Scope(%s):Puppet::Parser::Scope",
                    ev_scope_label(cc));
        p = e - 1;
    }
    Value *t = n ? ev_eval(cc, n, 0) : NULL;
    if (!t || t->kind != V_TYPE) ev_fail(cc, "The expression <%s> is not a valid type specification.", s->str.s);
    return t;
}

/* validate_legacy(Type | 'Type', 'validate_fn', value, args...) - the
 * type decides.  A value it accepts passes (a notice when the old
 * function would have refused it); one it refuses fails with the type's
 * mismatch, unless the old function accepted it, which is only a
 * deprecation.  The old function runs as a 3.x call, unconverted values. */
Value *f_validate_legacy(CallCtx *cc)
{
    Value **a = cc->args;
    size_t n = cc->nargs;
    if (n < 3) ev_fail(cc, "'validate_legacy' expects at least 4 arguments, got %zu", n + 1);
    if ((a[0]->kind != V_TYPE && a[0]->kind != V_STR) || a[1]->kind != V_STR) {
        static const char *const sigs[] = {"Any scope, Type target_type, String function_name, Any value, Any args*",
                                           "Any scope, String type_string, String function_name, Any value, Any args*"};
        const char *why[2];
        why[0] = a[0]->kind != V_TYPE ? arena_printf(A, "parameter 'target_type' expects a Type value, got %s", fn_got_type(cc, a[0]))
                                      : arena_printf(A, "parameter 'function_name' expects a String value, got %s", fn_got_type(cc, a[1]));
        why[1] = a[0]->kind != V_STR ? arena_printf(A, "parameter 'type_string' expects a String value, got %s", fn_got_type(cc, a[0]))
                                     : arena_printf(A, "parameter 'function_name' expects a String value, got %s", fn_got_type(cc, a[1]));
        fn_fail_dispatch(cc, "validate_legacy", sigs, why, 2);
    }
    Value *type = a[0]->kind == V_TYPE ? a[0] : parse_type_string(cc, a[0]);
    const char *fn = arena_strndup(A, a[1]->str.s, a[1]->str.len);
    int fits = ev_type_match(cc, type, a[2]);
    /* previous_validation: did the 3.x function accept the value? */
    int accepted;
    Check check = check_find(fn);
    if (check) {
        int other = 0;
        const char *msg = check(cc, a + 2, n - 2, &other);
        if (msg && other) ev_fail(cc, "%s", msg);
        accepted = !msg;
    } else if (fn_find(fn) && fn_find(fn)->origin != FN_EVAL) {
        ev_call(cc, fn, a + 2, n - 2, NULL);
        accepted = 1;
    } else {
        ev_fail(cc, "undefined method `function_%s' for Scope(%s):Puppet::Parser::Scope", fn,
                ev_scope_label(cc));
    }
    if (fits) {
        if (!accepted) {
            Buf b = BUF_INIT;
            val_to_s(&b, type);
            fprintf(stderr, "Notice: Accepting previously invalid value for target type '%s'\n", buf_cstr(&b));
            buf_free(&b);
        }
        return VAL_UNDEF;
    }
    const char *why = ev_mismatch(cc, type, a[2], CMP_MM_SUBJECT, NULL, arena_printf(A, "validate_legacy(%s)", fn), NULL);
    if (!accepted) ev_fail(cc, "%s", why);
    return VAL_UNDEF;                        /* deprecation('validate_legacy', why): a warning, not reproduced */
}

/* type_of(value) - the type Puppet infers for value. */
Value *f_type_of(CallCtx *cc)
{
    return ev_call(cc, "type", cc->args, 1, NULL);
}

/* ---- validate_domain_name, validate_email_address ---- */

static const char *check_by(CallCtx *cc, Value **a, size_t n, const char *fn, Value *(*is)(CallCtx *), const char *what)
{
    if (!n) return arena_printf(A, "%s(): wrong number of arguments (0; must be > 0)", fn);
    for (size_t i = 0; i < n; i++) {
        if (a[i]->kind != V_STR) return arena_printf(A, "%s is not a string.", raw_inspect_s(cc, a[i]));
        CallCtx sub = *cc;
        sub.args = &a[i], sub.nargs = 1;
        if (!is(&sub)->b) return arena_printf(A, "%s %s", raw_inspect_s(cc, a[i]), what);
    }
    return NULL;
}

Value *f_validate_domain_name(CallCtx *cc)
{
    v3_args(cc);
    const char *msg = check_by(cc, cc->args, cc->nargs, "validate_domain_name", f_is_domain_name, "is not a syntactically correct domain name");
    if (msg) ev_fail(cc, "%s", msg);
    return VAL_UNDEF;
}

Value *f_validate_email_address(CallCtx *cc)
{
    v3_args(cc);
    const char *msg = check_by(cc, cc->args, cc->nargs, "validate_email_address", f_is_email_address, "is not a valid email address");
    if (msg) ev_fail(cc, "%s", msg);
    return VAL_UNDEF;
}

/* ---- stdlib::ip_in_range, stdlib::str2resource, private ---- */

/* stdlib::ip_in_range(ip, range | [ranges]) - IPAddr#include?. */
Value *f_ip_in_range(CallCtx *cc)
{
    static const char sig[] = "String ipaddress, Variant[String, Array] range";
    fn_check_param(cc, "stdlib::ip_in_range", "ipaddress", "String", sig, 0);
    fn_check_param(cc, "stdlib::ip_in_range", "range", "Variant[String, Array]", sig, 1);
    int v6, r6;
    U128 addr, mask, raddr, rmask;
    char zone[256];
    const Value *ip = cc->args[0], *rg = cc->args[1];
    if (!ipaddr_parse(ip->str.s, 0, &v6, &addr, &mask, zone)) ev_fail(cc, "invalid address: %s", ip->str.s);
    const Value *const *items = rg->kind == V_ARRAY ? (const Value *const *)rg->arr.items : &rg;
    size_t n = rg->kind == V_ARRAY ? rg->arr.n : 1;
    int hit = 0;
    for (size_t i = 0; i < n; i++) {
        const Value *r = items[i];
        if (r->kind != V_STR || !ipaddr_parse(r->str.s, 0, &r6, &raddr, &rmask, zone))
            ev_fail(cc, "invalid address: %s", v3_to_s(cc, r));
        if (!hit && r6 == v6 && (addr & rmask) == raddr) hit = 1;
    }
    return val_bool(hit);
}
/* ---- type3x, sprintf_hash ---- */

/* type3x(v) - the deprecated 3.x type name: 'string' (or 'integer' /
 * 'float' for a string that is its own to_i / to_f), 'array', 'hash',
 * 'integer', 'float', 'boolean'. */
Value *f_type3x(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 1) ev_fail(cc, "type3x(): Wrong number of arguments given (%zu for 1)", cc->nargs);
    Value *v = cc->args[0];
    switch (v->kind) {
    case V_BOOL: return val_cstr(A, "boolean");
    case V_INT: return val_cstr(A, "integer");
    case V_FLOAT: return val_cstr(A, "float");
    case V_ARRAY: return val_cstr(A, "array");
    case V_HASH: return val_cstr(A, "hash");
    case V_STR:
        if (strlen(v->str.s) == v->str.len) {
            if (!strcmp(v->str.s, arena_printf(A, "%lld", (long long)v3_str_to_i(v->str.s)))) return val_cstr(A, "integer");
            if (!strcmp(v->str.s, v3_float_s(cc, v3_str_to_f(v->str.s)))) return val_cstr(A, "float");
        }
        return val_cstr(A, "string");
    default: ev_fail(cc, "type3x(): Unknown type");
    }
}

/* sprintf_hash(format, hash) - the deprecated sprintf with named
 * references (%<name>s), which Puppet's sprintf does itself. */
