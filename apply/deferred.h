/*
 * deferred.h - a Puppet agent's DeferredResolver for mapply: the
 * catalog's Deferred values are replaced by what their functions return,
 * on this node, before the catalog is applied.
 */
#ifndef APPLY_DEFERRED_H
#define APPLY_DEFERRED_H
#include "catalog/catalog.h"
#include "compiler/compiler.h"

/* Calls the function of every Deferred value in cat's resource parameters
 * (at any depth; arguments first, as Puppet resolves them) with the
 * compiler's functions, and puts each result in its place.  A parameter
 * whose result is Sensitive keeps the plain value and is listed as
 * sensitive, as Puppet's resolver does.  opt gives the compile setting
 * (facts, module path, Hiera), its manifest is not read.  0 when there
 * was nothing to do or all went well; 1 after the compiler's error. */
int dfr_resolve(Catalog *cat, const CompileOptions *opt);
#endif
