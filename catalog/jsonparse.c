/*
 * jsonparse.c - recursive-descent JSON (RFC 8259) into arena Values; see
 * jsonparse.h.  Nesting is limited so hostile input cannot exhaust the
 * stack; strings are decoded in place into the arena (escapes, \u with
 * surrogate pairs to UTF-8).  Strictness costs nothing on the hot path:
 * plain string bytes are one table lookup each, UTF-8 is checked only for
 * bytes >= 0x80, and a failure's line, column and JSON path are worked out
 * only once it happens (each collection prepends its member as the
 * recursion unwinds).
 */
#include "catalog/jsonparse.h"
#include "base/util.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 512 };

typedef struct P {
    Arena *a;
    const char *s, *p, *end;
    Buf *err;
    int failed;
    unsigned flags;
    char path[256]; /* JSON path of the failure, built while unwinding */
    size_t pathlen;  /* from the end of path[] */
} P;

static Value *fail(P *p, const char *why)
{
    if (!p->failed) {
        size_t line = 1;
        const char *bol = p->s;
        for (const char *q = p->s; q < p->p; q++)
            if (*q == '\n') line++, bol = q + 1;
        buf_printf(p->err, "line %zu, column %zu (byte %zu): %s", line, (size_t)(p->p - bol) + 1,
                   (size_t)(p->p - p->s), why);
    }
    p->failed = 1;
    return NULL;
}

/* Prepends one path component (".key" or "[i]") while a failure unwinds;
 * components that no longer fit are dropped as "...". */
static void path_prepend(P *p, const char *part, size_t n)
{
    size_t room = sizeof p->path - 1 - p->pathlen;
    if (n > room) {
        if (room >= 3 && (p->pathlen < 3 || memcmp(p->path + sizeof p->path - 1 - p->pathlen, "...", 3)))
            memcpy(p->path + sizeof p->path - 1 - p->pathlen - 3, "...", 3), p->pathlen += 3;
        return;
    }
    memcpy(p->path + sizeof p->path - 1 - p->pathlen - n, part, n);
    p->pathlen += n;
}

static void ws(P *p)
{
    while (p->p < p->end && (*p->p == ' ' || *p->p == '\t' || *p->p == '\n' || *p->p == '\r')) p->p++;
}

static int hex4(const char *s, unsigned *out)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = s[i];
        v <<= 4;
        if (c >= '0' && c <= '9') v |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f') v |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') v |= (unsigned)(c - 'A' + 10);
        else return -1;
    }
    *out = v;
    return 0;
}

static char *utf8(char *o, unsigned cp)
{
    if (cp < 0x80) *o++ = (char)cp;
    else if (cp < 0x800) *o++ = (char)(0xC0 | cp >> 6), *o++ = (char)(0x80 | (cp & 0x3F));
    else if (cp < 0x10000) *o++ = (char)(0xE0 | cp >> 12), *o++ = (char)(0x80 | (cp >> 6 & 0x3F)), *o++ = (char)(0x80 | (cp & 0x3F));
    else *o++ = (char)(0xF0 | cp >> 18), *o++ = (char)(0x80 | (cp >> 12 & 0x3F)), *o++ = (char)(0x80 | (cp >> 6 & 0x3F)),
         *o++ = (char)(0x80 | (cp & 0x3F));
    return o;
}

/* Length of the well-formed UTF-8 sequence at q (lead byte >= 0x80), or 0:
 * no stray continuation bytes, overlong forms, encoded surrogates, code
 * points above U+10FFFF or truncated sequences (RFC 3629). */
static size_t utf8_len(const unsigned char *q, const unsigned char *end)
{
    unsigned c = q[0];
    size_t n;
    unsigned lo = 0x80, hi = 0xBF;    /* bounds of the second byte */
    if (c >= 0xC2 && c <= 0xDF) n = 2;
    else if (c >= 0xE0 && c <= 0xEF) n = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
    else if (c >= 0xF0 && c <= 0xF4) n = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
    else return 0;
    if ((size_t)(end - q) < n || q[1] < lo || q[1] > hi) return 0;
    for (size_t i = 2; i < n; i++)
        if ((q[i] & 0xC0) != 0x80) return 0;
    return n;
}

