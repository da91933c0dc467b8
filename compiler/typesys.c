/*
 * typesys.c - instance checks for Puppet's data types (the parameter types
 * of classes, defines, lambdas and functions).  A type is a V_TYPE value:
 * a name and its parameters, e.g. Optional[String[1]].  ty_type_match()
 * answers whether a value is an instance and ty_type_assignable() whether
 * one type is a subtype of another; the matching path never builds a
 * message (typemsg.c words a mismatch as Puppet does).
 */
#include "compiler/compiler.h"
#include "compiler/resource.h"
#include "compiler/object.h"
#include "compiler/inittype.h"
#include "compiler/regex.h"
#include "compiler/timestamp.h"
#include "catalog/semver.h"
#include "catalog/uri.h"
#include "base/util.h"
#include <ctype.h>
#include <math.h>
#include <setjmp.h>
#include <string.h>
#include <strings.h>

int64_t ty_int_param(const Value *t, size_t i, int64_t dflt)
{
    if (i >= t->type.n) return dflt;
    Value *p = t->type.params[i];
    if (p->kind == V_INT) return p->i;
    if (p->kind == V_FLOAT) return (int64_t)p->f;
    return dflt;
}

static int size_ok(Value *t, size_t first, size_t n)
{
    int64_t lo = ty_int_param(t, first, 0), hi = ty_int_param(t, first + 1, INT64_MAX);
    return (int64_t)n >= lo && (int64_t)n <= hi;
}

static int is_scalar(const Value *v)
{
    return v->kind == V_STR || v->kind == V_INT || v->kind == V_FLOAT || v->kind == V_BOOL || v->kind == V_REGEX || VAL_IS_TIME(v) ||
           v->kind == V_SEMVER || v->kind == V_SEMVERRANGE;
}

static int is_data(Compiler *c, const Value *v)
{
    switch (v->kind) {
    case V_UNDEF: case V_STR: case V_INT: case V_FLOAT: case V_BOOL: return 1;
    case V_ARRAY:
        for (size_t i = 0; i < v->arr.n; i++)
            if (!is_data(c, v->arr.items[i])) return 0;
        return 1;
    case V_HASH:
        for (size_t i = 0; i < v->hash.n; i++)
            if (v->hash.keys[i]->kind != V_STR || !is_data(c, v->hash.vals[i])) return 0;
        return 1;
    default: return 0;
    }
}

/* RichData: Data plus regexps, types, Sensitive, default, and hash keys
 * that are numbers (RichDataKey); none of the other kinds of value
 * RichData names (URI, objects) exists here. */
static int is_rich_data(const Value *v)
{
    switch (v->kind) {
    case V_ARRAY:
        for (size_t i = 0; i < v->arr.n; i++)
            if (!is_rich_data(v->arr.items[i])) return 0;
        return 1;
    case V_HASH:
        for (size_t i = 0; i < v->hash.n; i++) {
            ValueKind k = v->hash.keys[i]->kind;
            if ((k != V_STR && k != V_INT && k != V_FLOAT) || !is_rich_data(v->hash.vals[i])) return 0;
        }
        return 1;
    default: return 1;
    }
}

const Node *ty_find_alias(Compiler *c, const char *lname, size_t len)
{
    const Node *al = map_get(&c->aliases, lname, len);
    const char *sep = strstr(lname, "::");
    if (al || !sep) return al;
    const char *module = arena_strndup(c->arena, lname, (size_t)(sep - lname));
    char *rest = arena_printf(c->arena, "%s.pp", sep + 2);
    for (char *p = rest; (p = strstr(p, "::"));) memmove(p, p + 1, strlen(p)), *p = '/';
    const char *path = load_module_path(c, module, "types", rest);
    if (!path) return NULL;
    if (load_file(c, path, NULL) == 1) longjmp(*c->fail, 1);   /* 2: no such file */
    return map_get(&c->aliases, lname, len);
}

static int type_accepts(Compiler *c, Value *t, Value *s, int depth);

