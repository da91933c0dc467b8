/*
 * yaml.c - YAML read as Ruby's Psych reads it (Psych 4, Ruby 3.1), since that
 * is what Puppet sees: Hiera's data files and hiera.yaml, and stdlib's
 * parseyaml() and loadyaml().
 *
 * The one idea: libyaml gives the events, and every untagged plain scalar
 * goes through psych_tokenize(), a copy of Psych's ScalarScanner rules, so
 * that yes/no are booleans, 0755 is octal, 1_000 an Integer, 1:30 base 60,
 * and a date or time is refused as Psych's safe_load refuses it.  Tags,
 * anchors and merge keys (<<) are handled as Psych handles them; Ruby
 * Symbols become strings, and the loader notes that it made one.
 */
#include "catalog/yaml.h"
#include "base/map.h"
#include "base/utf8.h"
#include <yaml.h>
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#define YA (y->arena)           /* the arena the caller gave yml_load */



typedef struct YLoad {
    Arena *arena;                /* where every value goes: the caller's */
    yaml_parser_t parser;
    const char *path;
    Map anchors;                 /* anchor -> Value* */
    const char *err;             /* the first error (arena), or NULL */
    int symbol;                  /* a Ruby Symbol value was made */
    int depth;
    ValVec symbol_keys;          /* top keys whose value holds a Symbol */
    int no_aliases;              /* Psych.load's aliases: false: an alias is an error */
    yaml_mark_t node_mark;       /* where the node being read starts */
    YmlErrorPos pos;             /* where the first error is */
} YLoad;

static void set_pos(int *line, int *col, yaml_mark_t m)
{
    *line = (int)m.line + 1;
    *col = (int)m.column + 1;
}

static void y_error(YLoad *y, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void y_error(YLoad *y, const char *fmt, ...)
{
    if (y->err) return;
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    y->err = arena_strdup(YA, msg);
    set_pos(&y->pos.line, &y->pos.col, y->node_mark);     /* a syntax error's marks replace it */
}

/* A hash of the collected keys and values; the vectors are freed. */
static Value *hash_of(YLoad *y, ValVec *k, ValVec *v)
{
    Value *h = val_hash(YA, k->v, v->v, k->n);
    val_vec_free(k);
    val_vec_free(v);
    return h;
}

static int y_next(YLoad *y, yaml_event_t *ev)
{
    if (yaml_parser_parse(&y->parser, ev)) return 1;
    /* Psych::SyntaxError: "(file): problem context at line L column C",
     * the position being the context mark's */
    const yaml_parser_t *p = &y->parser;
    if (y->err) return 0;
    y_error(y, "(%s): %s%s%s at line %zu column %zu", y->path, p->problem ? p->problem : "",
            p->context ? " " : "", p->context ? p->context : "", p->context_mark.line + 1, p->context_mark.column + 1);
    set_pos(&y->pos.line, &y->pos.col, p->problem_mark);
    y->pos.problem = p->problem ? arena_strdup(YA, p->problem) : NULL;
    if (p->context) {
        set_pos(&y->pos.ctx_line, &y->pos.ctx_col, p->context_mark);
        y->pos.context = arena_strdup(YA, p->context);
    }
    return 0;
}

static int is_word(const char *s, size_t n, const char *w)
{
    return strlen(w) == n && strncasecmp(s, w, n) == 0;
}

static int all_digits(const char *s, size_t n) {
    if (!n) return 0;
    for (size_t i = 0; i < n; i++)
        if (!isdigit((unsigned char)s[i])) return 0;
    return 1;
}

/* Psych's first test: /^[^\d.:-]?[[:alpha:]_\s!@#$%\^&*(){}<>|\/\\~;=]+/ or a newline. */
static int psych_wordish(const char *s, size_t n)
{
    if (memchr(s, '\n', n)) return 1;
    #define WORDCH(ch) ((ch) && (isalpha((unsigned char)(ch)) || (unsigned char)(ch) >= 0x80 || (ch) == '_' || \
                                 isspace((unsigned char)(ch)) || strchr("!@#$%^&*(){}<>|/\\~;=", (ch))))
    if (n >= 1 && WORDCH(s[0])) return 1;
    if (n >= 2 && !isdigit((unsigned char)s[0]) && !strchr(".:-", s[0]) && WORDCH(s[1])) return 1;
    #undef WORDCH
    return 0;
}

