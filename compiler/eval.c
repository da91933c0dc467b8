/*
 * eval.c - expression evaluation: values, operators, variables and scopes,
 * conditionals, calls.  Declarations (resources, classes, collectors,
 * relationships) are handed to resource.c.
 *
 * Scoping follows Puppet 4+: variables are looked up lexically (local,
 * then the inherited class or node scope, then top scope), while resource
 * defaults follow the dynamic chain of declaring scopes.  Match variables
 * $0..$9 live in the scope where the match happened.
 */
#include "compiler/object.h"
#include "compiler/inittype.h"
#include "compiler/compiler.h"
#include "compiler/resource.h"
#include "compiler/regex.h"
#include "compiler/timestamp.h"
#include "catalog/uri.h"
#include "catalog/semver.h"
#include "types/types.h"
#include "catalog/rubyval.h"
#include "base/util.h"
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define A (c->arena)

/* ---- scopes ---- */

Scope *ev_scope_new(Compiler *c, Scope *parent, Scope *dyn, Resource *res)
{
    Scope *s = ARENA_NEW(A, Scope);
    s->parent = parent;
    s->dyn = dyn;
    s->resource = res;
    map_init(&s->vars);
    if (c->nscopes % 64 == 0) c->scopes = xrealloc(c->scopes, (c->nscopes + 64) * sizeof *c->scopes);
    c->scopes[c->nscopes++] = s;
    return s;
}

void ev_scope_set(Compiler *c, Scope *s, const char *name, Value *v, const Node *at)
{
    size_t n = strlen(name);
    if (map_get(&s->vars, name, n)) cmp_fail(c, at, "Cannot reassign variable '$%s'", name);
    map_put(&s->vars, name, n, v);
}

static Value *match_var(Scope *s, int idx)
{
    for (; s; s = s->parent) {
        if (s->matches) {
            if ((size_t)idx < s->matches->arr.n) return s->matches->arr.items[idx];
            return VAL_UNDEF;
        }
    }
    return VAL_UNDEF;
}

Value *ev_scope_find(Compiler *c, Scope *s, const char *name, const char **unevaluated)
{
    if (unevaluated) *unevaluated = NULL;
    if (isdigit((unsigned char)name[0])) return match_var(s, atoi(name));
    const char *q = strstr(name, "::");
    if (q && q == name && !strstr(name + 2, "::"))     /* $::x: top scope */
        return map_get(&c->top->vars, name + 2, strlen(name + 2));
    if (q) {
        if (q == name) name += 2;                      /* $::cfg::x is $cfg::x */
        const char *last = name;
        for (const char *p = name; (p = strstr(p, "::")); p += 2) last = p;
        char *cls = arena_strndup(A, name, (size_t)(last - name));
        for (char *p = cls; *p; p++) *p = (char)tolower((unsigned char)*p);
        Scope *cs = map_get(&c->class_scopes, cls, strlen(cls));
        /* not set in the class: its parent's, and so on up (lookup_qualified_variable) */
        for (; cs && cs->class_name; cs = cs->parent) {
            Value *v = map_get(&cs->vars, last + 2, strlen(last + 2));
            if (v) return v;
        }
        if (cs || map_get(&c->class_scopes, cls, strlen(cls))) return NULL;
        if (unevaluated) *unevaluated = cls;
        return NULL;
    }
    size_t n = strlen(name);
    for (Scope *p = s; p; p = p->parent) {
        Value *v = map_get(&p->vars, name, n);
        if (v) return v;
    }
    return NULL;
}

Value *ev_scope_lookup(Compiler *c, Scope *s, const char *name, const Node *at)
{
    Value *v = ev_scope_find(c, s, name, NULL);
    if (v) return v;
    /* Puppet 7 names the variable as written ($::cfg::x keeps its colons),
     * whether or not its class was evaluated (get_variable_value) */
    if (load_builtin_var(name)) return VAL_UNDEF;   /* Puppet: BUILT_IN_VARS always exist */
    if (c->opt.strict_variables) cmp_fail(c, at, "Unknown variable: '%s'.", name);
    cmp_warn(c, at, "Unknown variable: '%s'.", name);
    return VAL_UNDEF;
}

/* ---- helpers ---- */

void ev_check_type_ref(Compiler *c, const Node *n)
{
    const char *name = n->text[0] == ':' ? n->text + 2 : n->text;
    if (res_is_data_type(name)) return;
    size_t len = strlen(name);
    char key[256];                   /* kept in c->loaded as "\2name" once known: no path starts so */
    if (len + 2 > sizeof key) return;
    key[0] = '\2';
    for (size_t i = 0; i <= len; i++) key[i + 1] = (char)tolower((unsigned char)name[i]);
    if (map_get(&c->loaded, key, len + 1)) return;
    const char *lname = key + 1;
    if (strcmp(lname, "class") && strcmp(lname, "puppet::lookupkey") && strcmp(lname, "puppet::lookupvalue") &&
        !ty_find_alias(c, lname, len) && !load_find_type(c, name, len) && !load_define(c, lname))
        cmp_fail(c, n, "Resource type not found: %s", n->text);
    const char *kept = arena_strndup(A, key, len + 1);
    map_put(&c->loaded, kept, len + 1, (void *)1);
}

static int is_num(const Value *v) { return v->kind == V_INT || v->kind == V_FLOAT; }
static double num(const Value *v) { return v->kind == V_INT ? (double)v->i : v->f; }

/* Puppet's coerce_numeric: a number as is, a numeric string converted
 * (with its strict=warning warning), anything else "cannot be converted",
 * the value as Ruby's to_s writes it; both at the operand (where, or at). */
static Value *to_number_at(Compiler *c, const Node *at, const Node *where, Value *v, const char *op)
{
    if (is_num(v)) return v;
    const Node *operand = where ? where : at;
    if (v->kind == V_STR) {
        char *end;
        const char *s = v->str.s;
        Value *n = NULL;
        if (*s) {
            long long i = strtoll(s, &end, 0);
            if (*end == '\0' && !strchr(s, '.')) n = val_int(A, i);
            else {
                double f = strtod(s, &end);
                if (*end == '\0') n = val_float(A, f);
            }
        }
        if (!n) cmp_fail(c, operand, "The value '%s' cannot be converted to Numeric.", s);
        cmp_warn(c, operand, "The string '%s' was automatically coerced to the numerical value %s", s,
                 val_to_cstr(A, n));
        return n;
    }
    if (v->kind == V_SEMVER && where)   /* Ruby's Float coercion of the version object (1 + SemVer) */
        cmp_fail(c, at, "Error while evaluating a '%s' expression, can't convert SemanticPuppet::Version into Float", op);
    Buf b = BUF_INIT;
    rv_to_s(&b, v, RV_FN);
    const char *shown = arena_strndup(A, buf_cstr(&b), b.len);
    buf_free(&b);
    cmp_fail(c, operand, "The value '%s' cannot be converted to Numeric.", shown);
}

static Value *to_number(Compiler *c, const Node *at, Value *v, const char *op)
{
    return to_number_at(c, at, NULL, v, op);
}

