/*
 * typesys.c - instance checks for Puppet's data types (the parameter types
 * of classes, defines, lambdas and functions).  A type is a V_TYPE value:
 * a name and its parameters, e.g. Optional[String[1]].
 */
#include "compiler/compiler.h"
#include "compiler/resource.h"
#include "compiler/regex.h"
#include <ctype.h>
#include <math.h>
#include <setjmp.h>
#include <string.h>
#include <strings.h>

static int64_t int_param(Value *t, size_t i, int64_t dflt)
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
    return v->kind == V_STR || v->kind == V_INT || v->kind == V_FLOAT || v->kind == V_BOOL || v->kind == V_REGEX;
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

/* The type alias called lname (lowercase), autoloading Mod::Name from
 * <module>/types/name.pp (Mod::A::B from types/a/b.pp) as Puppet does;
 * NULL when there is none. */
static const Node *find_alias(Compiler *c, const char *lname, size_t len)
{
    const Node *al = map_get(&c->aliases, lname, len);
    const char *sep = strstr(lname, "::");
    if (al || !sep) return al;
    const char *module = arena_strndup(c->arena, lname, (size_t)(sep - lname));
    char *rest = arena_printf(c->arena, "%s.pp", sep + 2);
    for (char *p = rest; (p = strstr(p, "::"));) memmove(p, p + 1, strlen(p)), *p = '/';
    const char *path = module_file(c, module, "types", rest);
    if (!path) return NULL;
    if (load_file(c, path, NULL) == 1) longjmp(*c->fail, 1);
    return map_get(&c->aliases, lname, len);
}

