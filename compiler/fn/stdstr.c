/*
 * stdstr.c - puppetlabs-stdlib's string functions and core Puppet's 3.x
 * string ones, built in: basename, dirname, prefix, suffix, str2bool,
 * any2array, shell_escape, shell_join, shell_split, range, base64,
 * uriescape, shellquote, md5, sha1, sha256, generate, start_with,
 * end_with, extname, xml_encode, dos2unix, swapcase, squeeze, ... They run
 * Ruby's own algorithms: File.basename and File.dirname, String#succ and
 * String#upto, Shellwords, Base64, and Ruby's line-anchored ^ and $
 * through regex.c.  Results live in cc->arena; anything malloc'd is
 * released before a possible ev_fail().
 */
#define _GNU_SOURCE
#include "compiler/fn/fnaux.h"
#include "compiler/regex.h"
#include "base/util.h"
#include "base/utf8.h"
#include "catalog/rubyval.h"
#include "base/md5.h"
#include "base/sha1.h"
#include "base/sha256.h"
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
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

/* ---- basename, dirname, prefix, suffix, str2bool, any2array ---- */

/* Ruby's File.basename(path[, suffix]) on POSIX. */
static Value *rb_basename(CallCtx *cc, const Value *path, const Value *sfx)
{
    const char *s = path->str.s;
    size_t len = path->str.len;
    if (!len) return val_str(A, "", 0);
    size_t end = len;
    while (end > 0 && s[end - 1] == '/') end--;
    if (!end) return val_str(A, "/", 1);
    size_t beg = end;
    while (beg > 0 && s[beg - 1] != '/') beg--;
    const char *p = s + beg;
    size_t n = end - beg, f = n;
    if (sfx && sfx->str.len) {
        const char *e = sfx->str.s;
        size_t l2 = sfx->str.len;
        if (l2 == 2 && e[1] == '*') {
            if (e[0] == '.') {
                /* the last dot after any leading dots */
                size_t q = 0, dot = 0;
                while (q < n && p[q] == '.') q++;
                for (; q < n; q++)
                    if (p[q] == '.') dot = q;
                f = dot ? dot : n;
            } else {
                size_t last = n;
                for (size_t q = 0; q < n; q++)
                    if (p[q] == e[0]) last = q;
                f = last;
            }
        } else if (n < l2) {
            f = n;
        } else {
            f = memcmp(p + n - l2, e, l2) == 0 ? n - l2 : 0;
        }
        if (!f) f = n;
    }
    return val_str(A, p, f);
}

/* basename(path[, suffix]) */
Value *f_basename(CallCtx *cc)
{
    v3_args(cc);
    Value **a = cc->args;
    if (!cc->nargs) ev_fail(cc, "basename(): No arguments given");
    if (cc->nargs > 2) ev_fail(cc, "basename(): Too many arguments given (%zu)", cc->nargs);
    if (a[0]->kind != V_STR) ev_fail(cc, "basename(): Requires string as first argument");
    if (cc->nargs == 2 && a[1]->kind != V_STR) ev_fail(cc, "basename(): Requires string as second argument");
    return rb_basename(cc, a[0], cc->nargs == 2 ? a[1] : NULL);
}

/* dirname(path) - Ruby's File.dirname on POSIX. */
Value *f_dirname(CallCtx *cc)
{
    v3_args(cc);
    Value **a = cc->args;
    if (!cc->nargs) ev_fail(cc, "dirname(): No arguments given");
    if (cc->nargs > 1) ev_fail(cc, "dirname(): Too many arguments given (%zu)", cc->nargs);
    if (a[0]->kind != V_STR) ev_fail(cc, "dirname(): Requires string as argument");
    if (!a[0]->str.len) ev_fail(cc, "dirname(): Requires a non-empty string as argument");
    const char *name = a[0]->str.s, *end = name + a[0]->str.len, *root = name;
    while (root < end && *root == '/') root++;
    if (root > name + 1) name = root - 1;
    /* the last run of slashes that something follows */
    const char *p = NULL;
    for (const char *q = root; q < end;) {
        if (*q == '/') {
            const char *run = q;
            while (q < end && *q == '/') q++;
            if (q < end) p = run;
        } else {
            q++;
        }
    }
    if (!p) p = root;
    if (p == name) return val_cstr(A, ".");
    return val_str(A, name, (size_t)(p - name));
}

/* prefix(collection[, s]) and suffix(collection[, s]): to_s of each
 * element (or hash key), with s before or after it. */
