/*
 * collections.c - Puppet's collection functions: join, flatten, keys,
 * values, length/size, empty, sort (Ruby's <=>, or the block), unique
 * (Ruby's eql? on the values), and then, lest, unwrap, dig, get.
 */
#include "compiler/fn/fnaux.h"
#include "compiler/regex.h"
#include "base/util.h"
#include "base/utf8.h"
#include "catalog/rubyval.h"
#include <ctype.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wctype.h>

#define A (cc->arena)

/* ---- join, flatten, keys, values, length, empty ---- */

/* A nested array is joined recursively and counts as one element, so an
 * empty one still gets its separators: [[1], []] joins to "1/". */
static void join_into(Buf *b, const Value *arr, const char *sep, size_t seplen)
{
    for (size_t i = 0; i < arr->arr.n; i++) {
        const Value *e = arr->arr.items[i];
        if (i) buf_add(b, sep, seplen);
        if (e->kind == V_ARRAY) join_into(b, e, sep, seplen);
        else rv_to_s(b, e, RV_FN);
    }
}

/* join(array[, sep]) - Ruby's Array#join: nested arrays joined too, undef
 * as "", other values by their Ruby to_s (a hash prints {"a"=>1}). */
Value *f_join(CallCtx *cc)
{
    Value *a = cc->args[0];
    if (a->kind != V_ARRAY) fn_fail_param(cc, "join", "arg", fn_a_value(cc, "Array"), a);
    const char *sep = "";
    size_t seplen = 0;
    if (cc->nargs > 1) {
        Value *d = cc->args[1];
        if (d->kind != V_STR) fn_fail_param(cc, "join", "delimiter", fn_a_value(cc, "String"), d);
        sep = d->str.s;
        seplen = d->str.len;
    }
    Buf b = BUF_INIT;
    join_into(&b, a, sep, seplen);
    Value *r = fn_mk_str(cc, &b);
    buf_free(&b);
    return r;
}

static void flatten_into(CallCtx *cc, AVec *out, Value *v)
{
    if (v->kind != V_ARRAY) {
        fn_av_push(cc, out, v);
        return;
    }
    for (size_t i = 0; i < v->arr.n; i++) flatten_into(cc, out, v->arr.items[i]);
}

/* flatten(args...) - all arguments, nested arrays spliced in. */
Value *f_flatten(CallCtx *cc)
{
    AVec out = {0};
    for (size_t i = 0; i < cc->nargs; i++) flatten_into(cc, &out, cc->args[i]);
    return fn_av_array(cc, &out);
}

Value *f_keys(CallCtx *cc)
{
    Value *h = cc->args[0];
    if (h->kind != V_HASH) fn_fail_param(cc, "keys", "hsh", fn_a_value(cc, "Hash"), h);
    return val_array(A, h->hash.keys, h->hash.n);
}

Value *f_values(CallCtx *cc)
{
    Value *h = cc->args[0];
    if (h->kind != V_HASH) fn_fail_param(cc, "values", "hsh", fn_a_value(cc, "Hash"), h);
    return val_array(A, h->hash.vals, h->hash.n);
}

/* length(x) / size(x) - characters of a string, entries of a collection,
 * bytes of a Binary. */
static Value *length_of(CallCtx *cc, const char *fn)
{
    Value *v = cc->args[0];
    switch (v->kind) {
    case V_STR: return val_int(A, (int64_t)utf8_len(v->str.s, v->str.len));
    case V_ARRAY: return val_int(A, (int64_t)v->arr.n);
    case V_HASH: return val_int(A, (int64_t)v->hash.n);
    case V_BINARY: return val_int(A, (int64_t)v->str.len);      /* bytes */
    default: fn_fail_param(cc, fn, "arg", "a value of type Collection, String, or Binary", v);
    }
}

Value *f_length(CallCtx *cc) { return length_of(cc, "length"); }
Value *f_size(CallCtx *cc) { return length_of(cc, "size"); }

/* empty(x) - true for "", [], {}, undef; a number is never empty (and
 * deprecated, warned once per call site as Puppet does). */