/* The type alias an unparameterised type t names, or NULL. */
static const Node *find_alias_of(Compiler *c, const Value *t)
{
    char lname[256];
    size_t ln = strlen(t->type.name);
    if (t->type.n || ln >= sizeof lname || res_is_data_type(t->type.name)) return NULL;
    for (size_t i = 0; i <= ln; i++) lname[i] = (char)tolower((unsigned char)t->type.name[i]);
    return ty_find_alias(c, lname, ln);
}

/* Iterable[T]: what iterating v gives are T (an array's elements, a
 * hash's [key, value] pairs, a string's characters, 0 to n-1 for an
 * Integer n; for an Integer only its ends are checked). */
static int iterable_match(Compiler *c, Value *t, Value *v)
{
    if (v->kind != V_ARRAY && v->kind != V_HASH && v->kind != V_STR && v->kind != V_INT) return 0;
    if (!t->type.n || t->type.params[0]->kind != V_TYPE) return 1;
    Value *et = t->type.params[0];
    switch (v->kind) {
    case V_ARRAY:
        for (size_t i = 0; i < v->arr.n; i++)
            if (!ty_type_match(c, et, v->arr.items[i])) return 0;
        return 1;
    case V_HASH:
        for (size_t i = 0; i < v->hash.n; i++) {
            Value *pair[2] = {v->hash.keys[i], v->hash.vals[i]};
            if (!ty_type_match(c, et, val_array(c->arena, pair, 2))) return 0;
        }
        return 1;
    case V_STR:
        for (size_t i = 0; i < v->str.len; i++)   /* characters: bytes of one UTF-8 sequence together */
            if ((v->str.s[i] & 0xC0) != 0x80) {
                size_t j = i + 1;
                while (j < v->str.len && (v->str.s[j] & 0xC0) == 0x80) j++;
                if (!ty_type_match(c, et, val_str(c->arena, v->str.s + i, j - i))) return 0;
            }
        return 1;
    default:
        return v->i <= 0 || (ty_type_match(c, et, val_int(c->arena, 0)) && ty_type_match(c, et, val_int(c->arena, v->i - 1)));
    }
}

/* The kinds of value type t may hold, as bits (1 << ValueKind); all bits
 * when that is not known here (aliases, Any, Iterable ...). */
static unsigned kinds_of(Compiler *c, Value *t, int depth)
{
    const unsigned ALL = ~0u;
    if (t->kind != V_TYPE || depth > 50) return ALL;
    const char *n = t->type.name;
#define K(x) (1u << (x))
    if (!strcmp(n, "Integer")) return K(V_INT);
    if (!strcmp(n, "Float")) return K(V_FLOAT);
    if (!strcmp(n, "Numeric")) return K(V_INT) | K(V_FLOAT);
    if (!strcmp(n, "String") || !strcmp(n, "Enum") || !strcmp(n, "Pattern")) return K(V_STR);
    if (!strcmp(n, "Boolean")) return K(V_BOOL);
    if (!strcmp(n, "Regexp")) return K(V_REGEX);
    if (!strcmp(n, "Undef")) return K(V_UNDEF);
    if (!strcmp(n, "Default")) return K(V_DEFAULT);
    if (!strcmp(n, "Array") || !strcmp(n, "Tuple")) return K(V_ARRAY);
    if (!strcmp(n, "Hash") || !strcmp(n, "Struct")) return K(V_HASH);
    if (!strcmp(n, "Collection")) return K(V_ARRAY) | K(V_HASH);
    if (!strcmp(n, "ScalarData")) return K(V_STR) | K(V_INT) | K(V_FLOAT) | K(V_BOOL);
    if (!strcmp(n, "Scalar")) return K(V_STR) | K(V_INT) | K(V_FLOAT) | K(V_BOOL) | K(V_REGEX) | K(V_TIMESTAMP) | K(V_TIMESPAN) | K(V_SEMVER) | K(V_SEMVERRANGE);
    if (!strcmp(n, "Binary")) return K(V_BINARY);
    if (!strcmp(n, "SemVer")) return K(V_SEMVER);
    if (!strcmp(n, "SemVerRange")) return K(V_SEMVERRANGE);
    if (!strcmp(n, "Data")) return K(V_UNDEF) | K(V_STR) | K(V_INT) | K(V_FLOAT) | K(V_BOOL) | K(V_ARRAY) | K(V_HASH);
    if (!strcmp(n, "Type")) return K(V_TYPE);
    if (!strcmp(n, "Sensitive")) return K(V_SENSITIVE);
    if (!strcmp(n, "Timestamp")) return K(V_TIMESTAMP);
    if (!strcmp(n, "Timespan")) return K(V_TIMESPAN);
    if (!strcmp(n, "Optional")) return t->type.n ? K(V_UNDEF) | kinds_of(c, t->type.params[0], depth + 1) : ALL;
    if (!strcmp(n, "NotUndef")) return (t->type.n ? kinds_of(c, t->type.params[0], depth + 1) : ALL) & ~K(V_UNDEF);
    if (!strcmp(n, "Variant")) {
        unsigned k = 0;
        for (size_t i = 0; i < t->type.n; i++) k |= kinds_of(c, t->type.params[i], depth + 1);
        return k;
    }
    if (!strcmp(n, "CatalogEntry") || !strcmp(n, "Resource") || !strcmp(n, "Class") || val_is_resref(t)) return 0;
#undef K
    return ALL;
}

