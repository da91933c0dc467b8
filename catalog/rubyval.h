/*
 * rubyval.h - what Ruby does with a Puppet value: inspect and to_s, the
 * class name, <=>, Kernel#Integer() and Kernel#Float() parsing, Float#to_s,
 * String#inspect escaping, Kernel#format (rubyfmt.c).  Puppet is written in Ruby, so its messages and
 * many function results are these Ruby operations applied to the values;
 * both tools need them (the compiler's functions and Hiera, the agent's
 * notify), so they live here, next to the values, in catalog/.
 *
 * A dialect names who asks, because Puppet hands its callers different
 * Ruby values (rubyval.c's opening lists them with examples): the functions
 * (Puppet 4 API), the functions after Puppet's 3.x argument conversion,
 * Hiera interpolation, and the agent's log.  Results go into the caller's Buf; rv_class
 * allocates in the arena it is given.
 */
#ifndef CATALOG_RUBYVAL_H
#define CATALOG_RUBYVAL_H
#include "catalog/value.h"

typedef enum RvDialect {
    RV_FN,          /* a function's argument: Regexp#inspect /re/, :default */
    RV_FN3,         /* after the 3.x conversion: regexps as "/re/" strings, resources as Puppet::Resource */
    RV_HIERA,       /* Hiera interpolation: strings byte by byte, the rest by Puppet's to_s */
    RV_AGENT,       /* the agent's log (notify): Ruby floats, Sensitive redacted, strings as RV_FN */
} RvDialect;

/* Object#inspect ({"a"=>1}, [nil, "x"], /re/). */
void rv_inspect(Buf *b, const Value *v, RvDialect d);
/* Object#to_s ("" for undef, arrays and hashes by inspect). */
void rv_to_s(Buf *b, const Value *v, RvDialect d);
/* String#inspect of len bytes of s, quotes included. */
void rv_inspect_str(Buf *b, const char *s, size_t len, RvDialect d);
/* Float#to_s: the shortest text that reads back ("2.0", "1.0e+16"). */
void rv_float_to_s(Buf *b, double f);
/* The Ruby class of the value ("NilClass", "Puppet::Pops::Types::PIntegerType"). */
const char *rv_class(Arena *a, const Value *v, RvDialect d);
/* String#<=> on bytes: -1, 0 or 1. */
int rv_str_cmp(const char *a, size_t al, const char *b, size_t bl);
/* Ruby's a <=> b: -1, 0, 1, or 2 when the two do not compare (Ruby's nil). */
int rv_cmp(const Value *a, const Value *b);
/* Kernel#Integer(s, radix) (radix 0: Integer(s)): 1 and *out, or 0 when invalid. */
int rv_integer(const char *s, int radix, int64_t *out);
/* Kernel#Float(s): 1 and *out, or 0 when invalid. */
int rv_float(const char *s, double *out);

/* One argument of Kernel#format as Ruby sees it.  The caller converts its
 * values: sprintf() after Puppet's 3.x conversion (undef is "", a regexp
 * its "/src/" string), String(v, fmt) from what StringConverter passes. */
typedef enum RvArgKind { RVA_INT, RVA_FLOAT, RVA_STR, RVA_OBJ } RvArgKind;
typedef struct RvArg {
    RvArgKind kind;
    int64_t i;              /* RVA_INT; RVA_OBJ with numeric: its to_int */
    double f;               /* RVA_FLOAT; RVA_OBJ with numeric: its to_f */
    const char *s;          /* RVA_STR: the bytes; RVA_OBJ: its to_s */
    size_t len;
    const char *inspect;    /* RVA_OBJ: its inspect, NUL-terminated */
    const char *cls;        /* RVA_OBJ: as conversion errors name it ("Array", "true", "Symbol") */
    int numeric;            /* RVA_OBJ: a Numeric (Timestamp, Timespan) */
} RvArg;
/* %<name>s and %{name}: sets *out to the single hash argument's entry for
 * len bytes of name and returns 1; 0 when the key is missing, -1 when the
 * arguments are not one hash.  What *out points to must outlive the call. */
typedef int RvNamedFn(void *ctx, const char *name, size_t len, RvArg *out);
/* Kernel#format(fmt, *args) (rubyfmt.c): appends the result to out and
 * returns NULL, or returns Ruby's error message, written to err (errlen
 * bytes), with part of the result in out.  named NULL: no hash argument. */
const char *rv_format(Buf *out, const char *fmt, size_t flen, const RvArg *args, size_t nargs, RvNamedFn *named,
                      void *ctx, char *err, size_t errlen);
#endif