static Value *affix(CallCtx *cc, const char *fn, int before)
{
    v3_args(cc);
    Value **a = cc->args;
    if (!cc->nargs) ev_fail(cc, "%s(): Wrong number of arguments given (0 for 1)", fn);
    Value *coll = a[0];
    if (coll->kind != V_ARRAY && coll->kind != V_HASH)
        ev_fail(cc, "%s(): expected first argument to be an Array or a Hash, got %s", fn, v3_inspect(cc, coll));
    Value *fix = cc->nargs > 1 && val_truthy(a[1]) ? a[1] : NULL;
    if (fix && fix->kind != V_STR)
        ev_fail(cc, "%s(): expected second argument to be a String, got %s", fn, v3_inspect(cc, fix));
    size_t n = coll->kind == V_ARRAY ? coll->arr.n : coll->hash.n;
    Value **out = ARENA_NEWN(A, Value *, n ? n : 1);
    for (size_t i = 0; i < n; i++) {
        const char *s = v3_to_s(cc, coll->kind == V_ARRAY ? coll->arr.items[i] : coll->hash.keys[i]);
        out[i] = !fix ? val_cstr(A, s)
                      : before ? val_cstr(A, arena_printf(A, "%.*s%s", (int)fix->str.len, fix->str.s, s))
                               : val_cstr(A, arena_printf(A, "%s%.*s", s, (int)fix->str.len, fix->str.s));
    }
    if (coll->kind == V_ARRAY) return val_array(A, out, n);
    /* Hash[pairs]: a repeated key keeps its first place and its last value */
    Value **vals = ARENA_NEWN(A, Value *, n ? n : 1);
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        size_t j;
        for (j = 0; j < m; j++)
            if (v3_equal(out[j], out[i], 1)) break;
        if (j == m) out[m++] = out[i];
        vals[j] = coll->hash.vals[i];
    }
    return val_hash(A, out, vals, m);
}

Value *f_prefix(CallCtx *cc) { return affix(cc, "prefix", 1); }
Value *f_suffix(CallCtx *cc) { return affix(cc, "suffix", 0); }

/* str2bool(s) - booleans pass; strings by Ruby's line-anchored patterns. */
Value *f_str2bool(CallCtx *cc)
{
    v3_args(cc);
    if (!cc->nargs) ev_fail(cc, "str2bool(): Wrong number of arguments given (0 for 1)");
    Value *v = cc->args[0];
    if (v->kind == V_BOOL) return v;
    if (v->kind != V_STR) ev_fail(cc, "str2bool(): Requires string to work with");
    const char *s = v->str.s;
    size_t len = v->str.len;
    if (!len || v3_matches("^$", s, len)) return VAL_FALSE;
    if (v3_matches("(?i:^(1|t|y|true|yes)$)", s, len)) return VAL_TRUE;
    if (v3_matches("(?i:^(0|f|n|false|no)$)", s, len)) return VAL_FALSE;
    if (v3_matches("^(undef|undefined)$", s, len)) return VAL_FALSE;
    ev_fail(cc, "str2bool(): Unknown type of boolean given");
}

/* any2array(v...) */
Value *f_any2array(CallCtx *cc)
{
    v3_args(cc);
    Value **a = cc->args;
    if (cc->nargs == 1) {
        if (a[0]->kind == V_ARRAY) return a[0];
        if (v3_is_empty_str(a[0])) return val_array(A, NULL, 0);
        if (a[0]->kind == V_HASH) {
            size_t n = a[0]->hash.n;
            Value **out = ARENA_NEWN(A, Value *, 2 * n + 1);
            for (size_t i = 0; i < n; i++) out[2 * i] = a[0]->hash.keys[i], out[2 * i + 1] = a[0]->hash.vals[i];
            return val_array(A, out, 2 * n);
        }
    }
    return val_array(A, a, cc->nargs);
}

/* ---- shell_escape, shell_join ---- */

/* Ruby's Shellwords.escape: '' for nothing, a backslash before each
 * character outside [A-Za-z0-9_\-.,:+/@\n], a newline quoted as '\n'. */
static void sh_escape(Buf *b, const char *s)
{
    if (!*s) {
        buf_adds(b, "''");
        return;
    }
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '\n') buf_adds(b, "'\n'");
        else if ((ch & 0xC0) == 0x80 || isalnum(ch) || strchr("_-.,:+/@", ch)) buf_addc(b, (char)ch);
        else buf_addc(b, '\\'), buf_addc(b, (char)ch);
    }
}

