/*
 * merge.c - Puppet's merge strategies (Puppet::Pops::MergeStrategy):
 * first, unique, hash and deep (DeepMerge with knockout_prefix,
 * sort_merged_arrays, merge_hash_arrays), and the fold over variants that
 * every level of a lookup uses.
 *
 * The one idea: a strategy is asked to look up a list of variants and
 * folds what they find - first found wins, or the first found converted
 * and merged with each later one - so layers, levels and files share one
 * walk, hiera_merge_lookup(), and differ only in their variant callback.
 */
#include "compiler/hiera/internal.h"
#include "compiler/fn/fnaux.h"
#include "catalog/rubyval.h"
#include <string.h>

/* The type Puppet names after "got" in a mismatch (Tuple, Struct, ...). */
static const char *got_type(Compiler *c, const Value *v)
{
    CallCtx cc = {.c = c, .arena = A};
    return fn_got_type(&cc, v);
}

/* ---- merge strategies (Puppet::Pops::MergeStrategy, DeepMerge) ---- */

static Value *type_named(Compiler *c, const char *name, Value **params, size_t n) { return val_type(A, name, params, n); }

/* The merge's type assertion: "The first element of the merge has wrong type, ...". */
static void merge_assert(Look *lk, const Strategy *st, const char *which, Value *v)
{
    Compiler *c = lk->c;
    if (st->kind == M_HASH) {
        if (v->kind != V_HASH)
            hiera_fail_at(lk, "The %s element of the merge has wrong type, expects a Hash value, got %s", which, got_type(c, v));
        Value *kv[2] = {type_named(c, "String", NULL, 0), type_named(c, "Data", NULL, 0)};
        Value *t = type_named(c, "Hash", kv, 2);
        if (!ty_type_match(c, t, v))
            hiera_fail_at(lk, "%s", ty_mismatch(c, t, v, CMP_MM_SUBJECT, NULL, arena_printf(c->arena, "The %s element of the merge has wrong type,", which), NULL));
    } else if (st->kind == M_UNIQUE) {
        Value *data = type_named(c, "Data", NULL, 0);
        Value *vt[2] = {type_named(c, "Scalar", NULL, 0), type_named(c, "Array", &data, 1)};
        Value *t = type_named(c, "Variant", vt, 2);
        if (!ty_type_match(c, t, v))
            hiera_fail_at(lk, "The %s element of the merge has wrong type, expects a value of type Scalar or Array, got %s", which,
                    got_type(c, v));
    }
}

static void flatten_into(ValVec *out, Value *v)
{
    if (v->kind == V_ARRAY) {
        for (size_t i = 0; i < v->arr.n; i++) flatten_into(out, v->arr.items[i]);
    } else {
        val_vec_push(out, v);
    }
}

/* Ruby's a | b (and a.uniq with b NULL): eql? elements once, first kept. */
static Value *array_union(Compiler *c, Value **a, size_t na, Value **b, size_t nb)
{
    ValVec out = VV_ARENA(A);
    for (size_t pass = 0; pass < 2; pass++) {
        Value **v = pass ? b : a;
        size_t n = pass ? nb : na;
        for (size_t i = 0; i < n; i++) {
            size_t j;
            for (j = 0; j < out.n; j++)
                if (val_identical(out.v[j], v[i])) break;
            if (j == out.n) val_vec_push(&out, v[i]);
        }
    }
    Value *r = val_vec_to_array(A, &out);
    val_vec_free(&out);
    return r;
}

static Value *unique_convert(Compiler *c, Value *v)
{
    ValVec out = VV_ARENA(A);
    flatten_into(&out, v);
    Value *r = val_vec_to_array(A, &out);
    val_vec_free(&out);
    return r;
}

static int ruby_truthy(const Value *v) { return !(v->kind == V_UNDEF || (v->kind == V_BOOL && !v->b)); }

/* s with the knockout prefix removed at each line start (gsub(/^prefix/, "")). */
static const char *strip_prefix_lines(Compiler *c, const char *s, const char *prefix)
{
    size_t pl = strlen(prefix);
    Str out = {.a = A};
    const char *p = s;
    int bol = 1;
    while (*p) {
        if (bol && !strncmp(p, prefix, pl)) {
            p += pl;
            bol = 0;
            continue;
        }
        bol = *p == '\n';
        hiera_str_add(&out, p, 1);
        p++;
    }
    return hiera_str_cstr(&out);
}