int cmp_type_match(Compiler *c, Value *t, Value *v)
{
    if (t->kind == V_STR) return val_equal(t, v);
    if (t->kind != V_TYPE) return 0;
    const char *n = t->type.name;
    if (!strcmp(n, "Any")) return 1;
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
    if (!strcmp(n, "String")) {
        if (v->kind != V_STR) return 0;
        if (t->type.n && t->type.params[0]->kind == V_STR) return val_identical(t->type.params[0], v);
        return size_ok(t, 0, v->str.len);
    }
    if (!strcmp(n, "Scalar")) return is_scalar(v);
    if (!strcmp(n, "ScalarData")) return v->kind == V_STR || v->kind == V_INT || v->kind == V_FLOAT || v->kind == V_BOOL;
    if (!strcmp(n, "Data") || !strcmp(n, "RichData")) return n[0] == 'R' ? v->kind != V_DEFAULT : is_data(c, v);
    if (!strcmp(n, "Regexp")) return v->kind == V_REGEX;
    if (!strcmp(n, "Sensitive")) return v->kind == V_SENSITIVE && (t->type.n == 0 || cmp_type_match(c, t->type.params[0], v->sensitive));
    if (!strcmp(n, "Type")) return v->kind == V_TYPE;
    if (!strcmp(n, "Callable")) return 0;
    if (!strcmp(n, "Collection")) {
        if (v->kind == V_ARRAY) return size_ok(t, 0, v->arr.n);
        if (v->kind == V_HASH) return size_ok(t, 0, v->hash.n);
        return 0;
    }
    if (!strcmp(n, "Iterable")) return v->kind == V_ARRAY || v->kind == V_HASH || v->kind == V_STR || v->kind == V_INT;
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
            int optional = 0;
            if (k->kind == V_TYPE && (!strcmp(k->type.name, "Optional") || !strcmp(k->type.name, "NotUndef")) && k->type.n) {
                optional = k->type.name[0] == 'O';
                k = k->type.params[0];
            }
            Value *got = val_hash_get(v, k);
            if (!got) {
                if (optional || cmp_type_match(c, schema->hash.vals[i], VAL_UNDEF)) continue;
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
    if (!strcmp(n, "CatalogEntry") || !strcmp(n, "Resource")) return val_is_resref(v) || (v->kind == V_TYPE && !res_is_data_type(v->type.name));
    /* a type alias */
    char lname[256];
    size_t ln = strlen(n);
    if (ln < sizeof lname) {
        for (size_t i = 0; i <= ln; i++) lname[i] = (char)(n[i] >= 'A' && n[i] <= 'Z' ? n[i] + 32 : n[i]);
        const Node *al = find_alias(c, lname, ln);
        if (al) {
            if (c->type_depth >= 100) cmp_fail(c, al, "Type alias '%s' refers to itself", n);
            c->type_depth++;
            int r = cmp_type_match(c, ev_expr(c, c->top, al->a), v);
            c->type_depth--;
            return r;
        }
    }
    /* a resource type: File matches File['x'] */
    if (val_is_resref(v)) return strcasecmp(v->type.name, n) == 0 && (t->type.n == 0 || val_equal(t->type.params[0], v->type.params[0]));
    return 0;
}

static void describe(Compiler *c, Buf *b, Value *t)
{
    if (t->kind == V_TYPE && !strcmp(t->type.name, "Optional") && t->type.n == 1) {
        buf_adds(b, "Undef or ");
        describe(c, b, t->type.params[0]);
        return;
    }
    if (t->kind == V_TYPE && !strcmp(t->type.name, "Variant")) {
        for (size_t i = 0; i < t->type.n; i++) {
            if (i) buf_adds(b, i + 1 == t->type.n ? " or " : ", ");
            describe(c, b, t->type.params[i]);
        }
        return;
    }
    val_to_s(b, t);
    /* an alias shows what it stands for: "Common::Port = Integer[1, 65535]" */
    if (t->kind == V_TYPE && !t->type.n && strstr(t->type.name, "::")) {
        char lname[256];
        size_t ln = strlen(t->type.name);
        if (ln < sizeof lname) {
            for (size_t i = 0; i <= ln; i++) lname[i] = (char)tolower((unsigned char)t->type.name[i]);
            const Node *al = find_alias(c, lname, ln);
            if (al) {
                buf_adds(b, " = ");
                val_to_s(b, ev_expr(c, c->top, al->a));
            }
        }
    }
}

/* 1 when t (through Optional, Variant and aliases) wants a ranged kind
 * of number named kind. */
static int wants_number(Compiler *c, Value *t, const char *kind, int depth)
{
    if (t->kind != V_TYPE || depth > 100) return 0;
    if (!strcmp(t->type.name, kind)) return 1;
    if (!strcmp(t->type.name, "Optional") || !strcmp(t->type.name, "Variant")) {
        for (size_t i = 0; i < t->type.n; i++)
            if (wants_number(c, t->type.params[i], kind, depth + 1)) return 1;
        return 0;
    }
    if (!t->type.n && strstr(t->type.name, "::")) {
        char lname[256];
        size_t ln = strlen(t->type.name);
        if (ln >= sizeof lname) return 0;
        for (size_t i = 0; i <= ln; i++) lname[i] = (char)tolower((unsigned char)t->type.name[i]);
        const Node *al = find_alias(c, lname, ln);
        return al && wants_number(c, ev_expr(c, c->top, al->a), kind, depth + 1);
    }
    return 0;
}

const char *cmp_got(Compiler *c, Value *t, Value *v)
{
    if (v->kind == V_INT && wants_number(c, t, "Integer", 0))
        return arena_printf(c->arena, "Integer[%lld, %lld]", (long long)v->i, (long long)v->i);
    if (v->kind == V_FLOAT && wants_number(c, t, "Float", 0)) {
        Buf b = BUF_INIT;
        val_to_s(&b, v);
        const char *r = arena_printf(c->arena, "Float[%s, %s]", buf_cstr(&b), buf_cstr(&b));
        buf_free(&b);
        return r;
    }
    return val_type_name(v);
}

const char *cmp_expects(Compiler *c, Value *t)
{
    Buf b = BUF_INIT;
    describe(c, &b, t);
    const char *d = buf_cstr(&b);
    const char *r;
    if (t->kind == V_TYPE && (!strcmp(t->type.name, "Optional") || !strcmp(t->type.name, "Variant")))
        r = arena_printf(c->arena, "a value of type %s", d);
    else
        r = arena_printf(c->arena, "%s %s value", strchr("AEIOU", d[0]) && d[0] ? "an" : "a", d);
    buf_free(&b);
    return r;
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
    if (named(t, "Scalar") || named(t, "ScalarData"))
        return !strcmp(sn, "String") || !strcmp(sn, "Integer") || !strcmp(sn, "Float") || !strcmp(sn, "Numeric") ||
               !strcmp(sn, "Boolean") || !strcmp(sn, "Enum") || !strcmp(sn, "Pattern") ||
               (named(t, "Scalar") && (!strcmp(sn, "Regexp") || !strcmp(sn, "Scalar"))) || !strcmp(sn, "ScalarData");
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
