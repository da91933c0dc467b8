/*
 * value.c - constructing, comparing and printing Puppet values; see value.h.
 * The string forms follow Puppet 7's String conversion: arrays as
 * "[a, b]", hashes as "{k => v}", undef as "", floats shortest-round-trip,
 * types as its TypeFormatter writes them (val_type_to_s, at the end).
 */
#include "catalog/value.h"
#include "catalog/uri.h"
#include "catalog/rubyval.h"
#include "base/util.h"
#include <ctype.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

Value val_undef_v = {.kind = V_UNDEF};
Value val_default_v = {.kind = V_DEFAULT};
Value val_true_v = {.kind = V_BOOL, .b = 1};
Value val_false_v = {.kind = V_BOOL, .b = 0};

Value *val_bool(int b) { return b ? VAL_TRUE : VAL_FALSE; }

/* A value takes only the room its kind uses: 24 bytes for strings,
 * numbers, arrays and the like, 32 for a type, the whole 40 for a hash (a
 * catalog is mostly values).  So a Value is never copied whole (*v = *w):
 * only its fields are read, through v->kind. */
static Value *new_val(Arena *a, ValueKind k)
{
    size_t n = k == V_HASH ? sizeof(Value)
               : k == V_TYPE ? offsetof(Value, type) + sizeof ((Value *)0)->type
               : offsetof(Value, str) + sizeof ((Value *)0)->str;
    Value *v = arena_alloc8(a, n);
    v->kind = k;
    return v;
}

Value *val_int(Arena *a, int64_t i)
{
    Value *v = new_val(a, V_INT);
    v->i = i;
    return v;
}

Value *val_float(Arena *a, double f)
{
    Value *v = new_val(a, V_FLOAT);
    v->f = f;
    return v;
}

Value *val_str_nocopy(Arena *a, const char *s, size_t len)
{
    Value *v = new_val(a, V_STR);
    v->str.s = s;
    v->str.len = len;
    return v;
}

Value *val_str(Arena *a, const char *s, size_t len) { return val_str_nocopy(a, arena_strndup(a, s, len), len); }
Value *val_cstr(Arena *a, const char *s) { return val_str(a, s, strlen(s)); }

Value *val_regex(Arena *a, const char *src)
{
    Value *v = new_val(a, V_REGEX);
    v->regex.src = arena_strdup(a, src);
    return v;
}

Value *val_array(Arena *a, Value **items, size_t n)
{
    Value *v = new_val(a, V_ARRAY);
    v->arr.items = n ? arena_memdup(a, items, n * sizeof *items) : NULL;
    v->arr.n = n;
    return v;
}

/* Hash keys are indexed by their string form plus kind once a hash grows
 * past a handful of entries, so lookups stay O(1) on large data. */
enum { HASH_INDEX_MIN = 8 };

static void key_text(Buf *b, const Value *k)
{
    buf_clear(b);
    buf_addc(b, (char)('a' + k->kind));
    if (VAL_IS_TIME(k)) buf_printf(b, "%p", (const void *)k);   /* by identity, as val_identical */
    else val_to_s(b, k);
}

Value *val_hash(Arena *a, Value **keys, Value **vals, size_t n)
{
    Value *v = new_val(a, V_HASH);
    v->hash.keys = n ? ARENA_NEWN(a, Value *, n) : NULL;
    v->hash.vals = n ? ARENA_NEWN(a, Value *, n) : NULL;
    size_t m = 0;
    if (n >= HASH_INDEX_MIN) {
        Map *idx = ARENA_NEW(a, Map);
        map_init(idx);
        Buf kb = BUF_INIT;
        for (size_t i = 0; i < n; i++) {
            key_text(&kb, keys[i]);
            MapEntry *e = map_find(idx, kb.s, kb.len);
            if (e) {
                v->hash.vals[(size_t)e->value - 1] = vals[i];
                continue;
            }
            char *k = arena_strndup(a, kb.s, kb.len);
            map_put(idx, k, kb.len, (void *)(m + 1));
            v->hash.keys[m] = keys[i];
            v->hash.vals[m++] = vals[i];
        }
        buf_free(&kb);
        /* The map's own arrays are malloc'd; copy them into the arena so the
         * value needs no destructor. */
        Map *copy = ARENA_NEW(a, Map);
        *copy = *idx;
        copy->entries = arena_memdup(a, idx->entries, idx->cap * sizeof *idx->entries);
        copy->slots = arena_memdup(a, idx->slots, idx->nslots * sizeof *idx->slots);
        map_free(idx);
        v->hash.index = copy;
    } else {
        for (size_t i = 0; i < n; i++) {
            size_t j;
            for (j = 0; j < m; j++)
                if (val_identical(v->hash.keys[j], keys[i])) break;
            if (j < m) {
                v->hash.vals[j] = vals[i];
                continue;
            }
            v->hash.keys[m] = keys[i];
            v->hash.vals[m++] = vals[i];
        }
    }
    v->hash.n = m;
    return v;
}

