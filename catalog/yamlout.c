/*
 * yamlout.c - YAML written as Ruby's Psych writes it: the writing half of
 * the YAML module (yaml.c reads; yaml.h is the one interface).  Two
 * writers share one set of scalar rules: yml_dump() drives libyaml's
 * emitter with the events Psych's YAMLTree gives it (to_yaml()), and
 * yml_put_str() writes a one-line scalar by hand (the run report, written
 * by every mapply run, too big for an emitter's pace).  How a string is
 * quoted is decided here and only here, from the reader's ScalarScanner
 * rules (yml_reads_as_string): a writer quotes what would read back as
 * anything but that string.
 *
 * The one idea of yml_dump: Psych dumps any Ruby object as a mapping of
 * its instance variables, and Puppet's data types are Ruby objects, so
 * before emitting, each type in the value is turned into a "Ruby object"
 * value (ruby_value) with the instance variables Puppet 7.23's classes
 * set, in their order; then a scan numbers the anchors of what is met
 * twice (Psych's object identity), and the walk emits.  Everything made
 * lives in the caller's arena; libyaml's emitter is released before
 * returning.
 */
#include "catalog/yaml.h"
#include "base/map.h"
#include "base/oniglib.h"
#include "base/utf8.h"
#include <yaml.h>
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- one-line scalars (the run report's) ---- */

static int is_keyword(const char *s)
{
    static const char *const kw[] = {"y", "n", "yes", "no", "true", "false", "on", "off", "null", "~", NULL};
    char low[6];
    size_t n = 0;
    for (; s[n]; n++) {         /* ASCII lower case, as strcasecmp compares */
        if (n == 5) return 0;   /* longer than any keyword */
        low[n] = s[n] >= 'A' && s[n] <= 'Z' ? (char)(s[n] - 'A' + 'a') : s[n];
    }
    low[n] = '\0';
    for (int i = 0; kw[i]; i++)
        if (low[0] == kw[i][0] && !strcmp(low, kw[i])) return 1;
    return 0;
}

/* The punctuation a plain scalar may carry past its first character. */
static const unsigned char plain_punct[256] = {
    ['_'] = 1, ['-'] = 1, ['.'] = 1, ['/'] = 1, ['['] = 1, [']'] = 1, ['('] = 1, [')'] = 1,
    ['@'] = 1, [','] = 1, ['='] = 1, ['+'] = 1, ['\''] = 1, ['$'] = 1, ['%'] = 1, ['&'] = 1,
    ['*'] = 1, ['!'] = 1, ['?'] = 1, ['<'] = 1, ['>'] = 1, [';'] = 1, ['~'] = 1, ['^'] = 1,
    ['|'] = 1, ['"'] = 1,
};

/* s's length when it can be written plain, else 0 */
static size_t plain_len(const char *s)
{
    if (!*s || is_keyword(s)) return 0;
    unsigned char c0 = (unsigned char)s[0];
    if (!((c0 >= 'A' && c0 <= 'Z') || (c0 >= 'a' && c0 <= 'z') || c0 == '_')) return 0;
    const char *p = s;
    for (; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) continue;
        if (c == ' ') {
            if (!p[1] || p[1] == '#' || p[1] == ' ') return 0;
            continue;
        }
        if (c == ':') {
            if (!p[1] || p[1] == ' ') return 0;
            continue;
        }
        if (!plain_punct[c]) return 0;
    }
    return (size_t)(p - s);
}

/* The length of the well-formed UTF-8 sequence at p (no overlong form, no
 * surrogate, nothing above U+10FFFF) and its code point in *cp; 0 if none. */
static int utf8_strict(const unsigned char *p, unsigned *cp)
{
    int n = p[0] >= 0xc2 && p[0] < 0xe0 ? 2 : p[0] >= 0xe0 && p[0] < 0xf0 ? 3 : p[0] >= 0xf0 && p[0] < 0xf5 ? 4 : 0;
    unsigned c = n == 2 ? p[0] & 0x1fu : n == 3 ? p[0] & 0x0fu : p[0] & 0x07u;
    for (int i = 1; i < n; i++) {
        if ((p[i] & 0xc0) != 0x80) return 0;
        c = c << 6 | (p[i] & 0x3fu);
    }
    if (!n || (n == 3 && c < 0x800) || (n == 4 && (c < 0x10000 || c > 0x10ffff)) || (c >= 0xd800 && c <= 0xdfff)) return 0;
    *cp = c;
    return n;
}

/* Appends s as a one-line scalar; see yaml.h.  The characters that need
 * no escape go in runs, one copy each. */
