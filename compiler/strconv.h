/*
 * strconv.h - String(v) and String(v, format), as Puppet 7's StringConverter
 * (puppet/pops/types/string_converter.rb) writes values: the default
 * formats ("1.500000", "[undef, 1, 'x']"), format strings ("%#x", "%-10s",
 * "%(a") and hashes of type => format.
 */
#ifndef COMPILER_STRCONV_H
#define COMPILER_STRCONV_H
#include "compiler/compiler.h"

/* new_string: args[0] is the value, args[1] (when n is 2) the formats
 * argument (default, a format string, or a hash of type => format).
 * Returns a V_STR in the compile arena; raises Puppet's errors through
 * cmp_fail at node at (invalid formats, illegal format characters, too many
 * arguments). */
Value *strconv_new_string(Compiler *c, const Node *at, Value **args, size_t n);
#endif
