/*
 * serialise.c - writing Puppet values as other languages' data: to_json,
 * to_json_pretty (Ruby's JSON generator), to_yaml (Psych's choices of
 * scalar style, which drive libyaml as Psych does; whether a plain scalar
 * would read back as a string is the YAML reader's own rule,
 * yml_reads_as_string), to_ruby and
 * to_python.  Puppet's types are Ruby objects to both generators (Psych
 * dumps their instance variables, the JSON generator their to_s), so a
 * user type alias is resolved (ev_alias_type) before any malloc'd buffer
 * exists, since loading it may end the compile.  Results live in
 * cc->arena; libyaml's emitter and Bufs are released before a possible
 * ev_fail().
 */
#include "compiler/fn/fnaux.h"
#include "compiler/regex.h"
#include "catalog/yaml.h"
#include "base/util.h"
#include "base/utf8.h"
#include "catalog/rubyval.h"
#include <yaml.h>
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

/* ---- to_json: Ruby's JSON generator ---- */

/* Appends s as a JSON string; 0 when s is not valid UTF-8. */
static int json_str(Buf *b, const char *s, size_t len)
{
    buf_addc(b, '"');
    for (size_t i = 0; i < len;) {
        unsigned char ch = (unsigned char)s[i];
        if (ch >= 0x80) {
            size_t n = ch >= 0xf0 && ch <= 0xf4 ? 4 : ch >= 0xe0 ? 3 : ch >= 0xc2 && ch <= 0xdf ? 2 : 0;
            if (!n || i + n > len) return 0;
            for (size_t k = 1; k < n; k++)
                if (((unsigned char)s[i + k] & 0xc0) != 0x80) return 0;
            buf_add(b, s + i, n);
            i += n;
            continue;
        }
        switch (ch) {
        case '"': buf_adds(b, "\\\""); break;
        case '\\': buf_adds(b, "\\\\"); break;
        case '\b': buf_adds(b, "\\b"); break;
        case '\f': buf_adds(b, "\\f"); break;
        case '\n': buf_adds(b, "\\n"); break;
        case '\r': buf_adds(b, "\\r"); break;
        case '\t': buf_adds(b, "\\t"); break;
        default:
            if (ch < 0x20) buf_printf(b, "\\u%04x", ch);
            else buf_addc(b, (char)ch);
        }
        i++;
    }
    buf_addc(b, '"');
    return 1;
}

/* The type aliases of modules (and site.pp) that a value mentions,
 * loaded and resolved before any malloc'd buffer exists, since loading a
 * file may end the compile.  Data and RichData are Puppet's own. */
typedef struct UserAlias {
    const char *name;            /* as written: "Mymod::Path" */
    Value *type;                 /* what it stands for */
    struct UserAlias *next;
} UserAlias;

static UserAlias *alias_find(UserAlias *l, const char *name)
{
    for (; l; l = l->next)
        if (!strcmp(l->name, name)) return l;
    return NULL;
}

static void alias_collect(CallCtx *cc, const Value *v, UserAlias **list)
{
    switch (v->kind) {
    case V_ARRAY:
        for (size_t i = 0; i < v->arr.n; i++) alias_collect(cc, v->arr.items[i], list);
        break;
    case V_HASH:
        for (size_t i = 0; i < v->hash.n; i++) alias_collect(cc, v->hash.keys[i], list), alias_collect(cc, v->hash.vals[i], list);
        break;
    case V_SENSITIVE: alias_collect(cc, v->sensitive, list); break;
    case V_TYPE: {
        for (size_t i = 0; i < v->type.n; i++) alias_collect(cc, v->type.params[i], list);
        if (v->type.n || alias_find(*list, v->type.name)) break;
        Value *type = ev_alias_type(cc, v->type.name);
        if (!type) break;
        UserAlias *u = ARENA_NEW(A, UserAlias);
        u->name = v->type.name;
        u->next = *list;
        *list = u;
        u->type = type;
        alias_collect(cc, u->type, list);
        break;
    }
    default: break;
    }
}