void yml_put_str(Buf *b, const char *s)
{
    size_t n = plain_len(s);
    if (n) {
        buf_add(b, s, n);
        return;
    }
    buf_addc(b, '"');
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        const unsigned char *run = p;
        while (*p >= 0x20 && *p < 0x7f && *p != '"' && *p != '\\') p++;
        if (p > run) buf_add(b, run, (size_t)(p - run));
        if (!*p) break;
        if (*p == '"' || *p == '\\') { buf_addc(b, '\\'); buf_addc(b, (char)*p++); }
        else if (*p == '\n') { buf_adds(b, "\\n"); p++; }
        else if (*p == '\t') { buf_adds(b, "\\t"); p++; }
        else if (*p == '\r') { buf_adds(b, "\\r"); p++; }
        else if (*p < 0x20 || *p == 0x7f) buf_printf(b, "\\x%02x", *p++);
        else {
            /* YAML allows no C1 control, BOM or U+FFFE/U+FFFF raw: escaped */
            unsigned cp;
            int k = utf8_strict(p, &cp);
            if (k && (cp < 0xa0 || cp == 0xfeff || cp == 0xfffe || cp == 0xffff)) { buf_printf(b, "\\u%04x", cp); p += k; }
            else if (k) { buf_add(b, p, (size_t)k); p += k; }
            else buf_printf(b, "\\x%02x", *p++);
        }
    }
    buf_addc(b, '"');
}

/* One of Puppet's times as the report holds them,
 * 2024-01-31T10:00:00.123456789+00:00: Psych would read it back as a Time. */
static int report_time(const char *s, size_t len)
{
    return len == 35 && s[4] == '-' && s[10] == 'T' && s[19] == '.' && strspn(s, "0123456789") == 4;
}

void yml_put_strval(Buf *b, const char *s, size_t len)
{
    if (report_time(s, len)) {
        buf_addc(b, '\'');
        buf_add(b, s, len);
        buf_addc(b, '\'');
    } else {
        yml_put_str(b, s);
    }
}

/* ---- how a string is quoted: Psych's YAMLTree#visit_String ---- */

/* Is the character at s[i] (*n receives its length) one of Onigmo's
 * [[:word:]] in UTF-8: a letter, mark, decimal digit or connector
 * punctuation?  Beyond ASCII, Oniguruma's own table of the class answers
 * (static data: no onig_initialize needed).  A byte that starts no valid
 * sequence is taken as a character that is not a word character: such a
 * string fails in the emitter whatever its style. */
static int word_char(const char *s, size_t len, size_t i, size_t *n)
{
    static const OnigCodePoint *ranges;     /* [count, from, to, from, to, ...] */
    unsigned char c = (unsigned char)s[i];
    if (c < 0x80) {
        *n = 1;
        return isalnum(c) || c == '_';
    }
    long cp;
    *n = utf8_decode(s + i, len - i, &cp);
    if (cp < 0) return 0;
    if (!ranges) {
        OnigCodePoint sb_out;
        const OnigCodePoint *r;
        if (ONIGENC_GET_CTYPE_CODE_RANGE(ONIG_ENCODING_UTF8, ONIGENC_CTYPE_WORD, &sb_out, &r) != 0) return 0;
        ranges = r;
    }
    size_t lo = 0, hi = ranges[0];
    while (lo < hi) {            /* the first range whose end is >= cp */
        size_t mid = (lo + hi) / 2;
        if (ranges[2 * mid + 2] < (OnigCodePoint)cp) lo = mid + 1;
        else hi = mid;
    }
    return lo < ranges[0] && ranges[2 * lo + 1] <= (OnigCodePoint)cp;
}

/* /\n(?!\Z)/: a newline that is not the last character, nor the one
 * before a final newline. */
static int inner_newline(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (s[i] == '\n' && !(i + 1 == len || (i + 2 == len && s[i + 1] == '\n'))) return 1;
    return 0;
}

/* /^[^[:word:]][^"]*$/: some line starts with a character that is not a
 * word character, and an end of line (a newline or the end) follows it
 * before any '"'.  (Ruby's ^ and $ are line anchors, and a negated class
 * takes a newline.) */
static int nonword_line(const char *s, size_t len)
{
    for (size_t ls = 0; ls < len;) {
        size_t n;
        if (!word_char(s, len, ls, &n))
            for (size_t p = ls + n;; p++) {
                if (p >= len || s[p] == '\n') return 1;
                if (s[p] == '"') break;
            }
        const char *nl = memchr(s + ls, '\n', len - ls);
        if (!nl) break;
        ls = (size_t)(nl - s) + 1;
    }
    return 0;
}

/* /\A0[0-7]*[89]/: what Ruby's Integer() would refuse as octal. */
static int bad_octal(const char *s, size_t len)
{
    if (!len || s[0] != '0') return 0;
    size_t i = 1;
    while (i < len && s[i] >= '0' && s[i] <= '7') i++;
    return i < len && (s[i] == '8' || s[i] == '9');
}

