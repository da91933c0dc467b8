/*
 * typesys.c - instance checks for Puppet's data types (the parameter types
 * of classes, defines, lambdas and functions).  A type is a V_TYPE value:
 * a name and its parameters, e.g. Optional[String[1]].  When a value
 * does not match, cmp_mismatch() words why as Puppet's
 * TypeMismatchDescriber does (see "Mismatch descriptions" below); the
 * matching path never builds a message.
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

static int64_t int_param(const Value *t, size_t i, int64_t dflt)
{
    if (i >= t->type.n) return dflt;
    Value *p = t->type.params[i];
    if (p->kind == V_INT) return p->i;
    if (p->kind == V_FLOAT) return (int64_t)p->f;
    return dflt;
}

static int size_ok(Value *t, size_t first, size_t n)
{
    int64_t lo = int_param(t, first, 0), hi = int_param(t, first + 1, INT64_MAX);
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

const Node *cmp_find_alias(Compiler *c, const char *lname, size_t len)
{
    const Node *al = map_get(&c->aliases, lname, len);
    const char *sep = strstr(lname, "::");
    if (al || !sep) return al;
    const char *module = arena_strndup(c->arena, lname, (size_t)(sep - lname));
    char *rest = arena_printf(c->arena, "%s.pp", sep + 2);
    for (char *p = rest; (p = strstr(p, "::"));) memmove(p, p + 1, strlen(p)), *p = '/';
    const char *path = module_path(c, module, "types", rest);
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
    return cmp_find_alias(c, lname, ln);
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
            if (!cmp_type_match(c, et, v->arr.items[i])) return 0;
        return 1;
    case V_HASH:
        for (size_t i = 0; i < v->hash.n; i++) {
            Value *pair[2] = {v->hash.keys[i], v->hash.vals[i]};
            if (!cmp_type_match(c, et, val_array(c->arena, pair, 2))) return 0;
        }
        return 1;
    case V_STR:
        for (size_t i = 0; i < v->str.len; i++)   /* characters: bytes of one UTF-8 sequence together */
            if ((v->str.s[i] & 0xC0) != 0x80) {
                size_t j = i + 1;
                while (j < v->str.len && (v->str.s[j] & 0xC0) == 0x80) j++;
                if (!cmp_type_match(c, et, val_str(c->arena, v->str.s + i, j - i))) return 0;
            }
        return 1;
    default:
        return v->i <= 0 || (cmp_type_match(c, et, val_int(c->arena, 0)) && cmp_type_match(c, et, val_int(c->arena, v->i - 1)));
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
 * this nor cmp_type_assignable() can tell, it says yes. */
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
    if (cmp_type_assignable(c, t, s)) return 1;
    return (kinds_of(c, t, depth) & kinds_of(c, s, depth)) != 0;
}

int cmp_type_match(Compiler *c, Value *t, Value *v)
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
    if (!strcmp(n, "NotUndef")) return v->kind != V_UNDEF && (t->type.n == 0 || cmp_type_match(c, t->type.params[0], v));
    if (!strcmp(n, "Boolean"))   /* Boolean[true] is only true (type(true)) */
        return v->kind == V_BOOL && (!t->type.n || (t->type.params[0]->kind == V_BOOL && t->type.params[0]->b == v->b));
    if (!strcmp(n, "Integer")) {
        if (v->kind != V_INT) return 0;
        int64_t lo = int_param(t, 0, INT64_MIN), hi = int_param(t, 1, INT64_MAX);
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
                if (!cmp_type_match(c, want, have)) return 0;
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
                if (!cmp_type_match(c, p, x)) return 0;
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
    if (!strcmp(n, "Sensitive")) return v->kind == V_SENSITIVE && (t->type.n == 0 || cmp_type_match(c, t->type.params[0], v->sensitive));
    if (!strcmp(n, "Type")) return v->kind == V_TYPE && (t->type.n == 0 || type_accepts(c, t->type.params[0], v, 0));
    if (!strcmp(n, "Callable")) return 0;
    if (!strcmp(n, "Collection")) {
        if (v->kind == V_ARRAY) return size_ok(t, 0, v->arr.n);
        if (v->kind == V_HASH) return size_ok(t, 0, v->hash.n);
        return 0;
    }
    if (!strcmp(n, "Iterable")) return iterable_match(c, t, v);
    if (!strcmp(n, "Optional")) return v->kind == V_UNDEF || t->type.n == 0 || cmp_type_match(c, t->type.params[0], v);
    if (!strcmp(n, "Variant")) {
        for (size_t i = 0; i < t->type.n; i++)
            if (cmp_type_match(c, t->type.params[i], v)) return 1;
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
            Regex *re = re_get(src, NULL);
            int caps[2], ncap = 1;
            if (re && re_search(re, v->str.s, v->str.len, 0, caps, &ncap)) return 1;
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
                    if (!cmp_type_match(c, et, v->arr.items[i])) return 0;
            return 1;
        }
        size_t nt = 0;
        while (nt < t->type.n && t->type.params[nt]->kind == V_TYPE) nt++;
        if (nt < t->type.n ? !size_ok(t, nt, v->arr.n) : v->arr.n != nt) return 0;
        for (size_t i = 0; i < v->arr.n; i++)
            if (nt && !cmp_type_match(c, t->type.params[i < nt ? i : nt - 1], v->arr.items[i])) return 0;
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
                if (!cmp_type_match(c, kt, v->hash.keys[i]) || !cmp_type_match(c, vt, v->hash.vals[i])) return 0;
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
                if (optional || (!required && cmp_type_match(c, schema->hash.vals[i], VAL_UNDEF))) continue;
                return 0;
            }
            if (!cmp_type_match(c, schema->hash.vals[i], got)) return 0;
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
        const Node *al = cmp_find_alias(c, lname, ln);
        if (al) {
            if (c->type_depth >= 100) cmp_fail(c, al, "Type alias '%s' refers to itself", n);
            c->type_depth++;
            int r = cmp_type_match(c, ev_expr(c, c->top, al->a), v);
            c->type_depth--;
            return r;
        }
    }
    return 0;
}

static int named(const Value *t, const char *n) { return t->kind == V_TYPE && !strcmp(t->type.name, n); }

/* Is every instance of type s also an instance of type t?  (Puppet's
 * Type#assignable?, for the common types; used by type comparisons.) */
int cmp_type_assignable(Compiler *c, Value *t, Value *s)
{
    if (t->kind != V_TYPE || s->kind != V_TYPE) return 0;
    if (named(t, "Any") || val_equal(t, s)) return 1;
    if (named(t, "Optional")) return named(s, "Undef") || t->type.n == 0 || cmp_type_assignable(c, t->type.params[0], s);
    if (named(t, "Variant")) {
        for (size_t i = 0; i < t->type.n; i++)
            if (cmp_type_assignable(c, t->type.params[i], s)) return 1;
        return 0;
    }
    if (named(s, "Variant")) {
        for (size_t i = 0; i < s->type.n; i++)
            if (!cmp_type_assignable(c, t, s->type.params[i])) return 0;
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
        int64_t tl = int_param(t, 0, INT64_MIN), th = int_param(t, 1, INT64_MAX);
        int64_t sl = int_param(s, 0, INT64_MIN), sh = int_param(s, 1, INT64_MAX);
        return sl >= tl && sh <= th;
    }
    if ((named(t, "Array") || named(t, "Hash")) && !strcmp(sn, t->type.name) && t->type.n == 0) return 1;
    if (named(t, "CatalogEntry") || named(t, "Resource")) return !res_is_data_type(sn) || !strcmp(sn, "Resource");
    return 0;
}

/* ---- Mismatch descriptions (Puppet's TypeMismatchDescriber) ----
 *
 * Once cmp_type_match() has said no, describe() walks the type and the
 * value together, as Puppet walks the expected type and the value's
 * inferred type (an array is a Tuple, a hash with string keys a Struct),
 * and collects one Mismatch per fault, each with its path ("index 1",
 * "entry 'a'", "variant 0").  The alternatives of a Variant that all fail
 * in the same place fold into one mismatch ("expects a value of type
 * String or Integer"); otherwise each is reported on its own line.  Every
 * type is first normalised as Puppet's Type#normalize does (Integer ranges
 * merged, Optional and NotUndef folded, Enums joined: normalize()), aliases
 * resolve to their normalised targets (Data and RichData too: Puppet's
 * built-in aliases), and types print as TypeFormatter prints them, aliases
 * expanded "Name = Target" at every depth (type_str()).  None of this runs
 * for values that match. */

typedef enum { MM_TYPE, MM_PATTERN, MM_SIZE, MM_MISSING, MM_EXTRA, MM_COUNT, MM_NO_BLOCK, MM_BLOCK } MismatchKind;

typedef struct PathEl {
    const struct PathEl *up;          /* the enclosing element, NULL at the head */
    const char *text;                 /* "index 1", "entry 'a'", "variant 0" */
    int variant;                      /* a variant element: not part of the canonical path */
} PathEl;

typedef struct Mismatch {
    MismatchKind kind;
    const char **path;                /* path elements, head first */
    int *variant;                     /* parallel to path */
    size_t npath;
    Value *expected;                  /* MM_TYPE, MM_PATTERN: the expected type */
    Value *actual;                    /* MM_TYPE, MM_PATTERN: the value */
    int64_t elo, ehi, alo, ahi;       /* MM_SIZE, MM_COUNT ranges; INT64_MAX is unlimited */
    const char *key;                  /* MM_MISSING, MM_EXTRA */
} Mismatch;