Value *val_map(Arena *a, Value *v, Value *(*fn)(Value *x, void *ctx), void *ctx)
{
    switch (v->kind) {
    case V_ARRAY: {
        Value **items = NULL;
        for (size_t i = 0; i < v->arr.n; i++) {
            Value *x = fn(v->arr.items[i], ctx);
            if (x != v->arr.items[i] && !items) {
                items = ARENA_NEWN(a, Value *, v->arr.n);
                memcpy(items, v->arr.items, v->arr.n * sizeof *items);
            }
            if (items) items[i] = x;
        }
        return items ? val_array(a, items, v->arr.n) : v;
    }
    case V_HASH: {
        Value **keys = NULL, **vals = NULL;
        for (size_t i = 0; i < v->hash.n; i++) {
            Value *k = fn(v->hash.keys[i], ctx), *x = fn(v->hash.vals[i], ctx);
            if ((k != v->hash.keys[i] || x != v->hash.vals[i]) && !keys) {
                keys = ARENA_NEWN(a, Value *, v->hash.n);
                vals = ARENA_NEWN(a, Value *, v->hash.n);
                memcpy(keys, v->hash.keys, v->hash.n * sizeof *keys);
                memcpy(vals, v->hash.vals, v->hash.n * sizeof *vals);
            }
            if (keys) keys[i] = k, vals[i] = x;
        }
        return keys ? val_hash(a, keys, vals, v->hash.n) : v;
    }
    default: return v;
    }
}

Value *val_type(Arena *a, const char *name, Value **params, size_t n)
{
    Value *v = new_val(a, V_TYPE);
    v->type.name = name;
    v->type.params = n ? arena_memdup(a, params, n * sizeof *params) : NULL;
    v->type.n = n;
    return v;
}

Value *val_binary(Arena *a, const char *bytes, size_t len)
{
    Value *v = new_val(a, V_BINARY);
    char *p = arena_alloc_bytes(a, len + 1);
    if (len) memcpy(p, bytes, len);
    p[len] = 0;
    v->str.s = p;
    v->str.len = len;
    return v;
}

Value *val_object(Arena *a, const char *type, Value *attrs)
{
    Value *v = new_val(a, V_OBJECT);
    v->obj.type = type;
    v->obj.attrs = attrs;
    return v;
}

void val_base64(Buf *b, const char *s, size_t len)
{
    static const char abc[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < len; i += 3) {
        uint32_t w = (uint32_t)u[i] << 16 | (i + 1 < len ? (uint32_t)u[i + 1] << 8 : 0) | (i + 2 < len ? u[i + 2] : 0);
        char q[4] = {abc[w >> 18 & 63], abc[w >> 12 & 63], i + 1 < len ? abc[w >> 6 & 63] : '=', i + 2 < len ? abc[w & 63] : '='};
        buf_add(b, q, 4);
    }
}

Value *val_sensitive(Arena *a, Value *inner)
{
    Value *v = new_val(a, V_SENSITIVE);
    v->sensitive = inner;
    return v;
}

Value *val_time(Arena *a, ValueKind kind, __int128 ns)
{
    Value *v = new_val(a, kind);
    __int128 sec = ns / 1000000000, rem = ns % 1000000000;
    if (rem < 0) rem += 1000000000, sec--;
    v->time.sec = (int64_t)sec;
    v->time.nsec = (int64_t)rem;
    return v;
}

__int128 val_time_ns(const Value *v) { return (__int128)v->time.sec * 1000000000 + v->time.nsec; }

/* The proleptic Gregorian date of a day count from 1970-01-01 (the
 * era-of-400-years method). */
void val_civil_date(int64_t days, int64_t *y, int *m, int *d)
{
    days += 719468;
    int64_t era = (days >= 0 ? days : days - 146096) / 146097;
    int64_t doe = days - era * 146097;                              /* [0, 146096] */
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);          /* [0, 365], from March 1st */
    int64_t mp = (5 * doy + 2) / 153;
    *d = (int)(doy - (153 * mp + 2) / 5 + 1);
    *m = (int)(mp < 10 ? mp + 3 : mp - 9);
    *y = yoe + era * 400 + (*m <= 2);
}

void val_time_to_s(Buf *b, const Value *v)
{
    if (v->kind == V_TIMESTAMP) {
        int64_t days = v->time.sec / 86400, secs = v->time.sec % 86400, y;
        if (secs < 0) secs += 86400, days--;
        int m, d;
        val_civil_date(days, &y, &m, &d);
        buf_printf(b, "%s%04lld-%02d-%02dT%02d:%02d:%02d.%09lld UTC", y < 0 ? "-" : "", (long long)(y < 0 ? -y : y), m, d,
                   (int)(secs / 3600), (int)(secs / 60 % 60), (int)(secs % 60), (long long)v->time.nsec);
        return;
    }
    __int128 ns = val_time_ns(v);
    if (ns < 0) buf_addc(b, '-'), ns = -ns;
    unsigned long long s = (unsigned long long)(ns / 1000000000), frac = (unsigned long long)(ns % 1000000000);
    while (frac && frac % 10 == 0) frac /= 10;         /* %-N drops trailing zeros */
    buf_printf(b, "%llu-%02llu:%02llu:%02llu.%llu", s / 86400, s / 3600 % 24, s / 60 % 60, s % 60, frac);
}