YmlStyle yml_str_style(const char *s, size_t len, long line_width)
{
    if (inner_newline(s, len)) return YML_LITERAL;
    if (len == 2 && !memcmp(s, "<<", 2)) return YML_MERGE_KEY;
    if (len == 1 && (*s == 'y' || *s == 'n')) return YML_DOUBLE;
    if (line_width >= 0 && (long)utf8_len(s, len) > line_width) return YML_FOLDED;
    if (nonword_line(s, len)) return YML_DOUBLE;
    if (!yml_reads_as_string(s, len) || bad_octal(s, len)) return YML_SINGLE;
    return YML_PLAIN;
}

/* ---- to_yaml's writer: Psych's object model, emitted by libyaml ---- */

/* Psych registers every array and hash it visits: one met again becomes
 * an alias of the first, whose anchor is numbered in the order the repeats
 * are found. */
typedef struct YamlSeen { int anchor; int emitted; } YamlSeen;

typedef struct Yaml {
    Arena *arena;           /* the caller's: Ruby objects, anchors, the message */
    const YmlDumpOptions *opt;  /* the caller's options (line_width, is_alias) */
    yaml_emitter_t em;      /* libyaml's emitter, writing into the caller's Buf */
    Map seen;               /* array/hash/object Value* (its bytes) -> YamlSeen* */
    Map singletons;         /* unparameterized type name -> its Ruby object */
    Map made;               /* type/array/hash Value* (its bytes) -> it with Ruby objects */
    const char *bad;        /* why Psych could not dump the value, or NULL */
    int anchors;            /* anchors handed out */
    int ok;                 /* no emitter error yet */
} Yaml;

static int yaml_write(void *data, unsigned char *buffer, size_t size)
{
    buf_add(data, buffer, size);
    return 1;
}

/* Psych dumps any other Ruby object as a mapping of its instance
 * variables tagged !ruby/object:CLASS.  Puppet's types are such objects,
 * so to_yaml first turns each type into a "Ruby object" value: a V_TYPE
 * whose name is the tag (it starts with '!', which no type name does) and
 * whose params alternate instance variable names and values, in the
 * order Puppet 7.23's classes set them.  Object identity is what Psych
 * anchors on: an unparameterized type is one of Puppet's DEFAULT
 * singletons (every bare String is the same object, as is Array's Any),
 * a parameterized one is made where it is evaluated. */
#define RB_TYPES "!ruby/object:Puppet::Pops::Types::"

static int is_robj(const Value *v) { return v->kind == V_TYPE && v->type.name[0] == '!'; }

/* A Ruby object of class cls (after Puppet::Pops::Types::) with n
 * instance variables given as (const char *name, Value *value) pairs. */
static Value *robj(Yaml *y, const char *cls, size_t n, ...)
{
    Arena *a = y->arena;
    Value **p = ARENA_NEWN(a, Value *, 2 * n + 1);
    va_list ap;
    va_start(ap, n);
    for (size_t i = 0; i < n; i++) {
        p[2 * i] = val_cstr(a, va_arg(ap, const char *));
        p[2 * i + 1] = va_arg(ap, Value *);
    }
    va_end(ap);
    Value *o = val_type(a, arena_printf(a, RB_TYPES "%s", cls), NULL, 0);
    o->type.params = p;      /* built in place: val_type copies, and params are ours */
    o->type.n = 2 * n;
    return o;
}

static Value *ruby_value(Yaml *y, Value *v);

static Value *rb_inf(Yaml *y, int sign) { return val_float(y->arena, sign * INFINITY); }

/* PIntegerType (or PFloatType with as_float) from a range's bounds, either
 * of which may be missing (NULL) or default: -inf and +inf. */
static Value *rb_range(Yaml *y, const char *cls, Value *from, Value *to, int as_float)
{
    Arena *a = y->arena;
    Value *f = !from || from->kind == V_DEFAULT ? rb_inf(y, -1) : from;
    Value *t = !to || to->kind == V_DEFAULT ? rb_inf(y, 1) : to;
    if (as_float && f->kind == V_INT) f = val_float(a, (double)f->i);
    if (as_float && t->kind == V_INT) t = val_float(a, (double)t->i);
    return robj(y, cls, 2, "from", f, "to", t);
}

/* A size constraint from params p[0..n): nil when none. */
static Value *rb_size(Yaml *y, Value **p, size_t n)
{
    if (!n) return VAL_UNDEF;
    if (n == 1 && p[0]->kind == V_TYPE) return ruby_value(y, p[0]);
    return rb_range(y, "PIntegerType", p[0], n > 1 ? p[1] : NULL, 0);
}

/* DEFAULT singletons by name ("Any"), made once per to_yaml call. */
static Value *rb_default(Yaml *y, const char *name)
{
    Value *t = map_get(&y->singletons, name, strlen(name));
    if (!t) t = ruby_value(y, val_type(y->arena, name, NULL, 0));
    return t;
}

/* A type parameter that may be a string standing for String['s'] (struct
 * keys, Optional['b']): PStringType with that value. */