typedef struct MList { Mismatch **m; size_t n, cap; } MList;

static void ml_push(Compiler *c, MList *l, Mismatch *m)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 4;
        Mismatch **nm = arena_alloc(c->arena, cap * sizeof *nm);
        if (l->n) memcpy(nm, l->m, l->n * sizeof *nm);
        l->m = nm, l->cap = cap;
    }
    l->m[l->n++] = m;
}

static Mismatch *mm_new(Compiler *c, MismatchKind kind, const PathEl *path)
{
    Mismatch *m = arena_alloc(c->arena, sizeof *m);
    m->kind = kind;
    for (const PathEl *p = path; p; p = p->up) m->npath++;
    m->path = arena_alloc(c->arena, (m->npath + 1) * sizeof *m->path);
    m->variant = arena_alloc(c->arena, (m->npath + 1) * sizeof *m->variant);
    size_t i = m->npath;
    for (const PathEl *p = path; p; p = p->up) i--, m->path[i] = p->text, m->variant[i] = p->variant;
    return m;
}

static int is_named(const Value *t, const char *n) { return t->kind == V_TYPE && !strcmp(t->type.name, n); }

/* Puppet's built-in aliases (StaticLoader::BUILTIN_ALIASES): resolved
 * like any alias, but never expanded when a message prints them. */
static const char *builtin_alias(const char *n)
{
    static const char *const names[] = {"Data", "RichData", "RichDataKey", "Puppet::LookupKey", "Puppet::LookupValue"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcasecmp(n, names[i])) return names[i];
    return NULL;
}

/* A type's name as Puppet spells it (the evaluator capitalises names it
 * does not know, such as Richdatakey). */
static const char *type_name(const Value *t)
{
    const char *b = t->type.n ? NULL : builtin_alias(t->type.name);
    return b ? b : t->type.name;
}

static Value *tp(Compiler *c, const char *name, Value **params, size_t n) { return val_type(c->arena, name, params, n); }

static Value *normalize(Compiler *c, Value *t);

/* The declaration of the user type alias t names, or NULL. */
static const Node *alias_node(Compiler *c, const Value *t)
{
    if (t->kind != V_TYPE || t->type.n || val_is_data_type_name(t->type.name) || builtin_alias(t->type.name)) return NULL;
    char lname[256];
    size_t ln = strlen(t->type.name);
    if (ln >= sizeof lname) return NULL;
    for (size_t i = 0; i <= ln; i++) lname[i] = (char)tolower((unsigned char)t->type.name[i]);
    return cmp_find_alias(c, lname, ln);
}

/* The type an alias stands for, normalised as Puppet normalises an alias's
 * resolved type; NULL when t is not an alias.  The built-in aliases are
 * spelled as static_loader.rb spells them (TypeSet's default instance
 * prints as DefaultTypeSet). */
static Value *alias_target(Compiler *c, Value *t)
{
    if (t->kind != V_TYPE || t->type.n) return NULL;
    const char *n = type_name(t);
    if (!strcmp(n, "Data")) {   /* Variant[ScalarData, Undef, Hash[String, Data], Array[Data]] */
        Value *hp[2] = {tp(c, "String", NULL, 0), t};
        Value *vp[4] = {tp(c, "ScalarData", NULL, 0), tp(c, "Undef", NULL, 0), tp(c, "Hash", hp, 2), tp(c, "Array", &t, 1)};
        return normalize(c, tp(c, "Variant", vp, 4));
    }
    if (!strcmp(n, "RichData")) {
        static const char *const names[] = {"Scalar", "SemVerRange", "Binary", "Sensitive", "Type", "DefaultTypeSet",
                                            "URI", "Object", "Undef", "Default"};
        Value *vp[12];
        for (size_t i = 0; i < 10; i++) vp[i] = tp(c, names[i], NULL, 0);
        Value *hp[2] = {tp(c, "RichDataKey", NULL, 0), t};
        vp[10] = tp(c, "Hash", hp, 2), vp[11] = tp(c, "Array", &t, 1);
        return normalize(c, tp(c, "Variant", vp, 12));
    }
    if (!strcmp(n, "RichDataKey")) {
        Value *vp[2] = {tp(c, "String", NULL, 0), tp(c, "Numeric", NULL, 0)};
        return tp(c, "Variant", vp, 2);
    }
    if (!strcmp(n, "Puppet::LookupKey")) return tp(c, "RichDataKey", NULL, 0);
    if (!strcmp(n, "Puppet::LookupValue")) return tp(c, "RichData", NULL, 0);
    const Node *al = alias_node(c, t);
    return al ? normalize(c, ev_expr(c, c->top, al->a)) : NULL;
}

/* The name to print for type t: an alias's name as its declaration
 * spells it (MaybeLevel, where a reference gives Maybelevel). */
static const char *print_name(Compiler *c, const Value *t)
{
    const Node *al = t->type.n ? NULL : alias_node(c, t);
    return al ? al->text : type_name(t);
}

static void type_to_s(Compiler *c, Buf *b, const Value *v);

/* Does t accept undef?  (Puppet: t.assignable?(Undef), for normalisation.) */
static int accepts_undef(Compiler *c, Value *t)
{
    if (t->kind != V_TYPE) return 0;
    if (!strcmp(t->type.name, "NotUndef")) return 0;
    return cmp_type_match(c, t, VAL_UNDEF);
}

/* PVariantType.flatten_variants(types).uniq: n types in, the count out. */
static size_t flatten_uniq(Value **out, Value *const *types, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        Value *const *xs = &types[i];
        size_t nx = 1;
        if (is_named(types[i], "Variant") && types[i]->type.n) xs = types[i]->type.params, nx = types[i]->type.n;
        for (size_t j = 0; j < nx; j++) {
            size_t d = 0;
            while (d < k && !val_equal(out[d], xs[j])) d++;
            if (d == k) out[k++] = xs[j];
        }
    }
    return k;
}

static size_t flat_count(Value *const *types, size_t n)
{
    size_t cap = 0;
    for (size_t i = 0; i < n; i++) cap += is_named(types[i], "Variant") && types[i]->type.n ? types[i]->type.n : 1;
    return cap;
}

/* PVariantType.maybe_create: flattened, duplicates dropped, a single type
 * as itself (not normalised). */
static Value *maybe_create(Compiler *c, Value *const *types, size_t n)
{
    Value **u = arena_alloc(c->arena, (flat_count(types, n) + 1) * sizeof *u);
    size_t k = flatten_uniq(u, types, n);
    return k == 1 ? u[0] : tp(c, "Variant", u, k);
}

/* PVariantType.maybe_create(types).normalize: how merged mismatches combine. */
static Value *variant_of(Compiler *c, Value **types, size_t n)
{
    return normalize(c, maybe_create(c, types, n));
}

/* An Enum's values and case-insensitivity (Enum['a', 'b', true]). */
static size_t enum_values(const Value *e, Value **out, int *ci)
{
    size_t n = e->type.n, k = 0;
    *ci = 0;
    if (n && e->type.params[n - 1]->kind == V_BOOL) *ci = e->type.params[--n]->b;
    for (size_t i = 0; i < n; i++) {
        Value *p = e->type.params[i];
        if (p->kind == V_ARRAY) {
            for (size_t j = 0; j < p->arr.n; j++)
                if (out) out[k++] = p->arr.items[j]; else k++;
        } else {
            if (out) out[k] = p;
            k++;
        }
    }
    return k;
}

/* Numeric bounds of an Integer or Float type (infinite when open). */
static void num_range(const Value *t, size_t first, double *lo, double *hi)
{
    *lo = -INFINITY, *hi = INFINITY;
    for (size_t i = 0; i < 2 && first + i < t->type.n; i++) {
        const Value *p = t->type.params[first + i];
        if (p->kind == V_INT) *(i ? hi : lo) = (double)p->i;
        else if (p->kind == V_FLOAT) *(i ? hi : lo) = p->f;
    }
}

static Value *range_type(Compiler *c, const char *name, int64_t ilo, int64_t ihi, double flo, double fhi)
{
    Value *p[2];
    int isint = name[0] == 'I';
    int lo_open = isint ? ilo == INT64_MIN : isinf(flo), hi_open = isint ? ihi == INT64_MAX : isinf(fhi);
    if (lo_open && hi_open) return tp(c, name, NULL, 0);
    p[0] = lo_open ? VAL_DEFAULT : isint ? val_int(c->arena, ilo) : val_float(c->arena, flo);
    if (hi_open) return tp(c, name, p, 1);
    p[1] = isint ? val_int(c->arena, ihi) : val_float(c->arena, fhi);
    return tp(c, name, p, 2);
}

/* PIntegerType#merge / PFloatType#merge: one range when a and b overlap
 * (Integers also when adjacent), else NULL. */
static Value *range_merge(Compiler *c, Value *a, Value *b)
{
    if (a->type.name[0] == 'T') return tm_type_merge(c, a, b);   /* Timespan, Timestamp */
    if (a->type.name[0] == 'I') {
        int64_t al = int_param(a, 0, INT64_MIN), ah = int_param(a, 1, INT64_MAX);
        int64_t bl = int_param(b, 0, INT64_MIN), bh = int_param(b, 1, INT64_MAX);
        int meet = !(ah < bl || bh < al) ||
                   (ah != INT64_MAX && bl != INT64_MIN && ah + 1 == bl) || (bh != INT64_MAX && al != INT64_MIN && bh + 1 == al);
        if (!meet) return NULL;
        return range_type(c, "Integer", al < bl ? al : bl, ah > bh ? ah : bh, 0, 0);
    }
    double al, ah, bl, bh;
    num_range(a, 0, &al, &ah);
    num_range(b, 0, &bl, &bh);
    if (ah < bl || bh < al) return NULL;
    return range_type(c, "Float", 0, 0, al < bl ? al : bl, ah > bh ? ah : bh);
}