/* /^-?\d{4}-\d{1,2}-\d{1,2}(?:[Tt]|\s+)\d{1,2}:\d\d:\d\d(?:\.\d*)?(?:\s*(?:Z|[-+]\d{1,2}:?(?:\d\d)?))?$/ */
static int psych_time(const char *s, size_t n)
{
    size_t i = 0, d;
#define DIGITS(min, max) do { d = 0; while (i < n && d < (max) && isdigit((unsigned char)s[i])) i++, d++; if (d < (min)) return 0; } while (0)
    if (i < n && s[i] == '-') i++;
    DIGITS(4, 4);
    if (i >= n || s[i++] != '-') return 0;
    DIGITS(1, 2);
    if (i >= n || s[i++] != '-') return 0;
    DIGITS(1, 2);
    if (i < n && (s[i] == 'T' || s[i] == 't')) i++;
    else {
        size_t sp = i;
        while (i < n && isspace((unsigned char)s[i])) i++;
        if (i == sp) return 0;
    }
    DIGITS(1, 2);
    if (i >= n || s[i++] != ':') return 0;
    DIGITS(2, 2);
    if (i >= n || s[i++] != ':') return 0;
    DIGITS(2, 2);
    if (i < n && s[i] == '.') {
        i++;
        while (i < n && isdigit((unsigned char)s[i])) i++;
    }
    if (i == n) return 1;
    while (i < n && isspace((unsigned char)s[i])) i++;
    if (i < n && s[i] == 'Z') return i + 1 == n;
    if (i < n && (s[i] == '-' || s[i] == '+')) {
        /* [-+]\d{1,2}:?(?:\d\d)?$: "+5", "+05", "+500", "+0530", "+05:", "+05:30" */
        i++;
        size_t a = i;
        while (i < n && isdigit((unsigned char)s[i])) i++;
        if (i == n) return i - a >= 1 && i - a <= 4;
        if (s[i] != ':' || i - a < 1 || i - a > 2) return 0;
        size_t b = ++i;
        while (i < n && isdigit((unsigned char)s[i])) i++;
        return i == n && (i - b == 0 || i - b == 2);
    }
    return 0;
#undef DIGITS
}

/* /^\d{4}-(?:1[012]|0\d|\d)-(?:[12]\d|3[01]|0\d|\d)$/; *real: Date.strptime accepts it. */
static int psych_date(const char *s, size_t n, int *real)
{
    if (n < 8 || !all_digits(s, 4) || s[4] != '-') return 0;
    size_t i = 5, ms = i;
    while (i < n && isdigit((unsigned char)s[i])) i++;
    size_t ml = i - ms;
    if (ml < 1 || ml > 2 || i >= n || s[i] != '-') return 0;
    size_t ds = ++i;
    while (i < n && isdigit((unsigned char)s[i])) i++;
    size_t dl = i - ds;
    if (dl < 1 || dl > 2 || i != n) return 0;
    if (ml == 2 && !(s[ms] == '0' || (s[ms] == '1' && s[ms + 1] <= '2'))) return 0;
    if (dl == 2 && !(s[ds] == '0' || s[ds] == '1' || s[ds] == '2' || (s[ds] == '3' && s[ds + 1] <= '1'))) return 0;
    int year = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
    int mon = ml == 2 ? (s[ms] - '0') * 10 + (s[ms + 1] - '0') : s[ms] - '0';
    int day = dl == 2 ? (s[ds] - '0') * 10 + (s[ds + 1] - '0') : s[ds] - '0';
    static const int mdays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    *real = mon >= 1 && mon <= 12 && day >= 1 && day <= mdays[mon - 1] + (mon == 2 && leap);
    return 1;
}