/* 1 for the bytes a string copies as they are: printable ASCII but '"' and '\\' */
static const unsigned char plain[256] = {
    [0x20] = 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

/* Skips plain bytes and well-formed UTF-8 from q; returns where it stopped
 * ('"', '\\', the end, a control character or bad UTF-8). */
static const char *scan(const char *q, const char *end)
{
    for (;;) {
        while (q < end && plain[(unsigned char)*q]) q++;
        if (q >= end || (unsigned char)*q < 0x80) return q;
        size_t n = utf8_len((const unsigned char *)q, (const unsigned char *)end);
        if (!n) return q;
        q += n;
    }
}

static Value *bad_char(P *p, const char *q)
{
    p->p = q;
    if (q >= p->end) return fail(p, "unterminated string");
    if ((unsigned char)*q < 0x20)
        return fail(p, *q ? "control character in a string (escape it)" : "NUL byte in a string");
    return fail(p, "invalid UTF-8 in a string");
}

/* string -> '"' chars '"'; p->p is on the opening quote */
static Value *string(P *p)
{
    const char *q = scan(++p->p, p->end);
    if (q < p->end && *q == '"') {               /* no escapes: one copy */
        Value *v = val_str(p->a, p->p, (size_t)(q - p->p));
        p->p = q + 1;
        return v;
    }
    if (q >= p->end || *q != '\\') return bad_char(p, q);
    const char *r = q;
    while (r < p->end && *r != '"') r += *r == '\\' ? 2 : 1;
    size_t cap = (size_t)(r - p->p) + 1;      /* decoding never grows a string */
    char *out = arena_alloc_bytes(p->a, cap), *o = out;
    for (;;) {
        memcpy(o, p->p, (size_t)(q - p->p));
        o += q - p->p;
        p->p = q;
        if (q >= p->end || *q != '\\') {
            if (q < p->end && *q == '"') break;
            return bad_char(p, q);
        }
        if (p->p + 1 >= p->end) return fail(p, "unterminated string");
        char e = p->p[1];
        switch (e) {
        case '"': *o++ = '"'; break;
        case '\\': *o++ = '\\'; break;
        case '/': *o++ = '/'; break;
        case 'b': *o++ = '\b'; break;
        case 'f': *o++ = '\f'; break;
        case 'n': *o++ = '\n'; break;
        case 'r': *o++ = '\r'; break;
        case 't': *o++ = '\t'; break;
        case 'u': {
            unsigned cp, lo;
            if (p->end - p->p < 6 || hex4(p->p + 2, &cp)) return fail(p, "bad \\u escape (four hex digits expected)");
            if (cp == 0 && !(p->flags & JSON_ALLOW_NUL)) return fail(p, "\\u0000 (NUL) is not allowed in a string");
            if (cp >= 0xDC00 && cp < 0xE000) return fail(p, "lone low surrogate in a \\u escape");
            if (cp >= 0xD800 && cp < 0xDC00) {
                if (p->end - p->p < 12 || p->p[6] != '\\' || p->p[7] != 'u' || hex4(p->p + 8, &lo) || lo < 0xDC00 ||
                    lo >= 0xE000)
                    return fail(p, "lone high surrogate in a \\u escape");
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                p->p += 6;
            }
            p->p += 4;
            o = utf8(o, cp);     /* \uXXXX needs at most 3 bytes, its 6 source bytes suffice */
            break;
        }
        default: return fail(p, "bad escape in a string");
        }
        p->p += 2;
        q = scan(p->p, p->end);
    }
    p->p++;
    *o = '\0';
    return val_str_nocopy(p->a, out, (size_t)(o - out));
}

static int digits(const char **q, const char *end)
{
    const char *s = *q;
    while (*q < end && **q >= '0' && **q <= '9') (*q)++;
    return *q > s;
}

/* number -> '-'? ('0' | [1-9][0-9]*) ('.' [0-9]+)? ([eE] [+-]? [0-9]+)? */
static Value *number(P *p)
{
    const char *q = p->p, *end = p->end;
    int is_float = 0;
    if (*q == '-') q++;
    if (q < end && *q == '0') {
        q++;
        if (q < end && *q >= '0' && *q <= '9') return p->p = q, fail(p, "bad number (leading zero)");
    } else if (!digits(&q, end)) {
        return p->p = q, fail(p, "bad number (a digit must follow '-')");
    }
    if (q < end && *q == '.') {
        q++, is_float = 1;
        if (!digits(&q, end)) return p->p = q, fail(p, "bad number (a digit must follow '.')");
    }
    if (q < end && (*q == 'e' || *q == 'E')) {
        q++, is_float = 1;
        if (q < end && (*q == '+' || *q == '-')) q++;
        if (!digits(&q, end)) return p->p = q, fail(p, "bad number (a digit must follow the exponent)");
    }
    char tmp[64], *t = tmp;
    size_t n = (size_t)(q - p->p);
    if (n >= sizeof tmp) t = xmalloc(n + 1);
    memcpy(t, p->p, n);
    t[n] = '\0';
    errno = 0;
    Value *v = NULL;
    if (!is_float) {
        long long i = strtoll(t, NULL, 10);
        if (errno != ERANGE) v = val_int(p->a, i);
        errno = 0;
    }
    if (!v) {
        double d = strtod(t, NULL);
        /* underflow rounds towards 0 as Ruby's JSON does; overflow is no number */
        if (errno == ERANGE && (d > 1.0 || d < -1.0)) {
            if (t != tmp) free(t);
            return fail(p, "number out of range");
        }
        v = val_float(p->a, d);
    }
    if (t != tmp) free(t);
    p->p = q;
    return v;
}

static int literal(P *p, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(p->end - p->p) < n || memcmp(p->p, word, n) != 0) return 0;
    p->p += n;
    return 1;
}