static Value *rb_key_type(Yaml *y, Value *k)
{
    if (k->kind == V_STR) return robj(y, "PStringType", 1, "size_type_or_value", k);
    if (k->kind == V_TYPE && k->type.n == 1 && k->type.params[0]->kind == V_STR) {
        if (!strcmp(k->type.name, "NotUndef")) return rb_key_type(y, k->type.params[0]);
        if (!strcmp(k->type.name, "Optional")) return robj(y, "POptionalType", 1, "type", rb_key_type(y, k->type.params[0]));
    }
    return ruby_value(y, k);
}

static Value *rb_array(Yaml *y, Value **p, size_t n, int keys)
{
    Value **items = ARENA_NEWN(y->arena, Value *, n ? n : 1);
    for (size_t i = 0; i < n; i++) items[i] = keys ? rb_key_type(y, p[i]) : ruby_value(y, p[i]);
    return val_array(y->arena, items, n);
}

static char *lower(Arena *a, const char *s)
{
    char *r = arena_strdup(a, s);
    for (char *p = r; *p; p++) *p = (char)tolower((unsigned char)*p);
    return r;
}

/* The Ruby object of type t, or NULL (y->bad set) when Psych cannot dump it. */
static Value *rb_type(Yaml *y, Value *t)
{
    Arena *a = y->arena;
    const char *nm = t->type.name;
    Value **p = t->type.params;
    size_t n = t->type.n;
    Value *nil = VAL_UNDEF;
    if (!strcmp(nm, "Data") || !strcmp(nm, "RichData") || (!n && (y->opt->is_alias && y->opt->is_alias(y->opt->ctx, nm)))) {
        /* PTypeAliasType holds its loader, an anonymous Ruby module */
        y->bad = "can't dump anonymous module: #<Module:0x0000000000000000>";
        return NULL;
    }
    if (!strcmp(nm, "Any") || !strcmp(nm, "Undef") || !strcmp(nm, "Default") || !strcmp(nm, "Scalar") ||
        !strcmp(nm, "ScalarData") || !strcmp(nm, "CatalogEntry"))
        return robj(y, arena_printf(a, "P%sType", nm), 0);
    if (!strcmp(nm, "Boolean")) return robj(y, "PBooleanType", 1, "value", n ? p[0] : nil);
    if (!strcmp(nm, "Integer")) return rb_range(y, "PIntegerType", n ? p[0] : NULL, n > 1 ? p[1] : NULL, 0);
    if (!strcmp(nm, "Float") || !strcmp(nm, "Numeric"))
        return rb_range(y, arena_printf(a, "P%sType", nm), n ? p[0] : NULL, n > 1 ? p[1] : NULL, 1);
    if ((!strcmp(nm, "Timespan") || !strcmp(nm, "Timestamp")) && !n) return rb_range(y, arena_printf(a, "P%sType", nm), NULL, NULL, 0);
    if (!strcmp(nm, "String")) return robj(y, "PStringType", 1, "size_type_or_value", rb_size(y, p, n));
    if (!strcmp(nm, "Enum")) {
        ValVec vals = VV_ARENA(a);
        int ci = n && p[n - 1]->kind == V_BOOL && p[n - 1]->b;
        for (size_t i = 0; i < n; i++) {
            if (p[i]->kind == V_STR) val_vec_push(&vals, p[i]);
            else if (p[i]->kind == V_ARRAY)
                for (size_t j = 0; j < p[i]->arr.n; j++) val_vec_push(&vals, p[i]->arr.items[j]);
        }
        Value *vs = val_vec_to_array(a, &vals);
        val_vec_free(&vals);
        return robj(y, "PEnumType", 2, "values", vs, "case_insensitive", val_bool(ci));
    }
    if (!strcmp(nm, "Regexp")) {
        if (!n) return robj(y, "PRegexpType", 1, "pattern", nil);
        Value *re = p[0]->kind == V_REGEX ? p[0] : val_regex(a, val_to_cstr(a, p[0]));
        return robj(y, "PRegexpType", 2, "pattern", val_cstr(a, re->regex.src), "regexp", re);
    }
    if (!strcmp(nm, "Pattern")) {
        Value **pats = ARENA_NEWN(a, Value *, n ? n : 1);
        for (size_t i = 0; i < n; i++) {
            Value *re = p[i]->kind == V_REGEX ? p[i] : p[i]->kind == V_STR ? val_regex(a, p[i]->str.s) : NULL;
            pats[i] = re ? robj(y, "PRegexpType", 2, "pattern", val_cstr(a, re->regex.src), "regexp", re) : ruby_value(y, p[i]);
            if (!pats[i]) return NULL;
        }
        return robj(y, "PPatternType", 1, "patterns", val_array(a, pats, n));
    }
    if (!strcmp(nm, "Array"))
        return robj(y, "PArrayType", 2, "size_type", n > 1 ? rb_size(y, p + 1, n - 1) : nil, "element_type",
                    n ? ruby_value(y, p[0]) : rb_default(y, "Any"));
    if (!strcmp(nm, "Hash")) {
        if (n < 2) {
            Value *any = rb_default(y, "Any");
            return robj(y, "PHashType", 3, "size_type", rb_size(y, p, n), "key_type", any, "value_type", any);
        }
        return robj(y, "PHashType", 3, "size_type", rb_size(y, p + 2, n - 2), "key_type", ruby_value(y, p[0]),
                    "value_type", ruby_value(y, p[1]));
    }
    if (!strcmp(nm, "Tuple") || !strcmp(nm, "Callable")) {
        size_t nt = 0;
        while (nt < n && p[nt]->kind == V_TYPE) nt++;
        int callable = nm[0] == 'C';
        if (!callable) return robj(y, "PTupleType", 2, "types", rb_array(y, p, nt, 0), "size_type", rb_size(y, nt < n ? p + nt : NULL, n - nt));
        if (!n) return robj(y, "PCallableType", 3, "param_types", nil, "block_type", nil, "return_type", nil);
        Value *ret = nil, **params = p;
        size_t np = nt, nc = 0;
        if (p[0]->kind == V_ARRAY) {           /* Callable[[params], return] */
            params = p[0]->arr.items, ret = n > 1 ? ruby_value(y, p[1]) : nil;
            np = 0;
            while (np < p[0]->arr.n && params[np]->kind == V_TYPE) np++;
            nc = p[0]->arr.n - np;
        } else {
            nc = n - nt;
        }
        Value *block = nil;
        if (np && params[np - 1]->kind == V_TYPE && !strcmp(params[np - 1]->type.name, "Callable") && np > 1) {
            block = ruby_value(y, params[--np]);
        } else if (nc && params[np + nc - 1]->kind == V_TYPE) {
            block = ruby_value(y, params[np + nc - 1]);
            nc--;
        }
        Value *types = np ? rb_array(y, params, np, 0) : val_array(a, (Value *[]){rb_default(y, "Unit")}, 1);
        Value *pt = robj(y, "PTupleType", 2, "types", types, "size_type", rb_size(y, params + np, nc));
        return robj(y, "PCallableType", 3, "param_types", pt, "block_type", block, "return_type", ret);
    }
    if (!strcmp(nm, "Unit")) return robj(y, "PUnitType", 0);
    if (!strcmp(nm, "Struct")) {
        ValVec els = VV_ARENA(a);
        Value *h = n ? p[0] : NULL;
        for (size_t i = 0; h && h->kind == V_HASH && i < h->hash.n; i++)
            val_vec_push(&els, robj(y, "PStructElement", 2, "key_type", rb_key_type(y, h->hash.keys[i]), "value_type",
                               ruby_value(y, h->hash.vals[i])));
        Value *es = val_vec_to_array(a, &els);
        val_vec_free(&els);
        return robj(y, "PStructType", 1, "elements", es);
    }
    if (!strcmp(nm, "Variant")) return robj(y, "PVariantType", 1, "types", rb_array(y, p, n, 0));
    if (!strcmp(nm, "Optional") || !strcmp(nm, "NotUndef"))
        return robj(y, arena_printf(a, "P%sType", nm), 1, "type", n ? rb_key_type(y, p[0]) : nil);
    if (!strcmp(nm, "Type") || !strcmp(nm, "Iterable") || !strcmp(nm, "Iterator"))
        return robj(y, arena_printf(a, "P%sType", nm), 1, "type", n ? ruby_value(y, p[0]) : nil);
    if (!strcmp(nm, "Sensitive")) return robj(y, "PSensitiveType", 1, "type", n ? ruby_value(y, p[0]) : rb_default(y, "Any"));
    if (!strcmp(nm, "Collection")) return robj(y, "PCollectionType", 1, "size_type", rb_size(y, p, n));
    if (!strcmp(nm, "Class"))
        return robj(y, "PClassType", 1, "class_name", n && p[0]->kind == V_STR ? val_cstr(a, lower(a, p[0]->str.s)) : nil);
    if (!strcmp(nm, "Resource") && !n) return robj(y, "PResourceType", 3, "type_name", nil, "title", nil, "downcased_name", nil);
    if (val_is_data_type_name(nm) && strcmp(nm, "Resource")) {
        y->bad = arena_printf(a, "to_yaml() cannot represent %s (not modelled as a Ruby object)", nm);
        return NULL;
    }
    /* a resource type, with or without a title (Resource['notify', 'x']
     * comes here as Notify['x']) */
    Value *title = nil;
    if (!strcmp(nm, "Resource")) {
        nm = val_to_cstr(a, p[0]);
        title = n > 1 ? p[1] : nil;
    } else if (n) {
        title = p[0];
    }
    char *tn = arena_strdup(a, nm);
    for (char *q = tn; *q; q++)
        if (q == tn || (q[-1] == ':' && q > tn + 1 && q[-2] == ':')) *q = (char)toupper((unsigned char)*q);
        else *q = (char)tolower((unsigned char)*q);
    return robj(y, "PResourceType", 3, "type_name", val_cstr(a, tn), "title", title, "downcased_name", val_cstr(a, lower(a, nm)));
}