/* Ruby's String#to_i: optional sign, digits with single underscores. */
long long yml_to_i(const char *s, size_t n)
{
    size_t i = 0;
    int neg = 0;
    while (i < n && isspace((unsigned char)s[i])) i++;
    if (i < n && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
    long long v = 0;
    for (; i < n; i++) {
        if (isdigit((unsigned char)s[i])) v = v * 10 + (s[i] - '0');
        else if (s[i] == '_' && i + 1 < n && isdigit((unsigned char)s[i + 1]) && i > 0 && isdigit((unsigned char)s[i - 1])) continue;
        else break;
    }
    return neg ? -v : v;
}

/* /^[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}(\.[0-9_]*)?$/: Psych's base 60
 * numbers ("1:30" is 5400); *is_float when the fraction is there. */
static int psych_base60(const char *s, size_t n, int *is_float)
{
    size_t i = 0;
    if (i < n && (s[i] == '-' || s[i] == '+')) i++;
    if (i >= n || !isdigit((unsigned char)s[i])) return 0;
    while (i < n && (isdigit((unsigned char)s[i]) || s[i] == '_')) i++;
    int groups = 0;
    while (i < n && s[i] == ':') {
        i++;
        size_t d = i;
        while (i < n && isdigit((unsigned char)s[i]) && i - d < 2) i++;
        if (i == d || (i - d == 2 && s[d] > '5')) return 0;
        groups++;
    }
    if (groups < 1 || groups > 2) return 0;
    *is_float = 0;
    if (i < n && s[i] == '.') {
        *is_float = 1;
        i++;
        while (i < n && (isdigit((unsigned char)s[i]) || s[i] == '_')) i++;
    }
    return i == n;
}

/* /^[-+]?([0-9][0-9_,]*)?\.[0-9]*([eE][-+][0-9]+)?$/ */
static int psych_float(const char *s, size_t n)
{
    size_t i = 0;
    if (i < n && (s[i] == '-' || s[i] == '+')) i++;
    if (i < n && isdigit((unsigned char)s[i]))
        while (i < n && (isdigit((unsigned char)s[i]) || s[i] == '_' || s[i] == ',')) i++;
    if (i >= n || s[i] != '.') return 0;
    i++;
    while (i < n && isdigit((unsigned char)s[i])) i++;
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i >= n || (s[i] != '-' && s[i] != '+')) return 0;
        i++;
        size_t d = i;
        while (i < n && isdigit((unsigned char)s[i])) i++;
        if (i == d) return 0;
    }
    return i == n;
}

/* Psych's INTEGER_LEGACY; *base the radix Integer() will use. */
static int psych_int(const char *s, size_t n, int *base)
{
    size_t i = 0;
    if (i < n && (s[i] == '-' || s[i] == '+')) i++;
    if (i >= n) return 0;
    const char *r = s + i;
    size_t rn = n - i;
    if (rn > 2 && r[0] == '0' && r[1] == 'b') {
        for (size_t k = 2; k < rn; k++)
            if (!strchr("01_,", r[k])) return 0;
        *base = 2;
        return 1;
    }
    if (rn > 2 && r[0] == '0' && r[1] == 'x') {
        for (size_t k = 2; k < rn; k++)
            if (!isxdigit((unsigned char)r[k]) && r[k] != '_' && r[k] != ',') return 0;
        *base = 16;
        return 1;
    }
    if (rn > 1 && r[0] == '0') {
        for (size_t k = 1; k < rn; k++)
            if (!strchr("01234567_,", r[k])) return 0;
        *base = 8;
        return 1;
    }
    if (rn == 1 && r[0] == '0') {
        *base = 10;
        return 1;
    }
    if (r[0] < '1' || r[0] > '9') return 0;
    for (size_t k = 1; k < rn; k++) {
        if (isdigit((unsigned char)r[k])) continue;
        if ((r[k] == ',' || r[k] == '_') && k + 1 < rn && isdigit((unsigned char)r[k + 1])) continue;
        return 0;
    }
    *base = 10;
    return 1;
}

/* Integer(s.delete(",_")) in the given radix; 0 when Ruby would raise
 * (or the number does not fit 64 bits: such a scalar stays a string). */
static int psych_int_value(const char *s, size_t n, int base, int64_t *out)
{
    char buf[128];
    size_t k = 0;
    for (size_t i = 0; i < n && k + 1 < sizeof buf; i++)
        if (s[i] != ',' && s[i] != '_') buf[k++] = s[i];
    buf[k] = '\0';
    const char *p = buf;
    int neg = 0;
    if (*p == '-' || *p == '+') neg = *p++ == '-';
    if (base == 2 || base == 16) p += 2;
    if (!*p) return 0;
    errno = 0;
    char *end;
    unsigned long long u = strtoull(p, &end, base);
    if (*end || errno || u > (unsigned long long)INT64_MAX + (unsigned long long)neg) return 0;
    *out = neg ? (int64_t)(0 - u) : (int64_t)u;
    return 1;
}