/* merge_numbers(clazz): the ranges of one class merged (merge_ranges pops
 * from the end, so merged ranges come out last first) and put in front. */
static size_t merge_numbers(Compiler *c, Value **ts, size_t k, const char *name)
{
    Value **ranges = arena_alloc(c->arena, k * sizeof *ranges), **others = arena_alloc(c->arena, k * sizeof *others);
    size_t nr = 0, no = 0;
    for (size_t i = 0; i < k; i++) {
        if (is_named(ts[i], name)) ranges[nr++] = ts[i];
        else others[no++] = ts[i];
    }
    if (nr < 2) return k;
    size_t out = 0;
    while (nr) {
        Value *memo = ranges[--nr];
        size_t nu = 0;
        for (size_t i = 0; i < nr; i++) {
            Value *m = range_merge(c, memo, ranges[i]);
            if (m) memo = m;
            else ranges[nu++] = ranges[i];
        }
        ts[out++] = memo;
        nr = nu;
    }
    for (size_t i = 0; i < no; i++) ts[out++] = others[i];
    return out;
}

/* The Enum-merging steps of PVariantType#normalize: case-sensitive Enums
 * and String values into one Enum, then case-insensitive Enums into one
 * (values downcased), then Patterns into one Pattern; each merge goes last. */
static size_t merge_strings(Compiler *c, Value **ts, size_t k, int pass)
{
    size_t cnt = 0, nv = 0;
    for (size_t i = 0; i < k; i++) {
        Value *e = ts[i];
        int ci, take = 0;
        if (pass < 2 && is_named(e, "Enum") && enum_values(e, NULL, &ci) && ci == pass) take = 1, nv += enum_values(e, NULL, &ci);
        else if (pass == 0 && is_named(e, "String") && e->type.n == 1 && e->type.params[0]->kind == V_STR) take = 1, nv++;
        else if (pass == 2 && is_named(e, "Pattern")) take = 1, nv += e->type.n;
        cnt += take;
    }
    if (cnt < 2) return k;
    Value **vals = arena_alloc(c->arena, (nv + 2) * sizeof *vals);
    size_t nvals = 0, keep = 0;
    for (size_t i = 0; i < k; i++) {
        Value *e = ts[i];
        int ci = 0;
        Value **xs = NULL;
        size_t nx = 0;
        if (pass < 2 && is_named(e, "Enum") && enum_values(e, NULL, &ci) && ci == pass) {
            nx = enum_values(e, NULL, &ci);
            xs = arena_alloc(c->arena, nx * sizeof *xs);
            enum_values(e, xs, &ci);
        } else if (pass == 0 && is_named(e, "String") && e->type.n == 1 && e->type.params[0]->kind == V_STR) {
            xs = e->type.params, nx = 1;
        } else if (pass == 2 && is_named(e, "Pattern")) {
            xs = e->type.params, nx = e->type.n;
        } else {
            ts[keep++] = e;
            continue;
        }
        for (size_t j = 0; j < nx; j++) {
            Value *v = xs[j];
            if (pass == 1 && v->kind == V_STR) {
                char *low = arena_strndup(c->arena, v->str.s, v->str.len);
                for (char *p = low; *p; p++) *p = (char)tolower((unsigned char)*p);
                v = val_str_nocopy(c->arena, low, v->str.len);
            }
            const char *src = v->kind == V_REGEX ? v->regex.src : v->kind == V_STR ? v->str.s : NULL;
            size_t d = 0;
            while (d < nvals) {
                const Value *w = vals[d];
                const char *wsrc = w->kind == V_REGEX ? w->regex.src : w->kind == V_STR ? w->str.s : NULL;
                if (pass == 2 ? src && wsrc && !strcmp(src, wsrc) : val_identical(w, v)) break;
                d++;
            }
            if (d == nvals) vals[nvals++] = v;
        }
    }
    if (pass == 1) vals[nvals++] = VAL_TRUE;
    ts[keep++] = tp(c, pass == 2 ? "Pattern" : "Enum", vals, nvals);
    return keep;
}

/* PVariantType#normalize: members normalised; Undef or Optional members
 * make Optional[Variant[the rest]]; otherwise flattened, NotUndefs
 * swapped into one, Enums, Patterns, Integer and Float ranges merged.
 * Without a change the Variant is kept as it was (order included). */
static Value *normalize_variant(Compiler *c, Value *t)
{
    /* as TypeFactory.variant creates it: flattened, without duplicates */
    Value *created = maybe_create(c, t->type.params, t->type.n);
    if (!is_named(created, "Variant")) return normalize(c, created);
    if (created->type.n != t->type.n) t = created;
    size_t n = t->type.n;
    Value **ty = arena_alloc(c->arena, n * sizeof *ty);
    int modified = 0, undef = 0;
    for (size_t i = 0; i < n; i++) {
        ty[i] = normalize(c, t->type.params[i]);
        modified |= ty[i] != t->type.params[i];
        if (is_named(ty[i], "Undef") || is_named(ty[i], "Optional")) undef = 1;
    }
    if (undef) {
        Value **rest = arena_alloc(c->arena, n * sizeof *rest);
        size_t k = 0;
        for (size_t i = 0; i < n; i++) {
            if (is_named(ty[i], "Undef")) continue;
            if (is_named(ty[i], "Optional")) {
                if (!ty[i]->type.n) continue;
                rest[k++] = ty[i]->type.params[0];
            } else {
                rest[k++] = ty[i];
            }
        }
        if (!k) return tp(c, "Undef", NULL, 0);
        Value *in = maybe_create(c, rest, k);
        return normalize(c, tp(c, "Optional", &in, 1));
    }
    Value **flat = arena_alloc(c->arena, (flat_count(ty, n) + 2) * sizeof *flat);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (is_named(ty[i], "Variant") && ty[i]->type.n)
            for (size_t j = 0; j < ty[i]->type.n; j++) flat[k++] = ty[i]->type.params[j];
        else
            flat[k++] = ty[i];
    }
    size_t before = k;
    /* swap_not_undefs */
    size_t nnu = 0;
    for (size_t i = 0; i < k; i++) nnu += is_named(flat[i], "NotUndef") && flat[i]->type.n == 1 && flat[i]->type.params[0]->kind == V_TYPE;
    if (nnu > 1) {
        Value **inner = arena_alloc(c->arena, nnu * sizeof *inner);
        size_t ni = 0, keep = 0;
        for (size_t i = 0; i < k; i++) {
            if (is_named(flat[i], "NotUndef") && flat[i]->type.n == 1 && flat[i]->type.params[0]->kind == V_TYPE) inner[ni++] = flat[i]->type.params[0];
            else flat[keep++] = flat[i];
        }
        Value *nu = normalize(c, maybe_create(c, inner, ni));
        flat[keep++] = tp(c, "NotUndef", &nu, 1);
        k = keep;
    }
    for (int pass = 0; pass < 3; pass++) k = merge_strings(c, flat, k, pass);
    k = merge_numbers(c, flat, k, "Integer");
    k = merge_numbers(c, flat, k, "Float");
    k = merge_numbers(c, flat, k, "Timespan");
    k = merge_numbers(c, flat, k, "Timestamp");
    if (k == 1) return flat[0];
    return modified || k != before ? maybe_create(c, flat, k) : t;
}

/* Puppet's Type#normalize, for the types messages print: the same set of
 * values, written the simplest way (see normalize_variant; Optional of a
 * type that takes undef is that type, NotUndef of one that does not is
 * that type, Array[Any] is Array, Collection drops its size).  Returns t
 * itself when nothing changes. */
static Value *normalize(Compiler *c, Value *t)
{
    if (t->kind != V_TYPE || !t->type.n) return t;
    const char *n = t->type.name;
    Value *p0 = t->type.params[0];
    if (!strcmp(n, "Variant")) return normalize_variant(c, t);
    if ((!strcmp(n, "Optional") || !strcmp(n, "NotUndef")) && t->type.n == 1 && p0->kind == V_TYPE) {
        int opt = n[0] == 'O';
        Value *in = normalize(c, p0);
        if (is_named(in, opt ? "NotUndef" : "Optional") && in->type.n == 1)
            return normalize(c, tp(c, n, in->type.params, 1));
        if (accepts_undef(c, in) == opt) return in;
        return in == p0 ? t : tp(c, n, &in, 1);
    }
    if ((!strcmp(n, "Sensitive") || !strcmp(n, "Type")) && t->type.n == 1 && p0->kind == V_TYPE) {
        Value *in = normalize(c, p0);
        return in == p0 ? t : tp(c, n, &in, 1);
    }
    if (!strcmp(n, "Collection")) return tp(c, n, NULL, 0);
    if (!strcmp(n, "Array") && p0->kind == V_TYPE) {
        if (is_named(p0, "Any") && !p0->type.n) return tp(c, n, NULL, 0);
        Value *in = normalize(c, p0);
        if (in == p0) return t;
        Value **ps = arena_memdup(c->arena, t->type.params, t->type.n * sizeof *ps);
        ps[0] = in;
        return tp(c, n, ps, t->type.n);
    }
    if (!strcmp(n, "Hash") || !strcmp(n, "Tuple")) {
        Value **ps = NULL;
        for (size_t i = 0; i < t->type.n && t->type.params[i]->kind == V_TYPE; i++) {
            Value *in = normalize(c, t->type.params[i]);
            if (in == t->type.params[i]) continue;
            if (!ps) ps = arena_memdup(c->arena, t->type.params, t->type.n * sizeof *ps);
            ps[i] = in;
        }
        return ps ? tp(c, n, ps, t->type.n) : t;
    }
    if (!strcmp(n, "Struct") && p0->kind == V_HASH) {
        if (!p0->hash.n) return tp(c, n, NULL, 0);
        Value **vals = NULL;
        for (size_t i = 0; i < p0->hash.n; i++) {
            Value *in = normalize(c, p0->hash.vals[i]);
            if (in == p0->hash.vals[i]) continue;
            if (!vals) vals = arena_memdup(c->arena, p0->hash.vals, p0->hash.n * sizeof *vals);
            vals[i] = in;
        }
        if (!vals) return t;
        Value *h = val_hash(c->arena, p0->hash.keys, vals, p0->hash.n);
        return tp(c, n, &h, 1);
    }
    return t;
}
/* The simple name of the type Puppet infers for v: String, Tuple, Struct ... */
static const char *simple_name(const Value *v)
{
    switch (v->kind) {
    case V_ARRAY: return v->arr.n ? "Tuple" : "Array";
    case V_HASH:
        if (!v->hash.n) return "Hash";
        for (size_t i = 0; i < v->hash.n; i++)
            if (v->hash.keys[i]->kind != V_STR || !v->hash.keys[i]->str.len) return "Hash";
        return "Struct";
    default: return val_type_name(v);
    }
}

