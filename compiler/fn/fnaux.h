/*
 * fnaux.h - the helpers the built-in functions share (aux.c; the Iterable
 * walk in iterate.c, sign() in collections.c, infer_type() in types.c; and
 * legacy.c's 3.x conversion and Ruby operations for stdlib's functions),
 * as lauxlib.h is for Lua's libraries.  The functions see only this,
 * fnapi.h and the value, regex and Ruby-behaviour modules: never the
 * evaluator's internals.  The data functions (FN_DATA rows) use nothing
 * of fnapi.h's evaluator services beyond failing, yielding and logging, so
 * they link without the evaluator (t/functions.c).  Results live in
 * cc->arena.
 */
#ifndef COMPILER_FN_FNAUX_H
#define COMPILER_FN_FNAUX_H
#include "compiler/fn/fnapi.h"

/* A growable list in the arena: safe to hold across ev_yield(). */
typedef struct AVec { Value **v; size_t n, cap; } AVec;

typedef struct Iter {
    Value **items;          /* the elements (for a hash or a range: NULL) */
    size_t n;
    const Value *h;         /* the hash, when iterating one */
    int range;              /* an integer range lo, lo+1, ...: made one at a time */
    int64_t lo;
} Iter;

/* Puppet.warn_once keys for the deprecations the functions report. */
enum { DEP_ABS, DEP_CEILING, DEP_FLOOR, DEP_MIN_NUM, DEP_MIN_ANY, DEP_MAX_NUM, DEP_MAX_ANY, DEP_COUNT };

Value *fn_mk_array(CallCtx *cc, Value **items, size_t n);  /* an array of items (not copied) */
Value *fn_mk_str(CallCtx *cc, Buf *b);                     /* a string of b's text */
Value *fn_pair(CallCtx *cc, Value *k, Value *v);           /* [k, v] */
int fn_is_num(const Value *v);                             /* Integer or Float */
double fn_num(const Value *v);                             /* its value as a double */
void fn_av_push(CallCtx *cc, AVec *av, Value *x);
Value *fn_av_array(CallCtx *cc, AVec *av);
/* The characters of a string as one-character string values. */
Value **fn_u8_chars(CallCtx *cc, const Value *s, size_t *n);
/* The generalised type Puppet reports after "got": "Tuple", "Struct", "Integer". */
const char *fn_got_type(CallCtx *cc, const Value *v);
/* "a String value", "an Array value" */
const char *fn_a_value(CallCtx *cc, const char *type);
/* 'fn' parameter 'param' expects <expect>, got <type> */
_Noreturn void fn_fail_param(CallCtx *cc, const char *fn, const char *param, const char *expect, const Value *v);
/* "The function 'fn' was called with arguments it does not accept. ..." */
_Noreturn void fn_fail_dispatch(CallCtx *cc, const char *fn, const char *const *sigs, const char *const *why, size_t n);
/* The lambda's parameter count, or "'fn' block expects ..." unless in lo..hi. */
int fn_check_block(CallCtx *cc, const char *fn, int lo, int hi);
/* Logs msg as a warning once per run (which: DEP_*). */
void fn_deprecate(CallCtx *cc, int which, const char *msg);
/* Fills it for an Iterable value; 0 when v is not one. */
int fn_iter_of(CallCtx *cc, const Value *v, Iter *it);
/* Element i of it (hash pairs and range integers made on demand). */
Value *fn_iter_at(CallCtx *cc, const Iter *it, size_t i);
/* The elements of an Iterable (a hash gives [key, value] pairs), or NULL
 * when v is not Iterable. */
Value **fn_iterable_items(CallCtx *cc, const Value *v, size_t *n);
int fn_sign(double d);                                     /* -1, 0, 1 */
/* Ruby's rb_cmpint on a block's answer r for elements a and b. */
int fn_block_sign(CallCtx *cc, const Value *r, const Value *a, const Value *b);
/* Puppet's inferred type of v, as type() gives it. */
Value *fn_infer_type(CallCtx *cc, Value *v);
/* ---- Puppet's 3.x calling convention and the Ruby it runs on (legacy.c) ---- */

/* Runtime3FunctionArgumentConverter on v: undef becomes '' at the top
 * level (top) and stays nil inside collections; a regexp becomes its
 * "/src/" string. */
Value *v3_value(CallCtx *cc, Value *v, int top);
/* Converts cc's arguments in place, as Puppet hands them to a 3.x function. */
void v3_args(CallCtx *cc);
Value *v3_empty_str(CallCtx *cc);                          /* '' */
int v3_is_empty_str(const Value *v);
/* to_s and inspect of a converted value (a reference is a Puppet::Resource). */
const char *v3_to_s(CallCtx *cc, const Value *v);
const char *v3_inspect(CallCtx *cc, const Value *v);
/* Ruby's NoMethodError: "undefined method `to_i' for true:TrueClass". */
_Noreturn void v3_no_method(CallCtx *cc, const char *method, const Value *v);
/* Ruby's == (strict: eql?): numbers by value, strings by bytes,
 * collections deeply. */
int v3_equal(const Value *a, const Value *b, int strict);
long v3_hash_find(const Value *h, const Value *key);       /* the slot of key by eql?, or -1 */
int64_t v3_str_to_i(const char *s);                        /* String#to_i */
int64_t v3_to_i(CallCtx *cc, const Value *v);              /* obj.to_i */
double v3_str_to_f(const char *s);                         /* String#to_f */
const char *v3_float_s(CallCtx *cc, double d);             /* Float#to_s */
/* A hash of the pairs k[i] => v[i] (val_hash's rules); frees k and v. */
Value *v3_hash_of(CallCtx *cc, ValVec *k, ValVec *v);
int v3_matches(const char *pat, const char *s, size_t len); /* s =~ Regexp.new(pat) */
int v3_includes(Value **items, size_t n, const Value *x);   /* by eql? */
Value *v3_array(CallCtx *cc, ValVec *v);                   /* an array of v's values; frees v */
void v3_flatten_into(ValVec *out, const Value *v);         /* Array#flatten */
Value **v3_utf8_chars(CallCtx *cc, const char *s, size_t len, size_t *n);
/* The type a type expression in text names (Puppet's own types only). */
Value *fn_type_of_text(CallCtx *cc, const char *text);
/* A 4.x dispatcher's check of argument i against type: "'fn' parameter
 * 'p' expects ..." (sig: the whole signature, for several faults). */
void fn_check_param(CallCtx *cc, const char *fn, const char *param, const char *type, const char *sig, size_t i);
#endif