static Value *value(P *p, int depth);

/* array -> '[' (value (',' value)*)? ']' ; object -> '{' (string ':' value (',' ...)*)? '}' */
static Value *collection(P *p, int depth, int object)
{
    if (depth >= MAX_DEPTH) return fail(p, "nested deeper than 512 arrays and objects");
    char close = object ? '}' : ']';
    p->p++;
    ValVec keys = {0}, vals = {0};
    ws(p);
    if (p->p < p->end && *p->p == close) {
        p->p++;
        return object ? val_hash(p->a, NULL, NULL, 0) : val_array(p->a, NULL, 0);
    }
    for (;;) {
        ws(p);
        if (object) {
            if (p->p >= p->end || *p->p != '"') {
                fail(p, "expected a string key");
                break;
            }
            Value *k = string(p);
            if (!k) break;
            ws(p);
            if (p->p >= p->end || *p->p != ':') {
                fail(p, "expected ':'");
                break;
            }
            p->p++;
            val_vec_push(&keys, k);
        }
        Value *v = value(p, depth + 1);
        if (!v) break;
        val_vec_push(&vals, v);
        ws(p);
        if (p->p < p->end && *p->p == ',') {
            p->p++;
            continue;
        }
        if (p->p < p->end && *p->p == close) {
            p->p++;
            Value *r;
            if (object) {
                /* document order, no index: these are small and read once */
                r = ARENA_NEW(p->a, Value);
                r->kind = V_HASH;
                r->hash.keys = arena_memdup(p->a, keys.v, keys.n * sizeof *keys.v);
                r->hash.vals = arena_memdup(p->a, vals.v, vals.n * sizeof *vals.v);
                r->hash.n = keys.n;
            } else {
                r = val_vec_to_array(p->a, &vals);
            }
            val_vec_free(&keys);
            val_vec_free(&vals);
            return r;
        }
        fail(p, object ? "expected ',' or '}'" : "expected ',' or ']'");
        break;
    }
    /* failed: name the member it happened in */
    if (object && keys.n > vals.n) {
        const Value *k = keys.v[keys.n - 1];
        path_prepend(p, k->str.s, k->str.len);
        path_prepend(p, ".", 1);
    } else if (!object) {
        char ix[24];
        path_prepend(p, ix, (size_t)snprintf(ix, sizeof ix, "[%zu]", vals.n));
    }
    val_vec_free(&keys);
    val_vec_free(&vals);
    return NULL;
}

static Value *value(P *p, int depth)
{
    ws(p);
    if (p->p >= p->end) return fail(p, "unexpected end of input");
    switch (*p->p) {
    case '{': return collection(p, depth, 1);
    case '[': return collection(p, depth, 0);
    case '"': return string(p);
    case 't': if (literal(p, "true")) return VAL_TRUE; break;
    case 'f': if (literal(p, "false")) return VAL_FALSE; break;
    case 'n': if (literal(p, "null")) return VAL_UNDEF; break;
    default: if (*p->p == '-' || (*p->p >= '0' && *p->p <= '9')) return number(p); break;
    }
    return fail(p, "unexpected character");
}

Value *json_parse(Arena *a, const char *s, size_t n, Buf *err)
{
    return json_parse_flags(a, s, n, 0, err);
}

Value *json_parse_flags(Arena *a, const char *s, size_t n, unsigned flags, Buf *err)
{
    return json_parse_at(a, s, 0, n, flags, err);
}

Value *json_parse_at(Arena *a, const char *doc, size_t start, size_t n, unsigned flags, Buf *err)
{
    P p = {.a = a, .s = doc, .p = doc + start, .end = doc + n, .err = err, .flags = flags};
    if (n - start >= 3 && !memcmp(p.p, "\xEF\xBB\xBF", 3)) return fail(&p, "byte order mark (JSON text has none)");
    Value *v = value(&p, 0);
    if (!v) {
        if (p.pathlen) buf_printf(err, " (at $%.*s)", (int)p.pathlen, p.path + sizeof p.path - 1 - p.pathlen);
        return NULL;
    }
    ws(&p);
    if (p.p != p.end) return fail(&p, "trailing characters after the JSON value");
    return v;
}
