/*
 * typemsg.c - Puppet's wording of a type mismatch (TypeMismatchDescriber):
 * why a value is not an instance of a type, how types print in those
 * messages, and the signatures of functions and lambdas that reject their
 * arguments.  The idea is to walk the type and the value together as
 * Puppet walks the expected type and the value's inferred type, with every
 * type first normalised as Puppet's Type#normalize does; it runs only
 * after ty_type_match() (typesys.c) has said no.
 */
#include "compiler/compiler.h"
#include "compiler/resource.h"
#include "compiler/object.h"
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

/* ---- Mismatch descriptions (Puppet's TypeMismatchDescriber) ----
 *
 * Once ty_type_match() has said no, describe() walks the type and the
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
    return ty_find_alias(c, lname, ln);
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
    return ty_type_match(c, t, VAL_UNDEF);
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
        int64_t al = ty_int_param(a, 0, INT64_MIN), ah = ty_int_param(a, 1, INT64_MAX);
        int64_t bl = ty_int_param(b, 0, INT64_MIN), bh = ty_int_param(b, 1, INT64_MAX);
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

void ty_type_printing(Compiler *c, int on)
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
    *lo = ty_int_param(t, first, 0);
    if (*lo < 0) *lo = 0;
    *hi = ty_int_param(t, first + 1, INT64_MAX);
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
        if (ty_type_match(c, vt, v)) return;
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
    } else if (ty_type_match(c, schema->hash.vals[i], VAL_UNDEF)) {
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
                } else if (!ty_type_match(c, schema->hash.vals[i], got)) {
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
                if (!ty_type_match(c, kt, v->hash.keys[i]))
                    mm_describe(c, kt, v->hash.keys[i], path_el(c, path, arena_printf(c->arena, "key of entry '%s'", ks), 0), out);
                if (!ty_type_match(c, vt, v->hash.vals[i]))
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
            if (!ty_type_match(c, t->type.params[adx], v->arr.items[i]))
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
            if (!ty_type_match(c, et, v->arr.items[i]))
                mm_describe(c, et, v->arr.items[i], path_el(c, path, arena_printf(c->arena, "index %zu", i), 0), out);
        return;
    }
    if (!ty_type_match(c, t, v)) ml_push(c, out, type_mm(c, path, original, v));
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

const char *ty_mismatch(Compiler *c, Value *type, Value *v, int style, const char *label, const char *head, const char *sig)
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

void ty_fault(Compiler *c, CmpFaults *f, const char *text)
{
    if (f->n == f->cap) {
        size_t cap = f->cap ? f->cap * 2 : 4;
        const char **nt = arena_alloc(c->arena, cap * sizeof *nt);
        if (f->n) memcpy(nt, f->text, f->n * sizeof *nt);
        f->text = nt, f->cap = cap;
    }
    f->text[f->n++] = text;
}

void ty_fault_mismatch(Compiler *c, CmpFaults *f, Value *type, Value *v, const char *head)
{
    MList l = {0};
    mm_describe(c, type, v, path_el(c, NULL, head, 0), &l);
    if (!l.n) ml_push(c, &l, type_mm(c, path_el(c, NULL, head, 0), type, v));
    for (size_t i = 0; i < l.n; i++) {
        Buf b = BUF_INIT;
        mm_format(c, &b, l.m[i], -1);
        ty_fault(c, f, arena_strdup(c->arena, buf_cstr(&b) + 1));   /* without the path's leading space */
        buf_free(&b);
    }
}

const char *ty_faults_message(Compiler *c, const CmpFaults *f, const char *label)
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

const char *ty_signature(Compiler *c, Scope *s, const Node *params)
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

int ty_sig_accepts(Compiler *c, const CmpSig *sig, Value **args, size_t n, const Node *lambda)
{
    if ((int64_t)n < sig->min || (int64_t)n > sig->max) return 0;
    if (lambda ? !sig->block || !block_fits(sig->block, lambda) : sig->block && !sig->block_optional) return 0;
    for (size_t i = 0; i < n; i++)
        if (!ty_type_match(c, sig->types[i < sig->n ? i : sig->n - 1], args[i])) return 0;
    return 1;
}

const char *ty_sig_string(Compiler *c, const CmpSig *sig)
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
        if (ty_type_match(c, sig->types[k], args[i])) continue;
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

const char *ty_describe_signatures(Compiler *c, const char *label, const CmpSig *sigs, size_t nsigs,
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
        buf_printf(&b, "%s expects (%s)", label, ty_sig_string(c, &sigs[0]));
        for (size_t j = 0; j < errs[0].n; j++) {
            buf_adds(&b, "\n  rejected:");
            mm_format(c, &b, mm_chop0(c, errs[0].m[j]), -1);
        }
    } else {
        buf_printf(&b, "The function %s was called with arguments it does not accept. It expects one of:", label);
        for (size_t i = 0; i < nsigs; i++) {
            buf_printf(&b, "\n  (%s)", ty_sig_string(c, &sigs[i]));
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