static Value *dm_overwrite(Look *lk, const Strategy *st, Value *src, Value *dest)
{
    Compiler *c = lk->c;
    if (!st->knockout) return src;
    if (src->kind == V_STR) {
        const char *t = strip_prefix_lines(c, src->str.s, st->knockout);
        return strcmp(t, src->str.s) ? hiera_str_value(c, "") : src;
    }
    if (src->kind == V_ARRAY) {
        size_t pl = strlen(st->knockout);
        ValVec out = VV_ARENA(A);
        for (size_t i = 0; i < src->arr.n; i++) {
            Value *x = src->arr.items[i];
            if (x->kind == V_STR && !strncmp(x->str.s, st->knockout, pl)) continue;
            val_vec_push(&out, x);
        }
        Value *r = val_vec_to_array(A, &out);
        val_vec_free(&out);
        return r;
    }
    return src;
}

/* Ruby's a <=> b for Array#sort (sort_merged_arrays): a pair that does
 * not compare fails the lookup, as the sort raises. */
static int ruby_cmp(Look *lk, Value *a, Value *b)
{
    int r = rv_cmp(a, b);
    if (r == 2) {
        Compiler *c = lk->c;
        hiera_fail_at(lk, "comparison of %s with %s failed", rv_class(A, a, RV_HIERA), rv_class(A, b, RV_HIERA));
    }
    return r;
}

static void sort_values(Look *lk, Value **v, size_t n)
{
    for (size_t i = 1; i < n; i++) {              /* insertion sort: small arrays, a comparison that may fail */
        Value *x = v[i];
        size_t j = i;
        while (j > 0 && ruby_cmp(lk, v[j - 1], x) > 0) {
            v[j] = v[j - 1];
            j--;
        }
        v[j] = x;
    }
}

static Value *dm(Look *lk, const Strategy *st, Value *src, Value *dest);

/* DeepMerge.deep_merge!(src, dest) without mutation: src is the higher
 * priority value; dest keeps its key order, new keys come after. */
