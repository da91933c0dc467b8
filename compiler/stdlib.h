/*
 * stdlib.h - built-in versions of the puppetlabs-stdlib functions modules
 * call everywhere (pick, merge, ensure_packages, fqdn_rand, to_json, ...),
 * with stdlib's exact behaviour and messages.  They see the compiler (some
 * declare resources or read facts), so they are called like cfuncs.c's.
 */
#ifndef COMPILER_STDLIB_H
#define COMPILER_STDLIB_H
#include "compiler/compiler.h"

typedef Value *(*StdlibFn)(Compiler *c, Scope *s, const Node *at, Value **args, size_t n, const Node *lambda);

/* The stdlib function called name ("pick", "stdlib::ensure_packages"), or
 * NULL.  The evaluator asks after its own compiler functions and before
 * the data built-ins of functions.c. */
StdlibFn stdlib_find(const char *name);
#endif
