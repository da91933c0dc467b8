/*
 * jsonparse.c - recursive-descent JSON (RFC 8259) into arena Values; see
 * jsonparse.h.  Nesting is limited so hostile input cannot exhaust the
 * stack; strings are decoded in place into the arena (escapes, \u with
 * surrogate pairs to UTF-8).
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
} P;

static Value *fail(P *p, const char *why)
{
    if (!p->failed) buf_printf(p->err, "byte %zu: %s", (size_t)(p->p - p->s), why);
    p->failed = 1;
    return NULL;
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

/* string -> '"' chars '"'; p->p is on the opening quote */
static Value *string(P *p)
{
    const char *q = ++p->p;
    while (q < p->end && *q != '"' && *q != '\\') {
        if ((unsigned char)*q < 0x20) {
            p->p = q;
            return fail(p, "control character in a string");
        }
        q++;
    }
    if (q < p->end && *q == '"') {               /* no escapes: one copy */
        Value *v = val_str(p->a, p->p, (size_t)(q - p->p));
        p->p = q + 1;
        return v;
    }
    while (q < p->end && *q != '"') q += *q == '\\' ? 2 : 1;
    size_t cap = (size_t)(q - p->p) + 1;      /* decoding never grows a string */
    char *out = arena_alloc_bytes(p->a, cap), *o = out;
    while (p->p < p->end && *p->p != '"') {
        unsigned char c = (unsigned char)*p->p;
        if (c < 0x20) return fail(p, "control character in a string");
        if (c != '\\') {
            *o++ = (char)c;
            p->p++;
            continue;
        }
        if (p->p + 1 >= p->end) break;
        char e = p->p[1];
        p->p += 2;
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
            if (p->end - p->p < 4 || hex4(p->p, &cp)) return fail(p, "bad \\u escape");
            p->p += 4;
            if (cp >= 0xD800 && cp < 0xDC00 && p->end - p->p >= 6 && p->p[0] == '\\' && p->p[1] == 'u' &&
                !hex4(p->p + 2, &lo) && lo >= 0xDC00 && lo < 0xE000) {
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                p->p += 6;
            }
            o = utf8(o, cp);     /* \uXXXX needs at most 3 bytes, its 6 source bytes suffice */
            break;
        }
        default: return fail(p, "bad escape in a string");
        }
    }
    if (p->p >= p->end) return fail(p, "unterminated string");
    p->p++;
    *o = '\0';
    return val_str_nocopy(p->a, out, (size_t)(o - out));
}

static Value *number(P *p)
{
    const char *q = p->p;
    int is_float = 0;
    if (q < p->end && *q == '-') q++;
    if (q >= p->end || *q < '0' || *q > '9') return fail(p, "bad number");
    while (q < p->end && ((*q >= '0' && *q <= '9') || *q == '.' || *q == 'e' || *q == 'E' || *q == '+' || *q == '-')) {
        if (*q == '.' || *q == 'e' || *q == 'E') is_float = 1;
        q++;
    }
    char tmp[64];
    size_t n = (size_t)(q - p->p);
    if (n >= sizeof tmp) return fail(p, "number too long");
    memcpy(tmp, p->p, n);
    tmp[n] = '\0';
    char *end;
    errno = 0;
    Value *v;
    if (!is_float) {
        long long i = strtoll(tmp, &end, 10);
        if (errno == ERANGE) v = val_float(p->a, strtod(tmp, &end));
        else v = val_int(p->a, i);
    } else {
        v = val_float(p->a, strtod(tmp, &end));
    }
    if (*end) return fail(p, "bad number");
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
    if (depth > MAX_DEPTH) return fail(p, "nested too deeply");
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
            vv_push(&keys, k);
        }
        Value *v = value(p, depth + 1);
        if (!v) break;
        vv_push(&vals, v);
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
                r = vv_to_array(p->a, &vals);
            }
            vv_free(&keys);
            vv_free(&vals);
            return r;
        }
        fail(p, object ? "expected ',' or '}'" : "expected ',' or ']'");
        break;
    }
    vv_free(&keys);
    vv_free(&vals);
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
    P p = {a, s, s, s + n, err, 0};
    Value *v = value(&p, 0);
    if (!v) return NULL;
    ws(&p);
    if (p.p != p.end) return fail(&p, "trailing characters after the JSON value");
    return v;
}