static Value *dm(Look *lk, const Strategy *st, Value *src, Value *dest)
{
    Compiler *c = lk->c;
    if (src->kind == V_UNDEF) return dest;
    if (!ruby_truthy(dest)) return src;
    if (src->kind == V_HASH) {
        if (!src->hash.n) return dest;
        size_t first = 0;
        ValVec keys = VV_ARENA(A), vals = VV_ARENA(A);
        if (dest->kind != V_HASH) {
            /* the first key overwrites dest with src; the others then merge into it */
            dest = dm_overwrite(lk, st, src, dest);
            if (dest->kind != V_HASH) return dest;
            first = 1;
        }
        for (size_t i = 0; i < dest->hash.n; i++) val_vec_push(&keys, dest->hash.keys[i]), val_vec_push(&vals, dest->hash.vals[i]);
        for (size_t i = first; i < src->hash.n; i++) {
            Value *k = src->hash.keys[i], *sv = src->hash.vals[i];
            size_t j;
            for (j = 0; j < keys.n; j++)
                if (val_identical(keys.v[j], k)) break;
            if (j < keys.n && ruby_truthy(vals.v[j])) {
                vals.v[j] = dm(lk, st, sv, vals.v[j]);
            } else {
                Value *nv = dm(lk, st, sv, sv);
                if (j < keys.n) vals.v[j] = nv;
                else val_vec_push(&keys, k), val_vec_push(&vals, nv);
            }
        }
        return hiera_hash_of_vv(c, &keys, &vals);
    }
    if (src->kind == V_ARRAY) {
        ValVec s = VV_ARENA(A);
        for (size_t i = 0; i < src->arr.n; i++) val_vec_push(&s, src->arr.items[i]);
        if (st->knockout) {
            int has = 0;
            for (size_t i = 0; i < s.n; i++) has |= s.v[i]->kind == V_STR && !strcmp(s.v[i]->str.s, st->knockout);
            if (has) {
                /* clear_or_nil(dest), then the knockout itself goes */
                if (dest->kind == V_ARRAY) dest = val_array(A, NULL, 0);
                else if (dest->kind == V_HASH) dest = val_hash(A, NULL, NULL, 0);
                else if (dest->kind == V_STR) dest = hiera_str_value(c, "");
                else dest = VAL_UNDEF;
                size_t k = 0;
                for (size_t i = 0; i < s.n; i++)
                    if (!(s.v[i]->kind == V_STR && !strcmp(s.v[i]->str.s, st->knockout))) s.v[k++] = s.v[i];
                s.n = k;
            }
        }
        if (dest->kind != V_ARRAY) {
            Value *sa = val_vec_to_array(A, &s);
            val_vec_free(&s);
            return dm_overwrite(lk, st, sa, dest);
        }
        ValVec d = VV_ARENA(A);
        for (size_t i = 0; i < dest->arr.n; i++) val_vec_push(&d, dest->arr.items[i]);
        if (st->knockout) {
            size_t k = 0;
            for (size_t i = 0; i < s.n; i++) {
                Value *ko = s.v[i];
                if (ko->kind == V_STR) {
                    const char *item = strip_prefix_lines(c, ko->str.s, st->knockout);
                    if (strcmp(item, ko->str.s)) {
                        size_t m = 0;
                        for (size_t j = 0; j < d.n; j++) {
                            Value *x = d.v[j];
                            if (x->kind == V_STR && (!strcmp(x->str.s, item) || !strcmp(x->str.s, ko->str.s))) continue;
                            d.v[m++] = x;
                        }
                        d.n = m;
                        continue;
                    }
                }
                s.v[k++] = ko;
            }
            s.n = k;
        }
        int all_hashes = st->merge_hash_arrays;
        for (size_t i = 0; i < s.n && all_hashes; i++) all_hashes = s.v[i]->kind == V_HASH;
        for (size_t i = 0; i < d.n && all_hashes; i++) all_hashes = d.v[i]->kind == V_HASH;
        Value *r;
        if (all_hashes) {
            ValVec list = VV_ARENA(A);
            for (size_t i = 0; i < d.n; i++) {
                Value *si = i < s.n && ruby_truthy(s.v[i]) ? s.v[i] : val_hash(A, NULL, NULL, 0);
                val_vec_push(&list, dm(lk, st, si, d.v[i]));
            }
            for (size_t i = d.n; i < s.n; i++) val_vec_push(&list, s.v[i]);
            r = val_vec_to_array(A, &list);
            val_vec_free(&list);
        } else {
            r = array_union(c, d.v, d.n, s.v, s.n);
        }
        val_vec_free(&s);
        val_vec_free(&d);
        if (st->sort_merged_arrays && r->arr.n > 1) {
            Value **items = ARENA_NEWN(A, Value *, r->arr.n);
            memcpy(items, r->arr.items, r->arr.n * sizeof *items);
            sort_values(lk, items, r->arr.n);
            r = val_array(A, items, r->arr.n);
        }
        return r;
    }
    return dm_overwrite(lk, st, src, dest);
}

/* MergeStrategy#merge(e1, e2): e1 was found first (higher priority). */
Value *hiera_merge_values(Look *lk, const Strategy *st, Value *e1, Value *e2)
{
    Compiler *c = lk->c;
    merge_assert(lk, st, "first", e1);
    merge_assert(lk, st, "second", e2);
    switch (st->kind) {
    case M_UNIQUE: {
        Value *a = unique_convert(c, e1), *b = unique_convert(c, e2);
        return array_union(c, a->arr.items, a->arr.n, b->arr.items, b->arr.n);
    }
    case M_HASH: {                              /* e2.merge(e1) */
        ValVec k = VV_ARENA(A), v = VV_ARENA(A);
        for (size_t i = 0; i < e2->hash.n; i++) val_vec_push(&k, e2->hash.keys[i]), val_vec_push(&v, e2->hash.vals[i]);
        for (size_t i = 0; i < e1->hash.n; i++) val_vec_push(&k, e1->hash.keys[i]), val_vec_push(&v, e1->hash.vals[i]);
        return hiera_hash_of_vv(c, &k, &v);
    }
    case M_DEEP:
        if (st->knockout && !*st->knockout) hiera_fail_at(lk, "knockout_prefix cannot be an empty string in deep_merge!");
        return dm(lk, st, e1, e2);
    case M_REVERSE_DEEP:
        return dm(lk, st, e2, e1);
    default:
        return e1;
    }
}


