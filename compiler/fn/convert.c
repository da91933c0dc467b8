/*
 * convert.c - Puppet's functions that check or convert a value by type:
 * assert_type, new (Puppet's new_instance: Integer('3'), String(x),
 * Array(x), Boolean('yes'), Sensitive(x), Timestamp and Timespan through
 * the evaluator), convert_to, and compare.  Results live in cc->arena.
 */
#include "compiler/fn/fnaux.h"
#include "base/util.h"
#include "catalog/rubyval.h"
#include "catalog/semver.h"
#include "compiler/fn/core.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define A (cc->arena)

Value *f_assert_type(CallCtx *cc)
{ FN_ARGS(a, n, l);
    if (ev_type_match(cc, a[0], a[1])) return a[1];
    if (l) {
        Value *args[2] = {a[0], val_type(A, val_type_name(a[1]), NULL, 0)};
        return ev_yield(cc, args, 2);
    }
    ev_fail(cc, "%s", ev_mismatch(cc, a[0], a[1], CMP_MM_SUBJECT, NULL, "assert_type():", NULL));
}

/* compare(a, b[, ignore_case]) - -1, 0 or 1 for two numbers or two
 * strings (case-insensitive unless told otherwise). */
Value *f_compare(CallCtx *cc)
{ FN_ARGS(a, n, l);
    Value *x = a[0], *y = a[1];
    int r;
    if ((x->kind == V_INT || x->kind == V_FLOAT) && (y->kind == V_INT || y->kind == V_FLOAT)) {
        double dx = x->kind == V_INT ? (double)x->i : x->f, dy = y->kind == V_INT ? (double)y->i : y->f;
        if (x->kind == V_INT && y->kind == V_INT) r = x->i < y->i ? -1 : x->i > y->i;
        else r = dx < dy ? -1 : dx > dy;
    } else if (x->kind == V_STR && y->kind == V_STR) {
        int fold = n < 3 || val_truthy(a[2]);
        int k = fold ? strcasecmp(x->str.s, y->str.s) : strcmp(x->str.s, y->str.s);
        r = k < 0 ? -1 : k > 0;
    } else if (x->kind == V_SEMVER && y->kind == V_SEMVER) {
        r = sv_compare(x, y);
    } else if ((VAL_IS_TIME(x) && (y->kind == x->kind || y->kind == V_INT || y->kind == V_FLOAT)) ||
               ((x->kind == V_INT || x->kind == V_FLOAT) && VAL_IS_TIME(y))) {
        /* a number first: -(time <=> number) */
        if (VAL_IS_TIME(x)) ev_time_cmp(x, y, &r);
        else ev_time_cmp(y, x, &r), r = -r;
    } else {
        ev_fail(cc, "'compare' compare(): Can only compare values of the same type (or for Timestamp/Timespan also "
                        "against Numeric). Got %s and %s", val_type_name(x), val_type_name(y));
    }
    return val_int(A, r);
}

/* Integer('3'), String(x), Array(x), Boolean('true'), Sensitive(x) ... */
/* Integer.new(from[, radix[, abs]]) or Integer.new({from, radix, abs}), as
 * Puppet 7's PIntegerType#new_function: a string must look like an integer
 * (Convertible's lenient pattern) and is read as Ruby's Integer(s, radix)
 * reads it; a radix is 2, 8, 10, 16 or default. */