/* The type Puppet infers for v, printed (infer_set): Integer[7, 7], String, Tuple[...]. */
static void full_name(Compiler *c, Buf *b, const Value *v)
{
    switch (v->kind) {
    case V_INT: buf_printf(b, "Integer[%lld, %lld]", (long long)v->i, (long long)v->i); return;
    case V_FLOAT: {
        Buf f = BUF_INIT;
        val_to_s(&f, v);
        buf_printf(b, "Float[%s, %s]", buf_cstr(&f), buf_cstr(&f));
        buf_free(&f);
        return;
    }
    case V_BOOL: buf_adds(b, v->b ? "Boolean[true]" : "Boolean[false]"); return;
    case V_REGEX: buf_adds(b, "Regexp["), type_to_s(c, b, v), buf_adds(b, "]"); return;
    case V_TYPE: buf_adds(b, "Type["), type_to_s(c, b, v), buf_adds(b, "]"); return;
    case V_TIMESTAMP: case V_TIMESPAN: {    /* Timestamp['...']: the range of the one value */
        Value *ends[2] = {(Value *)v, (Value *)v};
        type_to_s(c, b, val_type(c->arena, val_type_name(v), ends, 2));
        return;
    }
    case V_ARRAY:
        if (!v->arr.n) { buf_adds(b, "Array[0, 0]"); return; }
        buf_adds(b, "Tuple[");
        for (size_t i = 0; i < v->arr.n; i++) {
            if (i) buf_adds(b, ", ");
            full_name(c, b, v->arr.items[i]);
        }
        buf_adds(b, "]");
        return;
    case V_HASH:
        if (!strcmp(simple_name(v), "Struct")) {
            buf_adds(b, "Struct[{");
            for (size_t i = 0; i < v->hash.n; i++) {
                buf_adds(b, i ? ", '" : "'");
                buf_adds(b, v->hash.keys[i]->str.s);
                buf_adds(b, "' => ");
                full_name(c, b, v->hash.vals[i]);
            }
            buf_adds(b, "}]");
            return;
        }
        if (!v->hash.n) { buf_adds(b, "Hash[0, 0]"); return; }
        buf_adds(b, "Hash[");
        for (int part = 0; part < 2; part++) {
            /* PVariantType.maybe_create of the inferred key (value) types */
            Value **xs = part ? v->hash.vals : v->hash.keys;
            Buf all = BUF_INIT, one = BUF_INIT;
            size_t distinct = 0;
            for (size_t i = 0; i < v->hash.n; i++) {
                buf_clear(&one);
                full_name(c, &one, xs[i]);
                int seen = 0;
                for (size_t j = 0; j < i && !seen; j++) {
                    Buf o = BUF_INIT;
                    full_name(c, &o, xs[j]);
                    seen = !strcmp(buf_cstr(&o), buf_cstr(&one));
                    buf_free(&o);
                }
                if (seen) continue;
                if (distinct++) buf_adds(&all, ", ");
                buf_adds(&all, buf_cstr(&one));
            }
            if (part) buf_adds(b, ", ");
            if (distinct > 1) buf_printf(b, "Variant[%s]", buf_cstr(&all));
            else buf_adds(b, buf_cstr(&all));
            buf_free(&all);
            buf_free(&one);
        }
        buf_adds(b, "]");
        return;
    case V_SENSITIVE:   /* infer, not infer_set, inside: a string is String */
        buf_adds(b, "Sensitive[");
        if (v->sensitive->kind == V_STR) buf_adds(b, "String");
        else full_name(c, b, v->sensitive);
        buf_adds(b, "]");
        return;
    default: buf_adds(b, simple_name(v)); return;
    }
}

/* Whether the unparameterised type named like t accepts values of v's kind
 * (Puppet: e.class::DEFAULT.assignable?(a)). */
static int default_accepts(const Value *t, const Value *v)
{
    const char *n = t->type.name;
    int num = v->kind == V_INT || v->kind == V_FLOAT, str = v->kind == V_STR;
    if (!strcmp(n, "Any")) return 1;
    if (!strcmp(n, "Integer")) return v->kind == V_INT;
    if (!strcmp(n, "Float")) return v->kind == V_FLOAT;
    if (!strcmp(n, "Numeric")) return num;
    if (!strcmp(n, "String") || !strcmp(n, "Enum") || !strcmp(n, "Pattern")) return str;
    if (!strcmp(n, "Boolean")) return v->kind == V_BOOL;
    if (!strcmp(n, "Scalar")) return num || str || v->kind == V_BOOL || v->kind == V_REGEX || VAL_IS_TIME(v) || v->kind == V_SEMVER ||
                                          v->kind == V_SEMVERRANGE;
    if (!strcmp(n, "Binary")) return v->kind == V_BINARY;
    if (!strcmp(n, "SemVer")) return v->kind == V_SEMVER;
    if (!strcmp(n, "SemVerRange")) return v->kind == V_SEMVERRANGE;
    if (!strcmp(n, "Timestamp")) return v->kind == V_TIMESTAMP;
    if (!strcmp(n, "Timespan")) return v->kind == V_TIMESPAN;
    if (!strcmp(n, "ScalarData")) return num || str || v->kind == V_BOOL;
    if (!strcmp(n, "Array") || !strcmp(n, "Tuple")) return v->kind == V_ARRAY;
    if (!strcmp(n, "Hash")) return v->kind == V_HASH;
    if (!strcmp(n, "Struct")) return v->kind == V_HASH && !v->hash.n;
    if (!strcmp(n, "Collection")) return v->kind == V_ARRAY || v->kind == V_HASH;
    if (!strcmp(n, "Regexp")) return v->kind == V_REGEX;
    if (!strcmp(n, "Undef")) return v->kind == V_UNDEF;
    if (!strcmp(n, "Default")) return v->kind == V_DEFAULT;
    if (!strcmp(n, "Sensitive")) return v->kind == V_SENSITIVE;
    if (!strcmp(n, "Type")) return v->kind == V_TYPE;
    if (!strcmp(n, "NotUndef")) return v->kind != V_UNDEF;
    if (!strcmp(n, "Iterable")) return v->kind == V_ARRAY || v->kind == V_HASH || v->kind == V_STR || v->kind == V_INT;
    return 0;
}

/* Same class of type as the one inferred for v, or a specialisation of it. */
static int same_class(Compiler *c, Value *t, const Value *v)
{
    if (t->kind != V_TYPE) return 0;
    if (alias_target(c, t)) return 1;
    const char *n = t->type.name, *a = simple_name(v);
    if (!strcmp(n, a)) return 1;
    if (!strcmp(n, "Struct")) return v->kind == V_HASH && !strcmp(a, "Hash");
    if (!strcmp(n, "Tuple")) return v->kind == V_ARRAY && !strcmp(a, "Array");
    if (!strcmp(n, "Regexp") || !strcmp(n, "Sensitive") || !strcmp(n, "Type")) return !strcmp(n, val_type_name(v));
    return 0;
}

/* An alias being expanded, innermost first (RecursionGuard's "this"). */
typedef struct Expanding { const char *name; const struct Expanding *up; } Expanding;

/* How types print through val_type_to_s(): a type alias by the name its
 * declaration gives it, with expand (Puppet's alias_expanded_string) as
 * "Name = <what it stands for>", once on any path (a self-recursive alias
 * shows its name inside).  Messages print what an alias stands for
 * normalised; values (interpolation, notice, the hooks installed for
 * val_to_s) as it was written. */
typedef struct TypeStrCtx {
    Compiler *c;
    int as_written;                   /* the target as written, not normalised */
    const Expanding *ex;              /* aliases being expanded */
    ValTypeHooks hooks;               /* these hooks, for the recursion */
} TypeStrCtx;