/* ScalarScanner#tokenize's answer without building the value: would Psych
 * read the plain scalar s back as a String?  Ruby's ^ and $ match at every
 * line, which only a short scalar with a newline can tell apart. */
int yml_reads_as_string(const char *s, size_t n)
{
    if (!n) return 0;
    if (psych_wordish(s, n)) {
        if (utf8_len(s, n) > 5) return 1;
        if (!memchr(s, '\n', n)) {
            if (s[0] == '\0' || !strchr("ytonfYTONF~", s[0])) return 1;
            if ((n == 1 && s[0] == '~') || is_word(s, n, "null")) return 0;
            if (is_word(s, n, "yes") || is_word(s, n, "true") || is_word(s, n, "on")) return 0;
            if (is_word(s, n, "no") || is_word(s, n, "false") || is_word(s, n, "off")) return 0;
            return 1;
        }
        /* /^[^ytonf~]/i at any line start, then /^null$/i, /^(yes|true|on)$/i,
         * /^(no|false|off)$/i on any line */
        for (size_t p = 0;;) {
            if (p < n && (s[p] == '\0' || !strchr("ytonfYTONF~", s[p]))) return 1;
            const char *nl = memchr(s + p, '\n', n - p);
            if (!nl) break;
            p = (size_t)(nl - s) + 1;
        }
        if (n == 1 && s[0] == '~') return 0;
        static const char *const words[] = {"null", "yes", "true", "on", "no", "false", "off"};
        for (size_t p = 0; p <= n;) {
            const char *nl = memchr(s + p, '\n', n - p);
            size_t e = nl ? (size_t)(nl - s) : n;
            for (size_t w = 0; w < sizeof words / sizeof words[0]; w++)
                if (is_word(s + p, e - p, words[w])) return 0;
            if (!nl) break;
            p = e + 1;
        }
        return 1;
    }
    if (psych_time(s, n)) {
        /* Time.utc(...) refuses out-of-range fields: then it stays a String */
        long y, mo, d, h, mi, sec;
        char buf[64];
        size_t k = n < sizeof buf - 1 ? n : sizeof buf - 1;
        memcpy(buf, s, k), buf[k] = '\0';
        if (sscanf(buf, "%ld-%ld-%ld%*[Tt \t\n\v\f\r]%ld:%ld:%ld", &y, &mo, &d, &h, &mi, &sec) != 6 ||
            !(mo >= 1 && mo <= 12 && d >= 1 && d <= 31 && h <= 24 && mi <= 59 && sec <= 60))
            return 1;
        /* nor a zone 24 hours or more away (Psych reads "+500" as +50:0) */
        const char *z = s + n;
        while (z > s && isdigit((unsigned char)z[-1])) z--;
        if (z > s && z[-1] == ':') {
            z--;
            while (z > s && isdigit((unsigned char)z[-1])) z--;
        }
        if (z > s && (z[-1] == '+' || z[-1] == '-') && z - 1 > s + 10) {
            long zh = 0, zm = 0;
            int k2 = 0;
            while (z < s + n && isdigit((unsigned char)*z) && k2 < 2) zh = zh * 10 + (*z++ - '0'), k2++;
            if (z < s + n && *z == ':') z++;
            while (z < s + n && isdigit((unsigned char)*z)) zm = zm * 10 + (*z++ - '0');
            if (zh * 3600 + zm * 60 >= 86400) return 1;
        }
        return 0;
    }
    int real, base, is_float;
    if (psych_date(s, n, &real)) return !real;
    if (is_word(s, n, ".inf") || is_word(s, n, "+.inf") || is_word(s, n, "-.inf") || is_word(s, n, ".nan")) return 0;
    if (s[0] == ':' && n > 1) return 0;
    if (psych_base60(s, n, &is_float)) return 0;
    if (psych_float(s, n)) return n - (s[0] == '-' || s[0] == '+') == 1;
    if (psych_int(s, n, &base)) return 0;
    return 1;
}


