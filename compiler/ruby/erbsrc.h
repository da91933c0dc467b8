/*
 * erbsrc.h - ERB template text to Ruby source, in C (no Ruby needed).
 * Prefix: erbsrc_.
 */
#ifndef COMPILER_RUBY_ERBSRC_H
#define COMPILER_RUBY_ERBSRC_H
#include "base/buf.h"
#include <stddef.h>

/* Appends to out the Ruby program that Ruby 3.1's
 * ERB.new(text, trim_mode: '-').src is for the n bytes of text, without
 * its first line ("#coding:UTF-8"): its first line is the template's
 * first.  Returns 0, or -1 (out unchanged) when the text opens with a
 * comment tag that ERB reads as a magic comment (one naming a coding or
 * frozen_string_literal): the caller then asks Ruby's ERB. */
int erbsrc_translate(Buf *out, const char *text, size_t n);
/* The same, and when code is not NULL, appends to it the Ruby code of the
 * template's tags ("<% %>", "<%= %>"), each followed by a newline: what
 * the template runs, without its text.  When pieces is not NULL, appends
 * to it what the program does, in order: for text it outputs 'T', for an
 * expression it outputs (<%= %>) 'E', for other code 'C', each followed
 * by the length (a size_t, as in memory) and the bytes of the text or
 * code. */
int erbsrc_translate_code(Buf *out, Buf *code, Buf *pieces, const char *text, size_t n);

#endif