static int alias_hook(void *ctx, Buf *b, const Value *v, int expand)
{
    TypeStrCtx *x = ctx;
    Compiler *c = x->c;
    const Node *al = alias_node(c, v);
    if (!al) return 0;
    if (expand && obj_type_to_s(c, b, v)) return 1;   /* an Object type prints as Object[{name => ...}] */
    buf_adds(b, al->text);
    if (!expand) return 1;
    for (const Expanding *e = x->ex; e; e = e->up)
        if (!strcmp(e->name, al->text)) return 1;
    Value *r = ev_expr(c, c->top, al->a);
    if (!x->as_written) r = normalize(c, r);
    Expanding here = {al->text, x->ex};
    x->ex = &here;
    buf_adds(b, " = ");
    val_type_to_s(b, r, &x->hooks, 1);
    x->ex = here.up;
    return 1;
}

static int accepts_undef_hook(void *ctx, const Value *t) { return accepts_undef(((TypeStrCtx *)ctx)->c, (Value *)t); }

/* A type as Puppet's TypeFormatter prints it in messages (see
 * val_type_to_s), with what the compiler knows about type aliases. */
static void type_str(Compiler *c, Buf *b, const Value *v, int expand)
{
    TypeStrCtx x = {c, 0, NULL, {NULL, alias_hook, accepts_undef_hook}};
    x.hooks.ctx = &x;
    val_type_to_s(b, v, &x.hooks, expand);
}

/* The hooks val_to_s() uses while a compile runs: the same, except that an
 * error while an alias is loaded or evaluated (reported, so the compile
 * fails) does not unwind through the caller's buffers. */
static int guarded_alias_hook(void *ctx, Buf *b, const Value *v, int expand)
{
    TypeStrCtx *x = ctx;
    Compiler *c = x->c;
    jmp_buf jb, *saved = c->fail;
    const Expanding *ex = x->ex;
    volatile int r = 0;
    c->fail = &jb;
    if (!setjmp(jb)) r = alias_hook(ctx, b, v, expand);
    c->fail = saved;
    x->ex = ex;
    return r;
}

static int guarded_accepts_undef_hook(void *ctx, const Value *t)
{
    Compiler *c = ((TypeStrCtx *)ctx)->c;
    jmp_buf jb, *saved = c->fail;
    volatile int r = 0;
    c->fail = &jb;
    if (!setjmp(jb)) r = accepts_undef(c, (Value *)t);
    c->fail = saved;
    return r;
}

void cmp_type_printing(Compiler *c, int on)
{
    if (!on) {
        val_set_type_hooks(NULL);
        return;
    }
    TypeStrCtx *x = ARENA_NEW(c->arena, TypeStrCtx);
    x->c = c;
    x->as_written = 1;
    x->hooks = (ValTypeHooks){x, guarded_alias_hook, guarded_accepts_undef_hook};
    val_set_type_hooks(&x->hooks);
}

static void type_to_s(Compiler *c, Buf *b, const Value *v) { type_str(c, b, v, 0); }

/* Puppet's to_alias_expanded_s: aliases show what they stand for. */
static void expanded(Compiler *c, Buf *b, Value *t) { type_str(c, b, t, 1); }

/* Puppet's short_name: Optional, NotUndef, Sensitive and Type keep their parameter's name. */
/* A type's name (Puppet's PAnyType#name): Resource for File and
 * File['/x'], Class for Class['x'], an alias's own name. */
static const char *class_name(Compiler *c, const Value *t)
{
    const char *n = type_name(t);
    if (!strcmp(n, "Class") || !strcmp(n, "Resource") || !strcmp(n, "CatalogEntry") || !strcmp(n, "DefaultTypeSet")) return n;
    if (val_is_resref(t) || (!res_is_data_type(n) && !builtin_alias(n) && !alias_node(c, t))) return "Resource";
    return print_name(c, t);
}

static void short_name(Compiler *c, Buf *b, Value *t)
{
    if (t->kind != V_TYPE) { type_to_s(c, b, t); return; }
    const char *n = type_name(t);
    if ((!strcmp(n, "Optional") || !strcmp(n, "NotUndef") || !strcmp(n, "Sensitive") || !strcmp(n, "Type")) &&
        t->type.n == 1 && t->type.params[0]->kind == V_TYPE && strcmp(t->type.params[0]->type.name, "Any")) {
        buf_printf(b, "%s[%s]", n, class_name(c, t->type.params[0]));
        return;
    }
    buf_adds(b, class_name(c, t));
}

/* short_name of the type Puppet infers for v: Type[Resource] for File['/x'],
 * Sensitive[String] for Sensitive('x'), else its simple name. */
static void short_actual(Compiler *c, Buf *b, const Value *v)
{
    if (v->kind == V_TYPE) {
        if (is_named(v, "Any") && !v->type.n) buf_adds(b, "Type");
        else buf_printf(b, "Type[%s]", class_name(c, v));
    } else if (v->kind == V_SENSITIVE) {
        buf_printf(b, "Sensitive[%s]", simple_name(v->sensitive));
    } else {
        buf_adds(b, simple_name(v));
    }
}

/* TypeMismatch#message: " expects an Integer value, got String". */
static void type_message(Compiler *c, Buf *b, Mismatch *m)
{
    Value *e = m->expected, *a = m->actual;
    int optional = 0;
    if (is_named(e, "Optional") && e->type.n == 1) e = e->type.params[0], optional = 1;
    Value **es = &e;
    size_t ne = 1;
    int list = is_named(e, "Variant") && e->type.n;
    if (list) es = e->type.params, ne = e->type.n;
    /* report_detailed?: same class, an alias, or the type's default accepts the value */
    int detailed = 0, always = 0;
    for (size_t i = 0; i < ne; i++) {
        if (same_class(c, es[i], a)) always = 1;
        if (es[i]->kind == V_TYPE && default_accepts(es[i], a)) detailed = 1;
        else if (es[i]->kind == V_TYPE) {
            Value *r = alias_target(c, es[i]);
            if (r && r->kind == V_TYPE && default_accepts(r, a)) detailed = 1;
        }
    }
    detailed |= always;
    Buf eb = BUF_INIT, ab = BUF_INIT;
    const char **names = arena_alloc(c->arena, (ne + 2) * sizeof *names);
    size_t nn = 0;
    if (optional) names[nn++] = "Undef";
    if (detailed) {
        /* detailed_actual_to_s, with aliases resolved */
        int full = 0, assignable = 0;
        for (size_t i = 0; i < ne; i++) {
            Value *r = es[i];
            for (int d = 0; d < 100; d++) {
                Value *x = alias_target(c, r);
                if (!x) break;
                r = normalize(c, x);
            }
            if (same_class(c, r, a)) full = 1;
            if (r->kind == V_TYPE && !r->type.n && default_accepts(r, a)) assignable = 1;
        }
        if (full || assignable) full_name(c, &ab, a);
        else buf_adds(&ab, simple_name(a));
        for (size_t i = 0; i < ne; i++) {
            Buf x = BUF_INIT;
            expanded(c, &x, es[i]);
            names[nn++] = arena_strdup(c->arena, buf_cstr(&x));
            buf_free(&x);
        }
    } else {
        short_actual(c, &ab, a);
        for (size_t i = 0; i < ne; i++) {
            Buf x = BUF_INIT;
            short_name(c, &x, es[i]);
            size_t j = optional;
            while (j < nn && strcmp(names[j], buf_cstr(&x))) j++;
            if (j == nn) names[nn++] = arena_strdup(c->arena, buf_cstr(&x));
            buf_free(&x);
        }
    }
    for (size_t i = 0; i < nn; i++) {
        if (i) buf_adds(&eb, nn == 2 ? " or " : i + 1 == nn ? ", or " : ", ");
        buf_adds(&eb, names[i]);
    }
    const char *es_ = buf_cstr(&eb);
    if (nn > 1)
        buf_printf(b, " expects a value of type %s, got %s", es_, buf_cstr(&ab));
    else
        buf_printf(b, " expects %s %s value, got %s", strchr("AEIOUaeiou", es_[0]) && es_[0] ? "an" : "a", es_, buf_cstr(&ab));
    buf_free(&eb);
    buf_free(&ab);
}

static void range_to_s(Buf *b, int64_t lo, int64_t hi, const char *zero)
{
    if (lo == hi) { if (lo == 0) buf_adds(b, zero); else buf_printf(b, "%lld", (long long)lo); }
    else if (lo == 0) { if (hi == INT64_MAX) buf_adds(b, "unlimited"); else buf_printf(b, "at most %lld", (long long)hi); }
    else if (hi == INT64_MAX) buf_printf(b, "at least %lld", (long long)lo);
    else buf_printf(b, "between %lld and %lld", (long long)lo, (long long)hi);
}

/* Mismatch#format, with the path element at skip (or none: -1) left out. */
static void mm_format(Compiler *c, Buf *b, Mismatch *m, long skip)
{
    for (size_t i = 0; i < m->npath; i++)
        if ((long)i != skip) buf_addc(b, ' '), buf_adds(b, m->path[i]);
    switch (m->kind) {
    case MM_MISSING: buf_printf(b, " expects a value for key '%s'", m->key); break;
    case MM_EXTRA: buf_printf(b, " unrecognized key '%s'", m->key); break;
    case MM_NO_BLOCK: buf_adds(b, " expects a block"); break;
    case MM_BLOCK: buf_adds(b, " does not expect a block"); break;
    case MM_COUNT: {  /* CountMismatch#message */
        int one = (m->elo == 1 && (m->ehi == 1 || m->ehi == INT64_MAX)) || (m->elo == 0 && m->ehi == 1);
        buf_adds(b, " expects ");
        range_to_s(b, m->elo, m->ehi, "no");
        buf_printf(b, " argument%s, got ", one ? "" : "s");
        range_to_s(b, m->alo, m->ahi, "none");
        break;
    }
    case MM_SIZE:
        buf_adds(b, " expects size to be ");
        range_to_s(b, m->elo, m->ehi, "0");
        buf_adds(b, ", got ");
        range_to_s(b, m->alo, m->ahi, "0");
        break;
    case MM_PATTERN: {
        Value *e = m->expected;
        buf_adds(b, " expects ");
        if (is_named(e, "Optional") && e->type.n == 1) e = e->type.params[0], buf_adds(b, "an undef value or ");
        buf_adds(b, "a match for ");
        expanded(c, b, e);
        buf_adds(b, ", got ");
        if (m->actual->kind == V_STR) buf_printf(b, "'%s'", m->actual->str.s);
        else buf_adds(b, simple_name(m->actual));
        break;
    }
    case MM_TYPE: type_message(c, b, m); break;
    }
}