/* Object#to_s of what the generator meets besides JSON's own types. */
static void json_to_s(Buf *b, const Value *v)
{
    if (v->kind == V_TYPE) val_to_string(b, v);    /* TypeFormatter: Integer[1], Mymod::Path = Pattern[...] */
    else rv_to_s(b, v, RV_FN);
}

/* value.to_json; 0 on a string that is not UTF-8. */
static int json_gen(CallCtx *cc, Buf *b, const Value *v)
{
    switch (v->kind) {
    case V_UNDEF: buf_adds(b, "null"); return 1;
    case V_BOOL: buf_adds(b, v->b ? "true" : "false"); return 1;
    case V_INT: buf_printf(b, "%lld", (long long)v->i); return 1;
    case V_FLOAT: val_to_s(b, v); return 1;
    case V_STR: return json_str(b, v->str.s, v->str.len);
    case V_ARRAY:
        buf_addc(b, '[');
        for (size_t i = 0; i < v->arr.n; i++) {
            if (i) buf_addc(b, ',');
            if (!json_gen(cc, b, v->arr.items[i])) return 0;
        }
        buf_addc(b, ']');
        return 1;
    case V_HASH:
        buf_addc(b, '{');
        for (size_t i = 0; i < v->hash.n; i++) {
            if (i) buf_addc(b, ',');
            const Value *k = v->hash.keys[i];
            int ok;
            if (k->kind == V_STR) {
                ok = json_str(b, k->str.s, k->str.len);
            } else {         /* the generator takes a key's to_s */
                Buf t = BUF_INIT;
                json_to_s(&t, k);
                ok = json_str(b, buf_cstr(&t), t.len);
                buf_free(&t);
            }
            if (!ok) return 0;
            buf_addc(b, ':');
            if (!json_gen(cc, b, v->hash.vals[i])) return 0;
        }
        buf_addc(b, '}');
        return 1;
    default: {
        /* anything else is its to_s as a string: "default", "(?-mix:a)" */
        Buf t = BUF_INIT;
        json_to_s(&t, v);
        int ok = json_str(b, buf_cstr(&t), t.len);
        buf_free(&t);
        return ok;
    }
    }
}

/* to_json(data) */
Value *f_to_json(CallCtx *cc)
{
    ev_check_weight(cc, cc->args[0]);
    Buf b = BUF_INIT;
    UserAlias *al = NULL;
    alias_collect(cc, cc->args[0], &al);   /* loaded now: printing then loads no file */
    int ok = json_gen(cc, &b, cc->args[0]);
    Value *r = ok ? val_str(A, buf_cstr(&b), b.len) : NULL;
    buf_free(&b);
    if (!r) ev_fail(cc, "source sequence is illegal/malformed utf-8");
    return r;
}

/* ---- to_yaml: Psych's choices, emitted by libyaml ---- */

/* Does Ruby regex re match s? */
static int rx(const char *re, const char *s, size_t len)
{
    Regex *r = rx_get(re, NULL);
    int caps[2], ncap = 1;
    return r && rx_search(r, s, len, 0, caps, &ncap);
}

/* Psych registers every array and hash it visits: one met again becomes
 * an alias of the first, whose anchor is numbered in the order the repeats
 * are found. */
typedef struct YamlSeen { int anchor; int emitted; } YamlSeen;

