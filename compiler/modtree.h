/*
 * modtree.h - what the module path's directories hold, read once before the
 * nodes of mcomp --nodes fork (modtree.c).  Prefix: mtree_.
 */
#ifndef COMPILER_MODTREE_H
#define COMPILER_MODTREE_H
#include <stddef.h>

enum { MT_UNKNOWN = -1, MT_NONE = 0, MT_FILE = 1, MT_DIR = 2, MT_OTHER = 3 };

/* Records the module path entry dir (as spelled, and as its real path when
 * that differs): its entries, each module directory's entries, and the
 * whole tree of each module's lib/.  Keeps its own memory for the process. */
void mtree_add_entry(const char *dir);
/* What stat(path) would say of path: MT_FILE (a regular file), MT_DIR,
 * MT_OTHER, MT_NONE (no such file: stat fails), or MT_UNKNOWN when path is
 * outside what was recorded (or not in the form recorded: "//", ".", "..");
 * then the caller asks the file system. */
int mtree_kind(const char *path);
/* stat(path) is a regular file / a directory: the record, else stat. */
int mtree_is_file(const char *path);
int mtree_is_dir(const char *path);
/* The names in directory dir (no "." and ".."), in no particular order, or
 * NULL when dir was not listed (then the caller reads it itself); *n set.
 * The array lives as long as the process. */
const char *const *mtree_list(const char *dir, size_t *n);
/* mcomp --nodes, in the parent: which of dirs (n of them, in order: the
 * modules' lib directories) first holds each file below them, recorded
 * once, when the record covers every one of them whole (otherwise nothing
 * is recorded).  mtree_first_indexed then answers "the first dir such that
 * dir/rel is a file" with one look-up: its index, -1 when none holds rel,
 * or -2 when the index cannot answer (other dirs, or rel not spelled
 * plainly): the caller asks mtree_is_file dir by dir. */
void mtree_index_dirs(const char *const *dirs, size_t n);
long mtree_first_indexed(const char *const *dirs, const size_t *lens, size_t n, const char *rel);
#endif