/* ScalarScanner#tokenize: the type of an untagged plain scalar.  NULL with
 * y->err set for what safe_load refuses (Date, Time). */
static Value *psych_tokenize(YLoad *y, const char *s, size_t n)
{
    if (n == 0) return VAL_UNDEF;
    if (psych_wordish(s, n)) {
        if (n > 5 || !strchr("ytonfYTONF~", s[0])) return val_str(YA, s, n);
        if ((n == 1 && s[0] == '~') || is_word(s, n, "null")) return VAL_UNDEF;
        if (is_word(s, n, "yes") || is_word(s, n, "true") || is_word(s, n, "on")) return VAL_TRUE;
        if (is_word(s, n, "no") || is_word(s, n, "false") || is_word(s, n, "off")) return VAL_FALSE;
        return val_str(YA, s, n);
    }
    if (psych_time(s, n)) {
        y_error(y, "(%s): Tried to load unspecified class: Time", y->path);
        return NULL;
    }
    int real, base, is_float;
    if (psych_date(s, n, &real)) {
        if (!real) return val_str(YA, s, n);
        y_error(y, "(%s): Tried to load unspecified class: Date", y->path);
        return NULL;
    }
    if (is_word(s, n, ".inf") || is_word(s, n, "+.inf")) return val_float(YA, INFINITY);
    if (is_word(s, n, "-.inf")) return val_float(YA, -INFINITY);
    if (is_word(s, n, ".nan")) return val_float(YA, NAN);
    if (s[0] == ':' && n > 1) {
        y->symbol = 1;
        if (n >= 3 && (s[1] == '"' || s[1] == '\'') && s[n - 1] == s[1]) return val_str(YA, s + 2, n - 3);
        return val_str(YA, s + 1, n - 1);
    }
    if (psych_base60(s, n, &is_float)) {
        const char *p = s, *e = s + n;
        ValVec parts = VV_ARENA(YA);
        while (p <= e) {
            const char *q = memchr(p, ':', (size_t)(e - p));
            if (!q) q = e;
            val_vec_push(&parts, val_str(YA, p, (size_t)(q - p)));
            p = q + 1;
        }
        double f = 0;
        int64_t iv = 0;
        for (size_t k = 0; k < parts.n; k++) {
            int ex = (int)k - 2;
            double mul = pow(60, ex < 0 ? -ex : ex);
            const char *ps = parts.v[k]->str.s;
            if (is_float) {
                char buf[64];
                size_t bl = 0;
                for (const char *t = ps; *t && bl + 1 < sizeof buf; t++)
                    if (*t != '_') buf[bl++] = *t;
                buf[bl] = '\0';
                f += strtod(buf, NULL) * mul;
            } else {
                iv += yml_to_i(ps, strlen(ps)) * (int64_t)mul;
            }
        }
        val_vec_free(&parts);
        return is_float ? val_float(YA, f) : val_int(YA, iv);
    }
    if (psych_float(s, n)) {
        size_t i = 0;
        if (s[i] == '-' || s[i] == '+') i++;
        if (n - i == 1) return val_str(YA, s, n);           /* "." or "-." */
        char *buf = arena_alloc_bytes(YA, n + 1);
        size_t k = 0;
        for (size_t j = 0; j < n; j++)
            if (s[j] != ',' && s[j] != '_') buf[k++] = s[j];
        buf[k] = '\0';
        return val_float(YA, strtod(buf, NULL));
    }
    int64_t iv;
    if (psych_int(s, n, &base) && psych_int_value(s, n, base, &iv)) return val_int(YA, iv);
    return val_str(YA, s, n);
}

static Value *base64_decode(Arena *a, const char *s, size_t n)
{
    char *out = arena_alloc_bytes(a, n + 1);
    size_t k = 0;
    unsigned acc = 0;
    int bits = 0;
    for (size_t i = 0; i < n; i++) {
        const char *tbl = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        const char *p = s[i] ? strchr(tbl, s[i]) : NULL;
        if (s[i] == '=') break;
        if (!p) continue;
        acc = (acc << 6) | (unsigned)(p - tbl);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[k++] = (char)((acc >> bits) & 0xff);
        }
    }
    out[k] = '\0';
    return val_str_nocopy(a, out, k);
}

