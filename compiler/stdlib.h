/*
 * stdlib.h - built-in versions of the puppetlabs-stdlib functions modules
 * call everywhere (pick, merge, ensure_packages, fqdn_rand, to_json, ...),
 * with stdlib's exact behaviour and messages.  They see the compiler (some
 * declare resources or read facts), so they are called like cfuncs.c's;
 * the deprecated validate_* checks and string helpers (basename, prefix,
 * range, enclose_ipv6, ...) are here too.
 */
#ifndef COMPILER_STDLIB_H
#define COMPILER_STDLIB_H
#include "compiler/fn/fnapi.h"      /* Compiler, Scope, CallCtx, Value, Node */
#include "catalog/rubyval.h"

/* Fills scope s (the scope of class settings) with the $settings::
 * variables Puppet 7 gives manifests compiled on a Debian host as root:
 * environment, confdir, vardir, modulepath, manifest, certname, server,
 * strict_variables, ... and all_local, a hash of them all.  Values live in
 * the compile arena. */
void stdlib_settings(Compiler *c, Scope *s);

/* The Ruby layer of functions.c, which stdlib's functions share (they are
 * Ruby functions too).  Results live in cc->arena; b is the caller's. */
const char *fn_got_type(CallCtx *cc, const Value *v);   /* "Tuple", "Struct", "Integer" */
/* "The function 'fn' was called with arguments it does not accept. ..." */
_Noreturn void fn_fail_dispatch(CallCtx *cc, const char *fn, const char *const *sigs, const char *const *why, size_t n);
/* The elements of an Iterable (a hash gives [key, value] pairs), or NULL
 * when v is not Iterable. */
Value **fn_iterable_items(CallCtx *cc, const Value *v, size_t *n);
#endif