/* Is type s (a value of Type[t]) a t?  Puppet's t.assignable?(s), sure
 * about resource and class types, and about data types whose values are
 * of different kinds (Type[Integer] is not Type[String]); where neither
 * this nor ty_type_assignable() can tell, it says yes. */
static int type_accepts(Compiler *c, Value *t, Value *s, int depth)
{
    if (t->kind != V_TYPE || s->kind != V_TYPE || depth > 50) return 1;
    const char *n = t->type.name, *sn = s->type.name;
    if (!strcmp(n, "Any") || (!strcmp(n, "Type") && !t->type.n)) return 1;
    if (!strcmp(n, "Variant")) {
        for (size_t i = 0; i < t->type.n; i++)
            if (type_accepts(c, t->type.params[i], s, depth + 1)) return 1;
        return 0;
    }
    if (!strcmp(n, "Optional") && t->type.n) return !strcmp(sn, "Undef") || type_accepts(c, t->type.params[0], s, depth + 1);
    if (!strcmp(sn, "Variant")) {
        for (size_t i = 0; i < s->type.n; i++)
            if (!type_accepts(c, t, s->type.params[i], depth + 1)) return 0;
        return 1;
    }
    if (!strcmp(n, "Timestamp") || !strcmp(n, "Timespan")) return tm_type_assignable(t, s);
    /* resource and class types: CatalogEntry > Resource > File > File['/x'], Class > Class['x'] */
    int t_res = !res_is_data_type(n) && strcmp(n, "Class") && !find_alias_of(c, t);
    int s_res = !res_is_data_type(sn) && strcmp(sn, "Class") && !find_alias_of(c, s);
    int t_cls = !strcmp(n, "Class"), s_cls = !strcmp(sn, "Class");
    if (!strcmp(n, "CatalogEntry")) return s_res || s_cls || !strcmp(sn, "Resource") || !strcmp(sn, "CatalogEntry");
    if (!strcmp(n, "Resource")) return s_res || !strcmp(sn, "Resource");
    if (t_cls || t_res) {
        if (t_cls ? !s_cls : !(s_res && !strcasecmp(n, sn))) return 0;
        return !t->type.n || (s->type.n && val_equal(t->type.params[0], s->type.params[0]));
    }
    if (s_res || s_cls || !strcmp(sn, "Resource") || !strcmp(sn, "CatalogEntry")) return kinds_of(c, t, depth) == ~0u;
    if (ty_type_assignable(c, t, s)) return 1;
    return (kinds_of(c, t, depth) & kinds_of(c, s, depth)) != 0;
}