static Value *y_scalar(YLoad *y, yaml_event_t *ev)
{
    const char *s = (const char *)ev->data.scalar.value;
    size_t n = ev->data.scalar.length;
    const char *tag = (const char *)ev->data.scalar.tag;
    if (ev->data.scalar.quoted_implicit) return val_str(YA, s, n);
    if (!tag) return psych_tokenize(y, s, n);
    if (!strcmp(tag, "tag:yaml.org,2002:binary") || !strcmp(tag, "!binary")) return base64_decode(YA, s, n);
    if (!strcmp(tag, "tag:yaml.org,2002:str") || !strncmp(tag, "!str", 4) || !strncmp(tag, "!ruby/string", 12))
        return val_str(YA, s, n);
    if (!strcmp(tag, "tag:yaml.org,2002:float") || !strcmp(tag, "!float")) {
        Value *v = psych_tokenize(y, s, n);
        if (!v) return NULL;
        if (v->kind == V_INT) return val_float(YA, (double)v->i);
        if (v->kind == V_FLOAT) return v;
        y_error(y, "invalid value for Float(): \"%.*s\"", (int)n, s);
        return NULL;
    }
    if (!strncmp(tag, "!ruby/sym", 9)) {
        y->symbol = 1;
        return val_str(YA, s, n);
    }
    if (!strncmp(tag, "!ruby/object:", 13)) {
        y_error(y, "(%s): Tried to load unspecified class: %s", y->path, tag + 13);
        return NULL;
    }
    if (!strcmp(tag, "!ruby/regexp") || !strcmp(tag, "!ruby/range")) {
        y_error(y, "(%s): Tried to load unspecified class: %s", y->path, tag[6] == 'r' && tag[7] == 'e' ? "Regexp" : "Range");
        return NULL;
    }
    return psych_tokenize(y, s, n);
}

static Value *y_node(YLoad *y, yaml_event_t *ev, int *merge_key);

static const char *y_anchor(YLoad *y, const yaml_char_t *a)
{
    return a ? arena_strdup(YA, (const char *)a) : NULL;
}

static Value *y_mapping(YLoad *y)
{
    ValVec keys = VV_ARENA(YA), vals = VV_ARENA(YA);
    y->depth++;
    for (;;) {
        yaml_event_t ev;
        if (!y_next(y, &ev)) return NULL;
        if (ev.type == YAML_MAPPING_END_EVENT) {
            yaml_event_delete(&ev);
            break;
        }
        int merge = 0, sym = y->symbol;
        Value *k = y_node(y, &ev, &merge);
        if (!k) return NULL;
        y->symbol = sym;                 /* a Symbol key becomes a String */
        if (!y_next(y, &ev)) return NULL;
        int is_alias = ev.type == YAML_ALIAS_EVENT || ev.type == YAML_MAPPING_START_EVENT;
        int is_seq = ev.type == YAML_SEQUENCE_START_EVENT;
        Value *v = y_node(y, &ev, NULL);
        if (!v) return NULL;
        if (y->depth == 1 && y->symbol && !sym) {
            val_vec_push(&y->symbol_keys, k);
            y->symbol = 0;
        }
        /* "<<" merges (Psych's revive_hash): a mapping or an alias of one
         * is merged in; a sequence of mappings merges them, earlier first */
        if (merge && is_alias && v->kind == V_HASH) {
            for (size_t i = 0; i < v->hash.n; i++) val_vec_push(&keys, v->hash.keys[i]), val_vec_push(&vals, v->hash.vals[i]);
            continue;
        }
        if (merge && is_seq) {
            int all = 1;
            for (size_t i = 0; i < v->arr.n && all; i++) all = v->arr.items[i]->kind == V_HASH;
            if (all) {
                ValVec hk = VV_ARENA(YA), hv = VV_ARENA(YA);
                for (size_t i = v->arr.n; i-- > 0;) {
                    Value *m = v->arr.items[i];
                    for (size_t j = 0; j < m->hash.n; j++) val_vec_push(&hk, m->hash.keys[j]), val_vec_push(&hv, m->hash.vals[j]);
                }
                Value *h = hash_of(y, &hk, &hv);
                for (size_t i = 0; i < h->hash.n; i++) val_vec_push(&keys, h->hash.keys[i]), val_vec_push(&vals, h->hash.vals[i]);
                continue;
            }
        }
        val_vec_push(&keys, k);
        val_vec_push(&vals, v);
    }
    y->depth--;
    return hash_of(y, &keys, &vals);
}