void val_vec_push(ValVec *vv, Value *v)
{
    if (vv->n == vv->cap) {
        size_t cap = vv->cap ? vv->cap * 2 : 8;
        if (vv->arena) {
            Value **nv = ARENA_NEWN(vv->arena, Value *, cap);
            if (vv->n) memcpy(nv, vv->v, vv->n * sizeof *nv);
            vv->v = nv;
        } else {
            vv->v = xrealloc(vv->v, cap * sizeof *vv->v);
        }
        vv->cap = cap;
    }
    vv->v[vv->n++] = v;
}

void val_vec_free(ValVec *vv)
{
    if (!vv->arena) free(vv->v);
    vv->v = NULL;
    vv->n = vv->cap = 0;
}

Value *val_vec_to_array(Arena *a, ValVec *vv) { return val_array(a, vv->v, vv->n); }

int val_hash_find(const Value *h, const Value *key)
{
    if (h->kind != V_HASH) return -1;
    if (h->hash.index) {
        Buf kb = BUF_INIT;
        key_text(&kb, key);
        void *slot = map_get(h->hash.index, kb.s, kb.len);
        buf_free(&kb);
        return slot ? (int)((size_t)slot - 1) : -1;
    }
    for (size_t i = 0; i < h->hash.n; i++)
        if (val_identical(h->hash.keys[i], key)) return (int)i;
    return -1;
}

Value *val_hash_get(const Value *h, const Value *key)
{
    int i = val_hash_find(h, key);
    return i < 0 ? NULL : h->hash.vals[i];
}

Value *val_hash_gets(const Value *h, const char *key)
{
    Value k = {.kind = V_STR};
    k.str.s = key;
    k.str.len = strlen(key);
    return val_hash_get(h, &k);
}

int val_truthy(const Value *v) { return !(v->kind == V_UNDEF || (v->kind == V_BOOL && !v->b)); }

static int is_num(const Value *v) { return v->kind == V_INT || v->kind == V_FLOAT; }
static double num(const Value *v) { return v->kind == V_INT ? (double)v->i : v->f; }

static int equal(const Value *a, const Value *b, int fold)
{
    /* Puppet's time values are Numerics: a Timespan == 1 compares its
     * whole seconds (Ruby's to_int floors), == 1.5 its seconds as a Float */
    if (VAL_IS_TIME(a) && is_num(b)) { const Value *t = a; a = b; b = t; }
    if (is_num(a) && VAL_IS_TIME(b)) {
        if (a->kind == V_INT) return b->time.sec == a->i;
        return (double)val_time_ns(b) / 1e9 == a->f;
    }
    if (is_num(a) && is_num(b)) {
        if (a->kind == V_INT && b->kind == V_INT) return a->i == b->i;
        return num(a) == num(b);
    }
    if (a->kind != b->kind) return 0;
    switch (a->kind) {
    case V_UNDEF: case V_DEFAULT: return 1;
    case V_BOOL: return a->b == b->b;
    case V_STR:
        if (a->str.len != b->str.len) return 0;
        return fold ? strncasecmp(a->str.s, b->str.s, a->str.len) == 0
                    : memcmp(a->str.s, b->str.s, a->str.len) == 0;
    case V_ARRAY:
        if (a->arr.n != b->arr.n) return 0;
        for (size_t i = 0; i < a->arr.n; i++)
            if (!equal(a->arr.items[i], b->arr.items[i], fold)) return 0;
        return 1;
    case V_HASH:
        if (a->hash.n != b->hash.n) return 0;
        for (size_t i = 0; i < a->hash.n; i++) {
            Value *o = val_hash_get(b, a->hash.keys[i]);
            if (!o || !equal(a->hash.vals[i], o, fold)) return 0;
        }
        return 1;
    case V_REGEX: return strcmp(a->regex.src, b->regex.src) == 0;
    case V_TYPE:
        if (strcasecmp(a->type.name, b->type.name) != 0 || a->type.n != b->type.n) return 0;
        for (size_t i = 0; i < a->type.n; i++)
            if (!equal(a->type.params[i], b->type.params[i], 0)) return 0;
        return 1;
    case V_SENSITIVE: return a == b;
    case V_TIMESTAMP: case V_TIMESPAN: return a->time.sec == b->time.sec && a->time.nsec == b->time.nsec;
    case V_BINARY: return a->str.len == b->str.len && memcmp(a->str.s, b->str.s, a->str.len) == 0;
    case V_OBJECT:
        if (strcmp(a->obj.type, b->obj.type)) return 0;
        return !strcmp(a->obj.type, "URI") ? uri_equal(a, b) : equal(a->obj.attrs, b->obj.attrs, 0);
    case V_SEMVER: case V_SEMVERRANGE: return strcmp(a->sv.inspect, b->sv.inspect) == 0;   /* eql? */
    case V_INT: case V_FLOAT: break;
    }
    return 0;
}

int val_equal(const Value *a, const Value *b) { return equal(a, b, 1); }
/* Time values are Ruby objects without eql?: as hash keys and for unique()
 * only the same value is identical, as in Puppet. */
