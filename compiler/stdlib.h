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
#include "compiler/fn/fnaux.h"      /* Compiler, Scope, CallCtx, Value, Node; fn_got_type, ... */
#include "catalog/rubyval.h"

/* Fills scope s (the scope of class settings) with the $settings::
 * variables Puppet 7 gives manifests compiled on a Debian host as root:
 * environment, confdir, vardir, modulepath, manifest, certname, server,
 * strict_variables, ... and all_local, a hash of them all.  Values live in
 * the compile arena. */
void stdlib_settings(Compiler *c, Scope *s);
#endif
