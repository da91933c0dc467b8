/*
 * diff.h - the body of a unified diff (`diff -u`, three lines of context)
 * between two texts, line by line, as GNU diff writes it: the hunks only,
 * without the "---"/"+++" header lines, which the caller writes with its
 * own labels.  Used for the file type's show_diff; general otherwise.
 */
#ifndef BASE_DIFF_H
#define BASE_DIFF_H
#include "base/buf.h"
#include <stddef.h>

/* Appends to out the "@@ ... @@" hunks that turn a (alen bytes) into b
 * (blen bytes); nothing when they are equal.  A last line without '\n'
 * is followed by "\ No newline at end of file", as diff writes it.  Past
 * 2000 edits the script is plainly "delete all, insert all". */
void diff_unified(Buf *out, const char *a, size_t alen, const char *b, size_t blen);

#endif