Value *f_empty(CallCtx *cc)
{
    static const Node *warned_sites[64];
    static size_t nwarned;
    Value *v = cc->args[0];
    switch (v->kind) {
    case V_STR: return val_bool(v->str.len == 0);
    case V_ARRAY: return val_bool(v->arr.n == 0);
    case V_HASH: return val_bool(v->hash.n == 0);
    case V_BINARY: return val_bool(v->str.len == 0);
    case V_UNDEF: return VAL_TRUE;
    case V_SENSITIVE:
        if (v->sensitive->kind == V_STR) return val_bool(v->sensitive->str.len == 0);
        break;
    case V_INT: case V_FLOAT: {
        size_t i;
        for (i = 0; i < nwarned; i++)
            if (warned_sites[i] == cc->call) break;
        if (i == nwarned && nwarned < ARRAY_LEN(warned_sites)) {
            warned_sites[nwarned++] = cc->call;
            ev_log(cc, "Warning", "Calling function empty() with Numeric value is deprecated.");
        }
        return VAL_FALSE;
    }
    default: break;
    }
    const char *t = fn_got_type(cc, v);
    const char *sigs[] = {"Collection coll", "Sensitive[String] str", "String str", "Numeric num",
                          "Binary bin", "Undef x"};
    const char *why[] = {
        arena_printf(A, "parameter 'coll' expects a Collection value, got %s", t),
        arena_printf(A, "parameter 'str' expects a Sensitive[String] value, got %s", t),
        arena_printf(A, "parameter 'str' expects a String value, got %s", t),
        arena_printf(A, "parameter 'num' expects a Numeric value, got %s", t),
        arena_printf(A, "parameter 'bin' expects a Binary value, got %s", t),
        arena_printf(A, "parameter 'x' expects an Undef value, got %s", t),
    };
    fn_fail_dispatch(cc, "empty", sigs, why, 6);
}

/* ---- Ruby's <=>: sort, and the comparisons behind min and max ---- */

/* Ruby's rb_cmperr: "comparison of Integer with String failed"; the right
 * side is shown by inspect when Ruby holds it as an immediate (nil, true,
 * false, a small Integer, a Symbol) or it is a Float. */
_Noreturn static void fail_cmp(CallCtx *cc, const Value *a, const Value *b)
{
    Buf t = BUF_INIT;
    if (b->kind == V_UNDEF || b->kind == V_BOOL || b->kind == V_FLOAT || b->kind == V_INT || b->kind == V_DEFAULT)
        rv_inspect(&t, b, RV_FN);
    else buf_adds(&t, rv_class(A, b, RV_FN));
    const char *bs = arena_strndup(A, buf_cstr(&t), t.len);
    buf_free(&t);
    ev_fail(cc, "comparison of %s with %s failed", rv_class(A, a, RV_FN), bs);
}

int fn_sign(double d) { return d < 0 ? -1 : d > 0; }

/* Ruby's rb_cmpint on a block's answer: a number by its fn_sign; nil fails
 * as a failed comparison of the two elements; anything else fails when Ruby
 * compares it with 0. */
int fn_block_sign(CallCtx *cc, const Value *r, const Value *a, const Value *b)
{
    if (fn_is_num(r)) return fn_sign(fn_num(r));
    if (r->kind == V_UNDEF) fail_cmp(cc, a, b);
    ev_fail(cc, "comparison of %s with 0 failed", rv_class(A, r, RV_FN));
}

typedef struct Sorter {
    CallCtx *cc;
    int use_block;
} Sorter;

/* The comparison for sort(): the block's answer (a number, by its fn_sign)
 * or Ruby's <=>. */
static int sort_cmp(Sorter *st, Value *a, Value *b)
{
    CallCtx *cc = st->cc;
    if (st->use_block) {
        Value *args[2] = {a, b};
        return fn_block_sign(cc, ev_yield(cc, args, 2), a, b);
    }
    int r = rv_cmp(a, b);
    if (r == 2) fail_cmp(cc, a, b);
    return r;
}

/* A stable merge sort; the scratch array is in the arena since the
 * comparison may unwind. */
static void merge_sort(Sorter *st, Value **v, Value **tmp, size_t n)
{
    if (n < 2) return;
    size_t h = n / 2;
    merge_sort(st, v, tmp, h);
    merge_sort(st, v + h, tmp, n - h);
    size_t i = 0, j = h, k = 0;
    while (i < h && j < n) tmp[k++] = sort_cmp(st, v[i], v[j]) <= 0 ? v[i++] : v[j++];
    while (i < h) tmp[k++] = v[i++];
    while (j < n) tmp[k++] = v[j++];
    memcpy(v, tmp, n * sizeof *v);
}

