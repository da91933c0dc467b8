/*
 * json.h - the catalog in Puppet's JSON catalog format v2.
 */
#ifndef CATALOG_JSON_H
#define CATALOG_JSON_H
#include "catalog/catalog.h"
#include <stdio.h>

/* Writes c as one line of JSON, keys in Puppet's order (then, when c has
 * a module path, "modulepath": [dirs], which Puppet ignores), followed by a
 * newline.  Unrealised virtual resources are left out.  version and
 * catalog_uuid are derived from the content (same catalog, same bytes).
 * Returns 0, or -1 on a write error. */
int cat_write_json(const Catalog *c, FILE *out);
/* Appends n bytes of s as a JSON string, as Ruby's JSON generator writes
 * it (\n \t \r \b \f named, other controls \u00XX, UTF-8 kept), a byte
 * that starts no valid UTF-8 sequence as \ufffd. */
void cat_json_str(Buf *b, const char *s, size_t n);
/* cat_json_str for to_json(), where Ruby's generator raises on a string
 * that is not UTF-8: returns 0 there (b then holds part of the string). */
int cat_json_str_strict(Buf *b, const char *s, size_t n);
/* The NUL-terminated s written to f as a JSON string (cat_json_str's
 * escaping), for the tools' own JSON outputs. */
void cat_json_fput(FILE *f, const char *s);
/* The same in two steps, for a caller that does something between them
 * (mcomp checks for cycles meanwhile).  cat_json_prepare renders the head
 * (it holds the digest of the body) and keeps the body when it is small;
 * cat_json_write writes both, rendering a big body again as it goes (0, or
 * -1 on a write error); cat_json_free releases j.  Both read c only and
 * allocate nothing in its arena, so another thread may read c (and
 * allocate in its arena) meanwhile. */
typedef struct CatJson {
    Buf head, body;
    int kept;                /* body holds the whole body */
    const Edge **order;      /* edges in output order (malloc'd) */
} CatJson;
void cat_json_prepare(const Catalog *c, CatJson *j);
int cat_json_write(const Catalog *c, CatJson *j, FILE *out);
void cat_json_free(CatJson *j);

/* Appends r as one catalog resource object (the "resources" entries of
 * cat_write_json), as the store of exported resources keeps it. */
void cat_resource_json(Buf *b, const Resource *r);

/* Reads a JSON file (at most 64 MiB: facts, not catalogs) into a Value in
 * arena a, as json_parse does; NULL with *err (in a) saying why on failure. */
Value *cat_read_json_file(Arena *a, const char *path, const char **err);

/* Reads a catalog (Puppet's JSON format v2, from mcomp or from
 * `puppet catalog compile`) into c, which the caller initialised.  Checks
 * its shape: on a problem returns -1 with "<json path>: <why>" in err and
 * c unusable.  Aliases are indexed like titles.  mcomp's "modulepath" key
 * (an array of absolute directories) goes to c->modulepath. */
int cat_read_json(Catalog *c, const char *path, Buf *err);
/* The resource a reference names: "Type[title]" strings (from JSON) or
 * reference values (from the compiler); NULL if it is not in c. */
Resource *cat_resolve_ref(Catalog *c, const Value *ref);
#endif