int ty_type_match(Compiler *c, Value *t, Value *v)
{
    if (t->kind == V_STR) return val_equal(t, v);
    if (t->kind != V_TYPE) return 0;
    const char *n = t->type.name;
    if (!strcmp(n, "Any")) return 1;
    if (v->kind == V_OBJECT || !strcmp(n, "Object")) {   /* Object types: compiler/object.c */
        int r = obj_instance(c, t, v);
        if (r >= 0) return r;
    }
    if (!strcmp(n, "Init")) return init_type_match(c, t, v);   /* compiler/inittype.c */
    if (!strcmp(n, "Undef")) return v->kind == V_UNDEF;
    if (!strcmp(n, "Default")) return v->kind == V_DEFAULT;
    if (!strcmp(n, "NotUndef")) return v->kind != V_UNDEF && (t->type.n == 0 || ty_type_match(c, t->type.params[0], v));
    if (!strcmp(n, "Boolean"))   /* Boolean[true] is only true (type(true)) */
        return v->kind == V_BOOL && (!t->type.n || (t->type.params[0]->kind == V_BOOL && t->type.params[0]->b == v->b));
    if (!strcmp(n, "Integer")) {
        if (v->kind != V_INT) return 0;
        int64_t lo = ty_int_param(t, 0, INT64_MIN), hi = ty_int_param(t, 1, INT64_MAX);
        return v->i >= lo && v->i <= hi;
    }
    if (!strcmp(n, "Float")) {
        if (v->kind != V_FLOAT) return 0;
        double lo = t->type.n > 0 && t->type.params[0]->kind != V_DEFAULT ? (t->type.params[0]->kind == V_INT ? (double)t->type.params[0]->i : t->type.params[0]->f) : -INFINITY;
        double hi = t->type.n > 1 && t->type.params[1]->kind != V_DEFAULT ? (t->type.params[1]->kind == V_INT ? (double)t->type.params[1]->i : t->type.params[1]->f) : INFINITY;
        return v->f >= lo && v->f <= hi;
    }
    if (!strcmp(n, "Numeric")) return v->kind == V_INT || v->kind == V_FLOAT;
    if (!strcmp(n, "Timestamp") || !strcmp(n, "Timespan")) return tm_type_match(t, v);
    if (!strcmp(n, "Binary")) return v->kind == V_BINARY;
    if (!strcmp(n, "SemVerRange")) return v->kind == V_SEMVERRANGE;
    if (!strcmp(n, "URI")) {        /* URI['http://x'] or URI[{part => String|Regexp|Type}] */
        if (v->kind != V_OBJECT || strcmp(v->obj.type, "URI")) return 0;
        if (!t->type.n) return 1;
        Value *p = t->type.params[0];
        if (p->kind == V_STR) {
            const char *why;
            Value *pu = uri_parse(c->arena, p->str.s, &why);
            if (!pu) return 0;
            p = uri_type_params(c->arena, pu);
        }
        if (p->kind != V_HASH) return 1;
        for (size_t i = 0; i < p->hash.n; i++) {
            const Value *k = p->hash.keys[i];
            Value *want = p->hash.vals[i], *have = k->kind == V_STR ? uri_attr(c->arena, v, k->str.s) : NULL;
            if (!have) have = VAL_UNDEF;
            if (want->kind == V_REGEX) {
                if (have->kind != V_STR || !ev_regex_match(c, NULL, NULL, want->regex.src, have->str.s, have->str.len, 0)) return 0;
            } else if (want->kind == V_TYPE) {
                if (!ty_type_match(c, want, have)) return 0;
            } else if (!val_equal(have, want)) {
                return 0;
            }
        }
        return 1;
    }
    if (!strcmp(n, "Deferred")) return v->kind == V_OBJECT && !strcmp(v->obj.type, "Deferred");
    if (!strcmp(n, "Error")) {      /* Error[kind, issue_code]: each a String, Regexp, or type of String */
        if (v->kind != V_OBJECT || strcmp(v->obj.type, "Error")) return 0;
        static const char *const keys[] = {"kind", "issue_code"};
        for (size_t i = 0; i < t->type.n && i < 2; i++) {
            Value *p = t->type.params[i], *x = val_hash_gets(v->obj.attrs, keys[i]);
            if (!x) x = VAL_UNDEF;
            if (p->kind == V_DEFAULT) continue;
            if (p->kind == V_UNDEF) continue;
            if (p->kind == V_REGEX) {
                if (x->kind != V_STR || !ev_regex_match(c, NULL, NULL, p->regex.src, x->str.s, x->str.len, 0)) return 0;
            } else if (p->kind == V_TYPE) {
                if (!ty_type_match(c, p, x)) return 0;
            } else if (!val_identical(p, x)) {
                return 0;
            }
        }
        return 1;
    }
    if (!strcmp(n, "SemVer")) {     /* SemVer['>=1.0', ...]: in any of the ranges */
        if (v->kind != V_SEMVER) return 0;
        for (size_t i = 0; i < t->type.n; i++) {
            Value *r = t->type.params[i];
            const char *why;
            if (r->kind == V_STR) r = sv_range_parse(c->arena, r->str.s, &why);
            if (r && r->kind == V_SEMVERRANGE && sv_range_includes(r, v)) return 1;
        }
        return t->type.n == 0;
    }
    if (!strcmp(n, "String")) {
        if (v->kind != V_STR) return 0;
        if (t->type.n && t->type.params[0]->kind == V_STR) return val_identical(t->type.params[0], v);
        return size_ok(t, 0, v->str.len);
    }
    if (!strcmp(n, "Scalar")) return is_scalar(v);
    if (!strcmp(n, "ScalarData")) return v->kind == V_STR || v->kind == V_INT || v->kind == V_FLOAT || v->kind == V_BOOL;
    if (!strcmp(n, "Data")) return is_data(c, v);
    if (!strcmp(n, "RichData")) return is_rich_data(v);
    if (!strcmp(n, "Regexp")) {   /* Regexp[/src/] is that one regexp */
        if (v->kind != V_REGEX || !t->type.n) return v->kind == V_REGEX;
        Value *p = t->type.params[0];
        const char *src = p->kind == V_REGEX ? p->regex.src : p->kind == V_STR ? p->str.s : NULL;
        return !src || !strcmp(src, v->regex.src);
    }
    if (!strcmp(n, "Sensitive")) return v->kind == V_SENSITIVE && (t->type.n == 0 || ty_type_match(c, t->type.params[0], v->sensitive));
    if (!strcmp(n, "Type")) return v->kind == V_TYPE && (t->type.n == 0 || type_accepts(c, t->type.params[0], v, 0));
    if (!strcmp(n, "Callable")) return 0;
    if (!strcmp(n, "Collection")) {
        if (v->kind == V_ARRAY) return size_ok(t, 0, v->arr.n);
        if (v->kind == V_HASH) return size_ok(t, 0, v->hash.n);
        return 0;
    }
    if (!strcmp(n, "Iterable")) return iterable_match(c, t, v);
    if (!strcmp(n, "Optional")) return v->kind == V_UNDEF || t->type.n == 0 || ty_type_match(c, t->type.params[0], v);
    if (!strcmp(n, "Variant")) {
        for (size_t i = 0; i < t->type.n; i++)
            if (ty_type_match(c, t->type.params[i], v)) return 1;
        return 0;
    }
    if (!strcmp(n, "Enum")) {
        if (v->kind != V_STR) return 0;
        int ci = t->type.n && t->type.params[t->type.n - 1]->kind == V_BOOL && t->type.params[t->type.n - 1]->b;
        for (size_t i = 0; i < t->type.n; i++) {
            Value *p = t->type.params[i];
            if (p->kind == V_ARRAY) {
                for (size_t j = 0; j < p->arr.n; j++)
                    if (p->arr.items[j]->kind == V_STR && (ci ? val_equal(p->arr.items[j], v) : val_identical(p->arr.items[j], v))) return 1;
            } else if (p->kind == V_STR && (ci ? val_equal(p, v) : val_identical(p, v))) {
                return 1;
            }
        }
        return 0;
    }
    if (!strcmp(n, "Pattern")) {
        if (v->kind != V_STR) return 0;
        for (size_t i = 0; i < t->type.n; i++) {
            Value *p = t->type.params[i];
            const char *src = p->kind == V_REGEX ? p->regex.src : p->kind == V_STR ? p->str.s : NULL;
            if (!src) continue;
            Regex *re = rx_get(src, NULL);
            int caps[2], ncap = 1;
            if (re && rx_search(re, v->str.s, v->str.len, 0, caps, &ncap)) return 1;
        }
        return 0;
    }
    if (!strcmp(n, "Array") || !strcmp(n, "Tuple")) {
        if (v->kind != V_ARRAY) return 0;
        if (n[0] == 'A') {
            size_t first = 0;
            Value *et = NULL;
            if (t->type.n && t->type.params[0]->kind == V_TYPE) et = t->type.params[0], first = 1;
            if (!size_ok(t, first, v->arr.n)) return 0;
            if (et)
                for (size_t i = 0; i < v->arr.n; i++)
                    if (!ty_type_match(c, et, v->arr.items[i])) return 0;
            return 1;
        }
        size_t nt = 0;
        while (nt < t->type.n && t->type.params[nt]->kind == V_TYPE) nt++;
        if (nt < t->type.n ? !size_ok(t, nt, v->arr.n) : v->arr.n != nt) return 0;
        for (size_t i = 0; i < v->arr.n; i++)
            if (nt && !ty_type_match(c, t->type.params[i < nt ? i : nt - 1], v->arr.items[i])) return 0;
        return 1;
    }
    if (!strcmp(n, "Hash")) {
        if (v->kind != V_HASH) return 0;
        size_t first = 0;
        Value *kt = NULL, *vt = NULL;
        if (t->type.n >= 2 && t->type.params[0]->kind == V_TYPE && t->type.params[1]->kind == V_TYPE)
            kt = t->type.params[0], vt = t->type.params[1], first = 2;
        if (!size_ok(t, first, v->hash.n)) return 0;
        if (kt)
            for (size_t i = 0; i < v->hash.n; i++)
                if (!ty_type_match(c, kt, v->hash.keys[i]) || !ty_type_match(c, vt, v->hash.vals[i])) return 0;
        return 1;
    }
    if (!strcmp(n, "Struct")) {
        if (v->kind != V_HASH || t->type.n != 1 || t->type.params[0]->kind != V_HASH) return 0;
        Value *schema = t->type.params[0];
        for (size_t i = 0; i < schema->hash.n; i++) {
            Value *k = schema->hash.keys[i];
            int optional = 0, required = 0;
            if (k->kind == V_TYPE && (!strcmp(k->type.name, "Optional") || !strcmp(k->type.name, "NotUndef")) && k->type.n) {
                optional = k->type.name[0] == 'O';
                required = !optional;
                k = k->type.params[0];
            }
            Value *got = val_hash_get(v, k);
            if (!got) {
                if (optional || (!required && ty_type_match(c, schema->hash.vals[i], VAL_UNDEF))) continue;
                return 0;
            }
            if (!ty_type_match(c, schema->hash.vals[i], got)) return 0;
        }
        for (size_t i = 0; i < v->hash.n; i++) {
            int known = 0;
            for (size_t j = 0; j < schema->hash.n && !known; j++) {
                Value *k = schema->hash.keys[j];
                if (k->kind == V_TYPE && k->type.n) k = k->type.params[0];
                known = val_identical(k, v->hash.keys[i]);
            }
            if (!known) return 0;
        }
        return 1;
    }
    /* Class, Resource, CatalogEntry, File ...: their instances are catalog
     * resources, which no value is (a reference File['/x'] is a type, an
     * instance of Type[File]) */
    if (!strcmp(n, "CatalogEntry") || !strcmp(n, "Resource") || !strcmp(n, "Class")) return 0;
    /* Puppet's other built-in aliases */
    if (!strcasecmp(n, "RichDataKey") || !strcasecmp(n, "Puppet::LookupKey")) return v->kind == V_STR || v->kind == V_INT || v->kind == V_FLOAT;
    if (!strcasecmp(n, "Puppet::LookupValue")) return is_rich_data(v);
    /* a type alias */
    char lname[256];
    size_t ln = strlen(n);
    if (ln < sizeof lname) {
        for (size_t i = 0; i <= ln; i++) lname[i] = (char)(n[i] >= 'A' && n[i] <= 'Z' ? n[i] + 32 : n[i]);
        const Node *al = ty_find_alias(c, lname, ln);
        if (al) {
            if (c->type_depth >= 100) cmp_fail(c, al, "Type alias '%s' refers to itself", n);
            c->type_depth++;
            int r = ty_type_match(c, ev_expr(c, c->top, al->a), v);
            c->type_depth--;
            return r;
        }
    }
    return 0;
}