int val_identical(const Value *a, const Value *b)
{
    if (VAL_IS_TIME(a)) return a == b;
    return a->kind == b->kind && equal(a, b, 0);
}

static const ValTypeHooks *type_hooks;

void val_set_type_hooks(const ValTypeHooks *h) { type_hooks = h; }

void val_put_container(Buf *b, const Value *v, const char *arrow, ValPutFn *put, void *ctx)
{
    if (v->kind == V_ARRAY) {
        buf_addc(b, '[');
        for (size_t i = 0; i < v->arr.n; i++) {
            if (i) buf_adds(b, ", ");
            put(b, v->arr.items[i], ctx);
        }
        buf_addc(b, ']');
        return;
    }
    buf_addc(b, '{');
    for (size_t i = 0; i < v->hash.n; i++) {
        if (i) buf_adds(b, ", ");
        put(b, v->hash.keys[i], ctx);
        buf_adds(b, arrow);
        put(b, v->hash.vals[i], ctx);
    }
    buf_addc(b, '}');
}

/* A value as StringConverter's %p writes it inside an object's
 * initialisation hash: strings quoted, undef as undef. */
static void to_p(Buf *b, const Value *v, void *unused)
{
    switch (v->kind) {
    case V_UNDEF: buf_adds(b, "undef"); return;
    case V_STR: val_puppet_quote(b, v->str.s, v->str.len, 0); return;
    case V_ARRAY: case V_HASH: val_put_container(b, v, " => ", to_p, NULL); return;
    case V_TYPE: val_type_to_s(b, v, type_hooks, 0); return;
    default: val_to_string(b, v); return;
    }
}

static void to_s(Buf *b, const Value *v, int quote_refs);
static void to_s_put(Buf *b, const Value *v, void *quote_refs) { to_s(b, v, *(int *)quote_refs); }

static void to_s(Buf *b, const Value *v, int quote_refs)
{
    /* quote_refs: a resource reference as a type prints it (File['/x'],
     * Class[foo]), not as the catalog writes it (File[/x], Class[Foo]) */
    switch (v->kind) {
    case V_UNDEF: break;                  /* Puppet 7 prints nothing, nested or not */
    case V_DEFAULT: buf_adds(b, "default"); break;
    case V_BOOL: buf_adds(b, v->b ? "true" : "false"); break;
    case V_INT: buf_printf(b, "%lld", (long long)v->i); break;
    case V_FLOAT: rv_float_to_s(b, v->f); break;
    case V_STR: buf_add(b, v->str.s, v->str.len); break;
    case V_ARRAY: case V_HASH: val_put_container(b, v, " => ", to_s_put, &quote_refs); break;
    case V_REGEX:
        buf_addc(b, '/');
        buf_adds(b, v->regex.src);
        buf_addc(b, '/');
        break;
    case V_TYPE:
        if (val_is_resref(v) && !quote_refs) {   /* the catalog's form: File[/x], Class[Foo] */
            buf_adds(b, v->type.name);
            buf_addc(b, '[');
            buf_add(b, v->type.params[0]->str.s, v->type.params[0]->str.len);
            buf_addc(b, ']');
        } else {
            /* a type alias as a value prints what it stands for (its to_s) */
            val_type_to_s(b, v, type_hooks, v->type.n == 0);
        }
        break;
    case V_SENSITIVE: buf_adds(b, "Sensitive [value redacted]"); break;
    case V_TIMESTAMP: case V_TIMESPAN: val_time_to_s(b, v); break;
    case V_BINARY: val_base64(b, v->str.s, v->str.len); break;       /* Base64.strict_encode64 */
    case V_SEMVER: case V_SEMVERRANGE: buf_adds(b, v->sv.text); break;
    case V_OBJECT:                        /* Error({'msg' => 'boom'}); a URI as its text */
        if (!strcmp(v->obj.type, "URI")) {
            uri_to_s(b, v);
            break;
        }
        buf_adds(b, v->obj.type);
        buf_addc(b, '(');
        to_p(b, v->obj.attrs, NULL);
        buf_addc(b, ')');
        break;
    }
}

void val_to_s(Buf *b, const Value *v) { to_s(b, v, 0); }
void val_to_string(Buf *b, const Value *v) { to_s(b, v, 1); }

const char *val_to_cstr(Arena *a, const Value *v)
{
    if (v->kind == V_STR) return v->str.s;
    Buf b = BUF_INIT;
    val_to_s(&b, v);
    const char *s = arena_strndup(a, buf_cstr(&b), b.len);
    buf_free(&b);
    return s;
}

int val_has_sensitive(const Value *v)
{
    if (!v) return 0;
    switch (v->kind) {
    case V_SENSITIVE: return 1;
    case V_ARRAY:
        for (size_t i = 0; i < v->arr.n; i++)
            if (val_has_sensitive(v->arr.items[i])) return 1;
        return 0;
    case V_HASH:
        for (size_t i = 0; i < v->hash.n; i++)
            if (val_has_sensitive(v->hash.vals[i])) return 1;
        return 0;
    default: return 0;
    }
}