/* v with its types made Ruby objects; the same value in gives the same
 * value out (so that Psych's aliases survive), and a value holding no
 * type is returned as is.  NULL, with y->bad set, when Psych would fail. */
static Value *ruby_value(Yaml *y, Value *v)
{
    Arena *a = y->arena;
    if (v->kind != V_TYPE && v->kind != V_ARRAY && v->kind != V_HASH && v->kind != V_SENSITIVE) return v;
    if (v->kind == V_TYPE && !v->type.n) {
        Value *s = map_get(&y->singletons, v->type.name, strlen(v->type.name));
        if (s) return s;
    } else {
        Value *m = map_get(&y->made, (const char *)&v, sizeof v);
        if (m) return m;
    }
    Value *r = v;
    switch (v->kind) {
    case V_TYPE: r = rb_type(y, v); break;
    case V_SENSITIVE: {
        Value *in = ruby_value(y, v->sensitive);
        r = in == v->sensitive ? v : in ? val_sensitive(a, in) : NULL;
        break;
    }
    case V_ARRAY: {
        Value **items = NULL;
        for (size_t i = 0; i < v->arr.n && r; i++) {
            Value *x = ruby_value(y, v->arr.items[i]);
            if (!x) r = NULL;
            else if (x != v->arr.items[i] && !items) {
                items = ARENA_NEWN(a, Value *, v->arr.n);
                memcpy(items, v->arr.items, v->arr.n * sizeof *items);
            }
            if (items && x) items[i] = x;
        }
        if (r && items) r = val_array(a, items, v->arr.n);
        break;
    }
    case V_HASH: {
        Value **keys = NULL, **vals = NULL;
        for (size_t i = 0; i < v->hash.n && r; i++) {
            Value *k = ruby_value(y, v->hash.keys[i]), *x = k ? ruby_value(y, v->hash.vals[i]) : NULL;
            if (!k || !x) r = NULL;
            else if ((k != v->hash.keys[i] || x != v->hash.vals[i]) && !keys) {
                keys = ARENA_NEWN(a, Value *, v->hash.n);
                vals = ARENA_NEWN(a, Value *, v->hash.n);
                memcpy(keys, v->hash.keys, v->hash.n * sizeof *keys);
                memcpy(vals, v->hash.vals, v->hash.n * sizeof *vals);
            }
            if (keys && r) keys[i] = k, vals[i] = x;
        }
        /* built in place: val_hash would merge keys that became equal */
        if (r && keys) {
            r = val_hash(a, NULL, NULL, 0);
            r->hash.keys = keys, r->hash.vals = vals, r->hash.n = v->hash.n;
        }
        break;
    }
    default: break;
    }
    if (!r) return NULL;
    if (v->kind == V_TYPE && !v->type.n) {
        map_put(&y->singletons, v->type.name, strlen(v->type.name), r);
    } else {
        const Value **key = ARENA_NEW(a, const Value *);
        *key = v;
        map_put(&y->made, (const char *)key, sizeof v, r);
    }
    return r;
}

