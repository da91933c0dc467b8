/*
 * json.h - the catalog in Puppet's JSON catalog format v2 (json-c).
 */
#ifndef CATALOG_JSON_H
#define CATALOG_JSON_H
#include "catalog/catalog.h"
#include <json-c/json.h>
#include <stdio.h>

/* Writes c as one line of JSON, keys in Puppet's order, followed by a
 * newline.  Unrealised virtual resources are left out.  version and
 * catalog_uuid are derived from the content (same catalog, same bytes).
 * Returns 0, or -1 on a write error. */
int cat_write_json(const Catalog *c, FILE *out);

/* Converts parsed JSON to a Value in arena a (null -> undef; integers that
 * fit stay integers). */
Value *val_from_json(Arena *a, json_object *j);
/* Reads a JSON file into a Value; NULL (errno or *err set) on failure. */
Value *val_read_json_file(Arena *a, const char *path, const char **err);
#endif