static int cmp_values(Compiler *c, const Node *at, Value *a, Value *b, const char *op)
{
    if (is_num(a) && is_num(b)) {
        double x = num(a), y = num(b);
        return x < y ? -1 : x > y;
    }
    if (a->kind == V_STR && b->kind == V_STR) {
        int r = strcasecmp(a->str.s, b->str.s);
        return r < 0 ? -1 : r > 0;
    }
    if (a->kind == V_TYPE && b->kind == V_TYPE) {     /* subtype ordering */
        if (val_equal(a, b)) return 0;
        if (ty_type_assignable(c, b, a)) return -1;
        if (ty_type_assignable(c, a, b)) return 1;
        return strcmp(op, "!=") == 0 ? 1 : (op[0] == '<' ? 1 : -1);   /* unrelated: neither < nor > */
    }
    if (a->kind == V_SEMVER && b->kind == V_SEMVER) return sv_compare(a, b);
    int r;
    const char *twhy = VAL_IS_TIME(a) || VAL_IS_TIME(b) ? tm_compare(a, b, &r) : NULL;
    if ((VAL_IS_TIME(a) || VAL_IS_TIME(b)) && !twhy) return r;
    const char *why = twhy ? twhy : a->kind == V_SEMVER ? "Versions not comparable to non Versions" : is_num(a) ? "A Numeric is not comparable to non Numeric"
                    : a->kind == V_STR ? "A String is not comparable to a non String"
                    : "Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable";
    cmp_fail(c, at, "Comparison of: %s %s %s, is not possible. Caused by '%s'.", val_type_name(a), op, val_type_name(b), why);
}

/* An integer result must fit Puppet's 64-bit Integer; Puppet's message
 * names the operator and the value in hex. */
static Value *int_result(Compiler *c, const Node *at, const char *op, __int128 v)
{
    if (v >= INT64_MIN && v <= INT64_MAX) return val_int(A, (int64_t)v);
    unsigned __int128 m = v < 0 ? -(unsigned __int128)v : (unsigned __int128)v;
    char hex[40], *p = hex + sizeof hex;
    *--p = '\0';
    do {
        *--p = "0123456789abcdef"[(int)(m & 15)];
        m >>= 4;
    } while (m);
    cmp_fail(c, at, "A '%s' expression resulted in a value outside of Puppet Integer %s range, got '%s0x%s'", op,
             v < 0 ? "min" : "max", v < 0 ? "-" : "+", p);
}

static Value *float_result(Compiler *c, const Node *at, const char *op, double f)
{
    if (!isfinite(f)) cmp_fail(c, at, "A '%s' expression resulted in a value outside of Puppet Float range", op);
    return val_float(A, f);
}

static Value *arith(Compiler *c, const Node *at, int op, Value *a, Value *b)
{
    const char *ops = op == TK_PLUS ? "+" : op == TK_MINUS ? "-" : op == TK_TIMES ? "*" : op == TK_DIV ? "/"
                    : op == TK_MODULO ? "%" : op == TK_LSHIFT ? "<<" : ">>";
    if (op == TK_PLUS && a->kind == V_OBJECT && !strcmp(a->obj.type, "URI")) {   /* URI + String|URI: merged */
        Value *r = b;
        const char *why = NULL;
        if (b->kind == V_STR) r = uri_parse(A, b->str.s, &why);
        else if (b->kind != V_OBJECT || strcmp(b->obj.type, "URI"))
            cmp_fail(c, at, "Error while evaluating a '+' expression, An URI can only be merged with an URI or String");
        if (!r) cmp_fail(c, at, "%s", why);
        return uri_merge(A, a, r);
    }
    if (op == TK_PLUS && a->kind == V_BINARY) {         /* Binary + Binary: the bytes of both */
        if (b->kind != V_BINARY)
            cmp_fail(c, at, "Error while evaluating a '+' expression, Can only append Binary to a Binary");
        char *bytes = arena_alloc_bytes(A, a->str.len + b->str.len + 1);
        memcpy(bytes, a->str.s, a->str.len);
        memcpy(bytes + a->str.len, b->str.s, b->str.len);
        return val_binary(A, bytes, a->str.len + b->str.len);
    }
    if (op == TK_PLUS && a->kind == V_ARRAY) {
        ValVec vv = VV_ARENA(c->arena);
        for (size_t i = 0; i < a->arr.n; i++) val_vec_push(&vv, a->arr.items[i]);
        if (b->kind == V_ARRAY)
            for (size_t i = 0; i < b->arr.n; i++) val_vec_push(&vv, b->arr.items[i]);
        else if (b->kind == V_HASH)
            for (size_t i = 0; i < b->hash.n; i++) {
                Value *pair[2] = {b->hash.keys[i], b->hash.vals[i]};
                val_vec_push(&vv, val_array(A, pair, 2));
            }
        else
            val_vec_push(&vv, b);
        Value *r = val_vec_to_array(A, &vv);
        val_vec_free(&vv);
        return r;
    }
    int binop = at && at->kind == ND_BINOP;        /* Puppet blames an operand */
    const Node *left = binop ? at->a : at;
    if (op == TK_PLUS && a->kind == V_HASH) {
        /* Puppet's concatenate: a Hash, or an Array as Ruby's Hash[] takes it */
        if (b->kind != V_HASH && b->kind != V_ARRAY)
            cmp_fail(c, at, "Error while evaluating a '+' expression, Can only append Array or Hash to a Hash");
        ValVec k = VV_ARENA(c->arena), v = VV_ARENA(c->arena);
        for (size_t i = 0; i < a->hash.n; i++) val_vec_push(&k, a->hash.keys[i]), val_vec_push(&v, a->hash.vals[i]);
        if (b->kind == V_HASH)
            for (size_t i = 0; i < b->hash.n; i++) val_vec_push(&k, b->hash.keys[i]), val_vec_push(&v, b->hash.vals[i]);
        else {
            size_t pairs = 0;                           /* an Array of Arrays: one pair each */
            for (size_t i = 0; i < b->arr.n; i++) pairs += b->arr.items[i]->kind == V_ARRAY;
            if (b->arr.n && pairs == b->arr.n) {
                for (size_t i = 0; i < b->arr.n; i++) {
                    const Value *e = b->arr.items[i];
                    if (e->arr.n < 1 || e->arr.n > 2)
                        cmp_fail(c, at, "Error while evaluating a '+' expression, invalid number of elements (%zu for 1..2)", e->arr.n);
                    val_vec_push(&k, e->arr.items[0]), val_vec_push(&v, e->arr.n == 2 ? e->arr.items[1] : VAL_UNDEF);
                }
            } else {
                if (b->arr.n % 2) cmp_fail(c, at, "Error while evaluating a '+' expression, odd number of arguments for Hash");
                for (size_t i = 0; i < b->arr.n; i += 2) val_vec_push(&k, b->arr.items[i]), val_vec_push(&v, b->arr.items[i + 1]);
            }
        }
        Value *r = val_hash(A, k.v, v.v, k.n);
        val_vec_free(&k);
        val_vec_free(&v);
        return r;
    }
    if (op == TK_MINUS && a->kind == V_ARRAY) {
        ValVec vv = VV_ARENA(c->arena);
        for (size_t i = 0; i < a->arr.n; i++) {
            int drop = 0;
            if (b->kind == V_ARRAY) {
                for (size_t j = 0; j < b->arr.n && !drop; j++) drop = val_equal(a->arr.items[i], b->arr.items[j]);
            } else {
                drop = val_equal(a->arr.items[i], b);
            }
            if (!drop) val_vec_push(&vv, a->arr.items[i]);
        }
        Value *r = val_vec_to_array(A, &vv);
        val_vec_free(&vv);
        return r;
    }
    if (op == TK_MINUS && a->kind == V_HASH) {
        ValVec k = VV_ARENA(c->arena), v = VV_ARENA(c->arena);
        for (size_t i = 0; i < a->hash.n; i++) {
            int drop = 0;
            if (b->kind == V_HASH) drop = val_hash_get(b, a->hash.keys[i]) != NULL;
            else if (b->kind == V_ARRAY)
                for (size_t j = 0; j < b->arr.n && !drop; j++) drop = val_equal(a->hash.keys[i], b->arr.items[j]);
            else drop = val_equal(a->hash.keys[i], b);
            if (!drop) val_vec_push(&k, a->hash.keys[i]), val_vec_push(&v, a->hash.vals[i]);
        }
        Value *r = val_hash(A, k.v, v.v, k.n);
        val_vec_free(&k);
        val_vec_free(&v);
        return r;
    }
    if (op == TK_LSHIFT && a->kind == V_ARRAY) {
        ValVec vv = VV_ARENA(c->arena);
        for (size_t i = 0; i < a->arr.n; i++) val_vec_push(&vv, a->arr.items[i]);
        val_vec_push(&vv, b);
        Value *r = val_vec_to_array(A, &vv);
        val_vec_free(&vv);
        return r;
    }
    if (op == TK_LSHIFT && a->kind == V_HASH) cmp_fail(c, left, "Operator '<<' is not applicable to a Hash.");
    if (VAL_IS_TIME(a) || VAL_IS_TIME(b)) {   /* Timestamp and Timespan are Numerics */
        Value *ab[2] = {a, b};
        for (int i = 0; i < 2; i++) {
            if (VAL_IS_TIME(ab[i]) || is_num(ab[i])) continue;
            if (ab[i]->kind == V_STR) ab[i] = to_number(c, at, ab[i], ops);
            else cmp_fail(c, at, "The value '%s' cannot be converted to Numeric.", val_to_cstr(A, ab[i]));
        }
        return tm_arith(c, at, ops, ab[0], ab[1]);
    }
    /* a SemVer is a Numeric in Puppet's Ruby: it passes the coercion, then
     * has no arithmetic of its own */
    if (a->kind == V_SEMVER) cmp_fail(c, binop ? at->a : at, "Operator '%s' is not applicable to a Semver.", ops);
    a = to_number_at(c, at, binop ? at->a : NULL, a, ops);
    b = to_number_at(c, at, binop ? at->b : NULL, b, ops);
    if (op == TK_MODULO && (a->kind == V_FLOAT || b->kind == V_FLOAT)) {
        if (a->kind == V_FLOAT) cmp_fail(c, left, "Operator '%%' is not applicable to a Float.");
        cmp_fail(c, left, "Operator '%%' is not applicable to an Integer when right side is a Float.");
    }
    if ((op == TK_LSHIFT || op == TK_RSHIFT) && a->kind == V_FLOAT)
        cmp_fail(c, left, "Operator '%s' is not applicable to a Float.", ops);
    if ((op == TK_LSHIFT || op == TK_RSHIFT) && b->kind == V_FLOAT)    /* Ruby's Integer#<< truncates the count */
        b = val_int(A, isfinite(b->f) && fabs(b->f) < 9e18 ? (int64_t)b->f : b->f < 0 ? INT64_MIN : INT64_MAX);
    if (a->kind == V_INT && b->kind == V_INT) {
        int64_t x = a->i, y = b->i;
        __int128 wide;
        switch (op) {
        case TK_PLUS: wide = (__int128)x + y; break;
        case TK_MINUS: wide = (__int128)x - y; break;
        case TK_TIMES: wide = (__int128)x * y; break;
        case TK_DIV:
            if (y == 0) cmp_fail(c, at, "Division by 0");
            wide = (__int128)x / y;
            if ((__int128)x % y != 0 && ((x < 0) != (y < 0))) wide -= 1;   /* Ruby floors */
            break;
        case TK_MODULO: {
            if (y == 0) cmp_fail(c, at, "Division by 0");
            if (y == -1) return val_int(A, 0);
            int64_t m = x % y;
            if (m != 0 && ((m < 0) != (y < 0))) m += y;
            return val_int(A, m);
        }
        case TK_LSHIFT: case TK_RSHIFT: {
            /* a negative count shifts the other way; counts past 63 saturate */
            int to_left = (op == TK_LSHIFT) == (y >= 0);
            int sh = y >= 0 ? (y > 63 ? 64 : (int)y) : (y < -63 ? 64 : (int)-y);
            if (to_left) return val_int(A, sh >= 63 ? 0 : (int64_t)((uint64_t)x << sh));
            return val_int(A, x >> (sh > 63 ? 63 : sh));
        }
        default: wide = 0; break;
        }
        return int_result(c, at, ops, wide);
    }
    double x = num(a), y = num(b);
    switch (op) {
    case TK_PLUS: return float_result(c, at, ops, x + y);
    case TK_MINUS: return float_result(c, at, ops, x - y);
    case TK_TIMES: return float_result(c, at, ops, x * y);
    case TK_DIV:
        if (y == 0) cmp_fail(c, at, "Division by 0");
        return float_result(c, at, ops, x / y);
    default: cmp_fail(c, left, "Operator '%s' is not applicable to a Float.", ops);
    }
}