/* Psych registers every array, hash, regexp and object it visits (a
 * Sensitive too): one met again becomes an alias of the first. */
static void yaml_scan(Yaml *y, const Value *v)
{
    if (v->kind != V_ARRAY && v->kind != V_HASH && v->kind != V_REGEX && v->kind != V_SENSITIVE && !is_robj(v)) return;
    YamlSeen *seen = map_get(&y->seen, (const char *)&v, sizeof v);
    if (seen) {
        if (!seen->anchor) seen->anchor = ++y->anchors;
        return;
    }
    const Value **key = ARENA_NEW(y->arena, const Value *);
    *key = v;
    map_put(&y->seen, (const char *)key, sizeof v, ARENA_NEW(y->arena, YamlSeen));
    if (v->kind == V_ARRAY) {
        for (size_t i = 0; i < v->arr.n; i++) yaml_scan(y, v->arr.items[i]);
    } else if (v->kind == V_HASH) {
        for (size_t i = 0; i < v->hash.n; i++) yaml_scan(y, v->hash.keys[i]), yaml_scan(y, v->hash.vals[i]);
    } else if (v->kind == V_SENSITIVE) {
        yaml_scan(y, v->sensitive);
    } else if (v->kind == V_TYPE) {
        for (size_t i = 1; i < v->type.n; i += 2) yaml_scan(y, v->type.params[i]);
    }
}