static Value **sorted(CallCtx *cc, Value **items, size_t n)
{
    Sorter st = {cc, cc->lambda != NULL};
    if (st.use_block) fn_check_block(cc, "sort", 2, 2);
    Value **v = ARENA_NEWN(A, Value *, n ? n : 1);
    if (n) memcpy(v, items, n * sizeof *v);
    merge_sort(&st, v, ARENA_NEWN(A, Value *, n ? n : 1), n);
    return v;
}

/* sort(array or string) [|$a, $b| ...] - Ruby's Array#sort (a string sorts
 * its characters); mixed kinds fail as Ruby does. */
Value *f_sort(CallCtx *cc)
{
    Value *v = cc->args[0];
    if (v->kind == V_ARRAY) return fn_mk_array(cc, sorted(cc, v->arr.items, v->arr.n), v->arr.n);
    if (v->kind == V_STR) {
        size_t n;
        Value **chars = fn_u8_chars(cc, v, &n);
        chars = sorted(cc, chars, n);
        Buf b = BUF_INIT;
        for (size_t i = 0; i < n; i++) buf_add(&b, chars[i]->str.s, chars[i]->str.len);
        Value *r = fn_mk_str(cc, &b);
        buf_free(&b);
        return r;
    }
    const char *t = fn_got_type(cc, v);
    const char *sigs[] = {"String string_value, Callable[2, 2] block?", "Array array_value, Callable[2, 2] block?"};
    const char *why[] = {arena_printf(A, "parameter 'string_value' expects a String value, got %s", t),
                         arena_printf(A, "parameter 'array_value' expects an Array value, got %s", t)};
    fn_fail_dispatch(cc, "sort", sigs, why, 2);
}

/* ---- unique ---- */

static void uniq_key(Buf *b, const Value *v);

static int cmp_cstr(const void *x, const void *y) { return strcmp(*(char *const *)x, *(char *const *)y); }

/* A hash's entries in a canonical order, since Ruby's eql? on hashes
 * ignores order (lengths prefix each entry, so sorting is unambiguous). */
static void uniq_hash_key(Buf *b, const Value *v)
{
    size_t n = v->hash.n;
    char **parts = xmalloc((n ? n : 1) * sizeof *parts);
    for (size_t i = 0; i < n; i++) {
        Buf e = BUF_INIT;
        uniq_key(&e, v->hash.keys[i]);
        uniq_key(&e, v->hash.vals[i]);
        parts[i] = buf_detach(&e);
    }
    qsort(parts, n, sizeof *parts, cmp_cstr);
    buf_printf(b, "%zu{", n);
    for (size_t i = 0; i < n; i++) {
        buf_printf(b, "%zu:", strlen(parts[i]));
        buf_adds(b, parts[i]);
        free(parts[i]);
    }
    free(parts);
    buf_addc(b, '}');
}

/* A text that is equal for two values exactly when Ruby's eql? holds (1
 * and 1.0 differ, "a" and "A" differ, hashes ignore entry order). */
static void uniq_key(Buf *b, const Value *v)
{
    buf_printf(b, "%c", 'a' + v->kind);
    switch (v->kind) {
    case V_STR: buf_printf(b, "%zu:", v->str.len); buf_add(b, v->str.s, v->str.len); break;
    case V_ARRAY:
        buf_printf(b, "%zu[", v->arr.n);
        for (size_t i = 0; i < v->arr.n; i++) uniq_key(b, v->arr.items[i]);
        buf_addc(b, ']');
        break;
    case V_HASH: uniq_hash_key(b, v); break;
    case V_FLOAT: buf_printf(b, "%a;", v->f); break;
    case V_SENSITIVE: case V_TIMESTAMP: case V_TIMESPAN: buf_printf(b, "%p;", (const void *)v); break;   /* no eql? */
    default: {
        Buf t = BUF_INIT;
        val_to_s(&t, v);
        buf_printf(b, "%zu:", t.len);
        buf_add(b, t.s, t.len);
        buf_free(&t);
    }
    }
}

/* The indexes of the first element of each distinct key, in order.  Keys
 * are computed up front (the block may unwind), then deduplicated through
 * a map in one pass; the map's keys live in the arena. */