/* MergeStrategy#lookup: asks the n variants in order and folds what they
 * find (first: the first found; one variant: merge_single; else the first
 * found converted, merged with each later one).  0: nothing found. */
int hiera_merge_lookup(Look *lk, const Strategy *st, size_t n, VariantFn fn, void *ctx, Value **out)
{
    Compiler *c = lk->c;
    Value *v;
    if (st->kind == M_FIRST) {
        for (size_t i = 0; i < n; i++)
            if (fn(lk, ctx, i, &v)) {
                *out = v;
                return 1;
            }
        return 0;
    }
    if (n == 0) return 0;
    if (n == 1) {
        if (!fn(lk, ctx, 0, &v)) return 0;
        *out = st->kind == M_UNIQUE && v->kind == V_ARRAY ? array_union(c, v->arr.items, v->arr.n, NULL, 0) : v;
        return 1;
    }
    Value *memo = NULL;
    for (size_t i = 0; i < n; i++)
        if (fn(lk, ctx, i, &v)) memo = memo ? hiera_merge_values(lk, st, memo, v) : st->kind == M_UNIQUE ? unique_convert(c, v) : v;
    if (!memo) return 0;
    *out = memo;
    return 1;
}

/* MergeStrategy.strategy(merge): a name, or a hash with 'strategy' and options. */
void hiera_parse_strategy(Look *lk, Value *merge, Strategy *st)
{
    Compiler *c = lk->c;
    memset(st, 0, sizeof *st);
    st->kind = M_FIRST;
    if (!merge || merge->kind == V_UNDEF) return;
    Value *name = merge, *opts = NULL;
    if (merge->kind == V_HASH) {
        name = val_hash_gets(merge, "strategy");
        if (!name || name->kind == V_UNDEF)
            hiera_fail_at(lk, "The hash given as 'merge' must contain the name of a strategy in string form for the key 'strategy'");
        if (merge->hash.n > 1) opts = merge;
    }
    const char *s = name->kind == V_STR ? name->str.s : val_to_cstr(A, name);
    int unconstrained = 0;
    if (name->kind != V_STR) hiera_fail_at(lk, "Unknown merge strategy: '%s'", s);
    else if (!strcmp(s, "first") || !strcmp(s, "default")) st->kind = M_FIRST;
    else if (!strcmp(s, "unique")) st->kind = M_UNIQUE;
    else if (!strcmp(s, "hash")) st->kind = M_HASH;
    else if (!strcmp(s, "deep")) st->kind = M_DEEP;
    else if (!strcmp(s, "unconstrained_deep")) st->kind = M_DEEP, unconstrained = 1;
    else if (!strcmp(s, "reverse_deep")) st->kind = M_REVERSE_DEEP, unconstrained = 1;
    else hiera_fail_at(lk, "Unknown merge strategy: '%s'", s);
    if (!opts) return;
    int deep = st->kind == M_DEEP || st->kind == M_REVERSE_DEEP;
    for (size_t i = 0; i < opts->hash.n; i++) {
        const char *k = val_to_cstr(A, opts->hash.keys[i]);
        Value *v = opts->hash.vals[i];
        if (!strcmp(k, "strategy")) continue;
        if (deep && !strcmp(k, "knockout_prefix")) {
            if (v->kind == V_STR) st->knockout = v->str.s;
            else if (v->kind != V_UNDEF && !unconstrained)
                hiera_fail_at(lk, "The merge options has wrong type, entry 'knockout_prefix' expects a value of type Undef or String, got %s", val_type_name(v));
        } else if (deep && (!strcmp(k, "sort_merged_arrays") || !strcmp(k, "merge_hash_arrays") || !strcmp(k, "merge_debug"))) {
            if (v->kind != V_BOOL && v->kind != V_UNDEF && !unconstrained)
                hiera_fail_at(lk, "The merge options has wrong type, entry '%s' expects a value of type Undef or Boolean, got %s", k, val_type_name(v));
            int on = v->kind == V_BOOL && v->b;
            if (k[0] == 's') st->sort_merged_arrays = on;
            else if (k[6] == 'h') st->merge_hash_arrays = on;
        } else if (!unconstrained) {
            hiera_fail_at(lk, "The merge options has wrong type, unrecognized key '%s'", k);
        }
    }
}