/* Sets $0..$n in scope s from a successful match. */
static void set_matches(Compiler *c, Scope *s, const char *str, const int *caps, int ncap)
{
    ValVec vv = VV_ARENA(c->arena);
    for (int i = 0; i < ncap; i++) {
        if (caps[2 * i] < 0) val_vec_push(&vv, VAL_UNDEF);
        else val_vec_push(&vv, val_str(A, str + caps[2 * i], (size_t)(caps[2 * i + 1] - caps[2 * i])));
    }
    s->matches = val_vec_to_array(A, &vv);
    val_vec_free(&vv);
}

int ev_regex_match(Compiler *c, Scope *s, const Node *at, const char *pattern, const char *str, size_t len, int set)
{
    const char *err;
    Regex *re = rx_get(pattern, &err);
    if (!re) cmp_fail(c, at, "%s: /%s/", err ? err : "invalid regular expression", pattern);
    int caps[40], ncap = 20;
    if (!rx_search(re, str, len, 0, caps, &ncap)) return 0;
    if (set && s) set_matches(c, s, str, caps, ncap < 20 ? ncap : 20);
    return 1;
}

/* A SemVerRange holds a SemVer, or a String that reads as one in it. */
static int range_holds(Compiler *c, const Value *range, const Value *v)
{
    if (v->kind == V_SEMVER) return sv_range_includes(range, v);
    return v->kind == V_STR && sv_range_includes_str(&c->scratch, range, v->str.s);
}

/* CompareOperator#match_Version: a SemVer pattern equals a SemVer, or a
 * String that reads as it. */
static int version_matches(Compiler *c, const Value *version, const Value *v)
{
    if (v->kind == V_SEMVER) return val_equal(version, v);
    const char *why;
    const Value *p = v->kind == V_STR ? sv_version_parse(&c->scratch, v->str.s, &why) : NULL;
    return p && val_equal(version, p);
}

static int match_op(Compiler *c, Scope *s, const Node *at, Value *l, Value *r)
{
    if (r->kind == V_TYPE) {
        init_type_check(c, at, r);
        return ty_type_match(c, r, l);
    }
    if (r->kind == V_SEMVERRANGE) return range_holds(c, r, l);
    if (l->kind != V_STR)
        cmp_fail(c, at, "Left operand of =~ expects a String, got %s", val_type_name(l));
    const char *pat;
    if (r->kind == V_REGEX) pat = r->regex.src;
    else if (r->kind == V_STR) pat = r->str.s;
    else cmp_fail(c, at, "Right operand of =~ expects a Regexp, String or Type, got %s", val_type_name(r));
    return ev_regex_match(c, s, at, pat, l->str.s, l->str.len, 1);
}

