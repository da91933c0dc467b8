/*
 * uri.h - Puppet's URI values (Ruby's URI objects, RFC 3986): a V_OBJECT
 * of type "URI" whose attributes are the parts Ruby's parser found
 * (scheme, userinfo, host, port, path, query, fragment, opaque).  Values
 * live in the caller's arena.
 */
#ifndef CATALOG_URI_H
#define CATALOG_URI_H
#include "catalog/value.h"

/* URI.parse(s); NULL and *why (Ruby's message) when s is not a URI. */
Value *uri_parse(Arena *a, const char *s, const char **why);
/* A URI of the given parts (hash keys as above; a String or Integer each). */
Value *uri_from_parts(Arena *a, Value *parts);
/* URI#to_s: the parts put together, a scheme's default port left out. */
void uri_to_s(Buf *b, const Value *u);
/* URI#== : equal once normalised (scheme and host case, an empty path). */
int uri_equal(const Value *x, const Value *y);
/* URI#merge (RFC 3986 5.2): rel resolved against base. */
Value *uri_merge(Arena *a, const Value *base, const Value *rel);
/* The attribute Ruby's reader gives (port: the scheme's default when none
 * was written; path: "" for a hierarchical URI without one); NULL: nil. */
Value *uri_attr(Arena *a, const Value *u, const char *name);
/* The parameters of the type Puppet infers for u (URI[{...}]), as a hash. */
Value *uri_type_params(Arena *a, const Value *u);
#endif