static void yaml_event(Yaml *y, yaml_event_t *ev)
{
    if (y->ok && !yaml_emitter_emit(&y->em, ev)) y->ok = 0;
}

/* A scalar event.  libyaml refuses to make one of a string that is not
 * UTF-8 and leaves the event as it was: zeroed, the emitter then fails
 * with "expected SCALAR, ...". */
static void yaml_scalar(Yaml *y, const char *tag, const char *s, size_t len, int plain, int quoted, yaml_scalar_style_t style)
{
    yaml_event_t ev = {0};
    yaml_scalar_event_initialize(&ev, NULL, (yaml_char_t *)tag, (yaml_char_t *)s, (int)len, plain, quoted, style);
    yaml_event(y, &ev);
}

/* YAMLTree#visit_String: the style Psych asks for. */
static void yaml_string(Yaml *y, const char *s, size_t len)
{
    static const yaml_scalar_style_t styles[] = {
        [YML_PLAIN] = YAML_PLAIN_SCALAR_STYLE, [YML_SINGLE] = YAML_SINGLE_QUOTED_SCALAR_STYLE,
        [YML_DOUBLE] = YAML_DOUBLE_QUOTED_SCALAR_STYLE, [YML_LITERAL] = YAML_LITERAL_SCALAR_STYLE,
        [YML_FOLDED] = YAML_FOLDED_SCALAR_STYLE, [YML_MERGE_KEY] = YAML_SINGLE_QUOTED_SCALAR_STYLE,
    };
    YmlStyle st = yml_str_style(s, len, y->opt->line_width);
    if (st == YML_MERGE_KEY) yaml_scalar(y, "tag:yaml.org,2002:str", s, len, 0, 0, styles[st]);
    else yaml_scalar(y, NULL, s, len, 1, 1, styles[st]);
}

/* Psych's accept(): an object met before is emitted as an alias (returns
 * 1); otherwise *anchor is its anchor, or NULL when it is met only once. */
static int yaml_alias(Yaml *y, const Value *v, char buf[24], yaml_char_t **anchor)
{
    YamlSeen *seen = map_get(&y->seen, (const char *)&v, sizeof v);
    snprintf(buf, 24, "%d", seen ? seen->anchor : 0);
    *anchor = seen && seen->anchor ? (yaml_char_t *)buf : NULL;
    if (seen && seen->emitted) {
        yaml_event_t ev;
        yaml_alias_event_initialize(&ev, (yaml_char_t *)buf);
        yaml_event(y, &ev);
        return 1;
    }
    if (seen) seen->emitted = 1;
    return 0;
}