static size_t uniq_indexes(CallCtx *cc, Value **items, size_t n, size_t *keep)
{
    Value **keys = items;
    if (cc->lambda) {
        fn_check_block(cc, "unique", 1, 1);
        keys = ARENA_NEWN(A, Value *, n ? n : 1);
        for (size_t i = 0; i < n; i++) keys[i] = ev_yield(cc, &items[i], 1);
    }
    Map seen;
    map_init(&seen);
    Buf b = BUF_INIT;
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        buf_clear(&b);
        uniq_key(&b, keys[i]);
        if (map_get(&seen, buf_cstr(&b), b.len)) continue;
        map_put(&seen, arena_strndup(A, buf_cstr(&b), b.len), b.len, (void *)1);
        keep[m++] = i;
    }
    buf_free(&b);
    map_free(&seen);
    return m;
}

static Value *uniq_array(CallCtx *cc, Value **items, size_t n)
{
    size_t *keep = ARENA_NEWN(A, size_t, n ? n : 1);
    size_t m = uniq_indexes(cc, items, n, keep);
    Value **out = ARENA_NEWN(A, Value *, m ? m : 1);
    for (size_t i = 0; i < m; i++) out[i] = items[keep[i]];
    return fn_mk_array(cc, out, m);
}

/* unique(x) [|$v| key] - an array or iterable without repeats (first wins);
 * a string without repeated characters; a hash inverted to
 * {[keys with that value] => [value]}. */
Value *f_unique(CallCtx *cc)
{
    Value *v = cc->args[0];
    if (v->kind == V_STR) {
        size_t n;
        Value **chars = fn_u8_chars(cc, v, &n);
        Value *a = uniq_array(cc, chars, n);
        Buf b = BUF_INIT;
        for (size_t i = 0; i < a->arr.n; i++) buf_add(&b, a->arr.items[i]->str.s, a->arr.items[i]->str.len);
        Value *r = fn_mk_str(cc, &b);
        buf_free(&b);
        return r;
    }
    if (v->kind == V_HASH) {
        /* Group the keys by the (block's) value, then keep one value per group. */
        size_t n = v->hash.n;
        Value **by = v->hash.vals;
        if (cc->lambda) {
            fn_check_block(cc, "unique", 1, 1);
            by = ARENA_NEWN(A, Value *, n ? n : 1);
            for (size_t i = 0; i < n; i++) by[i] = ev_yield(cc, &v->hash.vals[i], 1);
        }
        size_t *group = ARENA_NEWN(A, size_t, n ? n : 1);   /* entry -> group */
        size_t ngroups = 0;
        Map seen;
        map_init(&seen);
        Buf b = BUF_INIT;
        for (size_t i = 0; i < n; i++) {
            buf_clear(&b);
            uniq_key(&b, by[i]);
            void *g = map_get(&seen, buf_cstr(&b), b.len);
            if (!g) {
                g = (void *)(++ngroups);
                map_put(&seen, arena_strndup(A, buf_cstr(&b), b.len), b.len, g);
            }
            group[i] = (size_t)g - 1;
        }
        buf_free(&b);
        map_free(&seen);
        AVec *gk = ARENA_NEWN(A, AVec, ngroups ? ngroups : 1), *gv = ARENA_NEWN(A, AVec, ngroups ? ngroups : 1);
        for (size_t i = 0; i < n; i++) {
            fn_av_push(cc, &gk[group[i]], v->hash.keys[i]);
            fn_av_push(cc, &gv[group[i]], v->hash.vals[i]);
        }
        Value **ks = ARENA_NEWN(A, Value *, ngroups ? ngroups : 1), **vs = ARENA_NEWN(A, Value *, ngroups ? ngroups : 1);
        for (size_t g = 0; g < ngroups; g++) {
            ks[g] = fn_av_array(cc, &gk[g]);
            size_t *keep = ARENA_NEWN(A, size_t, gv[g].n);
            CallCtx plain = *cc;
            plain.lambda = NULL;
            size_t m = uniq_indexes(&plain, gv[g].v, gv[g].n, keep);
            Value **out = ARENA_NEWN(A, Value *, m);
            for (size_t i = 0; i < m; i++) out[i] = gv[g].v[keep[i]];
            vs[g] = fn_mk_array(cc, out, m);
        }
        return val_hash(A, ks, vs, ngroups);
    }
    Iter it;
    if (v->kind == V_ARRAY || fn_iter_of(cc, v, &it)) {
        if (v->kind == V_ARRAY) return uniq_array(cc, v->arr.items, v->arr.n);
        if (it.range) {                 /* a range has no repeats */
            if (it.n > 100000000) ev_fail(cc, "unique() of a range this large is not supported");
            Value **items = ARENA_NEWN(A, Value *, it.n ? it.n : 1);
            for (size_t i = 0; i < it.n; i++) items[i] = fn_iter_at(cc, &it, i);
            return val_array(A, items, it.n);
        }
        return uniq_array(cc, it.items, it.n);
    }
    const char *t = fn_got_type(cc, v);
    const char *sigs[] = {"String string, Callable[String] block?", "Hash hash, Callable[Any] block?",
                          "Array array, Callable[Any] block?", "Iterable iterable, Callable[Any] block?"};
    const char *why[] = {arena_printf(A, "parameter 'string' expects a String value, got %s", t),
                         arena_printf(A, "parameter 'hash' expects a Hash value, got %s", t),
                         arena_printf(A, "parameter 'array' expects an Array value, got %s", t),
                         arena_printf(A, "parameter 'iterable' expects an Iterable value, got %s", t)};
    fn_fail_dispatch(cc, "unique", sigs, why, 4);
}