static int same_canonical(const Mismatch *a, const Mismatch *b)
{
    size_t i = 0, j = 0;
    for (;;) {
        while (i < a->npath && a->variant[i]) i++;
        while (j < b->npath && b->variant[j]) j++;
        if (i == a->npath || j == b->npath) return i == a->npath && j == b->npath;
        if (strcmp(a->path[i], b->path[j])) return 0;
        i++, j++;
    }
}

static Mismatch *type_mm(Compiler *c, const PathEl *path, Value *original, Value *v)
{
    Mismatch *m = mm_new(c, MM_TYPE, path);
    m->expected = normalize(c, original);
    m->actual = v;
    return m;
}

static Mismatch *size_mm(Compiler *c, const PathEl *path, int64_t elo, int64_t ehi, int64_t n)
{
    Mismatch *m = mm_new(c, MM_SIZE, path);
    m->elo = elo, m->ehi = ehi, m->alo = m->ahi = n;
    return m;
}

static void mm_describe(Compiler *c, Value *t, Value *v, const PathEl *path, MList *out);

static PathEl *path_el(Compiler *c, const PathEl *up, const char *text, int variant)
{
    PathEl *p = arena_alloc(c->arena, sizeof *p);
    p->up = up, p->text = text, p->variant = variant;
    return p;
}

/* The size range of a collection type whose size parameters start at
 * params[first] (Puppet's default: 0 to unlimited). */
static void size_range(Value *t, size_t first, int64_t *lo, int64_t *hi)
{
    *lo = int_param(t, first, 0);
    if (*lo < 0) *lo = 0;
    *hi = int_param(t, first + 1, INT64_MAX);
}

static void describe_variant(Compiler *c, Value *t, Value *original, Value *v, const PathEl *path, MList *out)
{
    size_t n = t->type.n, plen = 0;
    for (const PathEl *p = path; p; p = p->up) plen++;
    int opt = is_named(original, "Optional");
    MList all = {0};
    size_t nvar = 0;
    for (size_t i = 0; i < n + (size_t)opt; i++) {
        Value *vt = opt ? (i ? t->type.params[i - 1] : val_type(c->arena, "Undef", NULL, 0)) : t->type.params[i];
        if (cmp_type_match(c, vt, v)) return;
        size_t before = all.n;
        mm_describe(c, vt, v, path_el(c, path, arena_printf(c->arena, "variant %zu", i), 1), &all);
        if (all.n == before) return;
        nvar++;
    }
    /* merge_descriptions: all alternatives failing alike in one place fold into one */
    Mismatch *merged = NULL;
    for (int pass = 0; pass < 2 && !merged; pass++) {
        size_t cnt = 0;
        for (size_t i = 0; i < all.n; i++)
            if (pass ? all.m[i]->kind == MM_TYPE || all.m[i]->kind == MM_PATTERN : all.m[i]->kind == MM_SIZE) cnt++;
        if (cnt != nvar) continue;
        Mismatch *prev = NULL;
        int ok = 1;
        for (size_t i = 0; i < all.n && ok; i++) {
            Mismatch *cur = all.m[i];
            if (pass ? cur->kind != MM_TYPE && cur->kind != MM_PATTERN : cur->kind != MM_SIZE) continue;
            if (!prev) { prev = cur; continue; }
            if (!same_canonical(prev, cur)) { ok = 0; break; }
            Mismatch *m = arena_memdup(c->arena, prev, sizeof *m);
            if (pass) {
                Value *ts[2] = {prev->expected, cur->expected};
                size_t k = 0;
                Value *fl[64];
                for (int j = 0; j < 2; j++) {
                    if (is_named(ts[j], "Variant"))
                        for (size_t q = 0; q < ts[j]->type.n && k < 64; q++) fl[k++] = ts[j]->type.params[q];
                    else if (k < 64)
                        fl[k++] = ts[j];
                }
                m->expected = variant_of(c, fl, k);
            } else {
                if (cur->elo < m->elo) m->elo = cur->elo;
                if (cur->ehi > m->ehi) m->ehi = cur->ehi;
            }
            prev = m;
        }
        if (ok && prev) merged = prev;
    }
    MList res = {0};
    if (merged) ml_push(c, &res, merged);
    else res = all;
    if (res.n == 1) {
        /* chop_path(varying position): drop this variant's element */
        Mismatch *m = arena_memdup(c->arena, res.m[0], sizeof *m);
        if (plen < m->npath) {
            const char **np = arena_alloc(c->arena, m->npath * sizeof *np);
            int *nv = arena_alloc(c->arena, m->npath * sizeof *nv);
            size_t k = 0;
            for (size_t i = 0; i < m->npath; i++)
                if (i != plen) np[k] = m->path[i], nv[k] = m->variant[i], k++;
            m->path = np, m->variant = nv, m->npath = k;
        }
        if (alias_target(c, original)) {
            ml_push(c, out, type_mm(c, path, original, v));
            return;
        }
        ml_push(c, out, m);
        return;
    }
    for (size_t i = 0; i < res.n; i++) ml_push(c, out, res.m[i]);
}

/* Struct element i of schema: its key name and whether it may be left out. */
static Value *struct_key(Compiler *c, Value *schema, size_t i, int *optional)
{
    Value *k = schema->hash.keys[i];
    *optional = 0;
    if (k->kind == V_TYPE && (is_named(k, "Optional") || is_named(k, "NotUndef")) && k->type.n) {
        *optional = k->type.name[0] == 'O';
        k = k->type.params[0];
    } else if (cmp_type_match(c, schema->hash.vals[i], VAL_UNDEF)) {
        *optional = 1;
    }
    return k;
}

static void internal_describe(Compiler *c, Value *t, Value *original, Value *v, const PathEl *path, MList *out)
{
    if (t->kind != V_TYPE) { ml_push(c, out, type_mm(c, path, original, v)); return; }
    const char *n = t->type.name;
    Value *r = alias_target(c, t);
    if (r) {
        if (c->type_depth >= 100) { ml_push(c, out, type_mm(c, path, original, v)); return; }
        c->type_depth++;
        internal_describe(c, normalize(c, r), t, v, path, out);
        c->type_depth--;
        return;
    }
    if (!strcmp(n, "Variant") && t->type.n) { describe_variant(c, t, original, v, path, out); return; }
    if (!strcmp(n, "Optional")) {
        if (v->kind == V_UNDEF || !t->type.n) return;
        internal_describe(c, t->type.params[0], alias_target(c, original) ? original : t, v, path, out);
        return;
    }
    if (!strcmp(n, "Enum") || !strcmp(n, "Pattern")) {
        Mismatch *m = mm_new(c, MM_PATTERN, path);
        m->expected = normalize(c, original), m->actual = v;
        ml_push(c, out, m);
        return;
    }
    if (!strcmp(n, "Struct") && t->type.n == 1 && t->type.params[0]->kind == V_HASH && v->kind == V_HASH) {
        Value *schema = t->type.params[0];
        if (!strcmp(simple_name(v), "Struct")) {
            for (size_t i = 0; i < schema->hash.n; i++) {
                int optional;
                Value *k = struct_key(c, schema, i, &optional);
                Value *got = val_hash_get(v, k);
                const char *ks = k->kind == V_STR ? k->str.s : "";
                if (!got) {
                    if (!optional) {
                        Mismatch *m = mm_new(c, MM_MISSING, path);
                        m->key = ks;
                        ml_push(c, out, m);
                    }
                } else if (!cmp_type_match(c, schema->hash.vals[i], got)) {
                    mm_describe(c, schema->hash.vals[i], got, path_el(c, path, arena_printf(c->arena, "entry '%s'", ks), 0), out);
                }
            }
            for (size_t i = 0; i < v->hash.n; i++) {
                int known = 0, optional;
                for (size_t j = 0; j < schema->hash.n && !known; j++)
                    known = val_identical(struct_key(c, schema, j, &optional), v->hash.keys[i]);
                if (!known) {
                    Mismatch *m = mm_new(c, MM_EXTRA, path);
                    m->key = v->hash.keys[i]->str.s;
                    ml_push(c, out, m);
                }
            }
            return;
        }
        int64_t req = 0;
        for (size_t i = 0; i < schema->hash.n; i++) {
            int optional;
            struct_key(c, schema, i, &optional);
            req += !optional;
        }
        int64_t an = (int64_t)v->hash.n;
        if (an < req || an > (int64_t)schema->hash.n) ml_push(c, out, size_mm(c, path, req, (int64_t)schema->hash.n, an));
        else ml_push(c, out, type_mm(c, path, original, v));
        return;
    }
    if (!strcmp(n, "Hash") && v->kind == V_HASH) {
        size_t first = 0;
        Value *kt = NULL, *vt = NULL;
        if (t->type.n >= 2 && t->type.params[0]->kind == V_TYPE && t->type.params[1]->kind == V_TYPE)
            kt = t->type.params[0], vt = t->type.params[1], first = 2;
        int64_t lo, hi, an = (int64_t)v->hash.n;
        size_range(t, first, &lo, &hi);
        if (an < lo || an > hi) { ml_push(c, out, size_mm(c, path, lo, hi, an)); return; }
        if (!strcmp(simple_name(v), "Struct") && kt) {
            for (size_t i = 0; i < v->hash.n; i++) {
                const char *ks = v->hash.keys[i]->str.s;
                if (!cmp_type_match(c, kt, v->hash.keys[i]))
                    mm_describe(c, kt, v->hash.keys[i], path_el(c, path, arena_printf(c->arena, "key of entry '%s'", ks), 0), out);
                if (!cmp_type_match(c, vt, v->hash.vals[i]))
                    mm_describe(c, vt, v->hash.vals[i], path_el(c, path, arena_printf(c->arena, "entry '%s'", ks), 0), out);
            }
            return;
        }
        ml_push(c, out, type_mm(c, path, original, v));
        return;
    }
    if (!strcmp(n, "Tuple") && v->kind == V_ARRAY) {
        size_t nt = 0;
        while (nt < t->type.n && t->type.params[nt]->kind == V_TYPE) nt++;
        int64_t lo = (int64_t)nt, hi = (int64_t)nt, an = (int64_t)v->arr.n;
        if (nt < t->type.n) size_range(t, nt, &lo, &hi);
        if (an < lo || an > hi) { ml_push(c, out, size_mm(c, path, lo, hi, an)); return; }
        for (size_t i = 0; i < v->arr.n && nt; i++) {
            size_t adx = i < nt ? i : nt - 1;
            if (!cmp_type_match(c, t->type.params[adx], v->arr.items[i]))
                mm_describe(c, t->type.params[adx], v->arr.items[i], path_el(c, path, arena_printf(c->arena, "index %zu", adx), 0), out);
        }
        return;
    }
    if (!strcmp(n, "Array") && v->kind == V_ARRAY) {
        size_t first = 0;
        Value *et = NULL;
        if (t->type.n && t->type.params[0]->kind == V_TYPE) et = t->type.params[0], first = 1;
        int64_t lo, hi, an = (int64_t)v->arr.n;
        size_range(t, first, &lo, &hi);
        if (an < lo || an > hi) { ml_push(c, out, size_mm(c, path, lo, hi, an)); return; }
        for (size_t i = 0; i < v->arr.n && et; i++)
            if (!cmp_type_match(c, et, v->arr.items[i]))
                mm_describe(c, et, v->arr.items[i], path_el(c, path, arena_printf(c->arena, "index %zu", i), 0), out);
        return;
    }
    if (!cmp_type_match(c, t, v)) ml_push(c, out, type_mm(c, path, original, v));
}