static int named(const Value *t, const char *n) { return t->kind == V_TYPE && !strcmp(t->type.name, n); }

/* Is every instance of type s also an instance of type t?  (Puppet's
 * Type#assignable?, for the common types; used by type comparisons.) */
int ty_type_assignable(Compiler *c, Value *t, Value *s)
{
    if (t->kind != V_TYPE || s->kind != V_TYPE) return 0;
    if (named(t, "Any") || val_equal(t, s)) return 1;
    if (named(t, "Optional")) return named(s, "Undef") || t->type.n == 0 || ty_type_assignable(c, t->type.params[0], s);
    if (named(t, "Variant")) {
        for (size_t i = 0; i < t->type.n; i++)
            if (ty_type_assignable(c, t->type.params[i], s)) return 1;
        return 0;
    }
    if (named(s, "Variant")) {
        for (size_t i = 0; i < s->type.n; i++)
            if (!ty_type_assignable(c, t, s->type.params[i])) return 0;
        return s->type.n > 0;
    }
    const char *sn = s->type.name;
    if (named(t, "Numeric")) return !strcmp(sn, "Integer") || !strcmp(sn, "Float") || !strcmp(sn, "Numeric");
    if (named(t, "String")) return t->type.n == 0 && (!strcmp(sn, "String") || !strcmp(sn, "Enum") || !strcmp(sn, "Pattern"));
    if (named(t, "Timestamp") || named(t, "Timespan")) return tm_type_assignable(t, s);
    if (named(t, "Scalar") || named(t, "ScalarData"))
        return !strcmp(sn, "String") || !strcmp(sn, "Integer") || !strcmp(sn, "Float") || !strcmp(sn, "Numeric") ||
               !strcmp(sn, "Boolean") || !strcmp(sn, "Enum") || !strcmp(sn, "Pattern") ||
               (named(t, "Scalar") && (!strcmp(sn, "Regexp") || !strcmp(sn, "Scalar") || !strcmp(sn, "Timestamp") ||
                                       !strcmp(sn, "Timespan"))) || !strcmp(sn, "ScalarData");
    if (named(t, "Data") && (!strcmp(sn, "Timestamp") || !strcmp(sn, "Timespan"))) return 0;
    if (named(t, "Data") || named(t, "RichData"))
        return strcmp(sn, "Any") != 0 && strcmp(sn, "Default") != 0 && strcmp(sn, "Type") != 0;
    if (named(t, "Collection")) return !strcmp(sn, "Array") || !strcmp(sn, "Hash") || !strcmp(sn, "Tuple") || !strcmp(sn, "Struct");
    if (named(t, "Integer") && named(s, "Integer")) {
        if (t->type.n == 0) return 1;
        int64_t tl = ty_int_param(t, 0, INT64_MIN), th = ty_int_param(t, 1, INT64_MAX);
        int64_t sl = ty_int_param(s, 0, INT64_MIN), sh = ty_int_param(s, 1, INT64_MAX);
        return sl >= tl && sh <= th;
    }
    if ((named(t, "Array") || named(t, "Hash")) && !strcmp(sn, t->type.name) && t->type.n == 0) return 1;
    if (named(t, "CatalogEntry") || named(t, "Resource")) return !res_is_data_type(sn) || !strcmp(sn, "Resource");
    return 0;
}