static int in_op(Compiler *c, Scope *s, const Node *at, Value *l, Value *r)
{
    switch (r->kind) {
    case V_SEMVERRANGE: return range_holds(c, r, l);
    case V_STR:
        if (l->kind == V_REGEX) return ev_regex_match(c, s, at, l->regex.src, r->str.s, r->str.len, 1);
        if (l->kind != V_STR) return 0;
        if (l->str.len == 0) return 1;
        for (size_t i = 0; i + l->str.len <= r->str.len; i++)
            if (strncasecmp(r->str.s + i, l->str.s, l->str.len) == 0) return 1;
        return 0;
    case V_ARRAY:
        for (size_t i = 0; i < r->arr.n; i++) {
            Value *e = r->arr.items[i];
            if (l->kind == V_REGEX) {
                if (e->kind == V_STR && ev_regex_match(c, s, at, l->regex.src, e->str.s, e->str.len, 1)) return 1;
            } else if (l->kind == V_TYPE) {
                if (ty_type_match(c, l, e)) return 1;
            } else if ((l->kind == V_STR || l->kind == V_SEMVER) && e->kind == V_SEMVER) {
                if (version_matches(c, e, l)) return 1;
            } else if ((l->kind == V_STR || l->kind == V_SEMVER) && e->kind == V_SEMVERRANGE) {
                if (range_holds(c, e, l)) return 1;
            } else if (val_equal(l, e)) {
                return 1;
            }
        }
        return 0;
    case V_HASH:
        for (size_t i = 0; i < r->hash.n; i++) {
            Value *e = r->hash.keys[i];
            if (l->kind == V_REGEX) {
                if (e->kind == V_STR && ev_regex_match(c, s, at, l->regex.src, e->str.s, e->str.len, 1)) return 1;
            } else if (val_equal(l, e)) {
                return 1;
            }
        }
        return 0;
    default:
        return 0;
    }
}

/* A case or selector option matches: default always (handled by caller),
 * regex by match, type by instance, array/hash structurally, else ==. */
int ev_option_match(Compiler *c, Scope *s, const Node *at, Value *test, Value *opt)
{
    if (opt->kind == V_REGEX) {
        if (test->kind != V_STR) return 0;
        return ev_regex_match(c, s, at, opt->regex.src, test->str.s, test->str.len, 1);
    }
    if (opt->kind == V_TYPE && !val_is_resref(opt)) return ty_type_match(c, opt, test);
    if (opt->kind == V_SEMVERRANGE) return range_holds(c, opt, test);
    if (opt->kind == V_SEMVER) return version_matches(c, opt, test);
    return val_equal(test, opt);
}

/* ---- access ---- */

static Value *slice(Compiler *c, const Node *at, Value *v, Value **keys, size_t nk)
{
    if (nk < 1 || nk > 2 || keys[0]->kind != V_INT || (nk == 2 && keys[1]->kind != V_INT))
        cmp_fail(c, at, "%s[] expects one or two Integer arguments", val_type_name(v));
    /* strings index characters, not bytes: with any non-ASCII byte, find
     * where each UTF-8 character starts */
    size_t *starts = NULL, nchars = 0;
    if (v->kind == V_STR) {
        int ascii = 1;
        for (size_t i = 0; i < v->str.len && ascii; i++) ascii = (unsigned char)v->str.s[i] < 0x80;
        if (!ascii) {
            starts = ARENA_NEWN(A, size_t, v->str.len + 1);
            for (size_t i = 0; i < v->str.len; i++)
                if (((unsigned char)v->str.s[i] & 0xC0) != 0x80) starts[nchars++] = i;
            starts[nchars] = v->str.len;
        }
    }
    size_t n = starts ? nchars : v->kind == V_STR ? v->str.len : v->arr.n;
    __int128 start = keys[0]->i < 0 ? (__int128)n + keys[0]->i : keys[0]->i;
    if (nk == 1) {
        if (start < 0 || start >= (__int128)n) return v->kind == V_STR ? val_str(A, "", 0) : VAL_UNDEF;
        if (starts) return val_str(A, v->str.s + starts[(size_t)start], starts[(size_t)start + 1] - starts[(size_t)start]);
        return v->kind == V_STR ? val_str(A, v->str.s + (size_t)start, 1) : v->arr.items[(size_t)start];
    }
    __int128 count = keys[1]->i;
    if (start < 0) {
        count += start;
        start = 0;
    }
    if (count < 0) count = (__int128)n - start + count + 1;
    if (start > (__int128)n) start = (__int128)n;
    if (start + count > (__int128)n) count = (__int128)n - start;
    if (count < 0) count = 0;
    if (starts) return val_str(A, v->str.s + starts[(size_t)start], starts[(size_t)(start + count)] - starts[(size_t)start]);
    if (v->kind == V_STR) return val_str(A, v->str.s + (size_t)start, (size_t)count);
    return val_array(A, v->arr.items + (size_t)start, (size_t)count);
}

/* A resource reference value: Type['title'] with the type capitalised and
 * class titles capitalised per segment, as Puppet prints them. */
const char *ev_type_name(Compiler *c, const char *name)
{
    size_t n = strlen(name);
    const char *r = map_get(&c->type_names, name, n);
    if (r) return r;
    r = cat_capitalize_type(A, name);
    map_put(&c->type_names, strcmp(r, name) ? arena_strndup(A, name, n) : r, n, (void *)r);
    return r;
}

/* The unparameterised type called name (a resource type's), one value
 * per type: File in every File['x'] of a manifest is the same value. */
static Value *type_value(Compiler *c, const char *name)
{
    const char *t = ev_type_name(c, name);
    size_t n = strlen(t);
    Value *v = map_get(&c->type_values, t, n);
    if (!v) map_put(&c->type_values, t, n, v = val_type(A, t, NULL, 0));
    return v;
}

/* A bare word's value (ensure => file): one per word in the source, as the
 * lexer keeps one copy of each word's text. */
static Value *name_value(Compiler *c, const Node *n)
{
    Value *v = map_get(&c->name_values, (const char *)&n->text, sizeof n->text);
    if (v) return v;
    v = val_str_nocopy(A, n->text, ast_text_len(n));
    const char **key = arena_alloc8(A, sizeof *key);   /* the map keeps the key's bytes by reference */
    *key = n->text;
    map_put(&c->name_values, (const char *)key, sizeof *key, v);
    return v;
}

/* Type[title] for a title that is a String value already: the value is
 * the reference's parameter as it is (ev_resref copies the text). */
static Value *resref_of(Compiler *c, const char *type, Value *title)
{
    const char *t = ev_type_name(c, type);
    if (strcmp(t, "Class") == 0) return ev_resref(c, type, title->str.s);
    return val_type(A, t, &title, 1);
}

Value *ev_resref(Compiler *c, const char *type, const char *title)
{
    const char *t = ev_type_name(c, type);
    if (strcmp(t, "Class") == 0) {
        if (title[0] == ':' && title[1] == ':') title += 2;
        if (strcmp(title, "main") != 0) title = cat_capitalize_type(A, title);
    }
    Value *tv = val_cstr(A, title);
    return val_type(A, t, &tv, 1);
}