static void mm_describe(Compiler *c, Value *t, Value *v, const PathEl *path, MList *out)
{
    internal_describe(c, normalize(c, t), t, v, path, out);
}

/* Evaluates every alias the message about t will expand, so that an error
 * in an alias (an unknown type in its body) unwinds before the message's
 * buffers are allocated, not from inside them. */
static void resolve_aliases(Compiler *c, const Value *t, const Expanding *ex, int depth)
{
    if (!t || t->kind != V_TYPE || depth > 100) return;
    const Node *al = alias_node(c, t);
    if (al) {
        for (const Expanding *e = ex; e; e = e->up)
            if (!strcmp(e->name, al->text)) return;
        Expanding here = {al->text, ex};
        resolve_aliases(c, ev_expr(c, c->top, al->a), &here, depth + 1);
        return;
    }
    for (size_t i = 0; i < t->type.n; i++) resolve_aliases(c, t->type.params[i], ex, depth + 1);
}

const char *cmp_mismatch(Compiler *c, Value *type, Value *v, int style, const char *label, const char *head, const char *sig)
{
    resolve_aliases(c, type, NULL, 0);
    MList l = {0};
    mm_describe(c, type, v, path_el(c, NULL, head, 0), &l);
    if (!l.n) {   /* should not happen: describe what we can */
        Mismatch *m = type_mm(c, path_el(c, NULL, head, 0), type, v);
        ml_push(c, &l, m);
    }
    Buf b = BUF_INIT;
    if (style == CMP_MM_SUBJECT) {
        if (l.n == 1) {
            mm_format(c, &b, l.m[0], -1);
        } else {
            for (size_t i = 0; i < l.n; i++) {
                if (i) buf_adds(&b, "\n ");
                mm_format(c, &b, l.m[i], -1);
            }
        }
        const char *s = buf_cstr(&b);
        const char *r = arena_strdup(c->arena, l.n == 1 ? s + 1 : s);
        buf_free(&b);
        return r;
    }
    buf_adds(&b, label);
    if (style == CMP_MM_PARAMS) {
        buf_addc(&b, ':');
        if (l.n > 1) buf_adds(&b, "\n ");
        for (size_t i = 0; i < l.n; i++) {
            if (i) buf_adds(&b, "\n ");
            mm_format(c, &b, l.m[i], -1);
        }
    } else if (l.n == 1) {
        mm_format(c, &b, l.m[0], -1);
    } else {
        buf_printf(&b, " expects (%s)", sig ? sig : "");
        for (size_t i = 0; i < l.n; i++) {
            buf_adds(&b, "\n  rejected:");
            mm_format(c, &b, l.m[i], -1);
        }
    }
    const char *r = arena_strdup(c->arena, buf_cstr(&b));
    buf_free(&b);
    return r;
}

void cmp_fault(Compiler *c, CmpFaults *f, const char *text)
{
    if (f->n == f->cap) {
        size_t cap = f->cap ? f->cap * 2 : 4;
        const char **nt = arena_alloc(c->arena, cap * sizeof *nt);
        if (f->n) memcpy(nt, f->text, f->n * sizeof *nt);
        f->text = nt, f->cap = cap;
    }
    f->text[f->n++] = text;
}

void cmp_fault_mismatch(Compiler *c, CmpFaults *f, Value *type, Value *v, const char *head)
{
    MList l = {0};
    mm_describe(c, type, v, path_el(c, NULL, head, 0), &l);
    if (!l.n) ml_push(c, &l, type_mm(c, path_el(c, NULL, head, 0), type, v));
    for (size_t i = 0; i < l.n; i++) {
        Buf b = BUF_INIT;
        mm_format(c, &b, l.m[i], -1);
        cmp_fault(c, f, arena_strdup(c->arena, buf_cstr(&b) + 1));   /* without the path's leading space */
        buf_free(&b);
    }
}

const char *cmp_faults_message(Compiler *c, const CmpFaults *f, const char *label)
{
    if (!f->n) return NULL;
    if (f->n == 1) return arena_printf(c->arena, "%s: %s", label, f->text[0]);
    Buf b = BUF_INIT;
    buf_adds(&b, label);
    buf_addc(&b, ':');
    for (size_t i = 0; i < f->n; i++) buf_adds(&b, "\n  "), buf_adds(&b, f->text[i]);
    const char *r = arena_strdup(c->arena, buf_cstr(&b));
    buf_free(&b);
    return r;
}

const char *cmp_signature(Compiler *c, Scope *s, const Node *params)
{
    size_t required = 0, n = 0;
    for (const Node *p = params; p; p = p->next, n++)
        if (!p->b && !p->ival) required = n + 1;
    const char *r = "";
    n = 0;
    for (const Node *p = params; p; p = p->next, n++) {
        Value *t = p->a ? ev_expr(c, s, p->a) : val_type(c->arena, "Any", NULL, 0);
        const char *ind = "";
        if (p->ival) ind = required > n ? "+" : "*";
        else if (n + 1 > required) {
            ind = "?";
            if (is_named(t, "Optional") && t->type.n == 1) t = t->type.params[0];
        }
        Buf x = BUF_INIT;
        if (alias_target(c, t)) expanded(c, &x, t);   /* an alias's to_s is its expanded form */
        else type_to_s(c, &x, t);
        r = arena_printf(c->arena, "%s%s%s %s%s", r, n ? ", " : "", buf_cstr(&x), p->text, ind);
        buf_free(&x);
    }
    return r;
}

/* ---- Signatures of functions written in Ruby (describe_signatures) ---- */

/* The argument counts a Callable type takes: Callable[min, max],
 * Callable[T1, T2, min, max], Callable[[T1, T2], min, max]; 0 when it says
 * nothing (plain Callable). */
static int callable_counts(const Value *t, int64_t *lo, int64_t *hi)
{
    if (!is_named(t, "Callable") || !t->type.n) return 0;
    size_t i = 0, ntypes = 0;
    if (t->type.params[0]->kind == V_ARRAY) ntypes = t->type.params[0]->arr.n, i = 1;
    else while (i < t->type.n && t->type.params[i]->kind == V_TYPE) ntypes++, i++;
    *lo = *hi = (int64_t)ntypes;
    if (i < t->type.n && t->type.params[i]->kind == V_INT) {
        *lo = t->type.params[i]->i;
        *hi = i + 1 < t->type.n && t->type.params[i + 1]->kind == V_INT ? t->type.params[i + 1]->i : INT64_MAX;
    }
    return 1;
}

/* The argument counts a lambda takes: its required parameters to all of
 * them (unlimited with a *rest). */