/* One node from its first event (deleted here); NULL with y->err set. */
static Value *y_node(YLoad *y, yaml_event_t *ev, int *merge_key)
{
    Value *v = NULL;
    const char *anchor = NULL;
    y->node_mark = ev->start_mark;
    switch (ev->type) {
    case YAML_ALIAS_EVENT: {
        const char *name = (const char *)ev->data.alias.anchor;
        v = y->no_aliases ? NULL : map_get(&y->anchors, name, strlen(name));
        if (!v) y_error(y, "Unknown alias: %s", name);
        yaml_event_delete(ev);
        return v;
    }
    case YAML_SCALAR_EVENT:
        anchor = y_anchor(y, ev->data.scalar.anchor);
        if (merge_key) {
            const char *tag = (const char *)ev->data.scalar.tag;
            *merge_key = ev->data.scalar.length == 2 && !memcmp(ev->data.scalar.value, "<<", 2) &&
                         !(tag && !strcmp(tag, "tag:yaml.org,2002:str"));
        }
        v = y_scalar(y, ev);
        yaml_event_delete(ev);
        break;
    case YAML_SEQUENCE_START_EVENT: {
        anchor = y_anchor(y, ev->data.sequence_start.anchor);
        yaml_event_delete(ev);
        ValVec items = VV_ARENA(YA);
        y->depth++;
        for (;;) {
            yaml_event_t e;
            if (!y_next(y, &e)) return NULL;
            if (e.type == YAML_SEQUENCE_END_EVENT) {
                yaml_event_delete(&e);
                break;
            }
            Value *x = y_node(y, &e, NULL);
            if (!x) return NULL;
            val_vec_push(&items, x);
        }
        y->depth--;
        v = val_vec_to_array(YA, &items);
        val_vec_free(&items);
        break;
    }
    case YAML_MAPPING_START_EVENT:
        anchor = y_anchor(y, ev->data.mapping_start.anchor);
        yaml_event_delete(ev);
        v = y_mapping(y);
        break;
    default:
        yaml_event_delete(ev);
        y_error(y, "(%s): unexpected YAML event", y->path);
        return NULL;
    }
    if (v && anchor) map_put(&y->anchors, anchor, strlen(anchor), v);
    return v;
}

/* Parses the first document of text; see yaml.h. */
int yml_load(Arena *arena, const char *name, const char *text, size_t len, int no_aliases,
             Value **out, Value **symbol_keys, const char **err)
{
    return yml_load_at(arena, name, text, len, no_aliases, out, symbol_keys, err, NULL);
}

int yml_load_at(Arena *arena, const char *name, const char *text, size_t len, int no_aliases,
                Value **out, Value **symbol_keys, const char **err, YmlErrorPos *pos)
{
    YLoad y;
    memset(&y, 0, sizeof y);
    y.no_aliases = no_aliases;
    y.arena = arena;
    y.path = name;
    y.symbol_keys = (ValVec)VV_ARENA(arena);
    map_init(&y.anchors);
    yaml_parser_initialize(&y.parser);
    yaml_parser_set_input_string(&y.parser, (const unsigned char *)text, len);
    *out = NULL;
    yaml_event_t ev;
    int ok = y_next(&y, &ev);                      /* STREAM-START */
    if (ok) {
        yaml_event_delete(&ev);
        ok = y_next(&y, &ev);
    }
    if (ok && ev.type == YAML_DOCUMENT_START_EVENT) {
        yaml_event_delete(&ev);
        ok = y_next(&y, &ev);
        if (ok) *out = y_node(&y, &ev, NULL);
        if (!*out) ok = 0;
    } else if (ok) {
        yaml_event_delete(&ev);
    }
    yaml_parser_delete(&y.parser);
    map_free(&y.anchors);
    if (symbol_keys) *symbol_keys = y.symbol_keys.n ? val_vec_to_array(arena, &y.symbol_keys) : NULL;
    val_vec_free(&y.symbol_keys);
    if (!ok) {
        *err = y.err ? y.err : "unknown YAML error";
        if (pos) *pos = y.pos;
        return 0;
    }
    return 1;
}