typedef struct Yaml {
    CallCtx *cc;
    yaml_emitter_t em;
    Map seen;               /* array/hash/object Value* (its bytes) -> YamlSeen* */
    Map singletons;         /* unparameterized type name -> its Ruby object */
    Map made;               /* type/array/hash Value* (its bytes) -> it with Ruby objects */
    const char *bad;        /* why Psych could not dump the value, or NULL */
    UserAlias *aliases;     /* the type aliases the value mentions */
    int anchors;            /* anchors handed out */
    long line_width;        /* the line_width option, -1 when not given */
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
    Arena *a = y->cc->arena;
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

static Value *rb_inf(Yaml *y, int sign) { return val_float(y->cc->arena, sign * INFINITY); }

/* PIntegerType (or PFloatType with as_float) from a range's bounds, either
 * of which may be missing (NULL) or default: -inf and +inf. */
static Value *rb_range(Yaml *y, const char *cls, Value *from, Value *to, int as_float)
{
    Arena *a = y->cc->arena;
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
    if (!t) t = ruby_value(y, val_type(y->cc->arena, name, NULL, 0));
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
    Value **items = ARENA_NEWN(y->cc->arena, Value *, n ? n : 1);
    for (size_t i = 0; i < n; i++) items[i] = keys ? rb_key_type(y, p[i]) : ruby_value(y, p[i]);
    return val_array(y->cc->arena, items, n);
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
    Arena *a = y->cc->arena;
    const char *nm = t->type.name;
    Value **p = t->type.params;
    size_t n = t->type.n;
    Value *nil = VAL_UNDEF;
    if (!strcmp(nm, "Data") || !strcmp(nm, "RichData") || (!n && alias_find(y->aliases, nm))) {
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
    Arena *a = y->cc->arena;
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
    const Value **key = ARENA_NEW(y->cc->arena, const Value *);
    *key = v;
    map_put(&y->seen, (const char *)key, sizeof v, ARENA_NEW(y->cc->arena, YamlSeen));
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

static void yaml_scalar(Yaml *y, const char *tag, const char *s, size_t len, int plain, int quoted, yaml_scalar_style_t style)
{
    yaml_event_t ev;
    yaml_scalar_event_initialize(&ev, NULL, (yaml_char_t *)tag, (yaml_char_t *)s, (int)len, plain, quoted, style);
    yaml_event(y, &ev);
}

/* YAMLTree#visit_String: the style Psych asks for. */
static void yaml_string(Yaml *y, const char *s, size_t len)
{
    yaml_scalar_style_t style = YAML_PLAIN_SCALAR_STYLE;
    if (rx("\\n(?!\\Z)", s, len)) {
        style = YAML_LITERAL_SCALAR_STYLE;
    } else if (len == 2 && !memcmp(s, "<<", 2)) {
        yaml_scalar(y, "tag:yaml.org,2002:str", s, len, 0, 0, YAML_SINGLE_QUOTED_SCALAR_STYLE);
        return;
    } else if (len == 1 && (*s == 'y' || *s == 'n')) {
        style = YAML_DOUBLE_QUOTED_SCALAR_STYLE;
    } else if (y->line_width >= 0 && (long)utf8_len(s, len) > y->line_width) {
        style = YAML_FOLDED_SCALAR_STYLE;
    } else if (rx("^[^[:word:]][^\"]*$", s, len)) {
        style = YAML_DOUBLE_QUOTED_SCALAR_STYLE;
    } else if (!yml_reads_as_string(s, len) || rx("\\A0[0-7]*[89]", s, len)) {
        style = YAML_SINGLE_QUOTED_SCALAR_STYLE;
    }
    yaml_scalar(y, NULL, s, len, 1, 1, style);
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
    yaml_event_t ev;
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

/* to_yaml(data [, options]) - data.to_yaml(options): indentation,
 * line_width, canonical and header are Psych's options. */
Value *f_to_yaml(CallCtx *cc)
{
    Value *data = cc->args[0], *opts = cc->nargs > 1 ? cc->args[1] : NULL;
    if (opts && opts->kind != V_HASH)
        ev_fail(cc, "'to_yaml' parameter 'options' expects a Hash value, got %s", fn_got_type(cc, opts));
    Value *indent = opts ? val_hash_gets(opts, "indentation") : NULL;
    Value *width = opts ? val_hash_gets(opts, "line_width") : NULL;
    Value *canon = opts ? val_hash_gets(opts, "canonical") : NULL;
    Value *header = opts ? val_hash_gets(opts, "header") : NULL;
    Yaml y = {.cc = cc, .line_width = -1, .ok = 1};
    if (width && width->kind == V_INT && width->i >= 0) y.line_width = (long)width->i;
    alias_collect(cc, data, &y.aliases);
    map_init(&y.singletons);
    map_init(&y.made);
    Value *robjs = ruby_value(&y, data);
    map_free(&y.singletons);
    map_free(&y.made);
    if (!robjs) ev_fail(cc, "%s", y.bad);
    data = robjs;
    Buf out = BUF_INIT;
    map_init(&y.seen);
    yaml_scan(&y, data);
    yaml_emitter_initialize(&y.em);
    yaml_emitter_set_output(&y.em, yaml_write, &out);
    yaml_emitter_set_unicode(&y.em, 1);
    if (indent || width || canon) {
        /* Psych::Handler::DumperOptions: line_width 0, indentation 2 */
        yaml_emitter_set_indent(&y.em, indent && indent->kind == V_INT ? (int)indent->i : 2);
        yaml_emitter_set_width(&y.em, width && width->kind == V_INT ? (int)width->i : 0);
        yaml_emitter_set_canonical(&y.em, canon && canon->kind == V_BOOL && canon->b);
    }
    yaml_event_t ev;
    yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING);
    yaml_event(&y, &ev);
    yaml_version_directive_t v11 = {1, 1};
    yaml_document_start_event_initialize(&ev, header && val_truthy(header) ? &v11 : NULL, NULL, NULL, 0);
    yaml_event(&y, &ev);
    yaml_node(&y, data);
    yaml_document_end_event_initialize(&ev, 1);
    yaml_event(&y, &ev);
    yaml_stream_end_event_initialize(&ev);
    yaml_event(&y, &ev);
    yaml_emitter_flush(&y.em);
    const char *problem = y.ok ? NULL : arena_strdup(A, y.em.problem ? y.em.problem : "emitter error");
    yaml_emitter_delete(&y.em);
    map_free(&y.seen);
    Value *r = y.ok ? val_str(A, buf_cstr(&out), out.len) : NULL;
    buf_free(&out);
    if (!r) ev_fail(cc, "%s", problem);
    return r;
}

/* ---- to_json_pretty ---- */

typedef struct JsonPretty {
    const char *indent, *space, *space_before, *object_nl, *array_nl;
    int64_t max_nesting;        /* 0: no limit */
    int allow_nan;
    const char *err;            /* set when the generator raised */
} JsonPretty;

static void jp_indent(Buf *b, const JsonPretty *f, int depth)
{
    for (int i = 0; i < depth; i++) buf_adds(b, f->indent);
}

/* JSON.pretty_generate's State#generate (json 2.6): containers laid out
 * with the state's strings, scalars as to_json writes them. */
static int json_pretty(CallCtx *cc, Buf *b, const Value *v, JsonPretty *f, int depth)
{
    if (v->kind == V_FLOAT && !isfinite(v->f) && !f->allow_nan) {
        f->err = arena_printf(A, "1003: %s not allowed in JSON", isnan(v->f) ? "NaN" : v->f > 0 ? "Infinity" : "-Infinity");
        return 0;
    }
    if (v->kind == V_FLOAT && !isfinite(v->f)) {
        buf_adds(b, isnan(v->f) ? "NaN" : v->f > 0 ? "Infinity" : "-Infinity");
        return 1;
    }
    if (v->kind != V_ARRAY && v->kind != V_HASH) {
        if (!json_gen(cc, b, v)) return f->err = "source sequence is illegal/malformed utf-8", 0;
        return 1;
    }
    depth++;
    if (f->max_nesting && depth > f->max_nesting) {
        f->err = arena_printf(A, "nesting of %d is too deep", depth - 1);
        return 0;
    }
    if (v->kind == V_ARRAY) {
        buf_addc(b, '[');
        buf_adds(b, f->array_nl);
        for (size_t i = 0; i < v->arr.n; i++) {
            if (i) buf_addc(b, ','), buf_adds(b, f->array_nl);
            jp_indent(b, f, depth);
            if (!json_pretty(cc, b, v->arr.items[i], f, depth)) return 0;
        }
        buf_adds(b, f->array_nl);
        jp_indent(b, f, depth - 1);
        buf_addc(b, ']');
        return 1;
    }
    buf_addc(b, '{');
    for (size_t i = 0; i < v->hash.n; i++) {
        if (i) buf_addc(b, ',');
        buf_adds(b, f->object_nl);
        jp_indent(b, f, depth);
        const Value *k = v->hash.keys[i];
        Buf t = BUF_INIT;
        if (k->kind == V_STR) buf_add(&t, k->str.s, k->str.len);
        else json_to_s(&t, k);
        int ok = json_str(b, buf_cstr(&t), t.len);
        buf_free(&t);
        if (!ok) return f->err = "source sequence is illegal/malformed utf-8", 0;
        buf_adds(b, f->space_before);
        buf_addc(b, ':');
        buf_adds(b, f->space);
        if (!json_pretty(cc, b, v->hash.vals[i], f, depth)) return 0;
    }
    buf_adds(b, f->object_nl);
    jp_indent(b, f, depth - 1);
    buf_addc(b, '}');
    return 1;
}

/* to_json_pretty(data [, skip_undef [, opts]]) - JSON.pretty_generate
 * plus a newline; skip_undef drops undef values at the top level; opts
 * override the layout (indent, space, space_before, object_nl, array_nl,
 * allow_nan, max_nesting with -1 for no limit). */
Value *f_to_json_pretty(CallCtx *cc)
{
    static const char sig[] = "Variant[Hash, Array] data, Optional[Boolean] skip_undef?, Struct[{indent => Optional[String], "
                              "space => Optional[String], space_before => Optional[String], object_nl => Optional[String], "
                              "array_nl => Optional[String], allow_nan => Optional[Boolean], max_nesting => "
                              "Optional[Integer[-1, default]]}] opts?";
    fn_check_param(cc, "to_json_pretty", "data", "Variant[Hash, Array]", sig, 0);
    fn_check_param(cc, "to_json_pretty", "skip_undef", "Optional[Boolean]", sig, 1);
    fn_check_param(cc, "to_json_pretty", "opts",
                "Struct[{indent => Optional[String], space => Optional[String], space_before => Optional[String], "
                "object_nl => Optional[String], array_nl => Optional[String], allow_nan => Optional[Boolean], "
                "max_nesting => Optional[Integer[-1, default]]}]",
                sig, 2);
    Value *data = cc->args[0];
    JsonPretty f = {"  ", " ", "", "\n", "\n", 100, 0, NULL};
    if (cc->nargs > 2) {
        Value *o = cc->args[2];
        const char **strs[] = {&f.indent, &f.space, &f.space_before, &f.object_nl, &f.array_nl};
        static const char *const names[] = {"indent", "space", "space_before", "object_nl", "array_nl"};
        for (size_t i = 0; i < ARRAY_LEN(names); i++) {
            Value *s = val_hash_gets(o, names[i]);
            if (s && s->kind == V_STR) *strs[i] = s->str.s;
        }
        Value *an = val_hash_gets(o, "allow_nan"), *mn = val_hash_gets(o, "max_nesting");
        if (an && an->kind == V_BOOL) f.allow_nan = an->b;
        if (mn && mn->kind == V_INT) f.max_nesting = mn->i == -1 ? 0 : mn->i;
    }
    if (cc->nargs > 1 && cc->args[1]->kind == V_BOOL && cc->args[1]->b) {
        ValVec ks = VV_ARENA(A), vs = VV_ARENA(A);
        if (data->kind == V_ARRAY) {
            for (size_t i = 0; i < data->arr.n; i++)
                if (data->arr.items[i]->kind != V_UNDEF) val_vec_push(&ks, data->arr.items[i]);
            data = v3_array(cc, &ks);
            val_vec_free(&vs);
        } else {
            for (size_t i = 0; i < data->hash.n; i++)
                if (data->hash.vals[i]->kind != V_UNDEF) val_vec_push(&ks, data->hash.keys[i]), val_vec_push(&vs, data->hash.vals[i]);
            data = v3_hash_of(cc, &ks, &vs);
        }
    }
    UserAlias *al = NULL;
    alias_collect(cc, data, &al);
    Buf b = BUF_INIT;
    int ok = json_pretty(cc, &b, data, &f, 0);
    if (ok) buf_addc(&b, '\n');
    Value *r = ok ? val_str(A, buf_cstr(&b), b.len) : NULL;
    buf_free(&b);
    if (!r) ev_fail(cc, "%s", f.err);
    return r;
}

/* ---- to_ruby, to_python ---- */

/* The literal for v after Puppet's ToDataConverter (rich data): Ruby's
 * inspect of strings and numbers, nil/true/false (Python: None, True,
 * False), and {"__ptype" => ...} hashes for default, regexps, Sensitive
 * and hashes with keys other than strings.  0 for a data type (Puppet
 * writes its Pcore form, which is not reproduced). */
static int rich_literal(CallCtx *cc, Buf *b, const Value *v, int py)
{
    const char *arrow = py ? ": " : " => ";
    switch (v->kind) {
    case V_UNDEF: buf_adds(b, py ? "None" : "nil"); return 1;
    case V_BOOL: buf_adds(b, v->b ? (py ? "True" : "true") : (py ? "False" : "false")); return 1;
    case V_INT:
    case V_FLOAT:
    case V_STR: rv_inspect(b, v, RV_FN3); return 1;
    case V_DEFAULT: buf_printf(b, "{\"__ptype\"%s\"Default\"}", arrow); return 1;
    case V_REGEX:
        buf_printf(b, "{\"__ptype\"%s\"Regexp\", \"__pvalue\"%s", arrow, arrow);
        rv_inspect(b, val_cstr(A, v->regex.src), RV_FN3);
        buf_addc(b, '}');
        return 1;
    case V_SENSITIVE:
        buf_printf(b, "{\"__ptype\"%s\"Sensitive\", \"__pvalue\"%s", arrow, arrow);
        if (!rich_literal(cc, b, v->sensitive, py)) return 0;
        buf_addc(b, '}');
        return 1;
    case V_ARRAY:
        buf_addc(b, '[');
        for (size_t i = 0; i < v->arr.n; i++) {
            if (i) buf_adds(b, ", ");
            if (!rich_literal(cc, b, v->arr.items[i], py)) return 0;
        }
        buf_addc(b, ']');
        return 1;
    case V_HASH: {
        int plain = 1;
        for (size_t i = 0; i < v->hash.n; i++) plain &= v->hash.keys[i]->kind == V_STR;
        if (!plain) buf_printf(b, "{\"__ptype\"%s\"Hash\", \"__pvalue\"%s[", arrow, arrow);
        else buf_addc(b, '{');
        for (size_t i = 0; i < v->hash.n; i++) {
            if (i) buf_adds(b, ", ");
            if (!rich_literal(cc, b, v->hash.keys[i], py)) return 0;
            buf_adds(b, plain ? arrow : ", ");
            if (!rich_literal(cc, b, v->hash.vals[i], py)) return 0;
        }
        buf_adds(b, plain ? "}" : "]}");
        return 1;
    }
    default: return 0;
    }
}

static Value *to_literal(CallCtx *cc, const char *fn, int py)
{
    Buf b = BUF_INIT;
    int ok = rich_literal(cc, &b, cc->args[0], py);
    Value *r = ok ? val_str(A, buf_cstr(&b), b.len) : NULL;
    buf_free(&b);
    if (!r) ev_fail(cc, "%s(): a data type or resource reference in the value is not supported", fn);
    return r;
}

Value *f_to_ruby(CallCtx *cc) { return to_literal(cc, "to_ruby", 0); }
Value *f_to_python(CallCtx *cc) { return to_literal(cc, "to_python", 1); }