const char *val_type_name(const Value *v)
{
    switch (v->kind) {
    case V_UNDEF: return "Undef";
    case V_DEFAULT: return "Default";
    case V_BOOL: return "Boolean";
    case V_INT: return "Integer";
    case V_FLOAT: return "Float";
    case V_STR: return "String";
    case V_ARRAY: return "Array";
    case V_HASH: return "Hash";
    case V_REGEX: return "Regexp";
    case V_TYPE: return "Type";
    case V_SENSITIVE: return "Sensitive";
    case V_TIMESTAMP: return "Timestamp";
    case V_TIMESPAN: return "Timespan";
    case V_BINARY: return "Binary";
    case V_SEMVER: return "Semver";            /* as Puppet's operator messages name it */
    case V_SEMVERRANGE: return "SemVerRange";
    case V_OBJECT: return v->obj.type;
    }
    return "Any";
}

/* Data type names that are never resource types, sorted for bsearch. */
static const char *const data_types[] = {
    "Annotation", "Any", "Array", "Binary", "Boolean", "Callable", "CatalogEntry", "Collection", "Data",
    "Default", "Deferred", "Enum", "Error", "Float", "Hash", "Init", "Integer", "Iterable",
    "Iterator", "NotUndef", "Numeric", "Object", "Optional", "Pattern", "Pcore", "Regexp", "Resource",
    "RichData", "RichDataKey", "Runtime", "Scalar", "ScalarData", "SemVer", "SemVerRange", "Sensitive",
    "String", "Struct", "Timespan", "Timestamp", "Tuple", "Type", "TypeAlias", "TypeReference", "TypeSet",
    "URI", "Undef", "Variant",
};

static int cmp_name(const void *k, const void *e) { return strcmp(k, *(const char *const *)e); }

int val_is_data_type_name(const char *name)
{
    return bsearch(name, data_types, ARRAY_LEN(data_types), sizeof data_types[0], cmp_name) != NULL;
}

int val_is_resref(const Value *v)
{
    if (v->kind != V_TYPE || v->type.n != 1 || v->type.params[0]->kind != V_STR) return 0;
    return !val_is_data_type_name(v->type.name);
}

/* ---- Types as Puppet's TypeFormatter prints them ----
 *
 * A type prints the way Puppet 7 writes it in interpolation, in the
 * catalog and in messages: the form its value takes once Puppet has
 * built it, so Integer[1, default] is Integer[1], Float[1] Float[1.0],
 * String[default, 3] String[0, 3], Enum[b, a] Enum['a', 'b'] (values
 * sorted and unique), Variant[String, String] String, Array[Any] Array,
 * Struct keys quoted and marked Optional or NotUndef only where the value
 * type does not say so already.  The printer needs no compiler: what only
 * the compiler knows (what a type alias stands for, whether it takes
 * undef) comes through ValTypeHooks. */

/* Puppet's built-in aliases, spelled as Puppet spells them whatever the
 * case they were written in. */
static const char *builtin_alias_name(const char *n)
{
    static const char *const names[] = {"Data", "RichData", "RichDataKey", "Puppet::LookupKey", "Puppet::LookupValue"};
    for (size_t i = 0; i < ARRAY_LEN(names); i++)
        if (!strcasecmp(n, names[i])) return names[i];
    return NULL;
}

/* Unparameterised types whose to_s is their Pcore definition. */
static const char *pcore_form(const char *n)
{
    if (!strcmp(n, "Object")) return "Object[{}]";
    if (!strcmp(n, "TypeSet"))
        return "TypeSet[{pcore_uri => 'http://puppet.com/2016.1/pcore', pcore_version => '1.0.0', "
               "name_authority => 'http://puppet.com/2016.1/runtime', name => 'DefaultTypeSet', version => '0.0.0'}]";
    if (!strcmp(n, "Error"))
        return "Object[{name => 'Error', type_parameters => {'kind' => Variant[String, Regexp, Type[Enum], Type[Pattern], "
               "Type[NotUndef], Type[Undef]], 'issue_code' => Variant[String, Regexp, Type[Enum], Type[Pattern], "
               "Type[NotUndef], Type[Undef]]}, attributes => {'msg' => String[1], 'kind' => {type => Optional[String[1]], "
               "value => undef}, 'details' => {type => Optional[Hash[String[1], Data]], value => undef}, 'issue_code' => "
               "{type => Optional[String[1]], value => undef}}, functions => {'message' => Callable[[0, 0], String[1]]}}]";
    if (!strcmp(n, "Deferred"))
        return "Object[{name => 'Deferred', attributes => {'name' => Pattern[/\\A[$]?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*\\z/], "
               "'arguments' => {type => Optional[Array], value => undef}}}]";
    return NULL;
}

static int tf_named(const Value *t, const char *n) { return t->kind == V_TYPE && !strcmp(t->type.name, n); }

static int tf_int_param(const Value *t, size_t i, int64_t dflt, int64_t *out)
{
    *out = dflt;
    if (i >= t->type.n) return 0;
    const Value *p = t->type.params[i];
    if (p->kind == V_INT) *out = p->i;
    else if (p->kind == V_FLOAT) *out = (int64_t)p->f;
    else return 0;
    return 1;
}