static void lambda_counts(const Node *l, int64_t *lo, int64_t *hi)
{
    *lo = *hi = 0;
    for (const Node *p = l->kids; p; p = p->next) {
        if (p->ival) { *hi = INT64_MAX; break; }
        ++*hi;
        if (!p->b) *lo = *hi;
    }
}

/* Whether the lambda fits the block type (Puppet: the lambda's Callable is
 * assignable to it: it takes every count the type may pass). */
static int block_fits(const Value *t, const Node *lambda)
{
    int64_t elo, ehi, llo, lhi;
    if (!callable_counts(t, &elo, &ehi)) return 1;
    lambda_counts(lambda, &llo, &lhi);
    return llo <= elo && lhi >= ehi;
}

int cmp_sig_accepts(Compiler *c, const CmpSig *sig, Value **args, size_t n, const Node *lambda)
{
    if ((int64_t)n < sig->min || (int64_t)n > sig->max) return 0;
    if (lambda ? !sig->block || !block_fits(sig->block, lambda) : sig->block && !sig->block_optional) return 0;
    for (size_t i = 0; i < n; i++)
        if (!cmp_type_match(c, sig->types[i < sig->n ? i : sig->n - 1], args[i])) return 0;
    return 1;
}

const char *cmp_sig_string(Compiler *c, const CmpSig *sig)
{
    Buf b = BUF_INIT;
    for (size_t i = 0; i < sig->n; i++) {
        Value *t = sig->types[i];
        const char *ind = "";
        if (sig->max == INT64_MAX && i + 1 == sig->n) ind = sig->min == (int64_t)sig->n ? "+" : "*";
        else if ((int64_t)i >= sig->min) {
            ind = "?";
            if (is_named(t, "Optional") && t->type.n == 1) t = t->type.params[0];
        }
        if (i) buf_adds(&b, ", ");
        if (alias_target(c, t)) expanded(c, &b, t);
        else type_to_s(c, &b, t);
        buf_printf(&b, " %s%s", sig->names[i], ind);
    }
    if (sig->block) {
        if (sig->n) buf_adds(&b, ", ");
        type_to_s(c, &b, sig->block);
        buf_printf(&b, " %s%s", sig->block_name, sig->block_optional ? "?" : "");
    }
    const char *r = arena_strdup(c->arena, buf_cstr(&b));
    buf_free(&b);
    return r;
}

/* describe_signature_arguments: a count mismatch, or the first parameter
 * whose type rejects its argument (path: the signature, then the
 * parameter). */
static void sig_arguments(Compiler *c, const CmpSig *sig, const PathEl *path, Value **args, size_t n, MList *out)
{
    if ((int64_t)n < sig->min || (int64_t)n > sig->max) {
        Mismatch *m = mm_new(c, MM_COUNT, path);
        m->elo = sig->min, m->ehi = sig->max, m->alo = m->ahi = (int64_t)n;
        ml_push(c, out, m);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        size_t k = i < sig->n ? i : sig->n - 1;
        if (cmp_type_match(c, sig->types[k], args[i])) continue;
        size_t before = out->n;
        mm_describe(c, sig->types[k], args[i], path_el(c, path, arena_printf(c->arena, "parameter '%s'", sig->names[k]), 0), out);
        if (out->n > before) return;
    }
}

/* Mismatch#merge for two mismatches of one kind on one canonical path. */
static Mismatch *mm_merge(Compiler *c, const Mismatch *a, const Mismatch *b)
{
    Mismatch *m = arena_memdup(c->arena, a, sizeof *m);
    if (a->kind == MM_COUNT || a->kind == MM_SIZE) {
        if (b->elo < m->elo) m->elo = b->elo;
        if (b->ehi > m->ehi) m->ehi = b->ehi;
    } else if (a->kind == MM_TYPE || a->kind == MM_PATTERN) {
        Value *fl[64];
        size_t k = 0;
        const Value *ts[2] = {a->expected, b->expected};
        for (int j = 0; j < 2; j++) {
            if (is_named(ts[j], "Variant"))
                for (size_t q = 0; q < ts[j]->type.n && k < 64; q++) fl[k++] = ts[j]->type.params[q];
            else if (k < 64)
                fl[k++] = (Value *)ts[j];
        }
        m->expected = variant_of(c, fl, k);
    }
    return m;
}

/* Mismatch#chop_path(0): without the signature element. */
static Mismatch *mm_chop0(Compiler *c, const Mismatch *a)
{
    Mismatch *m = arena_memdup(c->arena, a, sizeof *m);
    if (m->npath) m->path++, m->variant++, m->npath--;
    return m;
}

static int mm_same(Compiler *c, Mismatch *a, Mismatch *b)
{
    if (a->kind != b->kind || a->npath != b->npath) return 0;
    for (size_t i = 0; i < a->npath; i++)
        if (strcmp(a->path[i], b->path[i])) return 0;
    Buf x = BUF_INIT, y = BUF_INIT;
    mm_format(c, &x, a, -1);
    mm_format(c, &y, b, -1);
    int same = !strcmp(buf_cstr(&x), buf_cstr(&y));
    buf_free(&x);
    buf_free(&y);
    return same;
}

const char *cmp_describe_signatures(Compiler *c, const char *label, const CmpSig *sigs, size_t nsigs,
                                    Value **args, size_t n, const Node *lambda)
{
    int has_block = lambda != NULL;
    MList *errs = arena_alloc(c->arena, nsigs * sizeof *errs);
    size_t with_errors = 0;
    for (size_t i = 0; i < nsigs; i++) {
        memset(&errs[i], 0, sizeof errs[i]);
        sig_arguments(c, &sigs[i], path_el(c, NULL, arena_printf(c->arena, "%zu.", i + 1), 1), args, n, &errs[i]);
        with_errors += errs[i].n > 0;
    }
    if (with_errors < nsigs) {   /* block checks, unless every signature rejects the arguments */
        MList *blk = arena_alloc(c->arena, nsigs * sizeof *blk);
        size_t nblk = 0;
        for (size_t i = 0; i < nsigs; i++) {
            memset(&blk[i], 0, sizeof blk[i]);
            const PathEl *path = path_el(c, NULL, arena_printf(c->arena, "%zu.", i + 1), 1);
            if (has_block && !sigs[i].block) ml_push(c, &blk[i], mm_new(c, MM_BLOCK, path));
            else if (!has_block && sigs[i].block && !sigs[i].block_optional) ml_push(c, &blk[i], mm_new(c, MM_NO_BLOCK, path));
            else if (has_block && !block_fits(sigs[i].block, lambda)) {   /* "block expects 2 arguments, got 1" */
                Mismatch *m = mm_new(c, MM_COUNT, path_el(c, path, "block", 0));
                callable_counts(sigs[i].block, &m->elo, &m->ehi);
                lambda_counts(lambda, &m->alo, &m->ahi);
                ml_push(c, &blk[i], m);
            }
            nblk += blk[i].n > 0;
        }
        if (nblk == nsigs) errs = blk;
        else if (nblk)
            for (size_t i = 0; i < nsigs; i++)
                if (!errs[i].n) errs[i] = blk[i];
    }
    /* merge_descriptions(0, CountMismatch, ...) */
    MList all = {0};
    for (size_t i = 0; i < nsigs; i++)
        for (size_t j = 0; j < errs[i].n; j++) ml_push(c, &all, errs[i].m[j]);
    static const MismatchKind order[] = {MM_COUNT, MM_NO_BLOCK, MM_BLOCK, MM_TYPE};
    for (size_t o = 0; o < ARRAY_LEN(order); o++) {
        Mismatch *gen = NULL;
        size_t cnt = 0;
        int ok = 1;
        for (size_t i = 0; i < all.n && ok; i++) {
            MismatchKind k = all.m[i]->kind == MM_PATTERN ? MM_TYPE : all.m[i]->kind;   /* a PatternMismatch is a TypeMismatch */
            if (k != order[o]) continue;
            cnt++;
            if (!gen) gen = all.m[i];
            else if (!same_canonical(gen, all.m[i])) ok = 0;
            else gen = mm_merge(c, gen, all.m[i]);
        }
        if (ok && gen && cnt == nsigs) {
            all.n = 0;
            ml_push(c, &all, gen);
            break;
        }
    }
    MList uniq = {0};
    for (size_t i = 0; i < all.n; i++) {
        size_t j = 0;
        while (j < uniq.n && !mm_same(c, uniq.m[j], all.m[i])) j++;
        if (j == uniq.n) ml_push(c, &uniq, all.m[i]);
    }
    Buf b = BUF_INIT;
    if (uniq.n == 1) {
        buf_adds(&b, label);
        mm_format(c, &b, mm_chop0(c, uniq.m[0]), -1);
    } else if (nsigs == 1) {
        buf_printf(&b, "%s expects (%s)", label, cmp_sig_string(c, &sigs[0]));
        for (size_t j = 0; j < errs[0].n; j++) {
            buf_adds(&b, "\n  rejected:");
            mm_format(c, &b, mm_chop0(c, errs[0].m[j]), -1);
        }
    } else {
        buf_printf(&b, "The function %s was called with arguments it does not accept. It expects one of:", label);
        for (size_t i = 0; i < nsigs; i++) {
            buf_printf(&b, "\n  (%s)", cmp_sig_string(c, &sigs[i]));
            for (size_t j = 0; j < errs[i].n; j++) {
                buf_adds(&b, "\n    rejected:");
                mm_format(c, &b, mm_chop0(c, errs[i].m[j]), -1);
            }
        }
    }
    const char *r = arena_strdup(c->arena, buf_cstr(&b));
    buf_free(&b);
    return r;
}