static Value *new_integer(CallCtx *cc, Value **args, size_t n)
{
    Value *from = n ? args[0] : VAL_UNDEF, *radix = n > 1 ? args[1] : VAL_DEFAULT, *absv = n > 2 ? args[2] : VAL_FALSE;
    if (n == 1 && from->kind == V_HASH && val_hash_gets(from, "from")) {
        Value *h = from, *r = val_hash_gets(h, "radix"), *b = val_hash_gets(h, "abs");
        from = val_hash_gets(h, "from");
        radix = r ? r : VAL_DEFAULT;
        absv = b ? b : VAL_FALSE;
    }
    int rdx = 0;
    if (radix->kind != V_DEFAULT && radix->kind != V_UNDEF) {
        if (radix->kind != V_INT || (radix->i != 2 && radix->i != 8 && radix->i != 10 && radix->i != 16))
            ev_fail(cc, "Illegal radix: %s, expected 2, 8, 10, 16, or default", val_to_cstr(A, radix));
        rdx = (int)radix->i;
    }
    int64_t r;
    switch (from->kind) {
    case V_INT: r = from->i; break;
    case V_BOOL: r = from->b; break;
    case V_TIMESTAMP: case V_TIMESPAN: r = from->time.sec; break;   /* to_i: whole seconds, floored */
    case V_FLOAT:
        if (!(from->f > -9223372036854775808.0 && from->f < 9223372036854775808.0))
            ev_fail(cc, "'new' Value of type Float cannot be converted to Integer");
        r = (int64_t)from->f;            /* Float#to_i: toward zero */
        break;
    case V_STR: {
        /* \A[+-]?\s*(?:\d+|0[xX][0-9A-Fa-f]+|0[bB][01]+)\z */
        const char *p = from->str.s, *e = from->str.s + from->str.len;
        if (p < e && (*p == '+' || *p == '-')) p++;
        while (p < e && isspace((unsigned char)*p)) p++;
        const char *digits = p;
        int ok;
        if (e - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
            for (p += 2; p < e && isxdigit((unsigned char)*p); p++) {}
            ok = p == e && p > digits + 2;
        } else if (e - p > 2 && p[0] == '0' && (p[1] == 'b' || p[1] == 'B')) {
            for (p += 2; p < e && (*p == '0' || *p == '1'); p++) {}
            ok = p == e && p > digits + 2;
        } else {
            for (; p < e && isdigit((unsigned char)*p); p++) {}
            ok = p == e && p > digits;
        }
        if (!ok) ev_fail(cc, "'new' The string '%s' cannot be converted to Integer", from->str.s);
        if (rv_integer(from->str.s, rdx, &r)) break;
        /* Ruby refuses blanks between the sign and the digits; Puppet tries again without them */
        const char *sign = from->str.s;
        if ((*sign == '+' || *sign == '-') && digits > sign + 1) {
            char *joined = arena_printf(A, "%c%s", *sign, digits);
            if (rv_integer(joined, rdx, &r)) break;
        }
        ev_fail(cc, "invalid value for Integer(): \"%s\"", from->str.s);
    }
    default:
        ev_fail(cc, "'new' Value of type %s cannot be converted to Integer", val_type_name(from));
    }
    if (absv->kind == V_BOOL && absv->b && r < 0) {
        if (r == INT64_MIN) ev_fail(cc, "'new' The absolute value of %lld is outside of Puppet Integer range", (long long)r);
        r = -r;
    }
    return val_int(A, r);
}

/* The new function of a type, by the type's name (Integer[0, 10] uses
 * Integer's); a[0] is the type, a[1..n) the arguments. */
static Value *new_of_base(CallCtx *cc, Value **a, size_t n)
{
    const char *t = a[0]->type.name;
    if (!strcmp(t, "Timestamp")) return ev_new_time(cc, 0, a + 1, n - 1);
    if (!strcmp(t, "Timespan")) return ev_new_time(cc, 1, a + 1, n - 1);
    if (!strcmp(t, "Binary") || !strcmp(t, "SemVer") || !strcmp(t, "SemVerRange") || !strcmp(t, "Error") ||
        !strcmp(t, "URI") || !strcmp(t, "Deferred"))
        return core_new_value(cc, t, a + 1, n - 1);
    if (n < 2) ev_fail(cc, "'new' expects a type and a value");
    Value *v = a[1];
    if (!strcmp(t, "String")) return ev_new_string(cc, a + 1, n - 1);
    if (!strcmp(t, "Sensitive")) return v->kind == V_SENSITIVE ? v : val_sensitive(A, v);
    if (!strcmp(t, "Array")) {
        /* Puppet's new_array: an array as it is; with wrap (the third
         * argument) anything else in an array of one; otherwise the
         * elements of an Iterable (a hash's [key, value] pairs, a
         * string's characters, 0..n-1 for an integer n, Integer[a, b],
         * Enum's values) */
        if (v->kind == V_ARRAY) return v;
        if (n > 2 && a[2]->kind == V_BOOL && a[2]->b) return val_array(A, &v, 1);
        size_t cnt;
        Value **items = fn_iterable_items(cc, v, &cnt);
        if (!items) ev_fail(cc, "'new_array' Value of type %s cannot be converted to Array", val_type_name(v));
        return val_array(A, items, cnt);
    }
    if (!strcmp(t, "Boolean")) {
        if (v->kind == V_BOOL) return v;
        if (v->kind == V_STR) {
            if (!strcasecmp(v->str.s, "true") || !strcasecmp(v->str.s, "yes") || !strcmp(v->str.s, "1")) return VAL_TRUE;
            if (!strcasecmp(v->str.s, "false") || !strcasecmp(v->str.s, "no") || !strcmp(v->str.s, "0") || !*v->str.s) return VAL_FALSE;
        }
        if (v->kind == V_INT) return val_bool(v->i != 0);
        ev_fail(cc, "'new_boolean' The string '%s' cannot be converted to Boolean", val_to_cstr(A, v));
    }
    if (!strcmp(t, "Integer")) return new_integer(cc, a + 1, n - 1);
    if (!strcmp(t, "Integer") || !strcmp(t, "Float") || !strcmp(t, "Numeric")) {
        if (VAL_IS_TIME(v)) return val_float(A, (double)val_time_ns(v) / 1e9);   /* to_f */
        if (v->kind == V_INT) return t[0] == 'F' ? val_float(A, (double)v->i) : v;
        if (v->kind == V_FLOAT) return t[0] == 'I' ? val_int(A, (int64_t)v->f) : v;
        if (v->kind == V_BOOL) return val_int(A, v->b);
        if (v->kind == V_STR) {
            char *end;
            const char *str = v->str.s;
            while (isspace((unsigned char)*str)) str++;
            if (t[0] != 'F') {
                long long i = strtoll(str, &end, 0);
                if (*str && *end == '\0') return val_int(A, i);
            }
            double f = strtod(str, &end);
            if (*str && *end == '\0') return t[0] == 'I' ? val_int(A, (int64_t)f) : val_float(A, f);
        }
        ev_fail(cc, "'new' The string '%s' cannot be converted to %s", val_to_cstr(A, v), t);
    }
    if (!strcmp(t, "Hash")) {
        if (v->kind == V_HASH) return v;
        if (v->kind == V_ARRAY) {
            ValVec k = VV_ARENA(A), vals = VV_ARENA(A);
            for (size_t i = 0; i + 1 < v->arr.n + (v->arr.n % 2 ? 0 : 1) && i + 1 <= v->arr.n; i += 2) {
                Value *e = v->arr.items[i];
                if (e->kind == V_ARRAY && e->arr.n == 2) {
                    val_vec_push(&k, e->arr.items[0]), val_vec_push(&vals, e->arr.items[1]);
                    i--;
                    continue;
                }
                if (i + 1 >= v->arr.n) break;
                val_vec_push(&k, e), val_vec_push(&vals, v->arr.items[i + 1]);
            }
            Value *r = val_hash(A, k.v, vals.v, k.n);
            val_vec_free(&k);
            val_vec_free(&vals);
            return r;
        }
    }
    ev_fail(cc, "Creating a new %s from %s is not supported", t, val_type_name(v));
}