/* Does t accept undef (Puppet: t.assignable?(Undef)), for Struct keys. */
static int tf_accepts_undef(const Value *t, const ValTypeHooks *h)
{
    if (t->kind != V_TYPE) return 0;
    const char *n = t->type.name;
    if (!strcmp(n, "Any") || !strcmp(n, "Undef") || !strcmp(n, "Optional")) return 1;
    if (!strcmp(n, "Variant")) {
        for (size_t i = 0; i < t->type.n; i++)
            if (tf_accepts_undef(t->type.params[i], h)) return 1;
        return 0;
    }
    const char *b = t->type.n ? NULL : builtin_alias_name(n);
    if (b) return !strcmp(b, "Data") || !strcmp(b, "RichData") || !strcmp(b, "Puppet::LookupValue");
    if (t->type.n || val_is_data_type_name(n) || !h || !h->accepts_undef) return 0;
    return h->accepts_undef(h->ctx, t);
}

/* StringConverter#puppet_double_quote. */
static void puppet_double_quote(Buf *b, const char *s, size_t len)
{
    buf_addc(b, '"');
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)s[i];
        switch (ch) {
        case '\t': buf_adds(b, "\\t"); break;
        case '\n': buf_adds(b, "\\n"); break;
        case '\r': buf_adds(b, "\\r"); break;
        case '"': buf_adds(b, "\\\""); break;
        case '$': buf_adds(b, "\\$"); break;
        case '\\': buf_adds(b, "\\\\"); break;
        default:
            if (ch < 0x20) buf_printf(b, "\\u{%X}", ch);
            else buf_addc(b, (char)ch);
        }
    }
    buf_addc(b, '"');
}

void val_puppet_quote(Buf *b, const char *s, size_t len, int force_double)
{
    if (!force_double)
        for (size_t i = 0; i < len; i++)
            if ((unsigned char)s[i] < 0x20) force_double = 1;
    if (force_double) {
        puppet_double_quote(b, s, len);
        return;
    }
    buf_addc(b, '\'');
    int escaped = 0;
    for (size_t i = 0; i < len; i++) {
        char ch = s[i];
        if (escaped) buf_addc(b, '\\'), buf_addc(b, ch), escaped = 0;
        else if (ch == '\'') buf_addc(b, '\\'), buf_addc(b, ch);
        else if (ch == '\\') escaped = 1;
        else buf_addc(b, ch);
    }
    if (escaped) buf_addc(b, '\\');
    buf_addc(b, '\'');
}

/* A string in a type (TypeFormatter#string_String quotes as puppet_quote). */
static void tf_quoted(Buf *b, const char *s, size_t len) { val_puppet_quote(b, s, len, 0); }

/* TypeFormatter#range_array_part of a size range at params[first]: an open
 * lower end is 0, an open upper end is left out; nothing when unbounded. */
static void tf_size(Buf *b, const Value *t, size_t first, int comma)
{
    int64_t lo, hi;
    int has_lo = tf_int_param(t, first, 0, &lo), has_hi = tf_int_param(t, first + 1, INT64_MAX, &hi);
    if (first >= t->type.n || (!has_lo && !has_hi)) return;
    buf_printf(b, "%s%lld", comma ? ", " : "", (long long)(lo < 0 ? 0 : lo));
    if (has_hi) buf_printf(b, ", %lld", (long long)hi);
}

/* One bound of an Integer or Float: 0 when open (default). */
static int tf_bound(Buf *b, const Value *t, size_t i, int as_float)
{
    if (i >= t->type.n) return 0;
    const Value *p = t->type.params[i];
    if (p->kind == V_INT) {
        if (as_float) rv_float_to_s(b, (double)p->i);
        else buf_printf(b, "%lld", (long long)p->i);
        return 1;
    }
    if (p->kind == V_FLOAT) {
        if (as_float) rv_float_to_s(b, p->f);
        else buf_printf(b, "%lld", (long long)p->f);
        return 1;
    }
    return 0;
}

/* Ruby's String#<=> (bytewise). */
static int tf_strcmp(const Value *a, const Value *b)
{
    size_t n = a->str.len < b->str.len ? a->str.len : b->str.len;
    int r = memcmp(a->str.s, b->str.s, n);
    if (r) return r;
    return a->str.len < b->str.len ? -1 : a->str.len > b->str.len;
}

/* The i-th member of a Variant's parameters flattened one level
 * (PVariantType.flatten_variants), NULL past the end. */
static const Value *tf_member(const Value *t, size_t i)
{
    for (size_t k = 0; k < t->type.n; k++) {
        const Value *p = t->type.params[k];
        if (tf_named(p, "Variant") && p->type.n) {
            if (i < p->type.n) return p->type.params[i];
            i -= p->type.n;
        } else if (i-- == 0) {
            return p;
        }
    }
    return NULL;
}

static int tf_member_seen(const Value *t, size_t i)
{
    const Value *m = tf_member(t, i);
    for (size_t j = 0; j < i; j++)
        if (val_identical(tf_member(t, j), m)) return 1;
    return 0;
}