/* ---- then, lest, unwrap, dig ---- */

/* then(x) |$x| - the block's value for x; undef stays undef. */
Value *f_then(CallCtx *cc)
{
    fn_check_block(cc, "then", 1, 1);
    if (cc->args[0]->kind == V_UNDEF) return VAL_UNDEF;
    return ev_yield(cc, cc->args, 1);
}

/* lest(x) || - x, or the block's value when x is undef. */
Value *f_lest(CallCtx *cc)
{
    fn_check_block(cc, "lest", 0, 0);
    if (cc->args[0]->kind != V_UNDEF) return cc->args[0];
    return ev_yield(cc, NULL, 0);
}

/* unwrap(x) [|$v|] - a Sensitive's value (anything else as is), or the
 * block's value for it. */
Value *f_unwrap(CallCtx *cc)
{
    Value *v = cc->args[0]->kind == V_SENSITIVE ? cc->args[0]->sensitive : cc->args[0];
    return cc->lambda ? ev_yield(cc, &v, 1) : v;
}

Value *fn_infer_type(CallCtx *cc, Value *v);

/* dig(data, keys...) - walks into nested arrays and hashes; undef as soon
 * as a step is undef.  The messages are dig.rb's, with the path walked so
 * far as Ruby prints an array. */
/* The walk of dig(): d[k0][k1]..., undef as soon as a step is undef.  A
 * step into a non-collection, or into an array by a non-Integer, gives
 * NULL, *why (dig's message) and *err, the Error value of Puppet's
 * ErrorWithData (kind SLICE_ERROR; details walked_path and value_type or
 * index_type). */
static Value *dig_walk(CallCtx *cc, Value *d, Value **keys, size_t n, const char **why, Value **err)
{
    for (size_t i = 0; i < n; i++) {
        Value *k = keys[i];
        if (d->kind == V_UNDEF || k->kind == V_UNDEF) return VAL_UNDEF;
        int is_array = d->kind == V_ARRAY;
        if ((!is_array && d->kind != V_HASH) || (is_array && k->kind != V_INT)) {
            /* the walked path holds k only for the index error */
            Buf b = BUF_INIT;
            buf_adds(&b, is_array ? "The given data requires an Integer index at " : "The given data does not contain a Collection at ");
            rv_inspect(&b, fn_mk_array(cc, keys, is_array ? i + 1 : i), RV_FN);
            buf_adds(&b, ", got '");
            val_type_to_s(&b, fn_infer_type(cc, is_array ? k : d), NULL, 0);   /* TypeFormatter's form */
            buf_addc(&b, '\'');
            *why = arena_strndup(A, buf_cstr(&b), b.len);
            buf_free(&b);
            Value *dk[2] = {val_cstr(A, "walked_path"), val_cstr(A, is_array ? "index_type" : "value_type")};
            Value *dv[2] = {fn_mk_array(cc, keys, is_array ? i + 1 : i), fn_infer_type(cc, is_array ? k : d)};
            Value *ek[4] = {val_cstr(A, "msg"), val_cstr(A, "kind"), val_cstr(A, "details"), val_cstr(A, "issue_code")};
            Value *ev[4] = {val_cstr(A, *why), val_cstr(A, "SLICE_ERROR"), val_hash(A, dk, dv, 2),
                            val_cstr(A, is_array ? "EXPECTED_INTEGER_INDEX" : "EXPECTED_COLLECTION")};
            *err = val_object(A, "Error", val_hash(A, ek, ev, 4));
            return NULL;
        }
        if (is_array) {
            int64_t len = (int64_t)d->arr.n, x = k->i < 0 ? len + k->i : k->i;
            d = x >= 0 && x < len ? d->arr.items[x] : VAL_UNDEF;
        } else {
            Value *r = val_hash_get(d, k);
            d = r ? r : VAL_UNDEF;
        }
    }
    return d;
}