/* new(Type, args...): Puppet's new_instance.  A single argument that is
 * already of the type is returned as it is; Optional[T] makes a T; a
 * parameterized type's result must be of it ("Converted value from
 * Integer[0, 10].new() has wrong type, ..."). */
Value *f_new(CallCtx *cc)
{ FN_ARGS(a, n, l);
    if (a[0]->kind != V_TYPE) {
        ev_fail(cc, "'new' parameter 'type' expects a Type value, got %s", fn_got_type(cc, a[0]));
    }
    Value *type = a[0];
    Value *obj = ev_new_object(cc, type, a + 1, n - 1);
    if (obj) return obj;
    if (type->type.n == 0) return new_of_base(cc, a, n);
    if (n == 2 && ev_type_match(cc, type, a[1])) return a[1];
    Value *base = type;
    while ((!strcmp(base->type.name, "Optional") || !strcmp(base->type.name, "Init")) && base->type.n == 1 &&
           base->type.params[0]->kind == V_TYPE)   /* Optional[T] and Init[T] make a T */
        base = base->type.params[0];
    Value **args = arena_memdup(A, a, n * sizeof *a);
    args[0] = base;
    Value *r = new_of_base(cc, args, n);
    if (!ev_type_match(cc, type, r)) {
        Buf b = BUF_INIT;
        buf_adds(&b, "Converted value from ");
        val_to_string(&b, type);
        buf_adds(&b, ".new() has wrong type,");
        const char *head = arena_strdup(A, buf_cstr(&b));
        buf_free(&b);
        ev_fail(cc, "%s", ev_mismatch(cc, type, r, CMP_MM_SUBJECT, NULL, head, NULL));
    }
    return r;
}

/* convert_to(value, type, args...) [|$x|] - new(type, value, args...),
 * given to the block when there is one. */
Value *f_convert_to(CallCtx *cc)
{ FN_ARGS(a, n, l);
    if (a[1]->kind != V_TYPE)
        ev_fail(cc, "'convert_to' parameter 'type' expects a Type value, got %s", val_type_name(a[1]));
    Value **args = ARENA_NEWN(A, Value *, n);
    args[0] = a[1];
    args[1] = a[0];
    if (n > 2) memcpy(args + 2, a + 2, (n - 2) * sizeof *a);
    Value *r = ev_call(cc, "new", args, n, NULL);
    if (!l) return r;
    return ev_yield(cc, &r, 1);
}

