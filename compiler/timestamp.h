/*
 * timestamp.h - Puppet's Timestamp and Timespan: their new() forms, the
 * Timestamp[from, to] and Timespan[from, to] types, arithmetic and
 * comparison, and strftime().  The values themselves (V_TIMESTAMP,
 * V_TIMESPAN) are in catalog/value.h.
 */
#ifndef COMPILER_TIMESTAMP_H
#define COMPILER_TIMESTAMP_H
#include "compiler/compiler.h"

/* Timestamp.new / Timestamp(...) and Timespan.new: args are the arguments
 * after the type.  Results live in the compile arena; Puppet's errors
 * (dispatch mismatches, unparsable strings, bad formats) go through
 * cmp_fail at at. */
Value *tm_new_timestamp(Compiler *c, const Node *at, Value **args, size_t n);
Value *tm_new_timespan(Compiler *c, const Node *at, Value **args, size_t n);

/* Timestamp[from, to] / Timespan[from, to]: the type with its ends made
 * time values (V_DEFAULT for an open end), from numbers of seconds,
 * strings in the default formats, hashes or time values, as Puppet's
 * PAbstractTimeDataType converts them. */
Value *tm_type_access(Compiler *c, const Node *at, const Value *t, Value **keys, size_t nk);
/* Whether v is an instance of the Timestamp/Timespan type t (its range). */
int tm_type_match(const Value *t, const Value *v);
/* PAbstractTimeDataType#merge: one range for two overlapping ranges of
 * the same time type, else NULL. */
Value *tm_type_merge(Compiler *c, const Value *a, const Value *b);
/* Whether every instance of Timestamp/Timespan type s is one of t. */
int tm_type_assignable(const Value *t, const Value *s);

/* a OP b where a or b is a time value (and the other a time value or a
 * number): Timestamp - Timestamp is a Timespan, a Timestamp or Timespan
 * plus or minus a Timespan or seconds, a Timespan times or divided by a
 * number, ...; Puppet's errors where it refuses.  ops is "+", "-", "*",
 * "/", "%", "<<" or ">>". */
Value *tm_arith(Compiler *c, const Node *at, const char *ops, Value *a, Value *b);
/* Unary minus of a time value. */
Value *tm_negate(Compiler *c, const Node *at, Value *v);
/* Ruby's TimeData#<=>: a time value t against another value o (a whole
 * number of seconds for an Integer, seconds as a Float for a Float): sets
 * *r and returns NULL, or returns why they do not compare. */
const char *tm_spaceship(const Value *t, const Value *o, int *r);
/* <=> of a and b where one is a time value: sets *r (-1, 0, 1) and
 * returns NULL, or returns why they cannot be compared (Puppet's words). */
const char *tm_compare(const Value *a, const Value *b, int *r);

/* strftime(time, format[, timezone]) and the legacy strftime(format[,
 * timezone]) of the current time. */
Value *tm_fn_strftime(CallCtx *cc);
#endif
