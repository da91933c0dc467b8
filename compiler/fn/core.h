/*
 * core.h - what the evaluator calls in compiler/fn/core.c besides the
 * built-in table: the new functions of SemVer, SemVerRange and Binary.
 */
#ifndef COMPILER_FN_CORE_H
#define COMPILER_FN_CORE_H
#include "compiler/fn/fnapi.h"

/* new() of SemVer, SemVerRange and Binary: a[0..n) are the arguments after
 * the type; Puppet's dispatch and messages.  The value lives in cc->arena. */
Value *core_new_value(CallCtx *cc, const char *type, Value **a, size_t n);
/* An Error value (Puppet's Error data type) with msg and, when not NULL,
 * kind, details and issue_code. */
Value *core_error(CallCtx *cc, const char *msg, const char *kind, Value *details, const char *issue_code);
#endif