Value *f_dig(CallCtx *cc)
{
    Value *d = cc->args[0];
    if (d->kind != V_UNDEF && d->kind != V_ARRAY && d->kind != V_HASH)
        fn_fail_param(cc, "dig", "data", "a value of type Undef or Collection", d);
    const char *why = NULL;
    Value *err;
    Value *r = dig_walk(cc, d, cc->args + 1, cc->nargs - 1, &why, &err);
    if (!r) ev_fail(cc, "%s", why);
    return r;
}

/* The segments of get()'s dotted string, as Puppet's SubLookup#split_key
 * reads "x." + nav: segment ('.' segment)*, a segment being "..." or
 * '...' (not empty, blanks around allowed, quotes dropped) or a run of
 * other characters (stripped; all digits, with an optional sign, an
 * Integer).  NULL on a syntax error. */
static Value **get_segments(CallCtx *cc, const char *s, size_t *np)
{
    AVec segs = {0};
    for (;;) {
        const char *p = s;
        while (*p == ' ' || (*p >= '\t' && *p <= '\r')) p++;
        if (*p == '"' || *p == '\'') {
            const char *e = strchr(p + 1, *p);
            if (!e || e == p + 1) return NULL;
            fn_av_push(cc, &segs, val_str(A, p + 1, (size_t)(e - p - 1)));
            s = e + 1;
            while (*s == ' ' || (*s >= '\t' && *s <= '\r')) s++;
        } else {
            const char *e = s;
            while (*e && *e != '.' && *e != '"' && *e != '\'') e++;
            if (e == s) return NULL;
            const char *b = s, *t = e;
            while (b < t && (*b == ' ' || (*b >= '\t' && *b <= '\r'))) b++;
            while (t > b && (t[-1] == ' ' || (t[-1] >= '\t' && t[-1] <= '\r'))) t--;
            const char *d = b + (b < t && *b == ':');       /* Puppet's /^(:?[+-]?[0-9]+)$/ */
            d += d < t && (*d == '+' || *d == '-');
            int num = d < t;
            for (const char *q = d; q < t; q++) num = num && isdigit((unsigned char)*q);
            if (num) fn_av_push(cc, &segs, val_int(A, *b == ':' ? 0 : strtoll(b, NULL, 10)));   /* ":5".to_i is 0 */
            else fn_av_push(cc, &segs, val_str(A, b, (size_t)(t - b)));
            s = e;
        }
        if (!*s) break;
        if (*s != '.') return NULL;
        s++;
    }
    *np = segs.n;
    return segs.v;
}

/* get(value, dotted_string[, default]) |$error| - dig() along a dotted
 * path ("a.b.0", quotes around keys holding dots); the default when the
 * value or the result is undef.  A step into a non-collection fails with
 * dig's message, or, with a block, gives the block's answer to an Error
 * describing it. */
Value *f_get(CallCtx *cc)
{
    Value *v = cc->args[0], *nav = cc->args[1], *dflt = cc->nargs > 2 ? cc->args[2] : VAL_UNDEF;
    if (nav->kind != V_STR) fn_fail_param(cc, "get", "dotted_string", fn_a_value(cc, "String"), nav);
    if (cc->lambda) fn_check_block(cc, "get", 1, 1);
    if (v->kind == V_UNDEF) return dflt;
    if (!nav->str.len) return v;
    if (v->kind != V_ARRAY && v->kind != V_HASH)
        fn_fail_param(cc, "dig", "data", "a value of type Undef or Collection", v);
    size_t n;
    Value **segs = get_segments(cc, nav->str.s, &n);
    if (!segs) ev_fail(cc, "Syntax error in dotted-navigation string");
    const char *why = NULL;
    Value *err;
    Value *r = dig_walk(cc, v, segs, n, &why, &err);
    if (!r) {
        if (!cc->lambda) ev_fail(cc, "%s", why);
        return ev_yield(cc, &err, 1);
    }
    return r->kind == V_UNDEF ? dflt : r;
}
