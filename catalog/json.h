/*
 * json.h - the catalog in Puppet's JSON catalog format v2.
 */
#ifndef CATALOG_JSON_H
#define CATALOG_JSON_H
#include "catalog/catalog.h"
#include <stdio.h>

/* Writes c as one line of JSON, keys in Puppet's order, followed by a
 * newline.  Unrealised virtual resources are left out.  version and
 * catalog_uuid are derived from the content (same catalog, same bytes).
 * Returns 0, or -1 on a write error. */
int cat_write_json(const Catalog *c, FILE *out);
/* The same text in two parts, head then body, each appended to an empty
 * Buf the caller owns (the head holds the digest of the body, so it comes
 * second).  Reads c only and allocates nothing in its arena, so another
 * thread may read c (and allocate in its arena) meanwhile. */
void cat_render_json(const Catalog *c, Buf *head, Buf *body);

/* Reads a JSON file (at most 64 MiB: facts, not catalogs) into a Value in
 * arena a, as json_parse does; NULL with *err (in a) saying why on failure. */
Value *val_read_json_file(Arena *a, const char *path, const char **err);

/* Reads a catalog (Puppet's JSON format v2, from mcomp or from
 * `puppet catalog compile`) into c, which the caller initialised.  Checks
 * its shape: on a problem returns -1 with "<json path>: <why>" in err and
 * c unusable.  Aliases are indexed like titles. */
int cat_read_json(Catalog *c, const char *path, Buf *err);
/* The resource a reference names: "Type[title]" strings (from JSON) or
 * reference values (from the compiler); NULL if it is not in c. */
Resource *cat_resolve_ref(Catalog *c, const Value *ref);
#endif