static Value *type_access(Compiler *c, const Node *at, Value *t, Value **keys, size_t nk)
{
    const char *name = t->type.name;
    if (strcmp(name, "Resource") == 0 && nk >= 1 && (keys[0]->kind == V_STR || keys[0]->kind == V_TYPE)) {
        const char *tn = keys[0]->kind == V_STR ? keys[0]->str.s : keys[0]->type.name;
        if (nk == 1) return val_type(A, ev_type_name(c, tn), NULL, 0);
        Value *base = val_type(A, ev_type_name(c, tn), NULL, 0);
        return type_access(c, at, base, keys + 1, nk - 1);
    }
    if (t->type.n == 0 && !res_is_data_type(name)) {
        /* File['a'] or File['a', 'b'] (an array of references) */
        if (strcmp(name, "Class") != 0 && strcmp(name, "Node") != 0) {
            char *ln = arena_strdup(A, name);
            for (char *p = ln; *p; p++) *p = (char)tolower((unsigned char)*p);
            if (!load_find_type_at(c, at, ln, strlen(ln)) && !load_define(c, ln) && !map_get(&c->aliases, ln, strlen(ln)))
                cmp_fail(c, at, "Resource type not found: %s", name);
        }
        ValVec vv = VV_ARENA(&c->scratch);
        for (size_t i = 0; i < nk; i++) {
            Value *k = keys[i];
            if (k->kind == V_ARRAY) {
                for (size_t j = 0; j < k->arr.n; j++) {
                    if (k->arr.items[j]->kind != V_STR) cmp_fail(c, at, "A resource title must be a String, got %s", val_type_name(k->arr.items[j]));
                    val_vec_push(&vv, resref_of(c, name, k->arr.items[j]));
                }
            } else if (k->kind == V_STR) {
                val_vec_push(&vv, resref_of(c, name, k));
            } else {
                val_vec_free(&vv);
                cmp_fail(c, at, "A resource title must be a String, got %s", val_type_name(k));
            }
        }
        Value *r = (nk == 1 && keys[0]->kind == V_STR) ? vv.v[0] : val_vec_to_array(A, &vv);
        val_vec_free(&vv);
        return r;
    }
    if (!strcmp(name, "Timestamp") || !strcmp(name, "Timespan")) return tm_type_access(c, at, t, keys, nk);
    if (!strcmp(name, "URI") && nk == 1 && keys[0]->kind == V_STR) {   /* URI['http://x']: held as its parts */
        const char *why;
        Value *u = uri_parse(A, keys[0]->str.s, &why);
        if (!u) cmp_fail(c, at, "%s", why);
        Value *h = uri_type_params(A, u);
        return h->hash.n ? val_type(A, name, &h, 1) : val_type(A, name, NULL, 0);
    }
    return val_type(A, name, keys, nk);
}

static Value *access(Compiler *c, const Node *at, Value *v, Value **keys, size_t nk)
{
    switch (v->kind) {
    case V_ARRAY: case V_STR:
        return slice(c, at, v, keys, nk);
    case V_HASH:
        if (nk == 1) {
            Value *r = val_hash_get(v, keys[0]);
            return r ? r : VAL_UNDEF;
        } else {
            ValVec vv = VV_ARENA(c->arena);
            for (size_t i = 0; i < nk; i++) {
                Value *r = val_hash_get(v, keys[i]);
                if (r) val_vec_push(&vv, r);
            }
            Value *r = val_vec_to_array(A, &vv);
            val_vec_free(&vv);
            return r;
        }
    case V_TYPE:
        return type_access(c, at, v, keys, nk);
    case V_UNDEF:
        cmp_fail(c, at, "Operator '[]' is not applicable to an Undef Value.");
    default:
        cmp_fail(c, at, "Operator '[]' is not applicable to %s %s.", strchr("AEIOU", val_type_name(v)[0]) ? "an" : "a",
                 val_type_name(v));
    }
}

/* ---- calls ---- */

static void eval_args(Compiler *c, Scope *s, const Node *first, ValVec *out)
{
    for (const Node *k = first; k; k = k->next) {
        if (k->kind == ND_SPLAT) {
            Value *v = ev_expr(c, s, k->a);
            if (v->kind == V_ARRAY) {
                for (size_t i = 0; i < v->arr.n; i++) val_vec_push(out, v->arr.items[i]);
                continue;
            }
            val_vec_push(out, v);
            continue;
        }
        val_vec_push(out, ev_expr(c, s, k));
    }
}

static Value *eval_call(Compiler *c, Scope *s, const Node *n)
{
    const Node *fn = n->a;
    const char *name;
    ValVec args = VV_ARENA(&c->scratch);
    if (n->kind == ND_METHOD) {
        name = n->text;
        Value *recv = ev_expr(c, s, n->a);
        if (recv->kind == V_OBJECT && !n->kids && !n->b && !strcmp(recv->obj.type, "URI")) {
            static const char *const uri_attrs[] = {"scheme", "userinfo", "host", "port", "path", "query", "fragment", "opaque"};
            for (size_t i = 0; i < ARRAY_LEN(uri_attrs); i++)
                if (!strcmp(name, uri_attrs[i])) {
                    val_vec_free(&args);
                    Value *v = uri_attr(A, recv, name);
                    return v ? v : VAL_UNDEF;
                }
        }
        if (recv->kind == V_OBJECT && !n->kids && !n->b && !strcmp(recv->obj.type, "Deferred") &&
            (!strcmp(name, "name") || !strcmp(name, "arguments"))) {
            val_vec_free(&args);
            Value *v = val_hash_gets(recv->obj.attrs, name);
            return v ? v : VAL_UNDEF;
        }
        if (recv->kind == V_OBJECT && !n->kids && !n->b && !strcmp(recv->obj.type, "Error")) {
            /* an object's attribute (Error: msg, kind, details, issue_code, and message() = msg) */
            static const char *const error_attrs[] = {"msg", "kind", "details", "issue_code"};
            const char *attr = !strcmp(name, "message") ? "msg" : name;
            for (size_t i = 0; i < ARRAY_LEN(error_attrs); i++)
                if (!strcmp(attr, error_attrs[i])) {
                    val_vec_free(&args);
                    Value *v = val_hash_gets(recv->obj.attrs, attr);
                    return v ? v : VAL_UNDEF;
                }
        }
        if (recv->kind == V_OBJECT && !n->kids && !n->b) {   /* an attribute of a user Object type's instance */
            Value *v = obj_attr(c, recv, name);
            if (v) {
                val_vec_free(&args);
                return v;
            }
        }
        val_vec_push(&args, recv);
    } else if (fn->kind == ND_NAME) {
        name = fn->text;
    } else if (fn->kind == ND_TYPEREF || (fn->kind == ND_ACCESS && fn->a && fn->a->kind == ND_TYPEREF)) {
        /* Integer('3'), String(1), Optional[String]('x'): the new function */
        val_vec_push(&args, ev_expr(c, s, fn));
        name = "new";
    } else {
        cmp_fail(c, n, "Illegal expression. A %s is not a function name", ast_kind_name(fn->kind));
    }
    eval_args(c, s, n->kids, &args);
    Value **av = args.n ? arena_memdup(A, args.v, args.n * sizeof *args.v) : NULL;
    size_t na = args.n;
    val_vec_free(&args);
    return ev_call_function(c, s, n, name, av, na, n->b);
}

/* ---- conditionals ---- */

static Value *eval_case(Compiler *c, Scope *s, const Node *n)
{
    Value *test = ev_expr(c, s, n->a);
    const Node *dflt = NULL;
    for (const Node *w = n->kids; w; w = w->next) {
        for (const Node *o = w->kids; o; o = o->next) {
            if (o->kind == ND_DEFAULT) {
                if (!dflt) dflt = w;
                continue;
            }
            Value *ov = ev_expr(c, s, o);
            int hit = 0;
            if (ov->kind == V_ARRAY && o->kind == ND_SPLAT) {
                for (size_t i = 0; i < ov->arr.n && !hit; i++) hit = ev_option_match(c, s, o, test, ov->arr.items[i]);
            } else {
                hit = ev_option_match(c, s, o, test, ov);
            }
            if (hit) return w->b ? ev_block(c, s, w->b) : VAL_UNDEF;
        }
    }
    if (dflt) return dflt->b ? ev_block(c, s, dflt->b) : VAL_UNDEF;
    return VAL_UNDEF;
}