static void tf_params(Buf *b, const Value *t, size_t from, size_t to, const ValTypeHooks *h, int expand)
{
    for (size_t i = from; i < to; i++) {
        if (i > from) buf_adds(b, ", ");
        val_type_to_s(b, t->type.params[i], h, expand);
    }
}

void val_type_to_s(Buf *b, const Value *v, const ValTypeHooks *h, int expand)
{
    switch (v->kind) {
    case V_STR: tf_quoted(b, v->str.s, v->str.len); return;
    case V_REGEX: buf_addc(b, '/'), buf_adds(b, v->regex.src), buf_addc(b, '/'); return;
    case V_ARRAY:
        buf_addc(b, '[');
        for (size_t i = 0; i < v->arr.n; i++) {
            if (i) buf_adds(b, ", ");
            val_type_to_s(b, v->arr.items[i], h, expand);
        }
        buf_addc(b, ']');
        return;
    case V_HASH:
        buf_addc(b, '{');
        for (size_t i = 0; i < v->hash.n; i++) {
            if (i) buf_adds(b, ", ");
            val_type_to_s(b, v->hash.keys[i], h, expand);
            buf_adds(b, " => ");
            val_type_to_s(b, v->hash.vals[i], h, expand);
        }
        buf_addc(b, '}');
        return;
    case V_TIMESTAMP: case V_TIMESPAN: {
        Buf t = BUF_INIT;
        val_time_to_s(&t, v);
        tf_quoted(b, t.s, t.len);
        buf_free(&t);
        return;
    }
    case V_TYPE: break;
    case V_UNDEF: buf_adds(b, "undef"); return;      /* Error[undef, undef] */
    default: val_to_s(b, v); return;
    }
    const char *n = v->type.name;
    size_t np = v->type.n;
    const Value *p0 = np ? v->type.params[0] : NULL;
    if ((!strcmp(n, "Timestamp") || !strcmp(n, "Timespan")) && np) {
        /* Timespan['0-00:00:01.0', '0-00:00:02.0']: the range's ends, an
         * open end as default, the upper left out when open or equal */
        const Value *p1 = np > 1 ? v->type.params[1] : VAL_DEFAULT;
        int lo = VAL_IS_TIME(p0), hi = VAL_IS_TIME(p1) && !(lo && val_time_ns(p0) == val_time_ns(p1));
        if (!lo && !VAL_IS_TIME(p1)) {
            buf_adds(b, n);
            return;
        }
        buf_printf(b, "%s[", n);
        val_type_to_s(b, p0, h, expand);
        if (hi) buf_adds(b, ", "), val_type_to_s(b, p1, h, expand);
        buf_addc(b, ']');
        return;
    }
    if (val_is_resref(v)) {
        if (!strcmp(n, "Class")) {   /* Class[foo::bar]: the class name as Puppet keeps it */
            buf_adds(b, "Class[");
            for (const char *p = p0->str.s; *p; p++) buf_addc(b, (char)tolower((unsigned char)*p));
            buf_addc(b, ']');
            return;
        }
        buf_adds(b, n);
        buf_addc(b, '[');
        tf_quoted(b, p0->str.s, p0->str.len);
        buf_addc(b, ']');
        return;
    }
    if (!np) {
        const char *special = builtin_alias_name(n);
        if (special) { buf_adds(b, special); return; }
        if ((special = pcore_form(n))) { buf_adds(b, special); return; }
        if (!val_is_data_type_name(n) && h && h->alias && h->alias(h->ctx, b, v, expand)) return;
        buf_adds(b, n);
        return;
    }
    if (!strcmp(n, "Integer") || !strcmp(n, "Float")) {
        int as_float = n[0] == 'F';
        Buf lo = BUF_INIT, hi = BUF_INIT;
        int has_lo = tf_bound(&lo, v, 0, as_float), has_hi = tf_bound(&hi, v, 1, as_float);
        buf_adds(b, n);
        if (has_lo || has_hi) {
            buf_addc(b, '[');
            buf_adds(b, has_lo ? buf_cstr(&lo) : "default");
            if (has_hi) buf_adds(b, ", "), buf_adds(b, buf_cstr(&hi));
            buf_addc(b, ']');
        }
        buf_free(&lo);
        buf_free(&hi);
        return;
    }
    if ((!strcmp(n, "String") && p0->kind != V_STR) || !strcmp(n, "Collection")) {
        int64_t x;
        buf_adds(b, n);
        if (!tf_int_param(v, 0, 0, &x) && !tf_int_param(v, 1, 0, &x)) return;   /* unbounded */
        buf_addc(b, '[');
        tf_size(b, v, 0, 0);
        buf_addc(b, ']');
        return;
    }
    if (!strcmp(n, "Regexp") && np == 1 && p0->kind == V_STR) {
        buf_adds(b, "Regexp[/"), buf_add(b, p0->str.s, p0->str.len), buf_adds(b, "/]");
        return;
    }
    if (!strcmp(n, "Array") || !strcmp(n, "Hash") || !strcmp(n, "Tuple")) {
        size_t nt = 0;
        while (nt < np && v->type.params[nt]->kind == V_TYPE) nt++;
        int64_t lo, hi;
        int has_lo = tf_int_param(v, nt, 0, &lo), has_hi = tf_int_param(v, nt + 1, INT64_MAX, &hi);
        if (n[0] != 'T' && nt < np && has_hi && hi == 0 && lo <= 0) {   /* has_empty_range? */
            buf_printf(b, "%s[0, 0]", n);
            return;
        }
        int all_any = nt > 0;
        for (size_t i = 0; i < nt; i++) all_any &= tf_named(v->type.params[i], "Any") && !v->type.params[i]->type.n;
        if (n[0] != 'T' && all_any && nt == (size_t)(n[0] == 'A' ? 1 : 2) && !has_lo && !has_hi) {   /* the default */
            buf_adds(b, n);
            return;
        }
        buf_adds(b, n), buf_addc(b, '[');
        tf_params(b, v, 0, nt, h, expand);
        tf_size(b, v, nt, nt > 0);
        buf_addc(b, ']');
        return;
    }
    if (!strcmp(n, "Runtime") && p0->kind == V_STR) {   /* the runtime is a Symbol there: Runtime[ruby, 'X'] */
        buf_adds(b, "Runtime["), buf_add(b, p0->str.s, p0->str.len);
        for (size_t i = 1; i < np; i++) buf_adds(b, ", "), val_type_to_s(b, v->type.params[i], h, expand);
        buf_addc(b, ']');
        return;
    }
    if ((!strcmp(n, "Sensitive") || !strcmp(n, "NotUndef")) && np == 1 && tf_named(p0, "Any") && !p0->type.n) {
        buf_adds(b, n);
        return;
    }
    if (!strcmp(n, "Variant")) {
        size_t k = 0, last = 0;
        for (size_t i = 0; tf_member(v, i); i++)
            if (!tf_member_seen(v, i)) k++, last = i;
        if (k == 1) { val_type_to_s(b, tf_member(v, last), h, expand); return; }
        buf_adds(b, "Variant[");
        int first = 1;
        for (size_t i = 0; tf_member(v, i); i++) {
            if (tf_member_seen(v, i)) continue;
            if (!first) buf_adds(b, ", ");
            first = 0;
            val_type_to_s(b, tf_member(v, i), h, expand);
        }
        buf_addc(b, ']');
        return;
    }
    if (!strcmp(n, "Struct") && np == 1 && p0->kind == V_HASH) {
        if (!p0->hash.n) { buf_adds(b, n); return; }
        buf_adds(b, "Struct[{");
        for (size_t i = 0; i < p0->hash.n; i++) {
            const Value *k = p0->hash.keys[i], *val = p0->hash.vals[i];
            int value_optional = tf_accepts_undef(val, h);
            if (i) buf_adds(b, ", ");
            /* struct_element_pair: a key the value type already makes
             * optional (or required) prints as the plain name */
            if (tf_named(k, "Optional") && k->type.n == 1 && value_optional) k = k->type.params[0];
            else if (tf_named(k, "NotUndef") && k->type.n == 1 && !value_optional) k = k->type.params[0];
            val_type_to_s(b, k, h, expand);
            buf_adds(b, " => ");
            val_type_to_s(b, val, h, expand);
        }
        buf_adds(b, "}]");
        return;
    }
    if (!strcmp(n, "Enum")) {   /* PEnumType keeps its values unique and sorted */
        size_t nv = np;
        int ci = 0;
        if (nv && v->type.params[nv - 1]->kind == V_BOOL) ci = v->type.params[--nv]->b;
        buf_adds(b, "Enum[");
        const Value *prev = NULL;
        int first = 1;
        for (;;) {   /* the next larger value each time: no scratch memory */
            const Value *best = NULL;
            for (size_t i = 0; i < nv; i++) {
                const Value *p = v->type.params[i];
                size_t m = p->kind == V_ARRAY ? p->arr.n : 1;
                for (size_t j = 0; j < m; j++) {
                    const Value *x = p->kind == V_ARRAY ? p->arr.items[j] : p;
                    if (x->kind != V_STR || (prev && tf_strcmp(x, prev) <= 0)) continue;
                    if (!best || tf_strcmp(x, best) < 0) best = x;
                }
            }
            if (!best) break;
            if (!first) buf_adds(b, ", ");
            first = 0;
            tf_quoted(b, best->str.s, best->str.len);
            prev = best;
        }
        buf_adds(b, ci ? ", true]" : "]");
        return;
    }
    if (!strcmp(n, "Pattern")) {
        buf_adds(b, "Pattern[");
        for (size_t i = 0; i < np; i++) {
            const Value *p = v->type.params[i];
            if (i) buf_adds(b, ", ");
            if (p->kind == V_STR) buf_addc(b, '/'), buf_add(b, p->str.s, p->str.len), buf_addc(b, '/');
            else val_type_to_s(b, p, h, expand);
        }
        buf_addc(b, ']');
        return;
    }
    buf_adds(b, n), buf_addc(b, '[');
    tf_params(b, v, 0, np, h, expand);
    buf_addc(b, ']');
}