static void yaml_node(Yaml *y, const Value *v)
{
    yaml_event_t ev = {0};
    Buf t = BUF_INIT;
    char abuf[24];
    yaml_char_t *anchor;
    switch (v->kind) {
    case V_UNDEF: yaml_scalar(y, "tag:yaml.org,2002:null", "", 0, 1, 0, YAML_ANY_SCALAR_STYLE); break;
    case V_DEFAULT: yaml_scalar(y, NULL, ":default", 8, 1, 0, YAML_ANY_SCALAR_STYLE); break;
    case V_BOOL: yaml_scalar(y, NULL, v->b ? "true" : "false", v->b ? 4 : 5, 1, 0, YAML_ANY_SCALAR_STYLE); break;
    case V_INT: case V_FLOAT:
        if (v->kind == V_FLOAT && isnan(v->f)) buf_adds(&t, ".nan");
        else if (v->kind == V_FLOAT && isinf(v->f)) buf_adds(&t, v->f > 0 ? ".inf" : "-.inf");
        else val_to_s(&t, v);
        yaml_scalar(y, NULL, buf_cstr(&t), t.len, 1, 0, YAML_ANY_SCALAR_STYLE);
        break;
    case V_STR: yaml_string(y, v->str.s, v->str.len); break;
    case V_REGEX:
        if (yaml_alias(y, v, abuf, &anchor)) break;
        buf_printf(&t, "/%s/", v->regex.src);
        yaml_scalar_event_initialize(&ev, anchor, (yaml_char_t *)"!ruby/regexp", (yaml_char_t *)buf_cstr(&t), (int)t.len, 0, 0,
                                     YAML_ANY_SCALAR_STYLE);
        yaml_event(y, &ev);
        break;
    case V_SENSITIVE:
        if (yaml_alias(y, v, abuf, &anchor)) break;
        yaml_mapping_start_event_initialize(&ev, anchor, (yaml_char_t *)"!ruby/object:Puppet::Pops::Types::PSensitiveType::Sensitive",
                                            0, YAML_BLOCK_MAPPING_STYLE);
        yaml_event(y, &ev);
        yaml_string(y, "value", 5);
        yaml_node(y, v->sensitive);
        yaml_mapping_end_event_initialize(&ev);
        yaml_event(y, &ev);
        break;
    case V_TYPE:       /* a Ruby object (ruby_value): its instance variables */
        if (yaml_alias(y, v, abuf, &anchor)) break;
        yaml_mapping_start_event_initialize(&ev, anchor, (yaml_char_t *)v->type.name, 0, YAML_BLOCK_MAPPING_STYLE);
        yaml_event(y, &ev);
        for (size_t i = 0; i + 1 < v->type.n; i += 2) {
            const Value *k = v->type.params[i];
            yaml_scalar(y, NULL, k->str.s, k->str.len, 1, 0, YAML_ANY_SCALAR_STYLE);
            yaml_node(y, v->type.params[i + 1]);
        }
        yaml_mapping_end_event_initialize(&ev);
        yaml_event(y, &ev);
        break;
    case V_BINARY: case V_SEMVER: case V_SEMVERRANGE: case V_OBJECT:   /* their string forms */
        val_to_s(&t, v);
        yaml_scalar(y, NULL, buf_cstr(&t), t.len, 1, 1, YAML_ANY_SCALAR_STYLE);
        break;
    case V_TIMESTAMP: case V_TIMESPAN: {   /* a Ruby object: its @nsecs */
        if (yaml_alias(y, v, abuf, &anchor)) break;
        const char *tag = v->kind == V_TIMESTAMP ? "!ruby/object:Puppet::Pops::Time::Timestamp" : "!ruby/object:Puppet::Pops::Time::Timespan";
        yaml_mapping_start_event_initialize(&ev, anchor, (yaml_char_t *)tag, 0, YAML_BLOCK_MAPPING_STYLE);
        yaml_event(y, &ev);
        yaml_string(y, "nsecs", 5);
        __int128 ns = val_time_ns(v);
        char digits[48], *p = digits + sizeof digits;
        unsigned __int128 m = ns < 0 ? -(unsigned __int128)ns : (unsigned __int128)ns;
        *--p = '\0';
        do *--p = (char)('0' + (int)(m % 10)); while (m /= 10);
        if (ns < 0) *--p = '-';
        yaml_scalar(y, NULL, p, strlen(p), 1, 0, YAML_ANY_SCALAR_STYLE);
        yaml_mapping_end_event_initialize(&ev);
        yaml_event(y, &ev);
        break;
    }
    case V_ARRAY: case V_HASH:
        if (yaml_alias(y, v, abuf, &anchor)) break;
        if (v->kind == V_ARRAY) {
            yaml_sequence_start_event_initialize(&ev, anchor, NULL, 1, YAML_BLOCK_SEQUENCE_STYLE);
            yaml_event(y, &ev);
            for (size_t i = 0; i < v->arr.n; i++) yaml_node(y, v->arr.items[i]);
            yaml_sequence_end_event_initialize(&ev);
        } else {
            yaml_mapping_start_event_initialize(&ev, anchor, NULL, 1, YAML_BLOCK_MAPPING_STYLE);
            yaml_event(y, &ev);
            for (size_t i = 0; i < v->hash.n; i++) yaml_node(y, v->hash.keys[i]), yaml_node(y, v->hash.vals[i]);
            yaml_mapping_end_event_initialize(&ev);
        }
        yaml_event(y, &ev);
        break;
    }
    buf_free(&t);
}

int yml_dump(Arena *arena, Buf *out, const Value *v, const YmlDumpOptions *opt, const char **err)
{
    Yaml y = {.arena = arena, .opt = opt, .ok = 1};
    map_init(&y.singletons);
    map_init(&y.made);
    Value *data = ruby_value(&y, (Value *)v);
    map_free(&y.singletons);
    map_free(&y.made);
    if (!data) {
        *err = y.bad;
        return 0;
    }
    map_init(&y.seen);
    yaml_scan(&y, data);
    yaml_emitter_initialize(&y.em);
    yaml_emitter_set_output(&y.em, yaml_write, out);
    yaml_emitter_set_unicode(&y.em, 1);
    if (opt->layout) {
        yaml_emitter_set_indent(&y.em, opt->indent);
        yaml_emitter_set_width(&y.em, opt->width);
        yaml_emitter_set_canonical(&y.em, opt->canonical);
    }
    yaml_event_t ev;
    yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING);
    yaml_event(&y, &ev);
    yaml_version_directive_t v11 = {1, 1};
    yaml_document_start_event_initialize(&ev, opt->header ? &v11 : NULL, NULL, NULL, 0);
    yaml_event(&y, &ev);
    yaml_node(&y, data);
    yaml_document_end_event_initialize(&ev, 1);
    yaml_event(&y, &ev);
    yaml_stream_end_event_initialize(&ev);
    yaml_event(&y, &ev);
    yaml_emitter_flush(&y.em);
    if (!y.ok) *err = arena_strdup(arena, y.em.problem ? y.em.problem : "emitter error");
    yaml_emitter_delete(&y.em);
    map_free(&y.seen);
    return y.ok;
}