static Value *eval_selector(Compiler *c, Scope *s, const Node *n)
{
    Value *test = ev_expr(c, s, n->a);
    const Node *dflt = NULL;
    for (const Node *p = n->kids; p; p = p->next) {
        if (p->a->kind == ND_DEFAULT) {
            if (!dflt) dflt = p;
            continue;
        }
        Value *ov = ev_expr(c, s, p->a);
        if (ev_option_match(c, s, p->a, test, ov)) return ev_expr(c, s, p->b);
    }
    if (dflt) return ev_expr(c, s, dflt->b);
    cmp_fail(c, n, "No matching entry for selector parameter with value '%s'", val_to_cstr(A, test));
}

/* ---- the evaluator ---- */

static Value *ev_statements(Compiler *c, Scope *s, const Node *n)
{
    Value *last = VAL_UNDEF;
    for (const Node *k = n->kids; k; k = k->next) {
        ArenaMark m = arena_mark(&c->scratch);
        /* a resource statement's value (its references) is built only when used */
        if (k->next && k->kind == ND_RESOURCE) c->discard = k;
        last = ev_expr(c, s, k);
        arena_release(&c->scratch, m);
    }
    return last;
}

Value *ev_block(Compiler *c, Scope *s, const Node *n)
{
    if (!n) return VAL_UNDEF;
    if (n->kind != ND_BLOCK) return ev_expr(c, s, n);
    if (n->ival) return ev_body(c, s, n, 0);    /* a class's or define's body (parser.y) */
    return ev_statements(c, s, n);
}

/* ---- return, next and break ----
 *
 * Puppet throws these as Ruby exceptions: next() ends the innermost lambda
 * or function (or class or define body) with its value, return() the
 * innermost function or class or define body (through any lambdas), and
 * break() stops the innermost iteration that rescues StopIteration, which
 * may be a caller's.  Here they unwind through c->fail like an error, with
 * c->jump set.  The bodies that can be the target of a next() or return()
 * are the ones whose text calls it, so only those set up a catcher (the
 * scan is done once per body and kept in its cache); the counters say
 * whether anyone would catch, so an uncatchable jump fails where it is
 * called, with Puppet's message. */

/* EV_JUMP_NEXT: a next() call in n outside any nested lambda;
 * EV_JUMP_RETURN: a return() call anywhere in n but nested definitions. */
static int jumps_in(const Node *n, int in_lambda)
{
    if (!n) return 0;
    switch (n->kind) {
    case ND_CLASS: case ND_DEFINE: case ND_FUNCTION: case ND_NODE: case ND_TYPE_ALIAS:
        return 0;
    case ND_LAMBDA: in_lambda = 1; break;
    case ND_CALL:
        if (n->a && n->a->kind == ND_NAME) {
            if (!in_lambda && strcmp(n->a->text, "next") == 0) return EV_JUMP_NEXT | jumps_in(n->kids, 0);
            if (strcmp(n->a->text, "return") == 0) return EV_JUMP_RETURN;
        }
        break;
    case ND_METHOD:                                  /* $x.next, $x.return */
        if (!in_lambda && strcmp(n->text, "next") == 0) return EV_JUMP_NEXT | jumps_in(n->a, 0);
        if (strcmp(n->text, "return") == 0) return EV_JUMP_RETURN;
        break;
    default: break;
    }
    int m = jumps_in(ast_a(n), in_lambda) | jumps_in(ast_b(n), in_lambda) | jumps_in(ast_c(n), in_lambda);
    for (const Node *k = ast_kids(n); k; k = k->next) m |= jumps_in(k, in_lambda);
    return m;
}

/* Runs the statements of body, catching the jumps of kinds. */
static Value *ev_catching(Compiler *c, Scope *s, const Node *body, int kinds)
{
    jmp_buf jb, *saved = c->fail;
    int depth = c->depth, call_depth = c->call_depth, type_depth = c->type_depth;
    Buf *epp_out = c->epp_out;
    Value *r;
    if (kinds & EV_JUMP_NEXT) c->catch_next++;
    if (kinds & EV_JUMP_RETURN) c->catch_return++;
    c->fail = &jb;
    if (setjmp(jb) == 0) {
        r = ev_statements(c, s, body);
    } else if (c->jump & kinds) {
        r = c->jump_value;
        c->jump = 0;
        c->depth = depth, c->call_depth = call_depth, c->type_depth = type_depth, c->epp_out = epp_out;
    } else {                                     /* an error, or a jump for someone further out */
        if (kinds & EV_JUMP_NEXT) c->catch_next--;
        if (kinds & EV_JUMP_RETURN) c->catch_return--;
        c->fail = saved;
        longjmp(*saved, 1);
    }
    if (kinds & EV_JUMP_NEXT) c->catch_next--;
    if (kinds & EV_JUMP_RETURN) c->catch_return--;
    c->fail = saved;
    return r;
}

void ev_mark_bodies(Node *n)
{
    if (!n) return;
    if (n->kind == ND_BLOCK && !n->flags) n->flags = ((unsigned)jumps_in(n, 0) | 0x80) & 0xff;
    ev_mark_bodies(ast_a(n));
    ev_mark_bodies(ast_b(n));
    ev_mark_bodies(ast_c(n));
    for (Node *k = ast_kids(n); k; k = k->next) ev_mark_bodies(k);
}

Value *ev_body(Compiler *c, Scope *s, const Node *body, int lambda)
{
    if (!body) return VAL_UNDEF;
    if (body->kind != ND_BLOCK) return ev_expr(c, s, body);
    unsigned m = body->flags;
    if (!m) {
        m = (unsigned)jumps_in(body, 0) | 0x80;             /* 0x80: looked for */
        ((Node *)body)->flags = m & 0xff;
    }
    int kinds = (int)m & (lambda ? EV_JUMP_NEXT : EV_JUMP_NEXT | EV_JUMP_RETURN);
    return kinds ? ev_catching(c, s, body, kinds) : ev_statements(c, s, body);
}

_Noreturn void ev_jump(Compiler *c, const Node *at, int kind, Value *v)
{
    int catchers = kind == EV_JUMP_NEXT ? c->catch_next : kind == EV_JUMP_RETURN ? c->catch_return : c->catch_break;
    if (!catchers)
        cmp_fail(c, at, "%s() from context where this is illegal",
                 kind == EV_JUMP_NEXT ? "next" : kind == EV_JUMP_RETURN ? "return" : "break");
    c->jump = kind;
    c->jump_value = v ? v : VAL_UNDEF;
    longjmp(*c->fail, 1);
}

int ev_breakable(CallCtx *cc, void (*loop)(CallCtx *cc, void *state), void *state)
{
    Compiler *c = cc->c;
    jmp_buf jb, *saved = c->fail;
    int depth = c->depth, call_depth = c->call_depth, type_depth = c->type_depth;
    Buf *epp_out = c->epp_out;
    int broke;
    c->catch_break++;
    c->fail = &jb;
    if (setjmp(jb) == 0) {
        loop(cc, state);
        broke = 0;
    } else if (c->jump == EV_JUMP_BREAK) {
        c->jump = 0;
        c->depth = depth, c->call_depth = call_depth, c->type_depth = type_depth, c->epp_out = epp_out;
        broke = 1;
    } else {
        c->catch_break--;
        c->fail = saved;
        longjmp(*saved, 1);
    }
    c->catch_break--;
    c->fail = saved;
    return broke;
}

