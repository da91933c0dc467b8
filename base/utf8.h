/*
 * utf8.h - UTF-8 as Ruby reads a string: a character is a valid UTF-8
 * sequence, and a byte that does not start one (a stray continuation byte,
 * a truncated or overlong sequence) is a character of its own.  Puppet's
 * string functions count, cut and case-map by these characters.
 */
#ifndef BASE_UTF8_H
#define BASE_UTF8_H
#include "base/buf.h"
#include <stddef.h>

/* Decodes the character at s (len > 0 bytes left) into *cp (-1 for an
 * invalid byte) and returns its length in bytes. */
size_t utf8_decode(const char *s, size_t len, long *cp);
/* The number of characters in s[0..len). */
size_t utf8_len(const char *s, size_t len);
/* The bytes taken by the first n characters of s[0..len) (all of it when
 * there are fewer). */
size_t utf8_prefix(const char *s, size_t len, size_t n);
/* Appends code point cp (0 to 0x10FFFF) in UTF-8. */
void utf8_encode(Buf *b, long cp);
#endif
