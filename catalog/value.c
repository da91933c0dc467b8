/*
 * value.c - constructing, comparing and printing Puppet values; see value.h.
 * The string forms follow Puppet 7's String conversion: arrays as
 * "[a, b]", hashes as "{k => v}", undef as "", floats shortest-round-trip.
 */
#include "catalog/value.h"
#include "base/util.h"
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

Value val_undef_v = {.kind = V_UNDEF};
Value val_default_v = {.kind = V_DEFAULT};
Value val_true_v = {.kind = V_BOOL, .b = 1};
Value val_false_v = {.kind = V_BOOL, .b = 0};

Value *val_bool(int b) { return b ? VAL_TRUE : VAL_FALSE; }

static Value *new_val(Arena *a, ValueKind k)
{
    Value *v = ARENA_NEW(a, Value);
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
    val_to_s(b, k);
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

Value *val_type(Arena *a, const char *name, Value **params, size_t n)
{
    Value *v = new_val(a, V_TYPE);
    v->type.name = name;
    v->type.params = n ? arena_memdup(a, params, n * sizeof *params) : NULL;
    v->type.n = n;
    return v;
}

Value *val_sensitive(Arena *a, Value *inner)
{
    Value *v = new_val(a, V_SENSITIVE);
    v->sensitive = inner;
    return v;
}

void vv_push(ValVec *vv, Value *v)
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

void vv_free(ValVec *vv)
{
    if (!vv->arena) free(vv->v);
    vv->v = NULL;
    vv->n = vv->cap = 0;
}

Value *vv_to_array(Arena *a, ValVec *vv) { return val_array(a, vv->v, vv->n); }

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
    case V_INT: case V_FLOAT: break;
    }
    return 0;
}

int val_equal(const Value *a, const Value *b) { return equal(a, b, 1); }
int val_identical(const Value *a, const Value *b) { return a->kind == b->kind && equal(a, b, 0); }

/* Ruby's Float#to_s (Puppet prints floats with it): the shortest digits
 * that read back to the same double, in fixed notation with at least ".0"
 * unless the decimal point would sit before the fourth place after it
 * (1.5e-05) or beyond the sixteenth digit (1.0e+15, 9.999999999999998e+15;
 * but 1234567890123456.8, which needs all seventeen digits). */
static void float_to_s(Buf *b, double f)
{
    if (isnan(f)) {
        buf_adds(b, "NaN");
        return;
    }
    if (isinf(f)) {
        buf_adds(b, f < 0 ? "-Infinity" : "Infinity");
        return;
    }
    char tmp[40];
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(tmp, sizeof tmp, "%.*e", prec - 1, f);
        if (strtod(tmp, NULL) == f) break;
    }
    char digits[24];
    size_t nd = 0;
    const char *p = tmp;
    if (*p == '-') buf_addc(b, *p++);
    for (; *p && *p != 'e'; p++)
        if (*p != '.') digits[nd++] = *p;
    while (nd > 1 && digits[nd - 1] == '0') nd--;
    int decpt = f == 0 ? 1 : atoi(p + 1) + 1;         /* digits[0] sits before it */
    if (decpt < -3 || decpt > 16 || (decpt == 16 && nd <= 16)) {
        buf_addc(b, digits[0]);
        buf_addc(b, '.');
        if (nd > 1) buf_add(b, digits + 1, nd - 1);
        else buf_addc(b, '0');
        buf_printf(b, "e%+03d", decpt - 1);
    } else if (decpt <= 0) {                          /* 0.001 */
        buf_adds(b, "0.");
        for (int i = decpt; i < 0; i++) buf_addc(b, '0');
        buf_add(b, digits, nd);
    } else if ((size_t)decpt >= nd) {                 /* 100.0 */
        buf_add(b, digits, nd);
        for (size_t i = nd; i < (size_t)decpt; i++) buf_addc(b, '0');
        buf_adds(b, ".0");
    } else {                                          /* 2.5 */
        buf_add(b, digits, (size_t)decpt);
        buf_addc(b, '.');
        buf_add(b, digits + decpt, nd - (size_t)decpt);
    }
}

static void to_s(Buf *b, const Value *v, int nested)
{
    switch (v->kind) {
    case V_UNDEF: break;                  /* Puppet 7 prints nothing, nested or not */
    case V_DEFAULT: buf_adds(b, "default"); break;
    case V_BOOL: buf_adds(b, v->b ? "true" : "false"); break;
    case V_INT: buf_printf(b, "%lld", (long long)v->i); break;
    case V_FLOAT: float_to_s(b, v->f); break;
    case V_STR: buf_add(b, v->str.s, v->str.len); break;
    case V_ARRAY:
        buf_addc(b, '[');
        for (size_t i = 0; i < v->arr.n; i++) {
            if (i) buf_adds(b, ", ");
            to_s(b, v->arr.items[i], 1);
        }
        buf_addc(b, ']');
        break;
    case V_HASH:
        buf_addc(b, '{');
        for (size_t i = 0; i < v->hash.n; i++) {
            if (i) buf_adds(b, ", ");
            to_s(b, v->hash.keys[i], 1);
            buf_adds(b, " => ");
            to_s(b, v->hash.vals[i], 1);
        }
        buf_addc(b, '}');
        break;
    case V_REGEX:
        buf_addc(b, '/');
        buf_adds(b, v->regex.src);
        buf_addc(b, '/');
        break;
    case V_TYPE:
        buf_adds(b, v->type.name);
        if (v->type.n) {
            buf_addc(b, '[');
            for (size_t i = 0; i < v->type.n; i++) {
                if (i) buf_adds(b, ", ");
                /* A resource title prints bare: File[/x]. */
                to_s(b, v->type.params[i], !val_is_resref(v));
            }
            buf_addc(b, ']');
        }
        break;
    case V_SENSITIVE: buf_adds(b, "Sensitive [value redacted]"); break;
    }
}

void val_to_s(Buf *b, const Value *v) { to_s(b, v, 0); }

const char *val_to_cstr(Arena *a, const Value *v)
{
    if (v->kind == V_STR) return v->str.s;
    Buf b = BUF_INIT;
    val_to_s(&b, v);
    const char *s = arena_strndup(a, buf_cstr(&b), b.len);
    buf_free(&b);
    return s;
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
    }
    return "Any";
}

/* Data type names that are never resource types, sorted for bsearch. */
static const char *const data_types[] = {
    "Any", "Array", "Binary", "Boolean", "Callable", "CatalogEntry", "Collection", "Data",
    "Default", "Deferred", "Enum", "Error", "Float", "Hash", "Init", "Integer", "Iterable",
    "Iterator", "NotUndef", "Numeric", "Object", "Optional", "Pattern", "Regexp", "Resource",
    "RichData", "Runtime", "Scalar", "ScalarData", "SemVer", "SemVerRange", "Sensitive",
    "String", "Struct", "Timespan", "Timestamp", "Tuple", "Type", "TypeSet", "URI", "Undef",
    "Variant",
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