static Value *eval_assign(Compiler *c, Scope *s, const Node *n)
{
    Value *v = ev_expr(c, s, n->b);
    const Node *t = n->a;
    if (t->kind == ND_VAR) {
        if (strstr(t->text, "::")) cmp_fail(c, t, "Illegal attempt to assign to '%s'. Cannot assign to variables in other namespaces", t->text);
        if (isdigit((unsigned char)t->text[0])) cmp_fail(c, t, "Illegal attempt to assign to the numeric match result variable '$%s'", t->text);
        if (n->op == TK_APPENDS || n->op == TK_DELETES) {
            Value *old = ev_scope_lookup(c, s, t->text, t);
            v = arith(c, n, n->op == TK_APPENDS ? TK_PLUS : TK_MINUS, old, v);
        }
        ev_scope_set(c, s, t->text, v, t);
        return v;
    }
    if (t->kind == ND_ARRAY) {                       /* [$a, $b] = [1, 2] */
        size_t i = 0;
        for (const Node *k = t->kids; k; k = k->next, i++) {
            if (k->kind != ND_VAR) cmp_fail(c, k, "Illegal assignment: only variables can be assigned");
            Value *e = VAL_UNDEF;
            if (v->kind == V_ARRAY) {
                if (v->arr.n != (size_t)ast_nkids(t))
                    cmp_fail(c, n, "Mismatched number of assignable entries and values, expected %d, got %zu", ast_nkids(t), v->arr.n);
                e = v->arr.items[i];
            } else if (v->kind == V_HASH) {
                e = val_hash_gets(v, k->text);
                if (!e) cmp_fail(c, k, "No value for required key '%s' in assignment to variables from hash", k->text);
            } else {
                cmp_fail(c, n, "Illegal assignment: an Array can only be assigned from an Array or Hash");
            }
            ev_scope_set(c, s, k->text, e, k);
        }
        return v;
    }
    cmp_fail(c, t, "Illegal attempt to assign to '%s'. Not an assignable reference", ast_kind_name(t->kind));
}

/* "text ${expr} $var": the parts are evaluated first (an error there
 * unwinds with nothing to free), then joined. */