/* shell_escape(v) - a 4.x function: v.to_s, escaped. */
Value *f_shell_escape(CallCtx *cc)
{
    Buf b = BUF_INIT;
    sh_escape(&b, v3_to_s(cc, cc->args[0]));
    Value *r = val_str(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return r;
}

/* shell_join(array) - each element's to_s escaped, joined by spaces. */
Value *f_shell_join(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 1) ev_fail(cc, "shell_join(): Wrong number of arguments given (%zu for 1)", cc->nargs);
    Value *arr = cc->args[0];
    if (arr->kind != V_ARRAY) ev_fail(cc, "First argument is not an Array: %s", v3_inspect(cc, arr));
    Buf b = BUF_INIT;
    for (size_t i = 0; i < arr->arr.n; i++) {
        if (i) buf_addc(&b, ' ');
        sh_escape(&b, v3_to_s(cc, arr->arr.items[i]));
    }
    Value *r = val_str(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return r;
}

/* ---- range ---- */

/* Ruby's String#succ for ASCII text: the rightmost alphanumeric is
 * incremented with carry ('az' -> 'ba', 'zz' -> 'aaa', 'a9' -> 'b0'),
 * skipping other characters; with no alphanumeric, the last byte. */
static char *rb_succ(CallCtx *cc, const char *src, size_t len)
{
    char *s = arena_alloc(A, len + 2);
    memcpy(s, src, len);
    s[len] = 0;
    if (!len) return s;
    long carry_pos = -1, last_alnum = -1;
    char carry = 0;
    int prev_not_char = 0, found_alnum = 0;
    for (long i = (long)len - 1; i >= 0; i--) {
        unsigned char ch = (unsigned char)s[i];
        if (prev_not_char && last_alnum >= 0) {
            unsigned char la = (unsigned char)s[last_alnum];
            if (isalpha(la) ? isdigit(ch) : isdigit(la) ? isalpha(ch) : 0) break;
        }
        if (ch >= 0x80 || !isalnum(ch)) {
            prev_not_char = 1;
            continue;
        }
        prev_not_char = 0;
        found_alnum = 1;
        if (ch == '9' || ch == 'z' || ch == 'Z') {
            carry = ch == '9' ? '1' : ch == 'z' ? 'a' : 'A';
            s[i] = ch == '9' ? '0' : ch == 'z' ? 'a' : 'A';
            last_alnum = carry_pos = i;
            continue;
        }
        s[i] = (char)(ch + 1);
        return s;
    }
    if (!found_alnum) {
        for (long i = (long)len - 1; i >= 0; i--) {
            unsigned char ch = (unsigned char)s[i];
            s[i] = (char)(ch + 1);
            if (ch != 0xff) return s;
            carry_pos = i;
        }
        carry = 1;
    }
    memmove(s + carry_pos + 1, s + carry_pos, len - (size_t)carry_pos + 1);
    s[carry_pos] = carry;
    return s;
}

static int rb_str_cmp(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    int r = memcmp(a, b, la < lb ? la : lb);
    return r ? r : la < lb ? -1 : la > lb;
}

/* range() builds its whole array: a result longer than this is refused
 * with an error naming the limit (Puppet has none; never a silent cut). */
enum { RANGE_MAX = 10000000 };

static void range_too_long(CallCtx *cc)
{
    ev_fail(cc, "range(): the range has more than %d elements (mcomp's limit)", RANGE_MAX);
}

/* Range#step(step) over strings: String#upto, every step-th element. */
static Value *string_range(CallCtx *cc, const char *beg, const char *end, int excl, int64_t step)
{
    ValVec out = VV_ARENA(A);
    int64_t k = 0;
#define YIELD(str, n) do { if (k++ % step == 0) val_vec_push(&out, val_str(A, (str), (n))); } while (0)
    size_t lb = strlen(beg), le = strlen(end);
    if (lb == 1 && le == 1 && !(beg[0] & 0x80) && !(end[0] & 0x80)) {
        char c = beg[0], e = end[0];
        if (!(c > e || (excl && c == e)))
            for (;;) {
                YIELD(&c, 1);
                if (!excl && c == e) break;
                c++;
                if (excl && c == e) break;
            }
        return v3_array(cc, &out);
    }
    int n = rb_str_cmp(beg, end);
    if (n > 0 || (excl && n == 0)) return v3_array(cc, &out);
    const char *after_end = rb_succ(cc, end, le), *cur = beg;
    while (strcmp(cur, after_end) != 0) {
        if (out.n >= RANGE_MAX) range_too_long(cc);
        const char *next = excl || strcmp(cur, end) ? rb_succ(cc, cur, strlen(cur)) : NULL;
        YIELD(cur, strlen(cur));
        if (!next) break;
        cur = next;
        if (excl && !strcmp(cur, end)) break;
        if (strlen(cur) > le || !*cur) break;
    }
#undef YIELD
    return v3_array(cc, &out);
}

/* range(start, stop[, step]) or range('a-e' | 'a..e' | 'a...e') */
Value *f_range(CallCtx *cc)
{
    v3_args(cc);
    Value **a = cc->args;
    if (!cc->nargs) ev_fail(cc, "range(): Wrong number of arguments given (0 for 1)");
    const Value *start, *stop;
    int64_t step = 1;
    int excl = 0;
    if (cc->nargs > 1) {
        start = a[0], stop = a[1];
        if (cc->nargs > 2) {
            step = v3_to_i(cc, a[2]);
            if (step < 0) step = -step;
        }
        if (!step) ev_fail(cc, "range(): 3rd arg (step size) must be a non zero integer (e.g. 1 or -1)");
    } else {
        Value *v = a[0];
        if (v->kind != V_STR) v3_no_method(cc, "match", v);
        Regex *re = rx_get("^(\\w+)(\\.\\.\\.?|\\-)(\\w+)$", NULL);
        int caps[8], ncap = 4;
        if (!re || !rx_search(re, v->str.s, v->str.len, 0, caps, &ncap)) {
            if (v3_matches("^.+$", v->str.s, v->str.len))
                ev_fail(cc, "range(): Unable to compute range from the value: %s", v->str.s);
            ev_fail(cc, "range(): Unknown range format: %s", v->str.s);
        }
        start = val_str(A, v->str.s + caps[2], (size_t)(caps[3] - caps[2]));
        stop = val_str(A, v->str.s + caps[6], (size_t)(caps[7] - caps[6]));
        excl = caps[5] - caps[4] == 3;
    }
    const char *s0 = v3_to_s(cc, start);
    if (v3_matches("^\\d+$", s0, strlen(s0))) {
        int64_t b = v3_to_i(cc, start), e = v3_to_i(cc, stop);
        ValVec out = VV_ARENA(A);
        if (excl ? b < e : b <= e) {
            uint64_t span = (uint64_t)e - (uint64_t)b - (excl ? 1 : 0);
            if (span / (uint64_t)step >= RANGE_MAX) range_too_long(cc);
        }
        for (int64_t i = b; excl ? i < e : i <= e; i += step) {
            val_vec_push(&out, val_int(A, i));
            if (i > INT64_MAX - step) break;
        }
        return v3_array(cc, &out);
    }
    return string_range(cc, s0, v3_to_s(cc, stop), excl, step);
}

static const char b64_chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static int b64_value(unsigned char ch)
{
    const char *p = ch ? strchr(b64_chars, ch) : NULL;
    return p ? (int)(p - b64_chars) : -1;
}

/* pack("m") (wrap: 60 characters a line, each ended by "\n") or "m0". */
static void b64_encode(Buf *b, const unsigned char *s, size_t len, int wrap)
{
    size_t col = 0;
    for (size_t i = 0; i < len; i += 3) {
        uint32_t w = (uint32_t)s[i] << 16 | (i + 1 < len ? (uint32_t)s[i + 1] << 8 : 0) | (i + 2 < len ? s[i + 2] : 0);
        char q[4] = {b64_chars[w >> 18 & 63], b64_chars[w >> 12 & 63], i + 1 < len ? b64_chars[w >> 6 & 63] : '=',
                     i + 2 < len ? b64_chars[w & 63] : '='};
        buf_add(b, q, 4);
        col += 4;
        if (wrap && col == 60) buf_addc(b, '\n'), col = 0;
    }
    if (wrap && col) buf_addc(b, '\n');
}

/* unpack("m"): characters outside the alphabet are skipped, '=' ends. */
static void b64_decode_loose(Buf *b, const char *s, size_t len)
{
    const char *p = s, *end = s + len;
    int a = -1, bb = -1, c = -1, d = -1;
    while (p < end) {
        a = bb = c = d = -1;
        while (p < end && (a = b64_value((unsigned char)*p)) == -1) p++;
        if (p >= end) break;
        p++;
        while (p < end && (bb = b64_value((unsigned char)*p)) == -1) p++;
        if (p >= end) break;
        p++;
        while (p < end && (c = b64_value((unsigned char)*p)) == -1 && *p != '=') p++;
        if (p >= end || *p == '=') break;
        p++;
        while (p < end && (d = b64_value((unsigned char)*p)) == -1 && *p != '=') p++;
        if (p >= end || *p == '=') break;
        p++;
        buf_addc(b, (char)(a << 2 | bb >> 4));
        buf_addc(b, (char)(bb << 4 | c >> 2));
        buf_addc(b, (char)(c << 6 | d));
        a = -1;
    }
    if (a != -1 && bb != -1) {
        buf_addc(b, (char)(a << 2 | bb >> 4));
        if (c != -1) buf_addc(b, (char)(bb << 4 | c >> 2));
    }
}

/* unpack("m0"): 0 for anything but canonical padded base64. */
static int b64_decode_strict(Buf *b, const char *s, size_t len)
{
    if (len % 4) return 0;
    for (size_t i = 0; i < len; i += 4) {
        int a = b64_value((unsigned char)s[i]), bb = b64_value((unsigned char)s[i + 1]);
        if (a < 0 || bb < 0) return 0;
        if (s[i + 2] == '=') {
            if (i + 4 != len || s[i + 3] != '=' || (bb & 0xf)) return 0;
            buf_addc(b, (char)(a << 2 | bb >> 4));
            return 1;
        }
        int c = b64_value((unsigned char)s[i + 2]);
        if (c < 0) return 0;
        if (s[i + 3] == '=') {
            if (i + 4 != len || (c & 3)) return 0;
            buf_addc(b, (char)(a << 2 | bb >> 4));
            buf_addc(b, (char)(bb << 4 | c >> 2));
            return 1;
        }
        int d = b64_value((unsigned char)s[i + 3]);
        if (d < 0) return 0;
        buf_addc(b, (char)(a << 2 | bb >> 4));
        buf_addc(b, (char)(bb << 4 | c >> 2));
        buf_addc(b, (char)(c << 6 | d));
    }
    return 1;
}

/* base64('encode' | 'decode', string [, 'default' | 'strict' | 'urlsafe']) */
Value *f_base64(CallCtx *cc)
{
    v3_args(cc);
    Value **a = cc->args;
    if (cc->nargs < 2) ev_fail(cc, "base64(): Wrong number of arguments (%zu; must be >= 2)", cc->nargs);
    int enc = a[0]->kind == V_STR && !strcmp(a[0]->str.s, "encode");
    if (!enc && !(a[0]->kind == V_STR && !strcmp(a[0]->str.s, "decode")))
        ev_fail(cc, "base64(): the first argument must be one of 'encode' or 'decode'");
    if (a[1]->kind != V_STR) ev_fail(cc, "base64(): the second argument must be a string to base64");
    const char *method = cc->nargs > 2 ? (a[2]->kind == V_STR ? a[2]->str.s : "") : "default";
    int m = !strcmp(method, "default") ? 0 : !strcmp(method, "strict") ? 1 : !strcmp(method, "urlsafe") ? 2 : -1;
    if (m < 0 || (cc->nargs > 2 && a[2]->kind != V_STR))
        ev_fail(cc, "base64(): the third argument must be one of 'default', 'strict', or 'urlsafe'");
    const char *s = a[1]->str.s;
    size_t len = a[1]->str.len;
    Buf b = BUF_INIT;
    int ok = 1;
    if (enc) {
        b64_encode(&b, (const unsigned char *)s, len, m == 0);
        if (m == 2)
            for (size_t i = 0; i < b.len; i++) b.s[i] = b.s[i] == '+' ? '-' : b.s[i] == '/' ? '_' : b.s[i];
    } else if (m == 0) {
        b64_decode_loose(&b, s, len);
    } else {
        char *t = arena_alloc(A, len + 4);
        memcpy(t, s, len);
        size_t tl = len;
        if (m == 2) {
            if (!(len && s[len - 1] == '=') && len % 4)           /* unpadded: padded first */
                while (tl % 4) t[tl++] = '=';
            for (size_t i = 0; i < tl; i++) t[i] = t[i] == '-' ? '+' : t[i] == '_' ? '/' : t[i];
        }
        ok = b64_decode_strict(&b, t, tl);
    }
    Value *r = ok ? val_str(A, buf_cstr(&b), b.len) : NULL;
    buf_free(&b);
    if (!r) ev_fail(cc, "invalid base64");
    if (memchr(r->str.s, 0, r->str.len)) ev_fail(cc, CMP_NUL_MSG " (in the string base64('decode') made)");
    return r;
}

/* URI::DEFAULT_PARSER.escape: every byte outside RFC 2396's unreserved
 * and reserved characters as %XX. */
static Value *uri_escape(CallCtx *cc, const Value *v)
{
    Buf b = BUF_INIT;
    for (size_t i = 0; i < v->str.len; i++) {
        unsigned char ch = (unsigned char)v->str.s[i];
        if (isalnum(ch) || strchr("-_.!~*'();/?:@&=+$,[]", ch)) buf_addc(&b, (char)ch);
        else buf_printf(&b, "%%%02X", ch);
    }
    Value *r = val_str(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return r;
}

/* uriescape(string | array) - an array's strings escaped, the rest kept. */
Value *f_uriescape(CallCtx *cc)
{
    v3_args(cc);
    if (!cc->nargs) ev_fail(cc, "uriescape(): Wrong number of arguments given (0 for 1)");
    Value *v = cc->args[0];
    if (v->kind == V_STR) return uri_escape(cc, v);
    if (v->kind != V_ARRAY) ev_fail(cc, "uriescape(): Requires either array or string to work with");
    Value **out = ARENA_NEWN(A, Value *, v->arr.n ? v->arr.n : 1);
    for (size_t i = 0; i < v->arr.n; i++)
        out[i] = v->arr.items[i]->kind == V_STR ? uri_escape(cc, v->arr.items[i]) : v->arr.items[i];
    return val_array(A, out, v->arr.n);
}

/* ---- core Puppet's shellquote, md5, sha1, sha256 and generate (3.x functions) ---- */

/* shellquote(words...) - each word (arrays spliced in) as is when it is
 * all safe characters, else in double quotes, else in single quotes, else
 * in double quotes with \ before the characters unsafe there. */
Value *f_shellquote(CallCtx *cc)
{
    v3_args(cc);
    static const char safe[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%_+=:,./-";
    static const char dangerous[] = "!\"`$\\";
    ValVec words = VV_ARENA(A);
    for (size_t i = 0; i < cc->nargs; i++) v3_flatten_into(&words, cc->args[i]);
    for (size_t i = 0; i < words.n; i++)
        if (words.v[i]->kind != V_STR) {
            Value *w = words.v[i];
            val_vec_free(&words);
            v3_no_method(cc, "length", w);
        }
    Buf b = BUF_INIT;
    for (size_t i = 0; i < words.n; i++) {
        const char *s = words.v[i]->str.s;
        size_t len = words.v[i]->str.len;
        if (i) buf_addc(&b, ' ');
        int all_safe = len > 0, any_dangerous = 0, any_quote = 0;
        for (size_t k = 0; k < len; k++) {
            char ch = s[k];
            if (!ch || !strchr(safe, ch)) all_safe = 0;
            if (ch && strchr(dangerous, ch)) any_dangerous = 1;
            if (ch == '\'') any_quote = 1;
        }
        if (all_safe) {
            buf_add(&b, s, len);
        } else if (!any_dangerous) {
            buf_addc(&b, '"'), buf_add(&b, s, len), buf_addc(&b, '"');
        } else if (!any_quote) {
            buf_addc(&b, '\''), buf_add(&b, s, len), buf_addc(&b, '\'');
        } else {
            buf_addc(&b, '"');
            for (size_t k = 0; k < len; k++) {
                if (s[k] && strchr(dangerous, s[k])) buf_addc(&b, '\\');
                buf_addc(&b, s[k]);
            }
            buf_addc(&b, '"');
        }
    }
    val_vec_free(&words);
    Value *r = val_str(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return r;
}

/* md5(string), sha1(string), sha256(string) - Digest's hexdigest. */
static Value *hexdigest(CallCtx *cc, const char *fn)
{
    v3_args(cc);
    Value *s = cc->args[0];
    if (s->kind != V_STR)
        ev_fail(cc, "no implicit conversion of %s into String", s->kind == V_BOOL ? (s->b ? "true" : "false") : rv_class(A, s, RV_FN3));
    unsigned char d[32];
    size_t n;
    if (fn[0] == 'm') {
        Md5 h;
        md5_init(&h), md5_update(&h, s->str.s, s->str.len), md5_final(&h, d);
        n = 16;
    } else if (!strcmp(fn, "sha1")) {
        Sha1 h;
        sha1_init(&h), sha1_update(&h, s->str.s, s->str.len), sha1_final(&h, d);
        n = 20;
    } else {
        Sha256 h;
        sha256_init(&h), sha256_update(&h, s->str.s, s->str.len), sha256_final(&h, d);
        n = 32;
    }
    char hex[65];
    for (size_t i = 0; i < n; i++) snprintf(hex + 2 * i, 3, "%02x", d[i]);
    return val_str(A, hex, 2 * n);
}

Value *f_md5(CallCtx *cc) { return hexdigest(cc, "md5"); }
Value *f_sha1(CallCtx *cc) { return hexdigest(cc, "sha1"); }
Value *f_sha256(CallCtx *cc) { return hexdigest(cc, "sha256"); }

/* Runs argv in dir with Puppet::Util::Execution's environment (no HOME,
 * USER, LOGNAME, locale variables; LANG and LC_ALL C), stdin from
 * /dev/null, stdout and stderr together into *out (malloc'd).  Returns the
 * exit status (-1: it could not be started, with errno set). */
static int run_generator(char *const *argv, const char *dir, Buf *out)
{
    int fds[2];
    if (pipe(fds)) return -1;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]), close(fds[1]);
        return -1;
    }
    if (!pid) {
        static const char *const unset[] = {"HOME", "USER", "LOGNAME", "LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE",
                                            "LC_COLLATE", "LC_CTYPE", "LC_MONETARY", "LC_NUMERIC", "LC_TIME"};
        for (size_t i = 0; i < ARRAY_LEN(unset); i++) unsetenv(unset[i]);
        setenv("LANG", "C", 1);
        setenv("LC_ALL", "C", 1);
        int null = open("/dev/null", O_RDONLY);
        if (null >= 0) dup2(null, 0), close(null);
        dup2(fds[1], 1);
        dup2(fds[1], 2);
        close(fds[0]), close(fds[1]);
        if (chdir(dir) == 0) execv(argv[0], argv);
        dprintf(2, "Error: Could not execute posix command: %s - %s\n", strerror(errno), argv[0]);
        _exit(1);
    }
    close(fds[1]);
    char chunk[4096];
    for (;;) {
        ssize_t r = read(fds[0], chunk, sizeof chunk);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) break;
        buf_add(out, chunk, (size_t)r);
    }
    close(fds[0]);
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* generate(command, args...) - the output of a fully qualified command,
 * run on the compiling host in the command's directory, with Puppet's
 * checks on its name; a non-zero exit is an error. */
Value *f_generate(CallCtx *cc)
{
    v3_args(cc);
    Value *cmd = cc->args[0];
    const char *s = cmd->kind == V_STR ? cmd->str.s : "";
    size_t len = cmd->kind == V_STR ? cmd->str.len : 0;
    if (!v3_matches("^/", s, len)) ev_fail(cc, "Generators must be fully qualified");
    if (!v3_matches("^[-/\\w.+]+$", s, len)) ev_fail(cc, "Generators can only contain alphanumerics, file separators, and dashes");
    if (strstr(s, "..")) ev_fail(cc, "Can not use generators with '..' in them.");
    CallCtx sub = *cc;
    sub.args = &cmd, sub.nargs = 1;
    const char *dir = f_dirname(&sub)->str.s;
    struct stat st;
    int err = stat(dir, &st) ? errno : !S_ISDIR(st.st_mode) ? ENOTDIR : access(dir, X_OK) ? errno : 0;
    if (err) ev_fail(cc, "%s @ dir_chdir - %s", strerror(err), dir);
    /* Execution.execute(args): flattened, each to_s */
    ValVec argv_v = VV_ARENA(A);
    for (size_t i = 0; i < cc->nargs; i++) v3_flatten_into(&argv_v, cc->args[i]);
    char **argv = ARENA_NEWN(A, char *, argv_v.n + 1);
    Buf shown = BUF_INIT;
    for (size_t i = 0; i < argv_v.n; i++) {
        argv[i] = (char *)v3_to_s(cc, argv_v.v[i]);
        if (i) buf_addc(&shown, ' ');
        buf_adds(&shown, argv[i]);
    }
    argv[argv_v.n] = NULL;
    val_vec_free(&argv_v);
    Buf out = BUF_INIT;
    int rc = run_generator(argv, dir, &out);
    Value *r = val_str(A, buf_cstr(&out), out.len);
    const char *cmdline = arena_strndup(A, buf_cstr(&shown), shown.len);
    buf_free(&out), buf_free(&shown);
    if (rc < 0) ev_fail(cc, "Failed to execute generator %s: %s", s, strerror(errno));
    if (rc) {
        /* output.strip: Ruby strips whitespace and NULs at both ends */
        const char *o = r->str.s, *e = o + r->str.len;
        while (o < e && (isspace((unsigned char)*o) || !*o)) o++;
        while (e > o && (isspace((unsigned char)e[-1]) || !e[-1])) e--;
        ev_fail(cc, "Failed to execute generator %s: Execution of '%s' returned %d: %.*s", s, cmdline, rc, (int)(e - o), o);
    }
    if (memchr(r->str.s, 0, r->str.len)) ev_fail(cc, CMP_NUL_MSG " (in the output of generator %s)", s);
    return r;
}

/* ---- os_version_gte, type_of, stdlib::start_with / end_with / extname / xml_encode ---- */

/* os_version_gte(os, version) - $facts['operatingsystem'] is os and its
 * major release is at least version (versioncmp). */
Value *f_os_version_gte(CallCtx *cc)
{
    static const char sig[] = "String[1] os, String[1] version";
    fn_check_param(cc, "os_version_gte", "os", "String[1]", sig, 0);
    fn_check_param(cc, "os_version_gte", "version", "String[1]", sig, 1);
    Value *facts = ev_var(cc, "facts");
    Value *os = facts && facts->kind == V_HASH ? val_hash_gets(facts, "operatingsystem") : NULL;
    if (!os || !v3_equal(os, cc->args[0], 0)) return VAL_FALSE;
    Value *rel = val_hash_gets(facts, "operatingsystemmajrelease");
    Value *args[2] = {rel ? rel : VAL_UNDEF, cc->args[1]};
    Value *r = ev_call(cc, "versioncmp", args, 2, NULL);
    return val_bool(r->kind == V_INT && r->i >= 0);
}

/* stdlib::start_with(s, prefix | [prefixes]), stdlib::end_with(s, ...) */
static Value *affix_test(CallCtx *cc, const char *fn, const char *what, int start)
{
    const char *sig = arena_printf(A, "String test_string, Variant[String[1], Array[String[1], 1]] %s", what);
    fn_check_param(cc, fn, "test_string", "String", sig, 0);
    fn_check_param(cc, fn, what, "Variant[String[1], Array[String[1], 1]]", sig, 1);
    Value *s = cc->args[0], *p = cc->args[1];
    Value **items = p->kind == V_ARRAY ? p->arr.items : &p;
    size_t n = p->kind == V_ARRAY ? p->arr.n : 1;
    for (size_t i = 0; i < n; i++) {
        size_t l = items[i]->str.len;
        if (l <= s->str.len && !memcmp(start ? s->str.s : s->str.s + s->str.len - l, items[i]->str.s, l)) return VAL_TRUE;
    }
    return VAL_FALSE;
}

Value *f_start_with(CallCtx *cc) { return affix_test(cc, "stdlib::start_with", "prefixes", 1); }
Value *f_end_with(CallCtx *cc) { return affix_test(cc, "stdlib::end_with", "suffixes", 0); }

/* stdlib::extname(filename) - Ruby's File.extname: the last dot's suffix
 * of the base name ("." for a trailing dot), '' for dot files or no dot. */
Value *f_extname(CallCtx *cc)
{
    fn_check_param(cc, "stdlib::extname", "filename", "String", "String filename", 0);
    Value *base = rb_basename(cc, cc->args[0], NULL);
    const char *s = base->str.s, *e = s + base->str.len;
    const char *p = s;
    while (p < e && *p == '.') p++;                    /* leading dots belong to the name */
    const char *dot = NULL;
    for (; p < e; p++)
        if (*p == '.') dot = p;
    if (!dot) return v3_empty_str(cc);
    return val_str(A, dot, (size_t)(e - dot));             /* Ruby 2.7+: "a." gives "." */
}

/* stdlib::xml_encode(s [, 'text' | 'attr']) - String#encode(xml: type):
 * & < > escaped, and for attributes " too, in double quotes. */
Value *f_xml_encode(CallCtx *cc)
{
    static const char sig[] = "String str, Enum['attr', 'text'] type?";
    fn_check_param(cc, "stdlib::xml_encode", "str", "String", sig, 0);
    fn_check_param(cc, "stdlib::xml_encode", "type", "Enum['text','attr']", sig, 1);
    int attr = cc->nargs > 1 && !strcmp(cc->args[1]->str.s, "attr");
    const Value *s = cc->args[0];
    Buf b = BUF_INIT;
    if (attr) buf_addc(&b, '"');
    for (size_t i = 0; i < s->str.len; i++) {
        char ch = s->str.s[i];
        if (ch == '&') buf_adds(&b, "&amp;");
        else if (ch == '<') buf_adds(&b, "&lt;");
        else if (ch == '>') buf_adds(&b, "&gt;");
        else if (ch == '"' && attr) buf_adds(&b, "&quot;");
        else buf_addc(&b, ch);
    }
    if (attr) buf_addc(&b, '"');
    Value *r = val_str(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return r;
}

/* ---- shell_split, batch_escape, powershell_escape ---- */

/* shell_split(s) - Shellwords.shellsplit of s.to_s: words split on blanks,
 * with '...', "..." (backslash escapes only $ ` " \ and newline) and \x. */
Value *f_shell_split(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 1) ev_fail(cc, "shell_split(): Wrong number of arguments given (%zu for 1)", cc->nargs);
    const char *line = v3_to_s(cc, cc->args[0]), *p = line;
    ValVec words = VV_ARENA(A);
    Buf field = BUF_INIT;
    int have = 0;
    for (;;) {
        while (isspace((unsigned char)*p)) p++;
        if (!*p) break;
        if (*p == '\'') {
            const char *e = strchr(p + 1, '\'');
            if (!e) goto unmatched;
            buf_add(&field, p + 1, (size_t)(e - p - 1));
            p = e + 1;
        } else if (*p == '"') {
            const char *q = p + 1;
            Buf t = BUF_INIT;
            while (*q && *q != '"') {
                if (*q == '\\' && q[1]) {
                    if (!strchr("$`\"\\\n", q[1])) buf_addc(&t, '\\');
                    buf_addc(&t, q[1]);
                    q += 2;
                } else {
                    buf_addc(&t, *q++);
                }
            }
            if (!*q) {
                buf_free(&t);
                goto unmatched;
            }
            buf_add(&field, t.s ? t.s : "", t.len);
            buf_free(&t);
            p = q + 1;
        } else if (*p == '\\') {
            if (p[1]) buf_addc(&field, p[1]), p += 2;
            else buf_addc(&field, '\\'), p++;               /* a lone \ at the end stays */
        } else {
            while (*p && !isspace((unsigned char)*p) && !strchr("\\'\"", *p)) buf_addc(&field, *p++);
        }
        have = 1;
        if (!*p || isspace((unsigned char)*p)) {
            val_vec_push(&words, val_str(A, buf_cstr(&field), field.len));
            field.len = 0;
            have = 0;
        }
    }
    (void)have;
    buf_free(&field);
    return v3_array(cc, &words);
unmatched:
    buf_free(&field);
    val_vec_free(&words);
    ev_fail(cc, "Unmatched quote: %s", v3_inspect(cc, val_cstr(A, line)));
}

/* batch_escape(v) - v.to_s in double quotes for cmd.exe: " doubled, $
 * and \ backslashed. */
Value *f_batch_escape(CallCtx *cc)
{
    const char *s = v3_to_s(cc, cc->args[0]);
    Buf b = BUF_INIT;
    buf_addc(&b, '"');
    for (; *s; s++) {
        if (*s == '"') buf_adds(&b, "\"\"");
        else if (*s == '$' || *s == '\\') buf_addc(&b, '\\'), buf_addc(&b, *s);
        else buf_addc(&b, *s);
    }
    buf_addc(&b, '"');
    Value *r = val_str(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return r;
}

/* powershell_escape(v) - v.to_s with a backtick before space ' ` | $ and
 * newline, and \` before ". */
Value *f_powershell_escape(CallCtx *cc)
{
    const char *s = v3_to_s(cc, cc->args[0]);
    Buf b = BUF_INIT;
    for (; *s; s++) {
        if (strchr(" '`|\n$", *s)) buf_addc(&b, '`'), buf_addc(&b, *s);
        else if (*s == '"') buf_adds(&b, "\\`\"");
        else buf_addc(&b, *s);
    }
    Value *r = val_str(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return r;
}

Value *f_sprintf_hash(CallCtx *cc)
{
    static const char sig[] = "String format, Hash arguments";
    fn_check_param(cc, "sprintf_hash", "format", "String", sig, 0);
    fn_check_param(cc, "sprintf_hash", "arguments", "Hash", sig, 1);
    return ev_call(cc, "sprintf", cc->args, 2, NULL);
}

