/*
 * jsonparse.h - a JSON reader that builds Values straight into an arena.
 * Catalogs are read on every apply, and an idempotent run of 10k resources
 * spends most of its time reading: building a json-c object tree and
 * freeing it again cost twice the rest of the run.
 */
#ifndef CATALOG_JSONPARSE_H
#define CATALOG_JSONPARSE_H
#include "catalog/value.h"

/* Parses the JSON text s[0..n) into a Value in arena a: objects become
 * hashes in document order (not indexed: look keys up with
 * val_hash_gets), null becomes undef, integers that fit int64 stay
 * integers.  On a syntax error returns NULL with "byte N: why" in err. */
Value *json_parse(Arena *a, const char *s, size_t n, Buf *err);
#endif