static Value *eval_concat(Compiler *c, Scope *s, const Node *n)
{
    /* (in the scratch arena: released with the statement) */
    Value **parts = ARENA_NEWN(&c->scratch, Value *, (size_t)ast_nkids(n) + 1);
    size_t np = 0;
    for (const Node *k = n->kids; k; k = k->next) parts[np++] = k->kind == ND_STR ? NULL : ev_expr(c, s, k);
    Buf b = BUF_INIT;
    size_t i = 0;
    for (const Node *k = n->kids; k; k = k->next, i++) {
        if (!parts[i]) buf_add(&b, k->text, ast_text_len(k));
        else {
            ev_check_weight_at(c, k, parts[i]);   /* a shared structure made by a function */
            val_to_string(&b, parts[i]);   /* references as Puppet's to_s: File['/x'] */
        }
    }
    Value *r = val_str(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return r;
}

/* Evaluation recurses on the syntax tree; mcomp runs the compile on a
 * thread with a 1 GiB stack, and this bound turns anything deeper into an
 * error instead of a crash. */
enum { MAX_EVAL_DEPTH = 200000 };

static Value *eval_node(Compiler *c, Scope *s, const Node *n);

Value *ev_expr(Compiler *c, Scope *s, const Node *n)
{
    if (++c->depth > MAX_EVAL_DEPTH) cmp_fail(c, n, "Expression nested too deeply (more than %d levels)", MAX_EVAL_DEPTH);
    Value *v = eval_node(c, s, n);
    c->depth--;
    return v;
}

static Value *eval_node(Compiler *c, Scope *s, const Node *n)
{
    switch (n->kind) {
    case ND_BLOCK: return ev_block(c, s, n);
    case ND_INT: return val_int(A, n->ival);
    case ND_FLOAT: return val_float(A, n->fval);
    case ND_STR: return val_str_nocopy(A, n->text, ast_text_len(n));
    case ND_CONCAT: return eval_concat(c, s, n);
    case ND_REGEX: return val_regex(A, n->text);
    case ND_BOOL: return val_bool((int)n->ival);
    case ND_UNDEF: return VAL_UNDEF;
    case ND_DEFAULT: return VAL_DEFAULT;
    case ND_NAME: return name_value(c, n);
    case ND_TYPEREF: {
        const char *name = n->text[0] == ':' ? n->text + 2 : n->text;
        if (res_is_data_type(name)) return val_type(A, name, NULL, 0);
        /* a resource type (built-in, Ruby, define) or a type alias; a class
         * name is none (eval_QualifiedReference); in TypeSet[{types => {Point
         * => ...}}] a name the set declares */
        if (!c->typeset_args) ev_check_type_ref(c, n);
        return type_value(c, name);
    }
    case ND_VAR: return ev_scope_lookup(c, s, n->text, n);
    case ND_ARRAY: {
        ValVec vv = VV_ARENA(&c->scratch);
        eval_args(c, s, n->kids, &vv);
        Value *r = val_vec_to_array(A, &vv);
        val_vec_free(&vv);
        ev_check_weight_at(c, n, r);
        return r;
    }
    case ND_HASH: {
        ValVec k = VV_ARENA(&c->scratch), v = VV_ARENA(&c->scratch);
        for (const Node *p = n->kids; p; p = p->next) {
            val_vec_push(&k, ev_expr(c, s, p->a));
            val_vec_push(&v, ev_expr(c, s, p->b));
        }
        Value *r = val_hash(A, k.v, v.v, k.n);
        val_vec_free(&k);
        val_vec_free(&v);
        ev_check_weight_at(c, n, r);
        return r;
    }
    case ND_RESERVED:
        cmp_fail(c, n, "Use of reserved word: %s, must be quoted if intended to be a String value", n->text);
    case ND_ACCESS: {
        Value *t = ev_expr(c, s, n->a);
        ValVec keys = VV_ARENA(&c->scratch);
        int typeset = t->kind == V_TYPE && !t->type.n && !strcmp(t->type.name, "TypeSet");
        c->typeset_args += typeset;
        eval_args(c, s, n->kids, &keys);
        c->typeset_args -= typeset;
        Value **kv = arena_memdup(A, keys.v, keys.n * sizeof *keys.v);
        size_t nk = keys.n;
        val_vec_free(&keys);
        return access(c, n, t, kv, nk);
    }
    case ND_BINOP: {
        Value *l = ev_expr(c, s, n->a);
        Value *r = ev_expr(c, s, n->b);
        switch (n->op) {
        case TK_ISEQUAL: return val_bool(val_equal(l, r));
        case TK_NOTEQUAL: return val_bool(!val_equal(l, r));
        case TK_LESSTHAN: return val_bool(cmp_values(c, n, l, r, "<") < 0);
        case TK_LESSEQUAL: return val_bool(cmp_values(c, n, l, r, "<=") <= 0);
        case TK_GREATERTHAN: return val_bool(cmp_values(c, n, l, r, ">") > 0);
        case TK_GREATEREQUAL: return val_bool(cmp_values(c, n, l, r, ">=") >= 0);
        case TK_MATCH: return val_bool(match_op(c, s, n, l, r));
        case TK_NOMATCH: return val_bool(!match_op(c, s, n, l, r));
        case TK_IN: return val_bool(in_op(c, s, n, l, r));
        default: return arith(c, n, n->op, l, r);
        }
    }
    case ND_AND: return val_bool(val_truthy(ev_expr(c, s, n->a)) && val_truthy(ev_expr(c, s, n->b)));
    case ND_OR: return val_bool(val_truthy(ev_expr(c, s, n->a)) || val_truthy(ev_expr(c, s, n->b)));
    case ND_NOT: return val_bool(!val_truthy(ev_expr(c, s, n->a)));
    case ND_NEG: {
        Value *v = ev_expr(c, s, n->a);
        if (VAL_IS_TIME(v)) return tm_negate(c, n, v);
        v = to_number(c, n, v, "-");
        return v->kind == V_INT ? int_result(c, n, "-", -(__int128)v->i) : val_float(A, -v->f);
    }
    case ND_SPLAT: return ev_expr(c, s, n->a);
    case ND_PAREN: return ev_expr(c, s, n->a);
    case ND_ASSIGN: return eval_assign(c, s, n);
    /* Match variables set by a condition live only as long as the
     * expression that tested it (Puppet's ephemeral match scope). */
    case ND_IF: case ND_UNLESS: case ND_CASE: case ND_SELECTOR: {
        Value *saved = s->matches;
        Value *r;
        if (n->kind == ND_CASE) r = eval_case(c, s, n);
        else if (n->kind == ND_SELECTOR) r = eval_selector(c, s, n);
        else if (val_truthy(ev_expr(c, s, n->a)) == (n->kind == ND_IF)) r = ev_block(c, s, n->b);
        else r = n->c ? ev_expr(c, s, n->c) : VAL_UNDEF;
        s->matches = saved;
        return r;
    }
    case ND_CALL: case ND_METHOD: return eval_call(c, s, n);
    case ND_LAMBDA: cmp_fail(c, n, "A lambda can only be given to a function call");
    case ND_RESOURCE: return res_declare(c, s, n);
    case ND_RES_DEFAULTS: return res_defaults(c, s, n);
    case ND_RES_OVERRIDE: return res_override(c, s, n);
    case ND_RELATION: return res_relation(c, s, n);
    case ND_COLLECT: return res_collect(c, s, n);
    case ND_CLASS: case ND_DEFINE: case ND_NODE: case ND_FUNCTION: case ND_TYPE_ALIAS:
        return VAL_UNDEF;      /* registered when the file was loaded */
    case ND_PAIR: case ND_WHEN: case ND_BODY: case ND_ATTROP: case ND_PARAM: case ND_KIND_COUNT:
        break;
    }
    cmp_fail(c, n, "Internal error: cannot evaluate a %s here", ast_kind_name(n->kind));
}

/* ---- lambdas, for the built-in functions ---- */

typedef struct LambdaFrame { Compiler *c; Scope *s; } LambdaFrame;

int ev_lambda_params(CallCtx *cc) { return cc->lambda ? ast_nkids(cc->lambda) : -1; }

Value *ev_yield(CallCtx *cc, Value **args, size_t n)
{
    Compiler *c = cc->c;
    const Node *l = cc->lambda;
    Scope *ls = ev_scope_new(c, cc->scope, cc->scope->dyn, cc->scope->resource);
    ls->label = cc->scope->label;
    ls->class_name = cc->scope->class_name;
    size_t i = 0;
    for (const Node *p = l->kids; p; p = p->next, i++) {
        Value *v;
        if (p->ival) {                       /* *$rest */
            v = val_array(c->arena, i < n ? args + i : NULL, i < n ? n - i : 0);
            i = n;
        } else if (i < n) {
            v = args[i];
        } else if (p->b) {
            v = ev_expr(c, ls, p->b);
        } else {
            cmp_fail(c, l, "block expects %d arguments, got %zu", ast_nkids(l), n);
        }
        if (p->a) {
            Value *t = ev_expr(c, ls, p->a);
            if (!ty_type_match(c, t, v))
                cmp_fail(c, p, "%s", ty_mismatch(c, t, v, CMP_MM_SIGNATURE, "block", arena_printf(c->arena, "parameter '%s'", p->text),
                                                  ty_signature(c, ls, l->kids)));
        }
        map_put(&ls->vars, p->text, ast_text_len(p), v);
    }
    return ev_body(c, ls, l->b, 1);
}

_Noreturn void ev_fail(CallCtx *cc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cmp_failv(cc->c, cc->call, fmt, ap);
}

void ev_log(CallCtx *cc, const char *level, const char *msg)
{
    const char *label = cc->scope->label ? cc->scope->label : "Class[main]";
    FILE *out = stderr;
    diag_fprintf(out, "%s: Scope(%s): %s\n", level, label, msg);   /* escaped, as every message */
}

/* ---- the written-out size of shared values ---- */

enum { WEIGHT_MEMO_FROM = 64 };   /* lighter values are just walked again */

static uint64_t *weight_memo(Compiler *c, const Value *v, int add)
{
    size_t cap = c->weights.cap;
    if (add && (c->weights.n + 1) * 2 > cap) {
        size_t ncap = cap ? cap * 2 : 256;
        const Value **nk = xcalloc(ncap, sizeof *nk);
        uint64_t *nw = xcalloc(ncap, sizeof *nw);
        for (size_t i = 0; i < cap; i++) {
            if (!c->weights.keys[i]) continue;
            size_t j = ((uintptr_t)c->weights.keys[i] >> 3) * 0x9E3779B97F4A7C15ull & (ncap - 1);
            while (nk[j]) j = (j + 1) & (ncap - 1);
            nk[j] = c->weights.keys[i], nw[j] = c->weights.w[i];
        }
        free(c->weights.keys);
        free(c->weights.w);
        c->weights.keys = nk, c->weights.w = nw, c->weights.cap = cap = ncap;
    }
    if (!cap) return NULL;
    size_t j = ((uintptr_t)v >> 3) * 0x9E3779B97F4A7C15ull & (cap - 1);
    for (; c->weights.keys[j]; j = (j + 1) & (cap - 1))
        if (c->weights.keys[j] == v) return &c->weights.w[j];
    if (!add) return NULL;
    c->weights.keys[j] = v;
    c->weights.n++;
    return &c->weights.w[j];
}

uint64_t ev_value_weight(Compiler *c, const Value *v)
{
    const uint64_t cap = (uint64_t)CMP_VALUE_WEIGHT_MAX + 1;
    if (v->kind == V_SENSITIVE) return ev_value_weight(c, v->sensitive);
    if (v->kind != V_ARRAY && v->kind != V_HASH) return 1;
    uint64_t *m = weight_memo(c, v, 0);
    if (m) return *m;
    uint64_t w = 1;
    if (v->kind == V_ARRAY) {
        for (size_t i = 0; i < v->arr.n && w < cap; i++) w += ev_value_weight(c, v->arr.items[i]);
    } else {
        for (size_t i = 0; i < v->hash.n && w < cap; i++)
            w += ev_value_weight(c, v->hash.keys[i]) + ev_value_weight(c, v->hash.vals[i]);
    }
    if (w > cap) w = cap;
    if (w >= WEIGHT_MEMO_FROM) *weight_memo(c, v, 1) = w;
    return w;
}

void ev_check_weight_at(Compiler *c, const Node *at, const Value *v)
{
    if ((v->kind == V_ARRAY || v->kind == V_HASH) && ev_value_weight(c, v) > CMP_VALUE_WEIGHT_MAX)
        cmp_fail(c, at, "This %s would hold more than %u values once written out (mcomp's limit on a value's size; shared parts count each time they appear)",
                 v->kind == V_ARRAY ? "Array" : "Hash", CMP_VALUE_WEIGHT_MAX);
}
