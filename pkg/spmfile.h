/*
 * spmfile.h - .spm package files: a bzip2 tar with one top directory
 * <name>/ holding the module and its FORMULA (libarchive).
 */
#ifndef PKG_SPMFILE_H
#define PKG_SPMFILE_H
#include "pkg/formula.h"
#include <sys/types.h>
#include <time.h>

typedef struct SpmMember {
    const char *rel;     /* path below <name>/ ("" is the top directory itself) */
    int is_dir;
    mode_t mode;         /* permission bits */
    time_t mtime;
    const char *data;    /* file content (arena), size bytes */
    size_t size;
} SpmMember;

typedef struct SpmPackage {
    const char *file;    /* the .spm path it was read from */
    Formula *f;
    SpmMember *m;        /* in archive order */
    size_t n;
} SpmPackage;

/* Builds a package from the module or formula directory dir into
 * outdir/<name>-<version>-<release>.spm (written beside, then renamed).
 * The path built is set in *out (arena a).  0, or -1 with SPM's message in
 * err. */
int spm_build(Arena *a, const char *dir, const char *outdir, const char **out, Buf *err);

/* Reads the package at path (or, when data is not NULL, the len bytes at
 * data, path naming them), whole, into arena a.  Only regular files and
 * directories under one top directory are accepted; the FORMULA is read
 * from <name>/FORMULA (name from the file name, as SPM does, else the top
 * directory).  0, or -1 with the message in err. */
int spm_read(Arena *a, const char *path, const void *data, size_t len, SpmPackage *pkg, Buf *err);
#endif
