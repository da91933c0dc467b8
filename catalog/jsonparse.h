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
 * integers, bigger ones and fractions are doubles (a fraction too small
 * rounds to 0, a number too big is an error).  Strict RFC 8259: no
 * comments, trailing commas, leading zeros, byte order mark or other
 * whitespace; strings must be valid UTF-8 (no overlong forms, encoded
 * surrogates or code points above U+10FFFF) and \u escapes may not leave
 * a surrogate unpaired.  Arrays and objects nest at most 512 deep.  As
 * Values are C strings, a NUL (\u0000) in a string is refused too.  On
 * an error returns NULL with "line L, column C (byte N): why" in err,
 * followed by " (at $.key[i]...)" when the error is inside a value. */
Value *json_parse(Arena *a, const char *s, size_t n, Buf *err);

/* The same with flags; JSON_ALLOW_NUL accepts \u0000 (the string's len
 * then counts past the NUL; only for callers that use lengths). */
enum { JSON_ALLOW_NUL = 1 };
Value *json_parse_flags(Arena *a, const char *s, size_t n, unsigned flags, Buf *err);

/* Parses doc[start..n), counting lines, columns and bytes in errors from
 * doc (for callers that skip a preamble). */
Value *json_parse_at(Arena *a, const char *doc, size_t start, size_t n, unsigned flags, Buf *err);
#endif
